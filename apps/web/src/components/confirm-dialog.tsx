import { useId, useRef } from 'react';
import { refocus, useModalDialog } from '../lib/use-modal-dialog';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  cancelLabel: string;
  confirmLabel: string;
  /** `danger` for what cannot be undone by the person (a delete). */
  tone: 'danger' | 'contained';
  onCancel: () => void;
  onConfirm: () => void;
  /**
   * Where the focus goes after a confirm, when the button that opened the dialog leaves the page
   * with what was confirmed. Without it the page moves the focus itself.
   */
  focusAfterConfirm?: () => void;
}

/**
 * A confirmation before something is thrown away: a native modal <dialog> (focus stays inside, the
 * page is inert, Escape cancels; the backdrop does nothing). Cancel takes the focus, so a stray
 * Enter confirms nothing, and a cancel gives the focus back to what opened the dialog.
 */
export function ConfirmDialog({
  open,
  title,
  text,
  cancelLabel,
  confirmLabel,
  tone,
  onCancel,
  onConfirm,
  focusAfterConfirm,
}: ConfirmDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const titleId = useId();
  const textId = useId();
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onCancel,
    onShow: () => {
      confirmed.current = false;
      cancel.current?.focus();
    },
    onHide: (opener) => {
      if (!confirmed.current) refocus(opener);
      else focusAfterConfirm?.();
    },
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred confirm-dialog"
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? textId : undefined}
    >
      {open ? (
        <div className="confirm-dialog__panel">
          <h2 id={titleId}>{title}</h2>
          <p id={textId} className="confirm-dialog__text">
            {text}
          </p>
          <div className="confirm-dialog__actions">
            <button ref={cancel} type="button" className="btn" onClick={onCancel}>
              {cancelLabel}
            </button>
            <button
              type="button"
              className={`btn btn--${tone}`}
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
