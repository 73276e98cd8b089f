import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { useAnnounce } from '../../components/announcer';
import { labelColor } from '../../components/label-color';
import type { BoardSettingsQuery as BoardSettingsData } from '../../gql/graphql';
import { errorMessage } from '../../graphql/errors';
import { CreateLabel, DeleteLabel, UpdateLabel } from './board-settings-queries';
import { type Confirmation, ConfirmDialog } from './confirm-dialog';

type Label = NonNullable<BoardSettingsData['project']>['labels'][number];

/** The colour a new label starts with. */
const DEFAULT_COLOR = '#3b5bdb';

/** Whether `value` is a colour the service stores (`#rrggbb`). */
export const isHexColor = (value: string) => /^#[0-9a-f]{6}$/i.test(value);

/**
 * The board's labels: create, rename and recolour (one form per label),
 * delete (it comes off every task that has it). Colours are `#rrggbb`: a
 * colour picker beside a text field for typing one.
 */
export function BoardLabels({
  projectId,
  labels,
  onChanged,
}: {
  projectId: number;
  labels: readonly Label[];
  onChanged: () => void;
}) {
  const announce = useAnnounce();
  const [, createLabel] = useMutation(CreateLabel);
  const [, updateLabel] = useMutation(UpdateLabel);
  const [, deleteLabel] = useMutation(DeleteLabel);
  const [actionError, setActionError] = useState<string | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const create = async (e: FormEvent<HTMLFormElement>, color: string) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '').trim();
    setActionError(null);
    if (!isHexColor(color)) return setActionError('A colour is written #rrggbb, for example #2f9e44.');
    const result = await createLabel({ input: { projectId, name, color } });
    if (result.error) return setActionError(`Creating the label failed: ${errorMessage(result.error)}`);
    form.reset();
    announce(`Created the label ${name}.`);
    onChanged();
    return true;
  };

  const save = async (label: Label, name: string, color: string) => {
    setActionError(null);
    if (!isHexColor(color)) {
      setActionError('A colour is written #rrggbb, for example #2f9e44.');
      return false;
    }
    const input: { name?: string; color?: string } = {};
    if (name !== label.name) input.name = name;
    if (color.toLowerCase() !== (label.color ?? '').toLowerCase()) input.color = color;
    if (Object.keys(input).length === 0) return true;
    const result = await updateLabel({ projectId, id: label.id, input });
    if (result.error) {
      setActionError(`Saving the label ${label.name} failed: ${errorMessage(result.error)}`);
      return false;
    }
    announce(`Saved the label ${name}.`);
    onChanged();
    return true;
  };

  const remove = (label: Label) =>
    setConfirmation({
      title: `Delete the label ${label.name}?`,
      body: <p>It comes off every task that has it.</p>,
      action: 'Delete label',
      run: async () => {
        setActionError(null);
        const result = await deleteLabel({ projectId, id: label.id });
        if (result.error) return setActionError(`Deleting ${label.name} failed: ${errorMessage(result.error)}`);
        announce(`Deleted the label ${label.name}.`);
        onChanged();
      },
    });

  return (
    <section aria-labelledby="labels-title" className="settings-section">
      <h2 id="labels-title">Labels</h2>
      {actionError && (
        <p className="form-error" role="alert">
          {actionError}
        </p>
      )}
      {labels.length === 0 && <p className="empty">No labels yet.</p>}
      {labels.length > 0 && (
        <ul className="settings-list" aria-labelledby="labels-title">
          {labels.map((label) => (
            <LabelRow key={label.id} label={label} onSave={save} onDelete={remove} />
          ))}
        </ul>
      )}
      <NewLabelForm onCreate={create} />
      {confirmation && <ConfirmDialog confirmation={confirmation} onClose={() => setConfirmation(null)} />}
    </section>
  );
}

/** A colour as a picker and a `#rrggbb` text field kept in step. */
function ColorField({ name, value, onChange }: { name: string; value: string; onChange: (v: string) => void }) {
  return (
    <span className="color-field">
      <input
        type="color"
        aria-label={`Colour of ${name}`}
        value={isHexColor(value) ? value.toLowerCase() : '#000000'}
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        type="text"
        aria-label={`Colour code of ${name}`}
        value={value}
        maxLength={7}
        spellCheck={false}
        onChange={(e) => onChange(e.target.value.trim())}
      />
    </span>
  );
}

function LabelRow({
  label,
  onSave,
  onDelete,
}: {
  label: Label;
  onSave: (label: Label, name: string, color: string) => Promise<boolean>;
  onDelete: (label: Label) => void;
}) {
  const [name, setName] = useState(label.name);
  const [color, setColor] = useState(labelColor(label) ?? '');
  const [saved, setSaved] = useState({ name: label.name, color: label.color });
  // Another person's change arrives while nothing is typed here: show it.
  if (saved.name !== label.name || saved.color !== label.color) {
    setSaved({ name: label.name, color: label.color });
    if (name === saved.name) setName(label.name);
    if (color === (saved.color ?? '')) setColor(labelColor(label) ?? '');
  }
  const dirty = name.trim() !== label.name || color.toLowerCase() !== (label.color ?? '').toLowerCase();
  return (
    <li>
      <form
        className="label-form"
        aria-label={`Label ${label.name}`}
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(label, name.trim(), color || '#000000');
        }}
      >
        <span className="swatch" aria-hidden="true" style={isHexColor(color) ? { background: color } : undefined} />
        <input
          className="grow"
          aria-label={`Name of the label ${label.name}`}
          value={name}
          required
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <ColorField name={label.name} value={color} onChange={setColor} />
        <button type="submit" disabled={!dirty}>
          Save<span className="sr-only"> {label.name}</span>
        </button>
        <button type="button" className="danger" aria-label={`Delete the label ${label.name}`} onClick={() => onDelete(label)}>
          Delete
        </button>
      </form>
    </li>
  );
}

function NewLabelForm({ onCreate }: { onCreate: (e: FormEvent<HTMLFormElement>, color: string) => Promise<unknown> }) {
  const [color, setColor] = useState(DEFAULT_COLOR);
  return (
    <form
      className="inline-form"
      aria-label="New label"
      onSubmit={(e) => void onCreate(e, color).then((ok) => ok === true && setColor(DEFAULT_COLOR))}
    >
      <label>
        Label name
        <input name="name" required maxLength={100} />
      </label>
      <ColorField name="the new label" value={color} onChange={setColor} />
      <button type="submit" className="primary">
        Create label
      </button>
    </form>
  );
}
