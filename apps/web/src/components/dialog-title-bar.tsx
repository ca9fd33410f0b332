import { CloseIcon } from './icons';
import './dialog.css';

export interface DialogTitleBarProps {
  /** The id the dialog's aria-labelledby names. */
  titleId: string;
  title: string;
  closeLabel: string;
  onClose: () => void;
  className?: string;
}

/** A dialog's heading with its close button at the end of the line. */
export function DialogTitleBar({
  titleId,
  title,
  closeLabel,
  onClose,
  className,
}: DialogTitleBarProps) {
  return (
    <div className={className ? `dialog__top ${className}` : 'dialog__top'}>
      <h2 id={titleId} className="dialog__title">
        {title}
      </h2>
      <button type="button" className="icon-btn" aria-label={closeLabel} onClick={onClose}>
        <CloseIcon />
      </button>
    </div>
  );
}
