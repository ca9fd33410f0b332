import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../components/dialog.css';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';

export interface DeletePostDialogProps {
  /** The title of the post to delete; null while the dialog is closed. */
  title: string | null;
  onCancel: () => void;
  onConfirm: () => void;
  /** Where focus goes after a confirmed delete: the post and its menu button are leaving the page. */
  focusAfterConfirm: () => void;
}

/**
 * The confirmation before a delete: a native modal <dialog> (focus stays inside, the page is
 * inert, Escape cancels). Cancel takes the focus, so a stray Enter deletes nothing. A cancel gives
 * the focus back to what opened it (the card's menu button); a confirmed delete hands it to
 * `focusAfterConfirm`.
 */
export function DeletePostDialog({
  title,
  onCancel,
  onConfirm,
  focusAfterConfirm,
}: DeletePostDialogProps) {
  const { t } = useTranslation('posts');
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const titleId = useId();
  const textId = useId();
  const open = title !== null;
  // Escape (the browser's own, or the fallback's) is a cancel; the backdrop does nothing.
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onCancel,
    onShow: () => {
      confirmed.current = false;
      cancel.current?.focus();
    },
    onHide: (opener) => (confirmed.current ? focusAfterConfirm() : refocus(opener)),
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred delete-dialog"
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? textId : undefined}
    >
      {open ? (
        <div className="delete-dialog__panel">
          <h2 id={titleId}>{t('delete.title')}</h2>
          <p id={textId} className="delete-dialog__text">
            {t('delete.text', { title })}
          </p>
          <div className="delete-dialog__actions">
            <button ref={cancel} type="button" className="btn" onClick={onCancel}>
              {t('delete.cancel')}
            </button>
            <button
              type="button"
              className="btn btn--danger"
              onClick={() => {
                confirmed.current = true;
                onConfirm();
              }}
            >
              {t('delete.confirm')}
            </button>
          </div>
        </div>
      ) : null}
    </dialog>
  );
}
