import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { TProperty } from '@makazi/contracts/properties';
import { FlagIcon } from '../../../components/icons';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { useTranslation } from '../../../lib/use-translation';

// The dialog and its texts download when the action is first used: most visitors never report.
const ReportDialog = lazy(() => import('../../../components/report-dialog'));

/**
 * The URL fragment a visitor signing in to report comes back with: the dialog is then open, so
 * they carry on where they were stopped.
 */
export const REPORT_FRAGMENT = '#report';

/**
 * 'Report this listing' on the public page. A signed-in visitor gets the report dialog; an
 * anonymous one is asked to sign in first (as View Contacts does) and comes back to the dialog;
 * the owner sees no action on their own listing (the API would refuse it). Until the app runs, the
 * page is anonymous (the server's rendering), so the action is there for everyone at first.
 */
export function ReportListing({ property }: { property: TProperty }) {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const isOwner = session !== null && session.sub === property.publishedBy.id;
  const [open, setOpen] = useState(() => session !== null && !isOwner && hash === REPORT_FRAGMENT);
  const [requested, setRequested] = useState(open);

  if (isOwner) return null;

  const start = () => {
    if (!session) {
      void showToast(tCommon('guards.loginRequired'), 'warning');
      void navigate('/login', { state: { from: { pathname, search, hash: REPORT_FRAGMENT } } });
      return;
    }
    setRequested(true);
    setOpen(true);
  };

  const close = () => {
    setOpen(false);
    // A reload or the back button should not open the dialog again.
    if (hash === REPORT_FRAGMENT) void navigate({ pathname, search }, { replace: true });
  };

  return (
    <div className="report-listing">
      <button type="button" id="report" className="btn report-listing__button" onClick={start}>
        <FlagIcon />
        {t('report.action')}
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <ReportDialog
            open={open}
            onClose={close}
            property={{ id: property.id, title: property.title.trim() || t('fields.noTitle') }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
