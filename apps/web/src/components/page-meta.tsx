import { useLocation } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { LOCALES, type TLocale } from '@makazi/contracts/common-values';
import { LANGUAGE_QUERY_PARAM } from '@makazi/contracts/common-values';
import { useSiteOrigin } from '../lib/site-origin';

/** Open Graph's locale names: a language and the country the site serves. */
const OG_LOCALES: Record<TLocale, string> = { en: 'en_TZ', sw: 'sw_TZ' };

export interface PageImage {
  /** Absolute URL. */
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

export interface PageMetaProps {
  title: string;
  description: string;
  /**
   * The query parameters that make this page what it is (a search, a price range, a sort, a
   * cursor): everything else (tracking tags, the language) is left out of its canonical URL.
   */
  params?: Record<string, string | undefined>;
  /** Search results and filtered lists: followed by crawlers, not indexed (thin, endless). */
  noindex?: boolean;
  /** A link preview's large image (a listing's cover photo). */
  image?: PageImage;
}

/** The page's URL in a language (or, without one, the x-default the visitor's choice decides). */
export function pageUrl(
  origin: string,
  pathname: string,
  params: Record<string, string | undefined>,
  language?: TLocale,
): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(name, value);
  }
  if (language) query.set(LANGUAGE_QUERY_PARAM, language);
  const text = query.toString();
  return `${origin}${pathname}${text ? `?${text}` : ''}`;
}

/**
 * What search engines and link previews read of a public page: its title and description in the
 * page's language, its canonical URL, the same page in the other language, and the Open Graph and
 * Twitter card tags. React puts them in the document's head, on the server and on every
 * navigation.
 */
export function PageMeta({
  title,
  description,
  params = {},
  noindex = false,
  image,
}: PageMetaProps) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const origin = useSiteOrigin();
  const language: TLocale = i18n.language === 'sw' ? 'sw' : 'en';
  const canonical = pageUrl(origin, pathname, params, language);

  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {noindex ? <meta name="robots" content="noindex, follow" /> : null}
      <link rel="canonical" href={canonical} />
      {LOCALES.map((other) => (
        <link
          key={other}
          rel="alternate"
          hrefLang={other}
          href={pageUrl(origin, pathname, params, other)}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={pageUrl(origin, pathname, params)} />
      <meta property="og:site_name" content={t('appName')} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonical} />
      <meta property="og:locale" content={OG_LOCALES[language]} />
      {LOCALES.filter((other) => other !== language).map((other) => (
        <meta key={other} property="og:locale:alternate" content={OG_LOCALES[other]} />
      ))}
      {image ? (
        <>
          <meta property="og:image" content={image.url} />
          <meta property="og:image:type" content={image.type} />
          <meta property="og:image:width" content={String(image.width)} />
          <meta property="og:image:height" content={String(image.height)} />
          <meta property="og:image:alt" content={image.alt} />
        </>
      ) : null}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      {image ? <meta name="twitter:image" content={image.url} /> : null}
    </>
  );
}
