import type { FastifyRequest } from 'fastify';
import { isLocale, type TLocale } from '@makazi/contracts/common-values';
import { LANGUAGE_COOKIE, LANGUAGE_QUERY_PARAM } from '@makazi/contracts/common-values';

export interface PageLanguage {
  language: TLocale;
  /** The URL names it: the page is the same for everyone; otherwise it varies by visitor. */
  fromUrl: boolean;
}

const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

/** The supported language the Accept-Language header prefers most (q=0 refuses), if any. */
export function preferredLanguage(header: string | undefined): TLocale | null {
  let best: { language: TLocale; q: number } | null = null;
  for (const part of (header ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const language = tag.split('-')[0];
    if (!isLocale(language)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { language, q };
  }
  return best?.language ?? null;
}

/**
 * The language a page is rendered in (decision 034): the URL's `lang`, else the visitor's choice
 * (the cookie the language switch writes), else the browser's preference between Swahili and
 * English, else English. The browser's own detection (lib/i18n.ts detectLanguage) agrees.
 */
export function pageLanguage(request: FastifyRequest): PageLanguage {
  const fromUrl = (request.query as Record<string, unknown> | undefined)?.[LANGUAGE_QUERY_PARAM];
  if (isLocale(fromUrl)) return { language: fromUrl, fromUrl: true };
  const chosen = COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (isLocale(chosen)) return { language: chosen, fromUrl: false };
  return {
    language: preferredLanguage(request.headers['accept-language']) ?? 'en',
    fromUrl: false,
  };
}
