import { z } from 'zod';

export const ZPlanKind = z.enum(['subscription', 'promotion']);
export type TPlanKind = z.infer<typeof ZPlanKind>;

export const ZPlan = z.object({
  id: z.uuid(),
  durationInDays: z.number().int().positive(),
  /** Whole TZS. */
  price: z.number().int().nonnegative(),
  /** In the language the request asked for (Accept-Language: sw | en). */
  features: z.array(z.string()),
});
export type TPlan = z.infer<typeof ZPlan>;

/** GET /api/subscription-plan and GET /api/promotion-plan */
export const ZListPlansResponse = z.array(ZPlan);
