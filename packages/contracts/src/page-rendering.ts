import type { TLocale } from './common-values';
import type { TPropertyCountResponse, TTakenListing } from './properties';
import type { TSiteResponse } from './site';
import type { TPropertySort, TPropertyType } from './property-values';

/*
 * The contract between the API server and the web app's server renderer (apps/web/src/
 * entry-server.tsx, built to apps/web/dist/.ssr): the server hands over the request and a way to
 * read the catalogue, the renderer answers a page, a redirect, or "not mine" (the client-rendered
 * shell). Plain types: both sides are our code, in one process.
 */

/** A page of the public catalogue as GET /api/properties answers it: the JSON array, ready. */
export interface CataloguePageData {
  json: string;
  nextCursor: string | null;
}

export interface CatalogueListQuery {
  type?: TPropertyType;
  search?: string;
  minPrice?: number;
  maxPrice?: number;
  sort: TPropertySort;
  limit: number;
  cursor?: string;
}

/**
 * What a server-rendered page may read, as the public sees it: never anything personal, so a
 * rendered page can be shared by every visitor.
 */
export interface PageDataSource {
  /** null: the cursor does not fit the query (GET /api/properties answers it a 400). */
  listProperties(query: CatalogueListQuery): Promise<CataloguePageData | null>;
  /** GET /api/properties/count's answer for the list's filters. */
  countProperties(
    query: Omit<CatalogueListQuery, 'sort' | 'limit' | 'cursor'>,
  ): Promise<TPropertyCountResponse>;
  /**
   * The public listing as GET /api/properties/{id} answers it anonymously (`json`), or what the
   * public may still know of one rented or sold (`taken`, the 410's); null when neither.
   */
  getProperty(id: string): Promise<{ json: string } | { taken: TTakenListing } | null>;
  siteInfo(): TSiteResponse;
}

export interface PageRenderRequest {
  /** Path and query string as requested. */
  url: string;
  /** The origin absolute links name (canonical, hreflang, og:url). */
  origin: string;
  language: TLocale;
  /**
   * Render for data saver (decision 044): the smallest card photos, detail photos loaded when
   * tapped. Decided by the server from the request's headers only (apps/api data-saver.ts).
   */
  dataSaver: boolean;
  data: PageDataSource;
}

export type PageRenderResult =
  /**
   * `html`: the page's UTF-8 bytes. React writes bytes; keeping them as bytes up to the socket and
   * the compressor saves decoding and encoding a page of 100 KB again (about 2 ms of a list page).
   */
  | { kind: 'page'; status: number; html: Uint8Array }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a server-rendered page: the server sends the client-rendered shell. */
  | { kind: 'shell' };

/** A chunk of Vite's build manifest (dist/.vite/manifest.json), as far as pages need it. */
export interface BuiltChunk {
  file: string;
  /** A chunk the build's own grouping made (vite.config.ts firstVisitChunk): its group. */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

/** What apps/web/dist/.ssr/entry-server.js exports. */
export interface PageRendererModule {
  createPageRenderer(build: {
    /** The built dist/index.html. */
    template: string;
    manifest: Record<string, BuiltChunk>;
    /** The text of every stylesheet the manifest names, by its file (assets/x.css). */
    styles: Record<string, string>;
  }): PageRenderer;
}

export interface PageRenderer {
  render(request: PageRenderRequest): Promise<PageRenderResult>;
  /**
   * The client-rendered shell (index.html) in a language: for every page the server does not
   * render. In data-saver mode without the font preloads.
   */
  shell(language: TLocale, dataSaver?: boolean): string;
}
