import { useState } from 'react';
import { Dialog } from '../../components/dialog';
import type { BoardViewFieldsFragment } from '../../gql/graphql';
import { SUBTASK_SETTING_WORDS, type SubtaskSetting } from './subtask-display';

export type Layout = 'board' | 'list';
const SETTINGS = Object.keys(SUBTASK_SETTING_WORDS) as SubtaskSetting[];

/**
 * The bar above the board: the layout (Board or List), the saved view
 * shown (or "All tasks"), how subtasks show, and saving: "Save view…" asks
 * for a name and stores the current filters, order, layout and subtask
 * setting as a new view; with a view chosen and changed, "Update view"
 * stores them into it; "Delete view" removes it.
 */
export function ViewBar({
  layout,
  onLayout,
  views,
  viewId,
  onChooseView,
  setting,
  onSetting,
  changed,
  onSave,
  onUpdate,
  onDelete,
}: {
  layout: Layout;
  onLayout: (layout: Layout) => void;
  views: BoardViewFieldsFragment[];
  viewId: number | null;
  onChooseView: (id: number | null) => void;
  setting: SubtaskSetting;
  onSetting: (setting: SubtaskSetting) => void;
  /** The chosen view differs from what is shown (filters, order, layout or setting). */
  changed: boolean;
  onSave: (title: string, setting: SubtaskSetting) => Promise<string | null>;
  onUpdate: () => Promise<void>;
  onDelete: () => Promise<void>;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <div className="view-bar">
      <div role="group" aria-label="Layout" className="segmented">
        {(['board', 'list'] as const).map((l) => (
          <button key={l} type="button" aria-pressed={layout === l} onClick={() => onLayout(l)}>
            {l === 'board' ? 'Board' : 'List'}
          </button>
        ))}
      </div>
      <label>
        View
        <select value={viewId ?? ''} onChange={(e) => onChooseView(e.target.value ? Number(e.target.value) : null)}>
          <option value="">All tasks</option>
          {views.map((v) => (
            <option key={v.id} value={v.id}>
              {v.title}
            </option>
          ))}
        </select>
      </label>
      <SubtaskSettingField value={setting} onChange={onSetting} />
      {viewId !== null && changed && (
        <button type="button" onClick={() => void onUpdate()}>
          Update view
        </button>
      )}
      <button type="button" onClick={() => setSaving(true)}>
        Save view…
      </button>
      {viewId !== null && (
        <button
          type="button"
          className="danger"
          onClick={() => {
            const view = views.find((v) => v.id === viewId);
            if (window.confirm(`Delete the view “${view?.title ?? ''}”? The tasks stay.`)) void onDelete();
          }}
        >
          Delete view
        </button>
      )}
      {saving && <SaveViewDialog setting={setting} onSave={onSave} onClose={() => setSaving(false)} />}
    </div>
  );
}

/** "Subtasks": how a view shows them, in words. */
function SubtaskSettingField({ value, onChange }: { value: SubtaskSetting; onChange: (s: SubtaskSetting) => void }) {
  return (
    <label>
      Subtasks
      <select value={value} onChange={(e) => onChange(e.target.value as SubtaskSetting)}>
        {SETTINGS.map((s) => (
          <option key={s} value={s}>
            {SUBTASK_SETTING_WORDS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Names a new view; its subtask setting starts as the one shown. */
function SaveViewDialog({
  setting,
  onSave,
  onClose,
}: {
  setting: SubtaskSetting;
  onSave: (title: string, setting: SubtaskSetting) => Promise<string | null>;
  onClose: () => void;
}) {
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState(setting);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title="Save view" onClose={onClose} className="save-view-dialog" describedBy="save-view-help">
      <p id="save-view-help">Saves the filters, the order, the layout and how subtasks show. Views are yours alone.</p>
      <form
        className="stacked-form"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!title.trim()) return setError('Give the view a name.');
          setBusy(true);
          const failed = await onSave(title.trim(), chosen);
          setBusy(false);
          if (failed) setError(failed);
          else onClose();
        }}
      >
        <label>
          Name
          <input
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            maxLength={200}
            data-autofocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'save-view-error' : undefined}
          />
        </label>
        <SubtaskSettingField value={chosen} onChange={setChosen} />
        {error && (
          <p id="save-view-error" className="form-error" role="alert">
            {error}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            Save view
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
