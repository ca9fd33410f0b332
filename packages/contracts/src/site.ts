import { z } from 'zod';

/** GET /api/site: what every page needs to know about how this server is run. */
export const ZSiteResponse = z.object({
  /**
   * A demo convenience is on (the payment simulator, or sign-in codes written to the SMS outbox
   * and the log): every page then says so, so nobody takes a demo for the real service.
   */
  demo: z.boolean(),
});
export type TSiteResponse = z.infer<typeof ZSiteResponse>;
