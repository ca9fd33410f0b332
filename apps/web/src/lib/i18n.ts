import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, isLocale, type TLocale } from '@makazi/contracts/common-values';
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

function storedLanguage(): TLocale | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Private mode or a blocked storage: fall back to the browser language.
    return null;
  }
}

/** A stored choice wins; otherwise Swahili for a Swahili browser, English for everyone else. */
export function detectLanguage(): TLocale {
  const stored = storedLanguage();
  if (stored) return stored;
  return navigator.language.toLowerCase().startsWith('sw') ? 'sw' : 'en';
}

function applyLanguage(language: string): void {
  document.documentElement.lang = language;
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

/** The header switch: change the language and remember the choice for the next visit. */
export async function switchLanguage(instance: I18n, language: TLocale): Promise<void> {
  await instance.changeLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be full or blocked; the switch still works for this visit.
  }
}
