import { useEffect, useId, useRef, type ReactNode } from 'react';

interface ModalProps {
  title: ReactNode;
  /** Called for Escape, a click on the backdrop and the dialog's own close. */
  onClose: () => void;
  children: ReactNode;
  /** While true, Escape and the backdrop do not close it (an upload in flight). */
  busy?: boolean;
  /** Extra classes for the box (width). */
  className?: string;
  /** `alertdialog` for a question that interrupts the user (a confirmation); a plain dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** The id of the element that says what the dialog is about, beyond its title. */
  describedBy?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus inside it, makes the page behind it inert and closes it
 * on Escape. It opens when mounted; the parent closes it by unmounting it, and focus goes back to where it was.
 * Focus starts on the element marked `data-autofocus`, else on the first focusable one.
 */
export function Modal({ title, onClose, children, busy = false, className = '', role, describedBy }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Where the user starts (the first field to type in) is marked `data-autofocus`. As `autofocus` it is what the
    // browser's own dialog focusing picks, whenever the browser runs it; focusing it here as well covers a browser
    // (or jsdom) that focuses nothing.
    const start = dialog.querySelector<HTMLElement>('[data-autofocus]');
    start?.setAttribute('autofocus', '');
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    start?.focus();
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      className="modal modal-bottom sm:modal-middle"
      onKeyDown={(event) => {
        // Escape is handled here rather than left to the browser's cancel event, which a browser may skip (and jsdom
        // never sends): it then works the same everywhere, and waits while something is being sent.
        if (event.key !== 'Escape') return;
        event.preventDefault();
        if (!busyRef.current) onClose();
      }}
      onCancel={(event) => {
        if (busyRef.current) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className={`modal-box max-h-[92dvh] ${className}`}>
        <h2 id={titleId} className="pr-8 text-2xl font-bold wrap-break-word text-primary">
          {title}
        </h2>
        {children}
      </div>
      <div className="modal-backdrop bg-neutral/50" aria-hidden="true" onClick={() => !busyRef.current && onClose()} />
    </dialog>
  );
}
