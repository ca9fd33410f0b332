import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import { formatPhone, telHref, whatsAppHref } from '../../../lib/contact-links';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../lib/support-contacts';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash';
import { ContactForm } from './contact-form';
import '../../../components/contact-actions.css';
import './support.css';

/**
 * How to reach Makazi: the support phone (Call, WhatsApp) and email the build was given, and the
 * contact form (#contact, where the footer's Feedback leads), which reaches the admins' inbox.
 */
export function SupportPage() {
  const { t } = useTranslation('support');
  const formHeadingId = useId();
  // Drawn once the texts are in: /support#contact can find the form now.
  useScrollToHash(true);
  const tel = telHref(SUPPORT_PHONE);
  const chat = whatsAppHref(SUPPORT_PHONE, t('whatsAppText'));
  return (
    <div className="support-page">
      <title>{t('title')}</title>
      <h1>{t('title')}</h1>
      <p className="support-page__intro">{t('intro')}</p>
      <dl className="support-page__contacts">
        <div className="contact-card">
          <dt className="text-secondary">{t('phone')}</dt>
          <dd>
            <strong>{formatPhone(SUPPORT_PHONE)}</strong>
            {/* A number of another shape is shown without links rather than with links that fail. */}
            {tel || chat ? (
              <div className="contact-actions support-page__actions">
                {tel ? (
                  <a href={tel} className="btn">
                    {t('call')}
                  </a>
                ) : null}
                {chat ? (
                  <a href={chat} className="btn" target="_blank" rel="noopener noreferrer">
                    {t('whatsApp')}
                  </a>
                ) : null}
              </div>
            ) : null}
          </dd>
        </div>
        <div className="contact-card">
          <dt className="text-secondary">{t('email')}</dt>
          <dd>
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </dd>
        </div>
      </dl>
      <section id="contact" className="support-page__form" aria-labelledby={formHeadingId}>
        <h2 id={formHeadingId}>{t('form.title')}</h2>
        <p className="support-page__form-intro">{t('form.intro')}</p>
        <ContactForm />
      </section>
    </div>
  );
}
