import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/dialog.css';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';

export interface DiscardChangesDialogProps {
  /** The listing's title as shown; null while the dialog is closed. */
  title: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The confirmation before an edit awaiting review is thrown away: a native modal <dialog> (focus
 * stays inside, the page is inert, Escape cancels), as /posts asks before a delete. Cancel takes
 * the focus, so a stray Enter discards nothing, and gives it back to the button that opened it;
 * after a confirm the page moves the focus itself (the button leaves with the changes).
 */
export function DiscardChangesDialog({ title, onCancel, onConfirm }: DiscardChangesDialogProps) {
  const { t } = useTranslation('posts');
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const titleId = useId();
  const textId = useId();
  const open = title !== null;
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onCancel,
    onShow: () => {
      confirmed.current = false;
      cancel.current?.focus();
    },
    onHide: (opener) => {
      if (!confirmed.current) refocus(opener);
    },
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred discard-dialog"
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? textId : undefined}
    >
      {open ? (
        <div className="discard-dialog__panel">
          <h2 id={titleId}>{t('changes.discard.title')}</h2>
          <p id={textId} className="discard-dialog__text">
            {t('changes.discard.text', { title })}
          </p>
          <div className="discard-dialog__actions">
            <button ref={cancel} type="button" className="btn" onClick={onCancel}>
              {t('changes.discard.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--contained"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {t('changes.discard.confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
