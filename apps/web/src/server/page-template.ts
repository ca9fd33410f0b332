import type { TLocale } from '@makazi/contracts/common-values';
import { HEADER_END_ID } from '../app/layouts/header';
import { DATA_SAVER_ATTRIBUTE } from '../lib/data-saver';
import { manifestPath } from '../pwa/web-app-manifest';

const HTML_LANG = /<html lang="[^"]*"/;
/** The web app manifest, one per language (pwa/web-app-manifest.ts). */
const MANIFEST_LINK = /<link rel="manifest" href="[^"]*"/;
const DEFAULT_TITLE = /<title>[^<]*<\/title>\s*/;
const DEFAULT_DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/;
const ROOT = '<div id="root"></div>';
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;
/** The app's entry script and the module preloads of its code. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*>\s*/g;
/**
 * Served from public/: with data saver, a rendered page loads its app code only when the person
 * first asks for something that needs it (decision 044).
 */
const LITE_LOADER = '/lite.js';
/** The entry's stylesheet links Vite wrote: a rendered page carries that CSS itself. */
const STYLESHEET_LINK = /<link\s+rel="stylesheet"[^>]*>\s*/g;
/**
 * The shell's font preloads (vite.config.ts preloadFonts): a rendered page's text is painted
 * before any font could arrive on 3G, in the metric-matched fallback (font-display: optional), so
 * a preload would only take bandwidth from the page's photo. The text asks for Lato itself, and
 * the next page has it (decision 024).
 */
const FONT_PRELOAD = /<link\s+rel="preload"\s+as="font"[^>]*>\s*/g;
/**
 * On a screen wide enough for the header's nav (layout.css shows it from 600 px), a rendered page
 * is painted only once the parser has reached the end of the header. On a slow network and a slow
 * CPU Chromium paints whatever part of the document it has parsed: it painted the nav with its
 * first link alone, 48 px wide, and laid the rest beside it 200 ms later, every item moving (a
 * layout shift of 0.0102; 4 first visits in 23 over slow 4G with the CPU slowed 8×). `rel=expect`
 * holds rendering until its element is in the document; Chromium 156 lets go at the element's start
 * tag, so the target is an empty element at the header's end. The wait cost about 90 ms of first
 * paint in those visits, so a phone, whose nav is folded behind the menu button and cannot move
 * so, does not wait. Browsers without `rel=expect` ignore it. Decision 050.
 */
const HEADER_PARSED = `<link rel="expect" href="#${HEADER_END_ID}" blocking="render" media="(min-width: 600px)">`;

export interface PageTemplate {
  /**
   * The client-rendered shell in a language: for the pages the server does not render. For data
   * saver without the font preloads: the fallback font is fine (font-display: optional), and the
   * page asks for Lato itself only if it is there in time.
   */
  shell(language: TLocale, dataSaver: boolean): string;
  /**
   * A rendered page: `early` goes right after the charset (its title, meta and links, and the
   * preload of its largest image, asked for before anything else), `late` at the end of the head
   * (its CSS and module preloads), then the root's markup and its state.
   */
  page(parts: {
    language: TLocale;
    /** Marks <html> for data saver: the page's CSS then asks for no web font. */
    dataSaver: boolean;
    early: Uint8Array;
    late: string;
    body: Uint8Array;
    state: string;
  }): Buffer;
}

/**
 * The built index.html, cut once into the pieces every page is put together from. It keeps Vite's
 * own tags (the entry script, its module preloads); a rendered page brings its own title and
 * description instead of the shell's defaults, its CSS in the page (page-assets.ts), and no font
 * preloads.
 */
export function createPageTemplate(indexHtml: string): PageTemplate {
  if (
    !HTML_LANG.test(indexHtml) ||
    !CHARSET.test(indexHtml) ||
    !indexHtml.includes(ROOT) ||
    !indexHtml.includes('</head>')
  ) {
    throw new Error('index.html lacks <html lang>, its charset, </head> or the empty root');
  }
  const withLanguage = (html: string, language: TLocale, dataSaver = false) =>
    html
      .replace(HTML_LANG, `<html lang="${language}"${dataSaver ? ` ${DATA_SAVER_ATTRIBUTE}` : ''}`)
      .replace(MANIFEST_LINK, `<link rel="manifest" href="${manifestPath(language)}"`);
  const bare = indexHtml
    .replace(DEFAULT_TITLE, '')
    .replace(DEFAULT_DESCRIPTION, '')
    .replace(STYLESHEET_LINK, '')
    .replace(FONT_PRELOAD, '');
  const charset = CHARSET.exec(bare)!;
  const afterCharset = charset.index + charset[0].length;
  const headEnd = bare.indexOf('</head>');
  const rootAt = bare.indexOf(ROOT);
  const upToCharset = bare.slice(0, afterCharset);
  const restOfHead = bare.slice(afterCharset, headEnd);
  const betweenHeadAndRoot = bare.slice(headEnd, rootAt);
  const afterRoot = bare.slice(rootAt + ROOT.length);

  // The fixed pieces as bytes, made once per language and data-saver setting: a page is put
  // together from bytes (PageRenderResult).
  const perVariant = (html: string) => {
    const made = new Map<string, Buffer>();
    return (language: TLocale, dataSaver = false) => {
      const key = `${language} ${dataSaver}`;
      let bytes = made.get(key);
      if (!bytes) {
        bytes = Buffer.from(withLanguage(html, language, dataSaver));
        made.set(key, bytes);
      }
      return bytes;
    };
  };
  const start = perVariant(upToCharset);
  const headRest = perVariant(restOfHead);
  const entry = ENTRY_SCRIPT.exec(restOfHead)?.[1];
  if (!entry) throw new Error('index.html lacks the app’s entry script');
  // With data saver: no app code until it is asked for, only the loader that fetches it then.
  const liteHeadRest = perVariant(
    restOfHead
      .replace(ENTRY_SCRIPT, `<script defer src="${LITE_LOADER}" data-entry="${entry}"></script>`)
      .replace(MODULE_PRELOAD, ''),
  );
  const headerParsed = Buffer.from(HEADER_PARSED);
  const rootStart = Buffer.from(`${betweenHeadAndRoot}<div id="root">`);
  const rootEnd = Buffer.from('</div>');
  const end = Buffer.from(afterRoot);

  return {
    shell: (language, dataSaver) =>
      withLanguage(
        dataSaver ? indexHtml.replace(FONT_PRELOAD, '') : indexHtml,
        language,
        dataSaver,
      ),
    page: ({ language, dataSaver, early, late, body, state }) =>
      Buffer.concat([
        start(language, dataSaver),
        early,
        dataSaver ? liteHeadRest(language) : headRest(language),
        Buffer.from(dataSaver ? late.replace(MODULE_PRELOAD, '') : late),
        headerParsed,
        rootStart,
        body,
        rootEnd,
        Buffer.from(state),
        end,
      ]),
  };
}
