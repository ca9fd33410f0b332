import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import './layout.css';

type FooterKey =
  | 'product'
  | 'features'
  | 'resources'
  | 'about'
  | 'blog'
  | 'support'
  | 'instagram'
  | 'facebook'
  | 'twitter'
  | 'terms'
  | 'feedback'
  | 'faq';

/** Every footer link, grouped; each goes to `/{key}`. */
const GROUPS: { title: 'company' | 'help' | 'social'; links: FooterKey[] }[] = [
  { title: 'company', links: ['product', 'features', 'resources', 'about', 'blog'] },
  { title: 'help', links: ['support', 'terms', 'feedback', 'faq'] },
  { title: 'social', links: ['instagram', 'facebook', 'twitter'] },
];

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner container">
        <div className="site-footer__grid">
          <div className="site-footer__brand">
            <p className="site-footer__name">{t('appName')}</p>
            <p className="site-footer__tagline site-footer__muted">{t('footer.tagline')}</p>
          </div>
          {GROUPS.map((group) => (
            <nav key={group.title} aria-label={t(`footer.${group.title}`)}>
              <h2 className="site-footer__heading">{t(`footer.${group.title}`)}</h2>
              <ul className="site-footer__links">
                {group.links.map((key) => (
                  <li key={key}>
                    <Link to={`/${key}`}>{t(`footer.${key}`)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <p className="site-footer__copyright site-footer__muted">{t('footer.copyright')}</p>
      </div>
    </footer>
  );
}
