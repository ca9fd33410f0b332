import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { TSavedSearchBody } from '@makazi/contracts/saved-searches';
import {
  ALERT_FREQUENCIES,
  INSTANT_ALERTS_PER_DAY,
  SAVED_SEARCHES_MAX,
  type TAlertFrequency,
} from '@makazi/contracts/saved-values';
import { DialogTitleBar } from '../../../components/dialog-title-bar';
import { ErrorNotice } from '../../../components/error-notice';
import { isApiError } from '../../../lib/api-client';
import type { CatalogueQuery } from '../../../lib/catalogue-url';
import { refocus, useModalDialog } from '../../../lib/use-modal-dialog';
import { useTranslation } from '../../../lib/use-translation';
import { useCreateSavedSearch } from '../api/saved-searches';
import { useSearchSummary } from '../hooks/use-search-summary';
import '../../../components/dialog.css';
import './save-search-dialog.css';

export interface SaveSearchDialogProps {
  open: boolean;
  /** The signed-in user, whose saved searches these are. */
  sub: string;
  search: CatalogueQuery;
  onClose: () => void;
  /** Saved: the owner closes the dialog and shows this (the words and a link to /saved). */
  onSaved: (toast: ReactNode) => void;
}

/** The body of POST /api/me/saved-searches: the page's filters exactly, and the alerts chosen. */
function savedSearchBody(search: CatalogueQuery, alerts: TAlertFrequency): TSavedSearchBody {
  const { type, search: text, minPrice, maxPrice, sort } = search;
  return { type, search: text, minPrice, maxPrice, sort, alerts };
}

/** The 409 of an eleventh saved search (SAVED_SEARCHES_MAX): the only conflict this route has. */
function isLimitReached(error: unknown): boolean {
  return isApiError(error) && error.status === 409;
}

interface FormProps extends Omit<SaveSearchDialogProps, 'open'> {
  titleId: string;
  /** The chosen alerts' radio button, which takes the focus. */
  firstChoiceId: string;
}

function SaveSearchForm({ sub, search, onClose, onSaved, titleId, firstChoiceId }: FormProps) {
  const { t } = useTranslation('searches');
  const summary = useSearchSummary();
  const navigate = useNavigate();
  const [alerts, setAlerts] = useState<TAlertFrequency>('instant');
  const mutation = useCreateSavedSearch(sub);
  const noteId = useId();
  const choiceId = useId();

  // The texts can arrive after the dialog opened: the form then takes the focus as it appears.
  useEffect(() => {
    const first = document.getElementById(firstChoiceId);
    if (first?.closest('dialog')?.open) first.focus();
  }, [firstChoiceId]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    mutation.mutate(savedSearchBody(search, alerts), {
      onSuccess: () =>
        onSaved(
          <>
            {t('save.saved')}{' '}
            <a
              href="/saved"
              onClick={(click) => {
                // The toast lives outside the router: a plain click navigates in the app.
                if (click.button || click.metaKey || click.ctrlKey || click.shiftKey) return;
                click.preventDefault();
                void navigate('/saved');
              }}
            >
              {t('save.savedLink')}
            </a>
          </>,
        ),
    });
  };

  return (
    <form className="save-search-dialog__panel" onSubmit={submit}>
      <DialogTitleBar
        titleId={titleId}
        title={t('save.title')}
        closeLabel={t('save.close')}
        onClose={onClose}
      />
      <div>
        <p className="text-secondary">{t('save.intro')}</p>
        <p className="save-search-dialog__summary" data-testid="save-search-summary">
          {summary(search)}
        </p>
      </div>
      <fieldset className="save-search-dialog__choices" aria-describedby={noteId}>
        <legend className="save-search-dialog__legend">{t('save.alertsLegend')}</legend>
        {ALERT_FREQUENCIES.map((value) => (
          <label key={value} className="save-search-dialog__choice">
            <input
              id={value === alerts ? firstChoiceId : undefined}
              type="radio"
              name="alerts"
              value={value}
              checked={alerts === value}
              onChange={() => setAlerts(value)}
              // The choice is named by its words; the limit of instant texts describes it.
              aria-labelledby={`${choiceId}-${value}`}
              aria-describedby={value === 'instant' ? `${choiceId}-limit` : undefined}
            />
            <span>
              <span id={`${choiceId}-${value}`}>{t(`alerts.${value}`)}</span>
              {value === 'instant' ? (
                <span id={`${choiceId}-limit`} className="save-search-dialog__hint text-secondary">
                  {t('save.instantLimit', { count: INSTANT_ALERTS_PER_DAY })}
                </span>
              ) : null}
            </span>
          </label>
        ))}
      </fieldset>
      <p id={noteId} className="save-search-dialog__note text-secondary">
        {t('save.quietHours')}
      </p>
      {mutation.isError ? (
        isLimitReached(mutation.error) ? (
          <div role="alert" className="save-search-dialog__alert">
            <p>{t('save.limit', { max: SAVED_SEARCHES_MAX })}</p>
            <Link to="/saved">{t('save.limitLink')}</Link>
          </div>
        ) : (
          <ErrorNotice error={mutation.error} />
        )
      ) : null}
      <div className="save-search-dialog__actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('save.cancel')}
        </button>
        <button type="submit" className="btn btn--contained" disabled={mutation.isPending}>
          {mutation.isPending ? t('save.saving') : t('save.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * 'Save this search': a native modal <dialog> (focus stays inside, Escape closes) saying in
 * words what will be saved, with the choice of text alerts. Its texts are the lazy 'searches'
 * namespace; the component is loaded when first opened. The focus goes back to what opened it.
 */
export default function SaveSearchDialog({ open, onClose, ...rest }: SaveSearchDialogProps) {
  const { ready } = useTranslation('searches');
  const { t: tCommon } = useTranslation();
  const titleId = useId();
  const firstChoiceId = useId();
  const { dialogProps } = useModalDialog({
    open,
    onDismiss: onClose,
    onShow: () => document.getElementById(firstChoiceId)?.focus(),
    onHide: refocus,
  });

  return (
    <dialog
      {...dialogProps}
      className="dialog dialog--centred save-search-dialog"
      aria-labelledby={open && ready ? titleId : undefined}
    >
      {/* Mounted only while open: every opening starts a new form. */}
      {open ? (
        ready ? (
          <SaveSearchForm
            {...rest}
            onClose={onClose}
            titleId={titleId}
            firstChoiceId={firstChoiceId}
          />
        ) : (
          <p role="status" className="save-search-dialog__panel text-secondary">
            {tCommon('loading')}
          </p>
        )
      ) : null}
    </dialog>
  );
}
