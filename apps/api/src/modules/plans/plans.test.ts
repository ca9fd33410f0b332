import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPlan } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  const features = (n: number) => ({ en: [`English ${n}`], sw: [`Kiswahili ${n}`] });
  const week = await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 7,
    priceTzs: 10_000,
    features: features(7),
  });
  const day = await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 1,
    priceTzs: 2_000,
    features: features(1),
  });
  await insertPlan(t.db, {
    kind: 'subscription',
    durationDays: 30,
    priceTzs: 30_000,
    features: features(30),
    active: false,
  });
  const promo = await insertPlan(t.db, {
    kind: 'promotion',
    durationDays: 3,
    priceTzs: 5_000,
    features: features(3),
  });
  ids = { week: week.id, day: day.id, promo: promo.id };
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, language?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: language === undefined ? {} : { 'accept-language': language },
  });

describe('GET /api/subscription-plan and /api/promotion-plan', () => {
  it('lists active subscription plans shortest first, features in English by default', async () => {
    const res = await get('/api/subscription-plan');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: ids.day, durationInDays: 1, price: 2_000, features: ['English 1'] },
      { id: ids.week, durationInDays: 7, price: 10_000, features: ['English 7'] },
    ]);
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('answers in Swahili when Accept-Language prefers it', async () => {
    for (const language of ['sw', 'sw-TZ,sw;q=0.9,en;q=0.8', 'en;q=0.5, sw']) {
      const res = await get('/api/promotion-plan', language);
      expect(res.json(), language).toEqual([
        { id: ids.promo, durationInDays: 3, price: 5_000, features: ['Kiswahili 3'] },
      ]);
    }
    for (const language of ['en-GB', 'fr, en;q=0.1', 'sw;q=0.2, en;q=0.8', 'fr', '*', '']) {
      const res = await get('/api/promotion-plan', language);
      expect(res.json<{ features: string[] }[]>()[0]?.features, language).toEqual(['English 3']);
    }
  });
});
