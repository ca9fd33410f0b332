/*
 * Support message values shared by API and web, free of zod so the contact form can use them
 * without shipping a schema library. support.ts builds its schemas from these.
 */

/** What a message is about, in the order the contact form lists them. */
export const SUPPORT_TOPICS = ['account', 'listing', 'payment', 'scam', 'other'] as const;
export type TSupportTopic = (typeof SUPPORT_TOPICS)[number];

/** open until an admin has dealt with it; an admin can reopen a closed one. */
export const SUPPORT_MESSAGE_STATUSES = ['open', 'closed'] as const;
export type TSupportMessageStatus = (typeof SUPPORT_MESSAGE_STATUSES)[number];

export const SUPPORT_NAME_MAX = 80;
/** The longest address mail can be delivered to (RFC 5321's path limit). */
export const SUPPORT_EMAIL_MAX = 254;
export const SUPPORT_MESSAGE_MIN = 10;
export const SUPPORT_MESSAGE_MAX = 2000;

/**
 * Text as a person types it: line breaks and tabs, but no other control character (PostgreSQL
 * refuses NUL) and no lone UTF-16 surrogate, which is no text at all.
 */
export function isTypedText(text: string): boolean {
  return !/(?![\n\r\t])\p{Cc}|\p{Cs}/u.test(text);
}
