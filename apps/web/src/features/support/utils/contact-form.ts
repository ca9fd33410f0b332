import type { TSupportMessageBody } from '@makazi/contracts/support';
import {
  isTypedText,
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_NAME_MAX,
  type TSupportTopic,
} from '@makazi/contracts/support-values';

/*
 * The contact form's rules: the API's (packages/contracts/src/support.ts), checked before sending
 * so a mistake is shown at once, under its field, in the reader's language. They return message
 * keys of the support namespace (form.errors.*).
 */

export interface ContactValues {
  name: string;
  phone: string;
  email: string;
  topic: TSupportTopic | '';
  message: string;
}

export type TContactField = keyof ContactValues;

export type TContactProblem =
  | 'nameRequired'
  | 'nameTooLong'
  | 'invalidText'
  | 'contactRequired'
  | 'phoneFormat'
  | 'emailFormat'
  | 'topicRequired'
  | 'messageTooShort'
  | 'messageTooLong';

export type ContactProblems = Partial<Record<TContactField, TContactProblem>>;

/** The order the fields are drawn in: the first with a problem takes the focus. */
export const CONTACT_FIELDS: readonly TContactField[] = [
  'name',
  'phone',
  'email',
  'topic',
  'message',
];

/**
 * A Tanzanian mobile number however people type it (0712 345 678, +255 712-345-678, 255712345678):
 * the API stores it as +255…, and refuses landlines, which could not answer a text.
 */
const MOBILE = /^(?:\+?255|0)[67]\d{8}$/;
const PHONE_SEPARATORS = /[\s().-]/g;
/** Enough to catch a typo (no @, no domain); the API checks the rest. */
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

export function isMobileNumber(value: string): boolean {
  return MOBILE.test(value.replace(PHONE_SEPARATORS, ''));
}

/** What is wrong with the form; a signed-in sender need not give a phone or an email. */
export function validateContact(values: ContactValues, signedIn: boolean): ContactProblems {
  const problems: ContactProblems = {};
  const name = values.name.trim();
  if (name === '') problems.name = 'nameRequired';
  else if (name.length > SUPPORT_NAME_MAX) problems.name = 'nameTooLong';
  else if (!isTypedText(name)) problems.name = 'invalidText';

  const phone = values.phone.trim();
  const email = values.email.trim();
  if (phone !== '' && !isMobileNumber(phone)) problems.phone = 'phoneFormat';
  if (email !== '' && !EMAIL.test(email)) problems.email = 'emailFormat';
  if (!signedIn && phone === '' && email === '') problems.phone = 'contactRequired';

  if (values.topic === '') problems.topic = 'topicRequired';

  const message = values.message.trim();
  if (message.length < SUPPORT_MESSAGE_MIN) problems.message = 'messageTooShort';
  else if (message.length > SUPPORT_MESSAGE_MAX) problems.message = 'messageTooLong';
  else if (!isTypedText(message)) problems.message = 'invalidText';
  return problems;
}

/** The body the API takes; an empty phone or email is left out, not sent blank. */
export function toMessageBody(
  values: ContactValues & { topic: TSupportTopic },
): TSupportMessageBody {
  const phone = values.phone.trim();
  const email = values.email.trim();
  return {
    name: values.name.trim(),
    topic: values.topic,
    message: values.message.trim(),
    ...(phone ? { phone } : {}),
    ...(email ? { email } : {}),
  };
}

/**
 * The API's 400 in the form's words: each field it names gets the problem that field can have
 * once the form's own checks passed. Naming both phone and email means neither was given.
 */
export function problemsFromApi(fields: string[]): ContactProblems {
  const problems: ContactProblems = {};
  const named = new Set(fields);
  if (named.has('phone') && named.has('email')) problems.phone = 'contactRequired';
  else {
    if (named.has('phone')) problems.phone = 'phoneFormat';
    if (named.has('email')) problems.email = 'emailFormat';
  }
  if (named.has('name')) problems.name = 'invalidText';
  if (named.has('topic')) problems.topic = 'topicRequired';
  if (named.has('message')) problems.message = 'invalidText';
  return problems;
}
