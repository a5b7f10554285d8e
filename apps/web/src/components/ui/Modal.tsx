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
}

/**
 * A modal on the native <dialog>: the browser traps focus inside it, makes the page behind it inert and closes it
 * on Escape. It opens when mounted; the parent closes it by unmounting it, and focus goes back to where it was.
 */
export function Modal({ title, onClose, children, busy = false, className = '' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busyRef = useRef(busy);
  busyRef.current = busy;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    return () => {
      if (dialog.open && typeof dialog.close === 'function') dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="modal modal-bottom sm:modal-middle"
      onCancel={(event) => {
        // Escape waits while something is being sent; otherwise the dialog closes and tells the parent.
        if (busyRef.current) event.preventDefault();
      }}
      onClose={onClose}
    >
      <div className={`modal-box max-h-[92dvh] ${className}`}>
        <h2 id={titleId} className="pr-8 text-2xl font-bold text-primary">
          {title}
        </h2>
        {children}
      </div>
      <div className="modal-backdrop bg-neutral/50" aria-hidden="true" onClick={() => !busyRef.current && onClose()} />
    </dialog>
  );
}
