import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from 'react';

/**
 * A modal dialog on the native <dialog> element: `showModal()` makes the
 * rest of the page inert (focus stays inside), Escape closes it, and focus
 * returns to where it was when the dialog opened. The title names the dialog;
 * focus starts at the element marked `data-autofocus`, else on the dialog.
 */
export function Dialog({
  title,
  onClose,
  children,
  className = '',
  describedBy,
}: {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  className?: string;
  describedBy?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  useLayoutEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    // showModal() focuses the first focusable element (the Close button here);
    // start instead at the field marked data-autofocus, or on the dialog itself,
    // so a screen reader reads its name and description first.
    (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog).focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      tabIndex={-1}
      // A click on the backdrop (the dialog element itself, outside its box) closes it.
      onClick={(e) => e.target === ref.current && close.current()}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={() => close.current()}>
            ×
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
