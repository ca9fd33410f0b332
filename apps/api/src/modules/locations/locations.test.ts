import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { districts, regions, streets, wards } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  // Inserted out of name order, with a second region whose children must not leak into the first.
  await t.db.insert(regions).values([
    { id: 2, name: 'Mwanza' },
    { id: 1, name: 'Arusha' },
    { id: 3, name: 'Dodoma' },
  ]);
  await t.db.insert(districts).values([
    { id: 12, regionId: 1, name: 'Meru' },
    { id: 11, regionId: 1, name: 'Arumeru' },
    { id: 21, regionId: 2, name: 'Ilemela' },
  ]);
  await t.db.insert(wards).values([
    { id: 112, districtId: 11, name: 'Usa River' },
    { id: 111, districtId: 11, name: 'Kikatiti' },
  ]);
  await t.db.insert(streets).values([
    { id: 1113, wardId: 111, name: 'Ngarenanyuki' },
    { id: 1111, wardId: 111, name: 'Kikatiti Kati' },
    { id: 1121, wardId: 112, name: 'Tengeru' },
  ]);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/locations', () => {
  it('lists regions by name, cacheable for a day', async () => {
    const res = await get('/api/locations/regions');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: 1, name: 'Arusha' },
      { id: 3, name: 'Dodoma' },
      { id: 2, name: 'Mwanza' },
    ]);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('walks region → districts → wards → streets, each level sorted by name', async () => {
    expect((await get('/api/locations/regions/1')).json()).toEqual({
      id: 1,
      name: 'Arusha',
      districts: [
        { id: 11, name: 'Arumeru' },
        { id: 12, name: 'Meru' },
      ],
    });
    expect((await get('/api/locations/districts/11')).json()).toEqual({
      id: 11,
      name: 'Arumeru',
      wards: [
        { id: 111, name: 'Kikatiti' },
        { id: 112, name: 'Usa River' },
      ],
    });
    const ward = await get('/api/locations/wards/111');
    expect(ward.json()).toEqual({
      id: 111,
      name: 'Kikatiti',
      streets: [
        { id: 1111, name: 'Kikatiti Kati' },
        { id: 1113, name: 'Ngarenanyuki' },
      ],
    });
    expect(ward.headers['cache-control']).toBe('public, max-age=86400');
    // A level with no children is an empty list, not a 404.
    expect((await get('/api/locations/regions/3')).json()).toEqual({
      id: 3,
      name: 'Dodoma',
      districts: [],
    });
  });

  it.each(['regions', 'districts', 'wards'])(
    '%s: unknown id → 404, not a number → 400',
    async (level) => {
      const missing = await get(`/api/locations/${level}/999999`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
      expect(missing.headers['cache-control']).toBeUndefined();

      for (const bad of ['abc', '1.5', '-1', '0', '99999999999']) {
        const res = await get(`/api/locations/${level}/${bad}`);
        expect(res.statusCode, bad).toBe(400);
        expect(res.json(), bad).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ field: 'id' }],
        });
      }
    },
  );
});
