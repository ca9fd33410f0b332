import { useTranslation } from '../../lib/use-translation';
import { AboutPage } from '../../features/info-pages/components/about-page';
import { FaqPage } from '../../features/info-pages/components/faq-page';
import { PrivacyPage } from '../../features/info-pages/components/privacy-page';
import { TermsPage } from '../../features/info-pages/components/terms-page';
import { PageFallback } from './page-fallback';

const PAGES = { about: AboutPage, terms: TermsPage, privacy: PrivacyPage, faq: FaqPage };
export type TInfoPage = keyof typeof PAGES;

/** About, Terms, Privacy and the FAQ: one chunk, since a reader of one often opens another. */
export function InfoRoute({ page }: { page: TInfoPage }) {
  // Their texts are a lazy namespace: fetched with these pages, not on the first visit.
  const { ready } = useTranslation('info');
  if (!ready) return <PageFallback />;
  const Page = PAGES[page];
  return <Page />;
}
