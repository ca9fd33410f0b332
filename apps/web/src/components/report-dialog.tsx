import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  DEAD_END_REASONS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  isDeadEndReason,
  type TReportReason,
} from '@makazi/contracts/trust-values';
import { isApiError } from '../lib/api-client';
import { useReportListing, type ReportOutcome } from '../lib/listing-reports';
import { refocus, useModalDialog } from '../lib/use-modal-dialog';
import { useReportText } from '../lib/use-report-text';
import { useTranslation } from '../lib/use-translation';
import { DialogTitleBar } from './dialog-title-bar';
import { OutlinedTextAreaField } from './field';
import './dialog.css';
import './report-dialog.css';

export interface ReportDialogProps {
  open: boolean;
  onClose: () => void;
  /** The listing reported; its title is shown as stored, so the reporter sees which one. */
  property: { id: string; title: string };
  /**
   * 'deadEnd': 'It was a dead end' on Contacts you viewed, a claim, so only the reasons a claim
   * may give (already taken, fake).
   */
  kind?: 'report' | 'deadEnd';
}

/** The reader's words for why a report was refused; the server's English is never shown. */
function useFailureText() {
  const { t } = useTranslation('trust');
  const { t: tCommon } = useTranslation();
  const { t: tDetail } = useTranslation('detail');

  function wait(seconds: number): string {
    if (seconds < 60) return tDetail('contacts.wait.seconds', { count: Math.max(1, seconds) });
    if (seconds < 3600) return tDetail('contacts.wait.minutes', { count: Math.ceil(seconds / 60) });
    return tDetail('contacts.wait.hours', { count: Math.ceil(seconds / 3600) });
  }

  return (error: unknown, reason: TReportReason): string => {
    if (!isApiError(error)) return tCommon('errors.generic');
    switch (error.status) {
      case 401:
        return tCommon('session.ended');
      case 403:
        return t('errors.own');
      case 404:
        return t('errors.gone');
      // The API has two conflicts and the reason tells them apart: a claim (already taken, fake)
      // after a report of another kind, or another kind of report after a claim.
      case 409:
        return isDeadEndReason(reason) ? t('errors.reportedOtherwise') : t('errors.claimStands');
      case 429:
        return error.retryAfterSeconds === undefined
          ? t('errors.tooManyLater')
          : t('errors.tooMany', { time: wait(error.retryAfterSeconds) });
    }
    if (error.code === 'VALIDATION_FAILED') return t('errors.invalid');
    if (error.code === 'NETWORK') return tCommon('errors.NETWORK');
    if (error.code === 'TIMEOUT') return tCommon('errors.TIMEOUT');
    return tCommon('errors.generic');
  };
}

interface PanelProps {
  property: ReportDialogProps['property'];
  kind: NonNullable<ReportDialogProps['kind']>;
  titleId: string;
  /** The first reason's radio button, which takes the focus. */
  firstReasonId: string;
  onClose: () => void;
}

/**
 * What happened to the report, said once: new or replacing an earlier one, and what becomes of a
 * dead-end claim (whose words say it will be checked, so the first line does not say so again).
 */
function ReportOutcomeText({ outcome }: { outcome: ReportOutcome }) {
  const { t } = useTranslation('trust');
  const text = useReportText();
  const { report, created } = outcome;
  const first = !created
    ? t('report.replaced')
    : report.claim
      ? t('report.received')
      : t('report.sent');
  return (
    <>
      <p>{first}</p>
      {report.claim ? (
        <p className="report-dialog__claim" data-testid="report-claim">
          {text.claim(report.claim)}
        </p>
      ) : null}
    </>
  );
}

/** Done, which takes the focus once the report is sent. */
function DoneAction({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('trust');
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="report-dialog__actions">
      <button ref={done} type="button" className="btn btn--contained" onClick={onClose}>
        {t('report.done')}
      </button>
    </div>
  );
}

/**
 * The form, then what became of the report. The outcome is the dialog's only confirmation (no
 * toast, no note elsewhere): the person is looking at the dialog. It is written into a live
 * region that is on the page from the start, so screen readers announce it when it arrives (one
 * inserted with its words already in it is often missed).
 */
function ReportPanel({ property, kind, titleId, firstReasonId, onClose }: PanelProps) {
  const { t } = useTranslation('trust');
  const mutation = useReportListing(property.id);
  const sent = mutation.isSuccess;
  return (
    <div className="report-dialog__panel">
      <DialogTitleBar
        titleId={titleId}
        title={
          sent
            ? t('report.sentTitle')
            : kind === 'deadEnd'
              ? t('report.deadEndTitle')
              : t('report.title')
        }
        closeLabel={t('report.close')}
        onClose={onClose}
      />
      {sent ? null : (
        <ReportForm
          property={property}
          kind={kind}
          firstReasonId={firstReasonId}
          mutation={mutation}
          onClose={onClose}
        />
      )}
      <div role="status" className="report-dialog__result">
        {sent ? <ReportOutcomeText outcome={mutation.data} /> : null}
      </div>
      {sent ? <DoneAction onClose={onClose} /> : null}
    </div>
  );
}

