import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createTestI18n, testResources } from '../testing/test-utils';
import { useTranslation } from './use-translation';

function wrapperOf(i18n: Parameters<typeof I18nextProvider>[0]['i18n']) {
  return ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
  );
}

/** An instance whose 'publish' texts arrive only when the test says so, like a lazy chunk. */
async function instanceWithLateNamespace() {
  const pending: { language: string; namespace: string; callback: ReadCallback }[] = [];
  const backend: BackendModule = {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      if (namespace === 'common') {
        callback(null, { greeting: language === 'sw' ? 'Habari' : 'Hello' });
        return;
      }
      pending.push({ language, namespace, callback });
    },
  };
  const i18n = i18next.createInstance();
  i18n.use(backend);
  await i18n.init({
    lng: 'en',
    supportedLngs: ['en', 'sw'],
    fallbackLng: false,
    ns: ['common'],
    defaultNS: 'common',
  });
  return { i18n, pending };
}

/** Every text of a namespace as [dotted key, text]. */
function leaves(tree: object, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([name, value]: [string, unknown]) =>
    typeof value === 'string'
      ? [[`${prefix}${name}`, value] as [string, string]]
      : leaves(value as object, `${prefix}${name}.`),
  );
}

/** A key of a namespace the test made up, which the app's key types do not know. */
function textOf(t: unknown, key: string): string {
  return (t as (key: string) => string)(key);
}

const SAMPLE_VALUES: unknown[] = ['Sinza', 42, 0, null, undefined, '{{name}}', 'a $t(x) b'];

describe('the translator it hands out', () => {
  it('says every text of every namespace in both languages exactly as i18next does', async () => {
    let compared = 0;
    for (const language of ['en', 'sw'] as const) {
      const i18n = await createTestI18n(language);
      for (const [namespace, tree] of Object.entries(testResources[language])) {
        const { result } = renderHook(() => useTranslation(namespace as 'common'), {
          wrapper: wrapperOf(i18n),
        });
        const ours = result.current.t as unknown as (key: string, options?: object) => string;
        const theirs = i18n.getFixedT(language, namespace as 'common') as unknown as typeof ours;
        const texts = leaves(tree);
        // A plural is asked for by its key without the form (t('card.pictures', { count })).
        const plurals = texts.flatMap(([key, text]) => {
          const form = /_(zero|one|two|few|many|other)$/.exec(key);
          return form ? [[key.slice(0, form.index), text] as [string, string]] : [];
        });
        for (const [key, text] of [...texts, ...plurals]) {
          const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);
          const calls: (object | undefined)[] = [
            undefined,
            {},
            ...SAMPLE_VALUES.map((value) => Object.fromEntries(names.map((name) => [name, value]))),
            // One variable left out: i18next leaves it as written.
            Object.fromEntries(names.slice(1).map((name) => [name, 'x'])),
            ...[0, 1, 2, 5, 21].map((count) => ({
              ...Object.fromEntries(names.map((name) => [name, 'x'])),
              count,
            })),
          ];
          for (const options of calls) {
            expect(ours(key, options), `${language} ${namespace}:${key}`).toBe(
              theirs(key, options),
            );
            compared += 1;
          }
        }
        expect(ours('no.such.key')).toBe(theirs('no.such.key'));
      }
    }
    expect(compared).toBeGreaterThan(25_000);
  });

  it('hands plurals and other options to i18next', async () => {
    const i18n = await createTestI18n('en');
    const { result } = renderHook(() => useTranslation('catalogue'), {
      wrapper: wrapperOf(i18n),
    });
    const t = result.current.t as unknown as (key: string, options?: object) => string;
    expect(t('card.pictures', { count: 1 })).toBe('1 picture');
    expect(t('card.pictures', { count: 3 })).toBe('3 pictures');
    expect(t('skipToContent', { ns: 'common' })).toBe('Skip to content');
  });
});

describe('useTranslation', () => {
  it('reads the texts of the language, and renders again in the new one when it changes', async () => {
    const i18n = await createTestI18n('en');
    const { result } = renderHook(() => useTranslation('catalogue'), {
      wrapper: wrapperOf(i18n),
    });
    expect(result.current.t('sort.new')).toBe(i18n.getFixedT('en', 'catalogue')('sort.new'));
    expect(result.current.ready).toBe(true);

    await act(() => i18n.changeLanguage('sw'));
    expect(result.current.i18n.language).toBe('sw');
    expect(result.current.t('sort.new')).toBe(i18n.getFixedT('sw', 'catalogue')('sort.new'));
    expect(result.current.t('sort.new')).not.toBe(i18n.getFixedT('en', 'catalogue')('sort.new'));
  });

  it('shares one translator among every component of a language and namespace', async () => {
    const i18n = await createTestI18n('en');
    const first = renderHook(() => useTranslation('detail'), { wrapper: wrapperOf(i18n) });
    const second = renderHook(() => useTranslation('detail'), { wrapper: wrapperOf(i18n) });
    expect(first.result.current.t).toBe(second.result.current.t);
  });

  it('is not ready with a namespace not loaded yet, loads it, and renders again when it arrives', async () => {
    const { i18n, pending } = await instanceWithLateNamespace();
    const { result } = renderHook(() => useTranslation('publish'), { wrapper: wrapperOf(i18n) });
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(pending.map((read) => read.namespace)).toEqual(['publish']));

    act(() => pending[0]!.callback(null, { steps: { title: 'Publish a listing' } }));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(textOf(result.current.t, 'steps.title')).toBe('Publish a listing');
  });

  it('renders a late namespace in the language switched to once its texts arrive', async () => {
    const { i18n, pending } = await instanceWithLateNamespace();
    const { result } = renderHook(() => useTranslation('publish'), { wrapper: wrapperOf(i18n) });
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]!.callback(null, { steps: { title: 'Publish a listing' } }));
    await waitFor(() => expect(result.current.ready).toBe(true));

    // i18next switches once every namespace opened so far has arrived in the new language.
    let switched!: Promise<unknown>;
    act(() => {
      switched = i18n.changeLanguage('sw');
    });
    await waitFor(() =>
      expect(pending.map((read) => `${read.language}/${read.namespace}`)).toContain('sw/publish'),
    );
    expect(result.current.i18n.language).toBe('en');
    await act(async () => {
      pending.at(-1)!.callback(null, { steps: { title: 'Chapisha tangazo' } });
      await switched;
    });
    expect(result.current.ready).toBe(true);
    expect(textOf(result.current.t, 'steps.title')).toBe('Chapisha tangazo');
  });
});
