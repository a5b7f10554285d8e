import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  /** The question, word for word as the user should read it; it names the dialog. */
  question: string;
  /** What saying OK will do, in a sentence or two; it describes the dialog. */
  children?: ReactNode;
  onConfirm: () => void;
  /** Cancel, Escape and a click beside the dialog. */
  onCancel: () => void;
  /** While the confirmed action runs: OK shows a spinner and nothing closes the dialog. */
  busy?: boolean;
  /** "OK" in the reader's language when not given. */
  confirmLabel?: string;
  /** The button that changes nothing ("Cancel" when not given); name it for what it keeps when "Cancel" would be
   * ambiguous. */
  cancelLabel?: string;
  /** `danger` for actions that cannot be undone (deleting). */
  tone?: 'danger' | 'primary';
}

/**
 * Asks before something irreversible: an alertdialog with Cancel and OK. Focus starts on Cancel, so a stray Enter
 * changes nothing; Escape cancels; closing gives focus back to the button that opened it.
 */
export function ConfirmDialog({
  question,
  children,
  onConfirm,
  onCancel,
  busy = false,
  confirmLabel,
  cancelLabel,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const descriptionId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  return (
    <Modal
      title={question}
      role="alertdialog"
      describedBy={children ? descriptionId : undefined}
      onClose={onCancel}
      busy={busy}
      className="sm:max-w-md"
    >
      {children && (
        <div id={descriptionId} className="mt-3 text-base-content/80">
          {children}
        </div>
      )}
      <div className="modal-action">
        <button ref={cancelRef} type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('confirm.cancel')}
        </button>
        <button
          type="button"
          className={`btn min-w-20 ${tone === 'danger' ? 'btn-error' : 'btn-primary'}`}
          onClick={onConfirm}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
          {confirmLabel ?? t('confirm.ok')}
        </button>
      </div>
    </Modal>
  );
}
