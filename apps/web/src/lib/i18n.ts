import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, type TLocale } from '@makazi/contracts/common-values';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM } from '@makazi/contracts/common-values';
import { setApiLanguage } from './api-client';

/** Loaded at start: what the public pages and the header need. */
export const NAMESPACES = ['common', 'catalogue', 'detail', 'auth'] as const;
/**
 * Loaded when a screen first asks for them (useTranslation('publish')), so the first visit does
 * not download the texts of screens most visitors never open. Such a screen renders its loading
 * state until `ready` (see useTranslation) is true.
 */
export const LAZY_NAMESPACES = [
  'publish',
  'posts',
  'checkout',
  'admin',
  'support',
  'info',
  'trust',
  'searches',
  'insights',
  'saved',
] as const;
export const LANGUAGE_STORAGE_KEY = 'makazi.language';

type LocaleModule = { default: Record<string, unknown> };
// One chunk per language and namespace, so a visitor downloads only the language they read.
const localeLoaders = import.meta.glob<LocaleModule>('../locales/*/*.json');

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No locale file for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** A year: the choice is remembered like the site's other settings. */
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function cookieLanguage(): TLocale | null {
  const match = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie);
  const value = match?.[1];
  return isLocale(value) ? value : null;
}

function storedLanguage(): TLocale | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Private mode or a blocked storage: fall back to the browser language.
    return null;
  }
}

/**
 * The language of a page the server did not render (the client-rendered shell in development):
 * the URL's, then the visitor's choice (the cookie the server reads too; local storage for a
 * choice made before the cookie existed), then Swahili for a Swahili browser and English for
 * everyone else. The server negotiates the same way (apps/api modules/pages/page-language.ts).
 */
export function detectLanguage(): TLocale {
  const fromUrl = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM);
  if (isLocale(fromUrl)) return fromUrl;
  const chosen = cookieLanguage() ?? storedLanguage();
  if (chosen) return chosen;
  return navigator.language.toLowerCase().startsWith('sw') ? 'sw' : 'en';
}

/**
 * A choice made before the server read the cookie lives only in local storage: copy it there, so
 * the next page the server renders is in it. Answers that older choice when it differs from the
 * page's language and the URL does not name one, so the app can switch to it now.
 */
export function adoptStoredLanguage(pageLanguage: TLocale): TLocale | null {
  if (cookieLanguage()) return null;
  const stored = storedLanguage();
  if (!stored) return null;
  rememberLanguage(stored);
  const fromUrl = new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM);
  return stored !== pageLanguage && !isLocale(fromUrl) ? stored : null;
}

function rememberLanguage(language: TLocale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be full or blocked; the cookie still carries the choice.
  }
}

function applyLanguage(language: string): void {
  // The server renders with its own instances; only a browser has a document to mark.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  setApiLanguage(language);
}

export interface CreateI18nOptions {
  language?: TLocale;
  /** Tests pass the locale files directly instead of loading chunks. */
  resources?: Resource;
}

export async function createI18n({ language, resources }: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  if (!resources) instance.use(localeBackend);
  instance.use(initReactI18next);
  instance.on('languageChanged', applyLanguage);
  await instance.init({
    lng: language ?? detectLanguage(),
    supportedLngs: [...LOCALES],
    // No fallback language: it would make a Swahili reader download the English files too.
    // A test checks that Swahili has every English key instead.
    fallbackLng: false,
    ns: [...NAMESPACES],
    defaultNS: 'common',
    ...(resources ? { resources } : {}),
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/**
 * The header switch: change the language and remember the choice for the next visit (the cookie
 * the server renders pages by). A URL that names its language is changed to name the new one, so
 * a reload or a shared link keeps it.
 */
export async function switchLanguage(instance: I18n, language: TLocale): Promise<void> {
  await instance.changeLanguage(language);
  rememberLanguage(language);
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_QUERY_PARAM)) {
    url.searchParams.set(LANGUAGE_QUERY_PARAM, language);
    window.history.replaceState(window.history.state, '', url);
  }
}
