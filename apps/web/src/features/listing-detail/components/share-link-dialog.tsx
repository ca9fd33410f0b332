import { useId, useRef } from 'react';
import { DialogTitleBar } from '../../../components/dialog-title-bar';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/dialog.css';

export interface ShareLinkDialogProps {
  open: boolean;
  url: string;
  onClose: () => void;
}

/**
 * The listing's address in a field, selected, for a phone that can neither share nor copy for the
 * visitor: a long press copies it. Closing gives the focus back to Share.
 */
export default function ShareLinkDialog({ open, url, onClose }: ShareLinkDialogProps) {
  const { t } = useTranslation('detail');
  const titleId = useId();
  const fieldId = useId();
  const field = useRef<HTMLInputElement>(null);
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onClose,
    backdrop: 'press',
    onShow: () => {
      field.current?.focus();
      field.current?.select();
    },
    onHide: refocus,
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred share-link-dialog"
      aria-labelledby={open ? titleId : undefined}
    >
      {open ? (
        <div className="share-link-dialog__panel">
          <DialogTitleBar
            titleId={titleId}
            title={t('share.copyTitle')}
            closeLabel={t('share.close')}
            onClose={onClose}
          />
          <label htmlFor={fieldId} className="share-link-dialog__label">
            {t('share.copyHint')}
          </label>
          <input
            ref={field}
            id={fieldId}
            className="share-link-dialog__field"
            type="url"
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
        </div>
      ) : null}
    </dialog>
  );
}
