import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { plans } from '../schema';

export interface PlanSeed {
  kind: 'subscription' | 'promotion';
  durationDays: number;
  priceTzs: number;
  features: { en: string[]; sw: string[] };
}

/**
 * The plans a fresh installation offers; admins adjust them later (a new row, the old one
 * inactive). A promotion of any length is shown first in Newest and so in the home carousels
 * (which read Newest), with the card's "Promoted" badge: every promotion plan says so.
 */
export const PLAN_SEEDS: readonly PlanSeed[] = [
  {
    kind: 'subscription',
    durationDays: 1,
    priceTzs: 2_000,
    features: {
      en: [
        'View owners’ phone numbers for 24 hours',
        'Call or chat with owners directly',
        'All listing types',
      ],
      sw: [
        'Ona namba za wamiliki kwa saa 24',
        'Piga simu au chati na wamiliki moja kwa moja',
        'Aina zote za matangazo',
      ],
    },
  },
  {
    kind: 'subscription',
    durationDays: 7,
    priceTzs: 10_000,
    features: {
      en: [
        'View owners’ phone numbers for 7 days',
        'Call or chat with owners directly',
        'All listing types',
        'Save 29% against daily',
      ],
      sw: [
        'Ona namba za wamiliki kwa siku 7',
        'Piga simu au chati na wamiliki moja kwa moja',
        'Aina zote za matangazo',
        'Okoa 29% ukilinganisha na kila siku',
      ],
    },
  },
  {
    kind: 'subscription',
    durationDays: 30,
    priceTzs: 30_000,
    features: {
      en: [
        'View owners’ phone numbers for 30 days',
        'Call or chat with owners directly',
        'All listing types',
        'Best value: save 50% against daily',
      ],
      sw: [
        'Ona namba za wamiliki kwa siku 30',
        'Piga simu au chati na wamiliki moja kwa moja',
        'Aina zote za matangazo',
        'Thamani bora: okoa 50% ukilinganisha na kila siku',
      ],
    },
  },
  {
    kind: 'promotion',
    durationDays: 1,
    priceTzs: 5_000,
    features: {
      en: [
        'Listed first in Newest for 24 hours',
        'Shown first in the home page carousels',
        'A “Promoted” badge on the card',
      ],
      sw: [
        'Tangazo lako juu kabisa kwa saa 24',
        'Huonekana kwanza kwenye ukurasa wa mwanzo',
        'Alama ya “Imepandishwa” kwenye kadi',
      ],
    },
  },
  {
    kind: 'promotion',
    durationDays: 7,
    priceTzs: 25_000,
    features: {
      en: [
        'Listed first in Newest for 7 days',
        'Shown first in the home page carousels',
        'A “Promoted” badge on the card',
      ],
      sw: [
        'Tangazo lako juu kabisa kwa siku 7',
        'Huonekana kwanza kwenye ukurasa wa mwanzo',
        'Alama ya “Imepandishwa” kwenye kadi',
      ],
    },
  },
  {
    kind: 'promotion',
    durationDays: 30,
    priceTzs: 80_000,
    features: {
      en: [
        'Listed first in Newest for 30 days',
        'Shown first in the home page carousels',
        'A “Promoted” badge on the card',
        'Best value for agents and developers',
      ],
      sw: [
        'Tangazo lako juu kabisa kwa siku 30',
        'Huonekana kwanza kwenye ukurasa wa mwanzo',
        'Alama ya “Imepandishwa” kwenye kadi',
        'Thamani bora kwa madalali na waendelezaji',
      ],
    },
  },
];

/** Inserts the default plans that have no active plan of the same kind and length. Idempotent. */
export async function seedPlans(db: Database): Promise<number> {
  const inserted = await db
    .insert(plans)
    .values(PLAN_SEEDS.map((p) => ({ ...p })))
    .onConflictDoNothing({
      target: [plans.kind, plans.durationDays],
      where: sql`active`,
    })
    .returning({ id: plans.id });
  return inserted.length;
}
