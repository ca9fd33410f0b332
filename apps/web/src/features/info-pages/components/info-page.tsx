import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import { PageMeta } from '../../../components/page-meta';
import { truncate } from '../../../lib/format';
import { useScrollToHash } from '../../../lib/use-scroll-to-hash';
import './info-pages.css';

export interface InfoPageProps {
  title: string;
  intro: string;
  /** Pages whose wording binds (terms, privacy) say when it last changed. */
  dated?: boolean;
  children: ReactNode;
}

/** What a search result's snippet shows of the page's introduction. */
const DESCRIPTION_CHARS = 160;

/**
 * The frame of About, Terms, Privacy and the FAQ: one column of short sections, readable on a
 * phone, ending with the way to reach support.
 */
export function InfoPage({ title, intro, dated = false, children }: InfoPageProps) {
  const { t } = useTranslation('info');
  // Rendered once the texts are in: a link such as /about#features can find its section now.
  useScrollToHash(true);
  return (
    <article className="info-page">
      <PageMeta title={title} description={truncate(intro, DESCRIPTION_CHARS)} />
      <h1>{title}</h1>
      <p className="info-page__intro">{intro}</p>
      {children}
      <footer className="info-page__footer">
        {dated ? <p className="text-secondary">{t('updated')}</p> : null}
        <p>
          <Link to="/support#contact">{t('supportLink')}</Link>
        </p>
      </footer>
    </article>
  );
}

export interface InfoSectionProps {
  /** The section's fragment, so other pages and the footer can link to it (/about#features). */
  id: string;
  title: string;
  children: ReactNode;
}

export function InfoSection({ id, title, children }: InfoSectionProps) {
  const headingId = useId();
  return (
    <section id={id} className="info-page__section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}
