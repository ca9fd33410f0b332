import { useId, useState } from 'react';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';
import { dateInputValue, postText, takenAtFor } from '../utils/post-card';
import '../../../components/dialog.css';

export interface TakenDialogProps {
  /** The listing to mark; null while the dialog is closed. */
  property: TViewerProperty | null;
  /** Its mark is being sent. */
  pending: boolean;
  /** Why the last try failed, in the reader's words; null when it has not. */
  failure: string | null;
  onCancel: () => void;
  /** `takenAt`: undefined for today (the API's clock). */
  onConfirm: (property: TViewerProperty, takenAt: string | undefined) => void;
}

function DateForm({
  property,
  pending,
  failure,
  titleId,
  cancelId,
  onCancel,
  onConfirm,
}: Omit<TakenDialogProps, 'property'> & {
  property: TViewerProperty;
  titleId: string;
  cancelId: string;
}) {
  const { t } = useTranslation('posts');
  // The dialog's clock: today is the default and the latest day that may be chosen.
  const [today] = useState(() => dateInputValue(new Date()));
  const published = dateInputValue(new Date(property.createdAt));
  const [day, setDay] = useState(today);
  const [attempted, setAttempted] = useState(false);
  const fieldId = useId();
  const errorId = useId();
  const title = postText(property.title) || t('card.noTitle');
  // yyyy-mm-dd compares as text in date order.
  const dayError = attempted && (day === '' || day > today || day < published);

  return (
    <form
      className="confirm-dialog__panel"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setAttempted(true);
        if (day === '' || day > today || day < published) return;
        onConfirm(property, takenAtFor(day, today, property.createdAt));
      }}
    >
      <h2 id={titleId}>{t('taken.title')}</h2>
      <p className="confirm-dialog__text">{t('taken.text', { title })}</p>
      <div className="field taken-dialog__field">
        <label className="field__label" htmlFor={fieldId}>
          {t('taken.date')}
        </label>
        <input
          id={fieldId}
          className="field__control"
          type="date"
          name="takenAt"
          value={day}
          min={published}
          max={today}
          required
          aria-invalid={dayError ? true : undefined}
          aria-describedby={dayError ? errorId : undefined}
          onChange={(event) => setDay(event.target.value)}
        />
        {dayError ? (
          <p id={errorId} className="taken-dialog__error">
            {t('taken.dateRange')}
          </p>
        ) : null}
      </div>
      {failure ? (
        <p role="alert" className="taken-dialog__error">
          {failure}
        </p>
      ) : null}
      <div className="confirm-dialog__actions">
        <button id={cancelId} type="button" className="btn" onClick={onCancel}>
          {t('taken.cancel')}
        </button>
        <button type="submit" className="btn btn--contained" disabled={pending}>
          {pending ? t('taken.sending') : t('taken.confirm')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Mark as taken' asks first, with the day it was let or sold (today unless the owner picks an
 * earlier one, never a day in the future or before it was published): a native modal <dialog>
 * like the delete confirmation. Marking cannot be undone, so Cancel takes the focus (a stray Enter
 * marks nothing); Escape or Cancel closes it and gives the focus back to the button that opened it.
 */
export function TakenDialog({ property, ...rest }: TakenDialogProps) {
  const titleId = useId();
  const cancelId = useId();
  const open = property !== null;
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: rest.onCancel,
    onShow: () => document.getElementById(cancelId)?.focus(),
    onHide: refocus,
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred confirm-dialog taken-dialog"
      aria-labelledby={open ? titleId : undefined}
    >
      {property ? (
        <DateForm
          key={property.id}
          property={property}
          titleId={titleId}
          cancelId={cancelId}
          {...rest}
        />
      ) : null}
    </dialog>
  );
}
