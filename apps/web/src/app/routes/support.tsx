import { useTranslation } from '../../lib/use-translation';
import { SupportPage } from '../../features/support/components/support-page';
import { PageFallback } from './page-fallback';

export function SupportRoute() {
  // The support texts are a lazy namespace: fetched with this page, not on the first visit.
  const { ready } = useTranslation('support');
  if (!ready) return <PageFallback />;
  return <SupportPage />;
}
