import type { ReactNode } from 'react';
import { Dialog } from '../../components/dialog';

/** What a {@link ConfirmDialog} asks. */
export interface Confirmation {
  title: string;
  body: ReactNode;
  /** The confirming button's text ("Remove Ada"). */
  action: string;
  run: () => void | Promise<void>;
}

/**
 * Asks before a destructive step, in the app's modal dialog (focus inside,
 * Escape cancels, focus returns to the button that asked). Focus starts on
 * Cancel, so Enter alone never deletes.
 */
export function ConfirmDialog({ confirmation, onClose }: { confirmation: Confirmation; onClose: () => void }) {
  return (
    <Dialog title={confirmation.title} onClose={onClose} className="confirm-dialog" describedBy="confirm-body">
      <div id="confirm-body">{confirmation.body}</div>
      <div className="form-actions">
        <button
          type="button"
          className="primary danger-fill"
          onClick={() => {
            onClose();
            void confirmation.run();
          }}
        >
          {confirmation.action}
        </button>
        <button type="button" data-autofocus onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
