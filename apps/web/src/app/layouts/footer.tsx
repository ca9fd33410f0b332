import { Link } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { SOCIAL_LINKS } from '../../lib/support-contacts';
import './layout.css';

type FooterKey =
  | 'product'
  | 'features'
  | 'resources'
  | 'about'
  | 'blog'
  | 'support'
  | 'terms'
  | 'privacy'
  | 'feedback'
  | 'faq';

/**
 * The footer's own pages, grouped. Product, Features and Resources are sections of About; there
 * is no blog yet, so Blog stays on the home page. Feedback is the contact form on /support.
 */
const GROUPS: { title: 'company' | 'help'; links: { key: FooterKey; to: string }[] }[] = [
  {
    title: 'company',
    links: [
      { key: 'product', to: '/about#product' },
      { key: 'features', to: '/about#features' },
      { key: 'resources', to: '/about#resources' },
      { key: 'about', to: '/about' },
      { key: 'blog', to: '/home' },
    ],
  },
  {
    title: 'help',
    links: [
      { key: 'support', to: '/support' },
      { key: 'faq', to: '/faq' },
      { key: 'terms', to: '/terms' },
      { key: 'privacy', to: '/privacy' },
      { key: 'feedback', to: '/support#contact' },
    ],
  },
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
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link to={link.to}>{t(`footer.${link.key}`)}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          {/* The profiles set when the app was built; none set, no empty heading. */}
          {SOCIAL_LINKS.length > 0 ? (
            <nav aria-label={t('footer.social')}>
              <h2 className="site-footer__heading">{t('footer.social')}</h2>
              <ul className="site-footer__links">
                {SOCIAL_LINKS.map((link) => (
                  <li key={link.network}>
                    <a href={link.url} target="_blank" rel="noopener noreferrer">
                      {t(`footer.${link.network}`)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
        <p className="site-footer__copyright site-footer__muted">
          {t('footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
