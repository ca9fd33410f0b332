import { useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { I18nContext, getI18n } from 'react-i18next';
import type { FlatNamespace, TFunction, i18n as I18n } from 'i18next';

/**
 * The app's translation hook, in place of react-i18next's `useTranslation` (decision 038).
 *
 * react-i18next 17's hook copies every property of the i18n instance into a new object on each
 * mount, and builds a translator, options and memos per call. A list page calls it a few hundred
 * times: measured, that was about a quarter of rendering a page on the server, and the same share
 * of hydrating it on a phone. This hook keeps what the app relies on (the texts of one namespace,
 * a re-render when the language changes, `ready` and the loading of a namespace opened late) and
 * shares one translator per language and namespace across every component.
 */
export interface Translation<Ns extends FlatNamespace> {
  t: TFunction<Ns>;
  i18n: I18n;
  /** False until the namespace's texts for the current language are loaded (lazy namespaces). */
  ready: boolean;
}

const translators = new WeakMap<I18n, Map<string, TFunction>>();
const languageSubscriptions = new WeakMap<I18n, (onChange: () => void) => () => void>();

/**
 * i18next's own options: a call that passes any of them is translated by i18next itself (`count`,
 * a number, is handled here).
 */
const I18NEXT_OPTIONS = new Set([
  'context',
  'ordinal',
  'ns',
  'lng',
  'lngs',
  'fallbackLng',
  'defaultValue',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'keyPrefix',
  'interpolation',
  'skipInterpolation',
  'replace',
  'postProcess',
  'nsSeparator',
  'keySeparator',
]);
const VARIABLE = /\{\{\s*(\w+)\s*\}\}/g;

function onlyValues(options: object): boolean {
  for (const name in options) {
    if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue_')) return false;
  }
  return true;
}

/** A text that holds nothing but plain `{{name}}` variables, or null: i18next handles the rest. */
function plainText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if (value.includes('$t(')) return null;
  const opened = value.split('{{').length - 1;
  return opened === (value.match(VARIABLE)?.length ?? 0) ? value : null;
}

/**
 * A translator of one language and namespace. i18next's own `t` merges every option of the
 * instance into a new object on each call (most of a card's rendering time); the app's texts are
 * plain strings with `{{name}}` variables and `_one`/`_other` plurals, so those are looked up and
 * filled here exactly as i18next does it (escapeValue is off; a variable not passed stays as
 * written; null is empty; a count of 0 tries `_zero` first). Anything else (other options, a
 * missing key, nesting, formats) goes to i18next. The test compares every text with i18next's.
 */
function createTranslator(i18n: I18n, language: string, namespace: FlatNamespace): TFunction {
  const i18nextT = i18n.getFixedT(language, namespace) as unknown as (
    ...args: unknown[]
  ) => unknown;
  const plurals = new Intl.PluralRules(language);
  // A key's text: undefined when it is missing, null when i18next must read it; looked up once.
  const texts = new Map<string, string | null | undefined>();
  const textOf = (key: string): string | null | undefined => {
    if (!texts.has(key)) {
      const value: unknown = i18n.getResource(language, namespace, key);
      texts.set(key, value === undefined ? undefined : plainText(value));
    }
    return texts.get(key);
  };
  const fast = (key: unknown, options?: unknown, ...rest: unknown[]): unknown => {
    const simple =
      typeof key === 'string' &&
      !key.includes(':') &&
      rest.length === 0 &&
      (options === undefined ||
        (typeof options === 'object' && options !== null && onlyValues(options)));
    if (!simple) return i18nextT(key, options, ...rest);
    const values = options as Record<string, unknown> | undefined;
    const count = values?.count;
    let text: string | null | undefined = null;
    if (count === undefined) {
      text = textOf(key);
    } else if (typeof count === 'number') {
      // i18next's order: _zero for 0, then the language's plural form, then the key itself.
      const candidates = [`${key}_${plurals.select(count)}`, key];
      if (count === 0) candidates.unshift(`${key}_zero`);
      for (const candidate of candidates) {
        text = textOf(candidate);
        if (text !== undefined) break;
      }
    }
    if (text === null || text === undefined) return i18nextT(key, options);
    if (values === undefined || !text.includes('{{')) return text;
    return text.replace(VARIABLE, (written, name: string) => {
      if (!Object.prototype.hasOwnProperty.call(values, name)) return written;
      const value = values[name];
      if (value === undefined || value === null) return '';
      // Numbers and strings in practice; anything else reads as i18next writes it (String).
      // eslint-disable-next-line @typescript-eslint/no-base-to-string
      return String(value);
    });
  };
  return fast as unknown as TFunction;
}

function translator(i18n: I18n, language: string, namespace: FlatNamespace): TFunction {
  let byKey = translators.get(i18n);
  if (!byKey) {
    const created = new Map<string, TFunction>();
    // Texts added later (a lazy namespace, a test's own) start new translators.
    i18n.store.on('added', () => created.clear());
    translators.set(i18n, created);
    byKey = created;
  }
  const key = `${language}|${namespace}`;
  let t = byKey.get(key);
  if (!t) {
    t = createTranslator(i18n, language, namespace);
    byKey.set(key, t);
  }
  return t;
}

// One subscribe function per instance, so React keeps the subscription across renders.
function subscribeToLanguage(i18n: I18n): (onChange: () => void) => () => void {
  let subscribe = languageSubscriptions.get(i18n);
  if (!subscribe) {
    subscribe = (onChange) => {
      i18n.on('languageChanged', onChange);
      return () => i18n.off('languageChanged', onChange);
    };
    languageSubscriptions.set(i18n, subscribe);
  }
  return subscribe;
}

export function useTranslation<Ns extends FlatNamespace = 'common'>(
  namespace?: Ns,
): Translation<Ns> {
  const fromContext = useContext(I18nContext) as { i18n?: I18n } | undefined;
  const i18n = fromContext?.i18n ?? getI18n();
  const ns = namespace ?? 'common';
  const readLanguage = () => i18n.language;
  const language = useSyncExternalStore(subscribeToLanguage(i18n), readLanguage, readLanguage);
  const ready = i18n.hasLoadedNamespace(ns, { lng: language });
  // After a namespace arrives the instance is the same, so a counter re-renders the component.
  const [, markLoaded] = useState(0);
  useEffect(() => {
    if (ready) return;
    let current = true;
    i18n.loadNamespaces(ns).then(
      () => {
        if (current) markLoaded((count) => count + 1);
      },
      // i18next reports a failed load through its logger and keeps `ready` false: the screen
      // stays in its loading state, as it did with react-i18next.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [i18n, ns, language, ready]);
  return { t: translator(i18n, language, ns) as TFunction<Ns>, i18n, ready };
}
