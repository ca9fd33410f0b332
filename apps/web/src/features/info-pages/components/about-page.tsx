import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { InfoPage, InfoSection } from './info-page';

const FEATURES = [
  'search',
  'signIn',
  'review',
  'subscription',
  'promotion',
  'mobileMoney',
  'languages',
] as const;

/** The help pages, in the order a newcomer needs them. */
const RESOURCES = [
  { to: '/faq', label: 'faq' },
  { to: '/terms', label: 'terms' },
  { to: '/privacy', label: 'privacy' },
  { to: '/support', label: 'support' },
] as const;

/** /about: what Makazi is. The footer's Product, Features and Resources open its sections. */
export function AboutPage() {
  const { t } = useTranslation('info');
  return (
    <InfoPage title={t('about.title')} intro={t('about.intro')}>
      <InfoSection id="product" title={t('about.product.title')}>
        <p>{t('about.product.browse')}</p>
        <p>{t('about.product.publish')}</p>
      </InfoSection>
      <InfoSection id="features" title={t('about.features.title')}>
        <ul className="info-page__list">
          {FEATURES.map((feature) => (
            <li key={feature}>{t(`about.features.items.${feature}`)}</li>
          ))}
        </ul>
      </InfoSection>
      <InfoSection id="resources" title={t('about.resources.title')}>
        <p>{t('about.resources.intro')}</p>
        <ul className="info-page__links">
          {RESOURCES.map((resource) => (
            <li key={resource.to}>
              <Link to={resource.to}>{t(`about.resources.${resource.label}`)}</Link>
            </li>
          ))}
        </ul>
      </InfoSection>
    </InfoPage>
  );
}
