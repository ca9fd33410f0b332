import { describe, expect, it } from 'vitest';
import {
  LISTING_PAGES_CACHE,
  PAGES_CACHE,
  isCatalogueRead,
  isKeepable,
  pageCacheFor,
} from './offline-rules';

const ORIGIN = 'https://makazi.example';
const LISTING_ID = '0b6f3a52-6d0e-4c43-9a55-1b2c3d4e5f60';
const url = (path: string) => new URL(path, ORIGIN);
const get = (path: string, headers: HeadersInit = {}) => new Request(url(path), { headers });

describe('pageCacheFor', () => {
  it('keeps listing pages apart from home and the lists', () => {
    for (const path of [`/lease/${LISTING_ID}`, `/land/${LISTING_ID}`, `/details/${LISTING_ID}`]) {
      expect(pageCacheFor(url(path))).toBe(LISTING_PAGES_CACHE);
    }
    for (const path of ['/home', '/', '/lease', '/apartment?search=Sinza', '/faq', '/about']) {
      expect(pageCacheFor(url(path))).toBe(PAGES_CACHE);
    }
  });

  it('never keeps a signed-in person’s pages, the wizard or the admin area', () => {
    for (const path of [
      '/posts',
      '/saved',
      '/post',
      '/contacts-viewed',
      `/user/lease/${LISTING_ID}`,
      '/admin/property',
      '/login',
      '/subscribe',
      '/alerts/off/abc',
    ]) {
      expect(pageCacheFor(url(path))).toBeNull();
    }
  });
});

describe('isCatalogueRead', () => {
  it('takes the public reads of the catalogue', () => {
    for (const path of [
      '/api/properties?type=Rent&limit=12',
      `/api/properties/${LISTING_ID}`,
      '/api/locations/regions',
      '/api/locations/regions/7',
      '/api/insights/prices?type=Rent&wardId=3',
      '/api/site',
    ]) {
      expect(isCatalogueRead(get(path), url(path))).toBe(true);
    }
  });

  it('leaves contacts, personal reads, writes and anything sent with a token to the network', () => {
    for (const path of [
      `/api/properties/${LISTING_ID}/contact`,
      '/api/me/favourites',
      '/api/me/saved-searches',
      '/api/payments/p1',
      '/api/users/u1',
      '/api/auth/login',
    ]) {
      expect(isCatalogueRead(get(path), url(path))).toBe(false);
    }
    const listing = `/api/properties/${LISTING_ID}`;
    expect(isCatalogueRead(get(listing, { Authorization: 'Bearer t' }), url(listing))).toBe(false);
    expect(
      isCatalogueRead(
        new Request(url('/api/properties'), { method: 'POST' }),
        url('/api/properties'),
      ),
    ).toBe(false);
  });
});

describe('isKeepable', () => {
  const answer = (headers: HeadersInit, status = 200) => new Response('x', { status, headers });

  it('keeps what the server marked public', () => {
    expect(isKeepable(answer({ 'Cache-Control': 'public, max-age=60' }))).toBe(true);
    expect(isKeepable(answer({ 'Cache-Control': 'public, max-age=31536000, immutable' }))).toBe(
      true,
    );
  });

  it('never keeps a personal answer, an unmarked one or a failure', () => {
    expect(isKeepable(answer({ 'Cache-Control': 'private, no-store' }))).toBe(false);
    expect(isKeepable(answer({ 'Cache-Control': 'public, no-store' }))).toBe(false);
    expect(isKeepable(answer({ 'Cache-Control': 'no-cache' }))).toBe(false);
    expect(isKeepable(answer({}))).toBe(false);
    expect(isKeepable(answer({ 'Cache-Control': 'public, max-age=60', 'Set-Cookie': 'a=b' }))).toBe(
      false,
    );
    expect(isKeepable(answer({ 'Cache-Control': 'public, max-age=60' }, 404))).toBe(false);
  });
});
