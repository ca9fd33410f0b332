import type { BuiltChunk } from '@makazi/contracts/page-rendering';
import type { TLocale } from '@makazi/contracts/common-values';
import type { TServerPage } from '../app/router';
import { NAMESPACES } from '../lib/i18n';

/** The source module of each server-rendered page's lazy route, as the build manifest names it. */
export const PAGE_MODULES: Record<Exclude<TServerPage, 'redirect'>, string> = {
  home: 'src/app/routes/home.tsx',
  list: 'src/app/routes/list.tsx',
  detail: 'src/app/routes/detail.tsx',
  details: 'src/app/routes/details-redirect.tsx',
  info: 'src/app/routes/info.tsx',
};

export interface PageAssets {
  /**
   * The page's whole CSS (the entry's and its route's), put in the page itself: on 3G every
   * stylesheet is a round trip before the first paint, and all of it is a few KiB compressed.
   */
  css: string;
  /**
   * The route's stylesheets, which the app's code would add again when its route chunk loads:
   * named by disabled links (never fetched) that Vite's loader finds and skips.
   */
  routeStylesheets: string[];
  /** Scripts the browser will ask for as soon as the app starts: fetched alongside the entry. */
  modulePreloads: string[];
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export function assetTags(assets: PageAssets): string {
  return [
    `<style>${assets.css}</style>`,
    ...assets.routeStylesheets.map(
      (href) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(href)}" disabled>`,
    ),
    ...assets.modulePreloads.map(
      (href) => `<link rel="modulepreload" crossorigin href="/${escapeAttribute(href)}">`,
    ),
  ].join('');
}

/**
 * Reads the build manifest once: for each page and language, the files its first render needs
 * that index.html does not already name (the entry and its imports are there): the route's chunk
 * and its imports, their CSS, and the start locale files. Without them the browser would find
 * them one after another, each a round trip on 3G, and hydration would wait.
 */
export function createPageAssets(
  manifest: Record<string, BuiltChunk>,
  styles: Record<string, string>,
) {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('The web build manifest has no entry chunk');

  function withImports(key: string, into = new Set<string>()): Set<string> {
    if (into.has(key)) return into;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the web build manifest`);
    into.add(key);
    for (const child of chunk.imports ?? []) withImports(child, into);
    return into;
  }

  const inIndexHtml = withImports(entryKey);
  /** A namespace's file of texts, or the group the start namespaces share (locales-<language>). */
  const localeChunk = (language: TLocale, namespace: string): string => {
    const own = `src/locales/${language}/${namespace}.json`;
    if (manifest[own]) return own;
    const grouped = Object.keys(manifest).find(
      (key) => manifest[key]?.name === `locales-${language}`,
    );
    if (!grouped) throw new Error(`No chunk holds the ${language} texts of "${namespace}"`);
    return grouped;
  };
  const cssOf = (keys: Iterable<string>) => [
    ...new Set([...keys].flatMap((key) => manifest[key]?.css ?? [])),
  ];
  const text = (file: string) => {
    const css = styles[file];
    if (css === undefined) throw new Error(`The stylesheet ${file} was not handed to the renderer`);
    // Our own build's CSS; a closing tag in it would end the page's <style> early.
    if (/<\/style/i.test(css)) throw new Error(`${file} cannot be put inside a <style> element`);
    return css;
  };
  const entryCss = cssOf(inIndexHtml);
  const cache = new Map<string, PageAssets>();

  return function pageAssets(
    page: keyof typeof PAGE_MODULES,
    language: TLocale,
    namespaces: readonly string[] = [],
  ): PageAssets {
    const cacheKey = `${page}:${language}`;
    const known = cache.get(cacheKey);
    if (known) return known;
    const keys = [...withImports(PAGE_MODULES[page])].filter((key) => !inIndexHtml.has(key));
    const locales = [...NAMESPACES, ...namespaces].map((namespace) =>
      localeChunk(language, namespace),
    );
    const routeStylesheets = cssOf(keys).filter((file) => !entryCss.includes(file));
    const assets: PageAssets = {
      css: [...entryCss, ...routeStylesheets].map(text).join('\n'),
      routeStylesheets,
      modulePreloads: [...new Set([...keys, ...locales])].map((key) => {
        const chunk = manifest[key];
        if (!chunk) throw new Error(`"${key}" is not in the web build manifest`);
        return chunk.file;
      }),
    };
    cache.set(cacheKey, assets);
    return assets;
  };
}
