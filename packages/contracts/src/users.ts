import { z } from 'zod';
import { ZPersonName } from './auth';

/** GET /api/users/{id}: only the user themself may read it. */
export const ZUser = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** E.164, as stored: +255712345678. */
  phoneNumber: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

/** PATCH /api/users/{sub}: only the user themself. */
export const ZUpdateUserBody = z.object({
  firstName: ZPersonName,
  lastName: ZPersonName,
});
export type TUpdateUserBody = z.infer<typeof ZUpdateUserBody>;

/** DELETE /api/users/{sub}: only the user themself; the account is gone once this answers. */
export const ZDeleteUserResponse = z.object({
  id: z.uuid(),
  deleted: z.literal(true),
});
export type TDeleteUserResponse = z.infer<typeof ZDeleteUserResponse>;
