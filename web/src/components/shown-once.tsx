import { type ReactNode, useId, useState } from 'react';
import { useAnnounce } from './announcer';

/**
 * A secret the service shows only once (an API key, an invite link, a
 * webhook's signing secret): a read-only field that selects itself on focus,
 * a copy button (a failed copy says to copy by hand) and a button to hide it.
 */
export function ShownOnce({
  title,
  note,
  value,
  label,
  what,
  onDone,
}: {
  title: ReactNode;
  note: ReactNode;
  value: string;
  /** The field's accessible name ("New API key"). */
  label: string;
  /** What it is, for the buttons and messages ("key" → "Copy key", "Done, hide the key"). */
  what: string;
  onDone: () => void;
}) {
  const announce = useAnnounce();
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setFailed(false);
      announce(`${what[0]!.toUpperCase()}${what.slice(1)} copied to the clipboard.`);
    } catch {
      setFailed(true);
    }
  };
  return (
    <div className="new-key" role="group" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      <p>{note}</p>
      <div className="key-row">
        <input readOnly value={value} aria-label={label} onFocus={(e) => e.currentTarget.select()} className="key-value" />
        <button type="button" onClick={copy}>
          {copied ? 'Copied' : `Copy ${what}`}
        </button>
      </div>
      {failed && (
        <p className="form-error" role="alert">
          Copying failed: select the {what} and copy it by hand.
        </p>
      )}
      <button type="button" className="link-button" onClick={onDone}>
        Done, hide the {what}
      </button>
    </div>
  );
}
