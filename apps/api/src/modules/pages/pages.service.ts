import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { PAGE_QUERY_PARAMS, type TLocale } from '@makazi/contracts/common-values';
import type {
  CatalogueListQuery,
  PageDataSource,
  PageRenderer,
} from '@makazi/contracts/page-rendering';
import { ZListPropertiesQuery, type TPropertyCountResponse } from '@makazi/contracts/properties';
import { AppError } from '../../lib/errors';
import type { TtlCache } from '../../lib/ttl-cache';
import type { PropertiesService } from '../properties/properties.service';
import type { SiteService } from '../site/site.service';

export type PageEncoding = 'br' | 'gzip';

/**
 * A rendered page, compressed once in each encoding a visitor asks for, not for every visitor it
 * is sent to.
 */
export interface RenderedPage {
  kind: 'page';
  status: number;
  /** UTF-8. */
  html: Uint8Array;
  encoded(encoding: PageEncoding): Buffer;
}

/** What a page request is answered with. */
export type PageAnswer =
  | RenderedPage
  | { kind: 'redirect'; status: number; location: string }
  | { kind: 'shell'; status: number; html: string };

export interface PageRequest {
  url: string;
  origin: string;
  language: TLocale;
  /** Rendered for data saver (decision 044; decided by ./data-saver.ts). */
  dataSaver: boolean;
}

export interface PagesService {
  /** The page at `url`: rendered (and shared for a few seconds), a redirect, or the shell. */
  answer(request: PageRequest): Promise<PageAnswer>;
  /** The client-rendered shell, for pages that cannot be rendered now (too busy, too many). */
  shell(language: TLocale, dataSaver: boolean): string;
}

export interface PagesServiceDeps {
  renderer: PageRenderer;
  properties: Pick<PropertiesService, 'listPublic' | 'getForViewer' | 'countPublic'>;
  site: SiteService;
  /** Rendered pages, shared by every visitor; forgotten with the catalogue's pages. */
  cache: TtlCache<PageAnswer>;
}

/**
 * A page is compressed once and sent many times. On a 75 KB list page brotli quality 4 takes
 * 1.8 ms for 7.6 KB where quality 3 takes 2.1 ms for 8.1 KB and 5 takes 3.0 ms for 7.2 KB; gzip
 * at level 6, for the few browsers without brotli, 1.5 ms. From the page's bytes rather than a
 * string, brotli takes a third of that. Synchronously: on the thread pool, ten pages compressed
 * at once cost six times the CPU each (a brotli encoder's state per call, measured).
 */
const BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };

function renderedPage(status: number, html: Uint8Array): RenderedPage {
  const encoded = new Map<PageEncoding, Buffer>();
  return {
    kind: 'page',
    status,
    html,
    encoded(encoding) {
      let body = encoded.get(encoding);
      if (!body) {
        body = encoding === 'br' ? brotliCompressSync(html, BROTLI) : gzipSync(html);
        encoded.set(encoding, body);
      }
      return body;
    },
  };
}

/**
 * The page a URL asks for: its path and the parameters a page is made of, in one order. A
 * tracking tag (utm_source, fbclid: a new one on every click from Facebook) would otherwise make
 * every visit a new page to render and to keep.
 */
export function pagePath(url: string): string {
  const parsed = new URL(url, 'http://page.invalid');
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) {
    const value = parsed.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

function isAppError(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

/**
 * Server-rendered public pages (decision 034). A page reads the catalogue as an anonymous visitor
 * does, through the properties service (its page cache, its guard, its statement timeout), so a
 * rendered page holds nothing personal and is shared by everyone who asks for the same URL in the
 * same language within the catalogue's time to live.
 */
export function createPagesService(deps: PagesServiceDeps): PagesService {
  const { renderer, properties, site, cache } = deps;

  const data: PageDataSource = {
    async listProperties(query: CatalogueListQuery) {
      const parsed = ZListPropertiesQuery.safeParse(query);
      // The web app hands over a query it checked itself; only a cursor can still be refused.
      if (!parsed.success) {
        if (query.cursor !== undefined) return null;
        throw new Error(`A page asked for the catalogue with a query the API refuses`);
      }
      try {
        return await properties.listPublic(parsed.data);
      } catch (error) {
        if (query.cursor !== undefined && isAppError(error, 'VALIDATION_FAILED')) return null;
        throw error;
      }
    },
    async getProperty(id) {
      try {
        const viewed = await properties.getForViewer(id, undefined);
        return viewed.asOwner ? null : viewed;
      } catch (error) {
        if (isAppError(error, 'NOT_FOUND')) return null;
        throw error;
      }
    },
    async countProperties(query) {
      // Written by the service from its own contract type: read back as it is.
      return JSON.parse(await properties.countPublic(query)) as TPropertyCountResponse;
    },
    siteInfo: () => site.info(),
  };

  return {
    answer({ url: requested, origin, language, dataSaver }) {
      const url = pagePath(requested);
      // The origin is in the key: without PUBLIC_URL it comes from the request's Host header.
      // Data saver too: the same URL is another page for it (smaller photos, none preloaded).
      const saving = dataSaver ? 'saver' : 'full';
      return cache.get(`${origin} ${language} ${saving} ${url}`, async () => {
        const result = await renderer.render({ url, origin, language, dataSaver, data });
        if (result.kind === 'shell') {
          return { kind: 'shell', status: 200, html: renderer.shell(language, dataSaver) };
        }
        if (result.kind === 'redirect') return result;
        return renderedPage(result.status, result.html);
      });
    },
    shell: (language, dataSaver) => renderer.shell(language, dataSaver),
  };
}