interface FormProps extends Omit<PanelProps, 'titleId'> {
  mutation: ReturnType<typeof useReportListing>;
}

function ReportForm({ property, kind, firstReasonId, mutation, onClose }: FormProps) {
  const { t } = useTranslation('trust');
  const failureText = useFailureText();
  const reasons: readonly TReportReason[] = kind === 'deadEnd' ? DEAD_END_REASONS : REPORT_REASONS;
  const [reason, setReason] = useState<TReportReason | null>(null);
  const [note, setNote] = useState('');
  // Messages appear after the first attempt to send, then follow the choices.
  const [attempted, setAttempted] = useState(false);
  const noteField = useRef<HTMLDivElement>(null);
  const reasonErrorId = useId();
  const noteCountId = useId();
  const noteErrorId = useId();

  // The texts can arrive after the dialog opened: the form then takes the focus as it appears.
  // Mounted with the dialog, it leaves that to the dialog's onShow, which first notes the opener.
  useEffect(() => {
    const first = document.getElementById(firstReasonId);
    if (first?.closest('dialog')?.open) first.focus();
  }, [firstReasonId]);

  const noteRequired = reason === 'other';
  const reasonError = attempted && reason === null;
  const noteError = attempted && noteRequired && note.trim() === '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAttempted(true);
    if (reason === null) {
      document.getElementById(firstReasonId)?.focus();
      return;
    }
    const trimmed = note.trim();
    if (reason === 'other' && trimmed === '') {
      noteField.current?.querySelector('textarea')?.focus();
      return;
    }
    mutation.mutate({ reason, note: trimmed === '' ? undefined : trimmed });
  };

  return (
    <form className="report-dialog__form" noValidate onSubmit={submit}>
      <p className="report-dialog__listing">{property.title}</p>
      <p className="text-secondary">
        {kind === 'deadEnd' ? t('report.deadEndIntro') : t('report.intro')}
      </p>
      <fieldset
        className="report-dialog__reasons"
        aria-describedby={reasonError ? reasonErrorId : undefined}
      >
        <legend className="report-dialog__legend">{t('report.reason')}</legend>
        {reasons.map((value, index) => (
          <label key={value} className="report-dialog__reason">
            <input
              id={index === 0 ? firstReasonId : undefined}
              type="radio"
              name="reason"
              value={value}
              checked={reason === value}
              required
              aria-invalid={reasonError ? true : undefined}
              onChange={() => setReason(value)}
            />
            <span>{t(`reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {reasonError ? (
        <p id={reasonErrorId} className="report-dialog__error">
          {t('report.reasonMissing')}
        </p>
      ) : null}
      <div ref={noteField} className="report-dialog__note">
        <OutlinedTextAreaField
          label={noteRequired ? t('report.noteRequired') : t('report.note')}
          name="note"
          rows={3}
          value={note}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          required={noteRequired}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? `${noteErrorId} ${noteCountId}` : noteCountId}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <p id={noteCountId} className="report-dialog__count text-secondary">
        {t('report.noteCount', { count: note.length, max: REPORT_NOTE_MAX_LENGTH })}
      </p>
      {noteError ? (
        <p id={noteErrorId} className="report-dialog__error">
          {t('report.noteMissing')}
        </p>
      ) : null}
      {mutation.isError ? (
        <p role="alert" className="report-dialog__alert">
          {failureText(mutation.error, mutation.variables.reason)}
        </p>
      ) : null}
      <div className="report-dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('report.cancel')}
        </button>
        <button type="submit" className="btn btn--contained" disabled={mutation.isPending}>
          {mutation.isPending ? t('report.sending') : t('report.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Report this listing' (the listing page) and 'It was a dead end' (Contacts you viewed): a native
 * modal <dialog> (focus stays inside, Escape closes, the backdrop does nothing so a stray tap never
 * throws away a note) with the reasons as radio buttons, a note (required with 'Something else')
 * and, once sent, what became of the report. Its texts are the lazy 'trust' namespace; the
 * component is loaded when first opened. The focus goes back to what opened it.
 */
export default function ReportDialog({
  open,
  onClose,
  property,
  kind = 'report',
}: ReportDialogProps) {
  const { ready } = useTranslation('trust');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const firstReasonId = useId();
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onClose,
    onShow: () => document.getElementById(firstReasonId)?.focus(),
    onHide: refocus,
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred report-dialog"
      aria-labelledby={open && ready ? titleId : undefined}
    >
      {/* Mounted only while open: every opening starts a new form. */}
      {open ? (
        ready ? (
          <ReportPanel
            property={property}
            kind={kind}
            titleId={titleId}
            firstReasonId={firstReasonId}
            onClose={onClose}
          />
        ) : (
          <p role="status" className="report-dialog__panel text-secondary">
            {tCommon('loading')}
          </p>
        )
      ) : null}
    </dialog>
  );
}
