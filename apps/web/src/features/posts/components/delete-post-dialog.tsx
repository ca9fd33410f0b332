import { useEffect, useEffectEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';

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
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const confirmed = useRef(false);
  const focusAfter = useEffectEvent(focusAfterConfirm);
  const titleId = useId();
  const textId = useId();
  const open = title !== null;

  useEffect(() => {
    const node = dialog.current;
    if (!node || !open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    confirmed.current = false;
    if (!node.open) {
      // Old WebViews without showModal still get a visible (non-modal) dialog.
      if (typeof node.showModal === 'function') node.showModal();
      else node.setAttribute('open', '');
    }
    cancel.current?.focus();
    return () => {
      if (node.open) {
        if (typeof node.close === 'function') node.close();
        else node.removeAttribute('open');
      }
      if (confirmed.current) focusAfter();
      else if (opener?.isConnected) opener.focus();
    };
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="delete-dialog"
      aria-labelledby={open ? titleId : undefined}
      aria-describedby={open ? textId : undefined}
      // Escape closes a modal <dialog> natively: that is a cancel.
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
      // And where there is no modal dialog, Escape still cancels.
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
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
