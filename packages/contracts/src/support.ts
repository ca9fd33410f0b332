import { z } from 'zod';
import { paged, ZPaging } from './admin';
import { ZPhoneNumberInput } from './auth';
import {
  isTypedText,
  SUPPORT_EMAIL_MAX,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_MESSAGE_STATUSES,
  SUPPORT_NAME_MAX,
  SUPPORT_TOPICS,
} from './support-values';

/*
 * The contact form on /support (POST /api/support/messages) and the admin's inbox of what it
 * sends (GET and PATCH /api/admin/support-messages). Anyone may write; support answers by the
 * phone or email given, so a visitor who is not signed in must give one of them (the API checks
 * that rule, since it depends on the token).
 */

export const ZSupportTopic = z.enum(SUPPORT_TOPICS);
export const ZSupportMessageStatus = z.enum(SUPPORT_MESSAGE_STATUSES);

/** POST /api/support/messages */
export const ZSupportMessageBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(SUPPORT_NAME_MAX, `must be at most ${SUPPORT_NAME_MAX} characters`)
    .refine(isTypedText, { error: 'must be valid text' }),
  /** A Tanzanian mobile number as typed; stored as E.164 (+255…). Leave out when none. */
  phone: ZPhoneNumberInput.optional(),
  /** Leave out when none. */
  email: z
    .string()
    .trim()
    .max(SUPPORT_EMAIL_MAX, 'is too long')
    .pipe(z.email('must be a valid email address'))
    .optional(),
  topic: ZSupportTopic,
  message: z
    .string()
    .trim()
    .min(SUPPORT_MESSAGE_MIN, `must be at least ${SUPPORT_MESSAGE_MIN} characters`)
    .max(SUPPORT_MESSAGE_MAX, `must be at most ${SUPPORT_MESSAGE_MAX} characters`)
    .refine(isTypedText, { error: 'must be valid text' }),
});
export type TSupportMessageBody = z.infer<typeof ZSupportMessageBody>;

/** The 201 answer: the message was stored for the support team. */
export const ZSupportMessageCreated = z.object({
  id: z.uuid(),
  createdAt: z.string(),
});
export type TSupportMessageCreated = z.infer<typeof ZSupportMessageCreated>;

// ---------------------------------------------------------------- admin

/** GET /api/admin/support-messages: one status (open unless asked), newest first. */
export const ZAdminSupportMessagesQuery = z.object({
  status: ZSupportMessageStatus.default('open'),
  ...ZPaging,
});
export type TAdminSupportMessagesQuery = z.infer<typeof ZAdminSupportMessagesQuery>;

export const ZAdminSupportMessage = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  /** The sender's account when they were signed in; null for a visitor. */
  userId: z.uuid().nullable(),
  name: z.string(),
  /** E.164, or null when the sender gave none. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  topic: ZSupportTopic,
  message: z.string(),
  status: ZSupportMessageStatus,
  /** When it was last closed; null while open. */
  closedAt: z.string().nullable(),
  /** The username of the admin who closed it; null while open or once that admin is gone. */
  closedBy: z.string().nullable(),
});
export type TAdminSupportMessage = z.infer<typeof ZAdminSupportMessage>;
export const ZAdminSupportMessagesResponse = paged(ZAdminSupportMessage);
export type TAdminSupportMessagesResponse = z.infer<typeof ZAdminSupportMessagesResponse>;

/** PATCH /api/admin/support-messages/{id}: close a message, or reopen it. */
export const ZUpdateSupportMessageBody = z.object({ status: ZSupportMessageStatus });
export type TUpdateSupportMessageBody = z.infer<typeof ZUpdateSupportMessageBody>;
