import { useParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { AlertsOffPage } from '../../features/saved-searches/components/alerts-off-page';
import { PageFallback } from './page-fallback';

export function AlertsOffRoute() {
  const { code = '' } = useParams();
  // The saved-search texts are a lazy namespace: fetched with this page, not on the first visit.
  const { ready } = useTranslation('searches');
  if (!ready) return <PageFallback />;
  // A new code (another SMS's link) is a new question.
  return <AlertsOffPage key={code} code={code} />;
}
