import { useId, type ReactNode } from 'react';
import { useModalDialog, type UseModalDialogOptions } from '../lib/use-modal-dialog';
import { DialogTitleBar } from './dialog-title-bar';
import './dialog.css';

export interface SideSheetProps {
  id: string;
  open: boolean;
  onClose: () => void;
  title: string;
  closeLabel: string;
  /**
   * 'click': any click on the backdrop closes. 'press': only a press that also starts there, for a
   * sheet with fields, where selecting text and releasing outside must not throw the typing away.
   */
  backdrop: 'click' | 'press';
  /** The sheet's own class: its width and spacing. */
  className: string;
  /** Runs once the sheet has closed, with what had the focus when it opened (useModalDialog). */
  onHide?: UseModalDialogOptions['onHide'];
  children: ReactNode;
}

/**
 * A native modal <dialog> on the right edge (the mobile menu, the profile panel): the browser
 * traps focus, closes it on Escape and gives focus back to what opened it.
 */
export function SideSheet({
  id,
  open,
  onClose,
  title,
  closeLabel,
  backdrop,
  className,
  onHide,
  children,
}: SideSheetProps) {
  const { dialogProps } = useModalDialog({ open, onDismiss: onClose, backdrop, onHide });
  const titleId = useId();
  return (
    <dialog
      {...dialogProps}
      id={id}
      className={`dialog dialog--side ${className}`}
      aria-labelledby={titleId}
    >
      <div className="dialog__sheet">
        <DialogTitleBar titleId={titleId} title={title} closeLabel={closeLabel} onClose={onClose} />
        {children}
      </div>
    </dialog>
  );
}
