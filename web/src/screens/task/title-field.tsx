import { useState } from 'react';
import { type CurrentTask, type SaveResult, changedByLine, saveText } from './conflict';

/**
 * The task's title in the dialog heading, editable in place (Enter or leaving
 * the field saves, with the version the edit started from). While the person
 * types, another person's rename does not replace their text: both are shown
 * and they choose (keep mine, use theirs).
 */
export function TitleField({
  ticket,
  title,
  version,
  updatedBy,
  onSave,
}: {
  ticket: string;
  title: string;
  version: number;
  updatedBy: CurrentTask['updatedBy'];
  onSave: (title: string, expectedVersion: number) => Promise<SaveResult>;
}) {
  const [value, setValue] = useState(title);
  // The title and version the person's edit started from (the shown one while not editing).
  const [base, setBase] = useState({ title, version });
  const [editing, setEditing] = useState(false);
  const [conflict, setConflict] = useState<Pick<CurrentTask, 'title' | 'version' | 'updatedBy'> | null>(null);
  const [prev, setPrev] = useState(title);
  if (title !== prev) {
    setPrev(title);
    const typing = editing && value !== base.title;
    if (typing) setConflict({ title, version, updatedBy });
    else {
      setValue(title);
      setBase({ title, version });
    }
  } else if (!editing && base.version !== version) setBase({ title, version });

  const save = async (next: string, over: { version: number } | null) => {
    const result = over
      ? await onSave(next, over.version)
      : await saveText(
          (v) => onSave(next, v),
          'title',
          base.title,
          base.version,
          (now) => now.title === next,
        );
    if (result.ok) {
      setConflict(null);
      setBase({ title: next, version: base.version });
    } else if (result.current) setConflict(result.current);
  };
  const commit = () => {
    const next = value.trim();
    if (!next) return setValue(base.title);
    if (next !== base.title || conflict) void save(next, conflict);
  };
  const useTheirs = () => {
    if (!conflict) return;
    setValue(conflict.title);
    setBase({ title: conflict.title, version: conflict.version });
    setConflict(null);
  };
  return (
    <>
      <span className="ticket">{ticket}</span>{' '}
      <input
        className="title-input"
        aria-label="Title"
        value={value}
        maxLength={500}
        onFocus={() => {
          setEditing(true);
          if (!conflict) setBase({ title, version });
        }}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => {
          setEditing(false);
          // With a conflict shown, leaving the field chooses nothing: the notice's buttons (or Enter) do.
          if (!conflict) commit();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      {conflict && (
        <span className="title-conflict" role="alert">
          {changedByLine(conflict)}: theirs is “{conflict.title}”, yours is “{value}”.{' '}
          <button type="button" onClick={() => void save(value.trim() || conflict.title, conflict)}>
            Keep mine
          </button>{' '}
          <button type="button" onClick={useTheirs}>
            Use theirs
          </button>
        </span>
      )}
    </>
  );
}
