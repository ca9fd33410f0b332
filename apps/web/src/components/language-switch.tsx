import type { MouseEvent } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useTranslation } from '../lib/use-translation';
import { LOCALES, type TLocale } from '@makazi/contracts/common-values';
import { LANGUAGE_QUERY_PARAM, PAGE_QUERY_PARAMS } from '@makazi/contracts/common-values';
import { switchLanguage } from '../lib/i18n';
import './language-switch.css';

export interface LanguageSwitchProps {
  /** 'dark' on the black header bar, 'light' on white panels. */
  tone?: 'dark' | 'light';
  /**
   * Called once a plain click has changed the language in place: a menu holding the switch closes
   * then, as it does for its links (the page stays, so nothing else would close it).
   */
  onChoose?: (language: TLocale) => void;
}

/**
 * This page in `language`: its path and query with `lang` set, the URL that renders it in that
 * language without JavaScript. A page the server renders keeps only the parameters it is made of,
 * in their one order (PAGE_QUERY_PARAMS, as the server renders it: apps/api pages.service.ts
 * pagePath), so a tracking tag is never carried on and the hydrated link is the server's, whatever
 * the address bar holds. Any other page keeps its whole query (/post?edit={id}).
 */
function languageHref(
  pathname: string,
  search: string,
  language: TLocale,
  serverRendered: boolean,
): string {
  const current = new URLSearchParams(search);
  let params = current;
  if (serverRendered) {
    params = new URLSearchParams();
    for (const name of PAGE_QUERY_PARAMS) {
      const value = current.get(name);
      if (value !== null) params.set(name, value);
    }
  }
  params.set(LANGUAGE_QUERY_PARAM, language);
  return `${pathname}?${params.toString()}`;
}

/**
 * EN and SW are links to this page in each language, so the switch works without JavaScript and
 * in a new tab. With JavaScript a plain left click changes the language in place instead
 * (switchLanguage: no reload, the choice remembered).
 */
export function LanguageSwitch({ tone = 'dark', onChoose }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language;
  // The router's location, not window.location: the same on the server and after navigations.
  const { pathname, search } = useLocation();
  // The pages the server renders name themselves in their route's handle (app/router.tsx).
  const serverRendered = useMatches().some((match) =>
    Boolean((match.handle as { serverPage?: unknown } | undefined)?.serverPage),
  );

  const choose = (event: MouseEvent<HTMLAnchorElement>, language: TLocale) => {
    // New tab, new window, download: the browser's business.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void switchLanguage(i18n, language);
    onChoose?.(language);
  };

  return (
    <div
      role="group"
      aria-label={t('language.label')}
      data-testid="language-switch"
      className={`language-switch language-switch--${tone}`}
    >
      {LOCALES.map((language) => {
        const active = current === language;
        return (
          <a
            key={language}
            href={languageHref(pathname, search, language, serverRendered)}
            lang={language}
            hrefLang={language}
            aria-current={active ? 'true' : undefined}
            title={t(language === 'en' ? 'language.enName' : 'language.swName')}
            onClick={(event) => choose(event, language)}
            className={`btn btn--small${active ? ' btn--contained' : ''}`}
          >
            {t(language === 'en' ? 'language.en' : 'language.sw')}
          </a>
        );
      })}
    </div>
  );
}
