import path from 'node:path';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = 'http://127.0.0.1:3000';
const FIRST_VISIT_LIBRARIES =
  /node_modules\/(react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)\//;

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

export default defineConfig({
  plugins: [react(), preloadFonts()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api },
  },
  build: {
    // The API serves dist/ and the bench reads the manifest to measure what the home route ships.
    manifest: true,
    target: 'es2022',
    sourcemap: false,
    rollupOptions: {
      output: {
        // The libraries every page runs, in one chunk: compressed together they are ~3 KiB smaller
        // than split among the lazy routes that share them, and a release that changes only our
        // code leaves this chunk cached on the phone.
        manualChunks: (id: string) => (FIRST_VISIT_LIBRARIES.test(id) ? 'vendor' : undefined),
      },
    },
  },
});
