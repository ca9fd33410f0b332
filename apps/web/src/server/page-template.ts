import type { TLocale } from '@makazi/contracts/common-values';

const HTML_LANG = /<html lang="[^"]*"/;
const DEFAULT_TITLE = /<title>[^<]*<\/title>\s*/;
const DEFAULT_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;
const ROOT = '<div id="root"></div>';
/** The entry's stylesheet links Vite wrote: a rendered page carries that CSS itself. */
const STYLESHEET_LINK = /<link\s+rel="stylesheet"[^>]*>\s*/g;

export interface PageTemplate {
  /** The client-rendered shell in a language: for the pages the server does not render. */
  shell(language: TLocale): string;
  /** A rendered page: its head tags (title, meta, links) and the root's markup, with its state. */
  page(parts: { language: TLocale; head: string; body: string; state: string }): string;
}

/**
 * The built index.html, cut once into the pieces every page is put together from. It keeps Vite's
 * own tags (the entry script, the font preloads); a rendered page brings its own title and
 * description instead of the shell's defaults, and its CSS in the page (page-assets.ts).
 */
export function createPageTemplate(indexHtml: string): PageTemplate {
  if (!HTML_LANG.test(indexHtml) || !indexHtml.includes(ROOT) || !indexHtml.includes('</head>')) {
    throw new Error('index.html lacks <html lang>, </head> or the empty root the pages fill');
  }
  const withLanguage = (html: string, language: TLocale) =>
    html.replace(HTML_LANG, `<html lang="${language}"`);
  const bare = indexHtml
    .replace(DEFAULT_TITLE, '')
    .replace(DEFAULT_DESCRIPTION, '')
    .replace(STYLESHEET_LINK, '');
  const headEnd = bare.indexOf('</head>');
  const rootAt = bare.indexOf(ROOT);
  const beforeHeadEnd = bare.slice(0, headEnd);
  const betweenHeadAndRoot = bare.slice(headEnd, rootAt);
  const afterRoot = bare.slice(rootAt + ROOT.length);

  return {
    shell: (language) => withLanguage(indexHtml, language),
    page: ({ language, head, body, state }) =>
      withLanguage(beforeHeadEnd, language) +
      head +
      betweenHeadAndRoot +
      `<div id="root">${body}</div>` +
      state +
      afterRoot,
  };
}
