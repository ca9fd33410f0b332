import { useTranslation } from '../../../lib/use-translation';
import { InfoPage, InfoSection } from './info-page';

const SECTIONS = [
  'account',
  'listings',
  'payments',
  'refunds',
  'conduct',
  'deals',
  'changes',
] as const;

/** /terms: the rules of using Makazi, in plain words. */
export function TermsPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage title={t('terms.title')} intro={t('terms.intro')} dated>
      {SECTIONS.map((section) => (
        <InfoSection key={section} id={section} title={t(`terms.${section}.title`)}>
          <p>{t(`terms.${section}.body`)}</p>
        </InfoSection>
      ))}
    </InfoPage>
  );
}
