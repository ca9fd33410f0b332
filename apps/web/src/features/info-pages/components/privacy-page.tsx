import { useTranslation } from '../../../lib/use-translation';
import { InfoPage, InfoSection } from './info-page';

const KEPT = ['account', 'listings', 'payments', 'signIns', 'messages'] as const;
const SECTIONS = ['why', 'phone', 'howLong'] as const;

/** /privacy: what Makazi keeps, who sees a phone number, and how to delete an account. */
export function PrivacyPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage title={t('privacy.title')} intro={t('privacy.intro')} dated>
      <InfoSection id="keep" title={t('privacy.keep.title')}>
        <ul className="info-page__list">
          {KEPT.map((item) => (
            <li key={item}>{t(`privacy.keep.items.${item}`)}</li>
          ))}
        </ul>
      </InfoSection>
      {SECTIONS.map((section) => (
        <InfoSection key={section} id={section} title={t(`privacy.${section}.title`)}>
          <p>{t(`privacy.${section}.body`)}</p>
        </InfoSection>
      ))}
      <InfoSection id="delete" title={t('privacy.delete.title')}>
        <p>{t('privacy.delete.steps')}</p>
        <p>{t('privacy.delete.effects')}</p>
        <p>{t('privacy.delete.messages')}</p>
      </InfoSection>
      <InfoSection id="contact" title={t('privacy.contact.title')}>
        <p>{t('privacy.contact.body')}</p>
      </InfoSection>
    </InfoPage>
  );
}
