import path from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifestPath, webAppManifest } from './src/pwa/web-app-manifest.ts';

const api = 'http://127.0.0.1:3000';
const FIRST_VISIT_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)\//;
/**
 * The app's translation hook (decision 038) wraps i18next and is used by the entry and every
 * route: on its own it became a chunk of 1 KiB, one more request on every first visit.
 */
const TRANSLATION_HOOK = /\/src\/lib\/use-translation\.ts$/;

/** What the font preloading reads of the built bundle: the CSS files' text. */
type BuiltFiles = Readonly<Record<string, { type: string; source?: string | Uint8Array }>>;

const LINK_TAG = /<link\b[^>]*>/gi;
const FONT_FACE = /@font-face\s*\{([^}]*)\}/gi;
const CSS_URL = /url\(\s*(['"]?)([^'")]+)\1\s*\)/gi;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}\\s*=\\s*(["'])(.*?)\\1`, 'i').exec(tag)?.[2];
}

/**
 * The preload links for the WOFF2 files that the @font-face rules of the page's up-front
 * stylesheets (the `<link rel="stylesheet">` tags Vite wrote into the HTML) point at, with the
 * hashed names those rules use. `crossorigin` because fonts are always fetched in CORS mode: a
 * preload without it is not reused and the font downloads twice.
 */
export function fontPreloadTags(html: string, bundle: BuiltFiles): HtmlTagDescriptor[] {
  const hrefs = new Set<string>();
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const cssHref = attribute(tag, 'href');
    if (attribute(tag, 'rel')?.toLowerCase() !== 'stylesheet' || !cssHref) continue;
    // Another site's stylesheet is not ours to read.
    if (/^([a-z]+:)?\/\//i.test(cssHref)) continue;
    const cssPath = new URL(cssHref, 'https://app.invalid/').pathname;
    const cssFile = Object.keys(bundle).find((name) => cssPath.endsWith(`/${name}`));
    const css = cssFile ? bundle[cssFile]?.source : undefined;
    if (typeof css !== 'string') {
      throw new Error(`preload-fonts: ${cssHref} is linked by the HTML but not in the bundle`);
    }
    for (const [, rule = ''] of css.matchAll(FONT_FACE)) {
      for (const [, , url = ''] of rule.matchAll(CSS_URL)) {
        if (url.startsWith('data:') || !/\.woff2([?#]|$)/i.test(url)) continue;
        // A URL in a stylesheet is relative to the stylesheet; in a link tag, to the page.
        hrefs.add(
          url.startsWith('/') || /^[a-z]+:/i.test(url)
            ? url
            : path.posix.join(path.posix.dirname(cssHref), url),
        );
      }
    }
  }
  return [...hrefs].map((href) => ({
    tag: 'link',
    attrs: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: true, href },
    injectTo: 'head',
  }));
}

/**
 * Lato's files are otherwise found only once the app has rendered text in it, and with
 * font-display: optional (styles/fonts.css) a first visit then keeps the fallback. Preloaded, they
 * download alongside the scripts and are there when the first text is laid out (decision 024).
 */
export function preloadFonts(): Plugin {
  return {
    name: 'makazi:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      // After Vite has written its own script and stylesheet tags, which this reads.
      order: 'post',
      handler: (html, { bundle }) => (bundle ? fontPreloadTags(html, bundle) : []),
    },
  };
}

/** The lazy routes of the pages the server renders (src/server/page-assets.ts PAGE_MODULES). */
const SERVER_RENDERED_ROUTES = /\/src\/app\/routes\/(home|list|detail|details-redirect|info)\.tsx$/;
const ENTRY = /\/src\/main\.tsx$/;
/** The texts every page loads at start (src/lib/i18n.ts NAMESPACES), one file per language. */
const START_LOCALES = /\/src\/locales\/(en|sw)\/(common|catalogue|detail|auth)\.json$/;

type ModuleInfoOf = (id: string) => { importers: readonly string[] } | null;

/** Whether `id` is imported, directly or through other modules, by a module that `matches`. */
function importedBy(id: string, matches: RegExp, moduleInfo: ModuleInfoOf): boolean {
  const seen = new Set<string>();
  const pending = [id];
  while (pending.length > 0) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    if (current !== id && matches.test(current)) return true;
    pending.push(...(moduleInfo(current)?.importers ?? []));
  }
  return false;
}

/**
 * The chunks a first visit downloads. Left to itself, the bundler splits the code the public
 * pages share into a dozen chunks of 1–3 KiB: over HTTP/1.1 a phone opens six connections to a
 * host, so the page's photo waited behind them (Lighthouse, decision 034). Grouped:
 * - `vendor`: the libraries every page runs; a release that changes only our code leaves it cached;
 * - `pages`: what the server-rendered pages' routes import beyond the entry, together;
 * - `locales-<language>`: the start texts of one language, one request instead of four.
 */
export function firstVisitChunk(id: string, moduleInfo: ModuleInfoOf): string | undefined {
  if (FIRST_VISIT_LIBRARIES.test(id) || TRANSLATION_HOOK.test(id)) return 'vendor';
  const locale = START_LOCALES.exec(id);
  if (locale) return `locales-${locale[1]}`;
  if (id.includes('/node_modules/') || !id.includes('/src/')) return undefined;
  // Each route stays its own chunk, the one its lazy import names (the server preloads it).
  if (SERVER_RENDERED_ROUTES.test(id)) return undefined;
  // Code the entry imports stays with the entry; code only the other screens import, with them.
  if (importedBy(id, ENTRY, moduleInfo)) return undefined;
  return importedBy(id, SERVER_RENDERED_ROUTES, moduleInfo) ? 'pages' : undefined;
}

/** Writes the two web app manifests (src/pwa/web-app-manifest.ts). */
function webAppManifests(): Plugin {
  return {
    name: 'makazi:web-app-manifests',
    apply: 'build',
    generateBundle() {
      for (const language of ['en', 'sw'] as const) {
        this.emitFile({
          type: 'asset',
          fileName: manifestPath(language).slice(1),
          source: JSON.stringify(webAppManifest(language)),
        });
      }
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    preloadFonts(),
    webAppManifests(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'service-worker.ts',
      // Registered by the app itself (app/service-worker-registration.ts), after the page loaded.
      injectRegister: false,
      // Written by webAppManifests, one per language.
      manifest: false,
      injectManifest: {
        // Only the shell: what a page loads is kept as it loads (decision 045), and a first
        // visit's files are kept from the browser's HTTP cache, so installing downloads nothing
        // more.
        globPatterns: ['index.html'],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api },
  },
  build: {
    // The API serves dist/ and the bench reads the manifest to measure what the home route ships.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        advancedChunks: {
          // A module joins its group alone: the libraries it imports stay in theirs.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: (id, context) =>
                firstVisitChunk(id, (other) => context.getModuleInfo(other)) ?? null,
            },
          ],
        },
      },
    },
  },
});
