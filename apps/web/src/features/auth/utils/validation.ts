import {
  LOCAL_PHONE_PATTERN,
  OTP_LENGTH,
  OTP_PATTERN,
  PERSON_NAME_MAX_LENGTH,
  PERSON_NAME_PATTERN,
} from '@makazi/contracts/auth-values';
import { PAYMENT_PHONE_PATTERN } from '@makazi/contracts/payment-values';

/*
 * The rules of the login and register forms. They return message keys of the auth
 * namespace (validation.*) so the forms show them in the reader's language.
 */

export type PhoneProblem = 'phoneRequired' | 'phoneFormat';
export type NameProblem = 'nameInvalid' | 'nameTooLong';
/** 'missing' is reported once for the whole form: 'All fields are required'. */
export type RegisterProblem = 'missing' | NameProblem | 'phoneFormat';

export interface RegisterValues {
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export type RegisterProblems = Partial<Record<keyof RegisterValues, RegisterProblem>>;

/** People write "0712 345 678" or "0712-345-678": the rule is about the digits, not the spacing. */
export function normalizePhone(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The login phone: required, then ten digits starting with 0. */
export function validatePhone(value: string): PhoneProblem | null {
  const phone = normalizePhone(value);
  if (phone === '') return 'phoneRequired';
  return LOCAL_PHONE_PATTERN.test(phone) ? null : 'phoneFormat';
}

/** A non-empty name: letters with spaces, apostrophes, hyphens and dots, at most 50 characters. */
export function validateName(value: string): NameProblem | null {
  const name = value.trim();
  if (name.length > PERSON_NAME_MAX_LENGTH) return 'nameTooLong';
  return PERSON_NAME_PATTERN.test(name) ? null : 'nameInvalid';
}

/** Register: every field required, the login phone rule, and a name the API accepts. */
export function validateRegister(values: RegisterValues): RegisterProblems {
  const problems: RegisterProblems = {};
  for (const field of ['firstName', 'lastName'] as const) {
    if (values[field].trim() === '') problems[field] = 'missing';
    else {
      const problem = validateName(values[field]);
      if (problem) problems[field] = problem;
    }
  }
  const phone = validatePhone(values.phoneNumber);
  if (phone === 'phoneRequired') problems.phoneNumber = 'missing';
  else if (phone) problems.phoneNumber = phone;
  return problems;
}

export function hasProblems(problems: RegisterProblems): boolean {
  return Object.keys(problems).length > 0;
}

/**
 * The checkout phone: +255 or 0 followed by exactly nine digits, spaces and hyphens aside. Returns
 * the number as the sign-in calls take it from the other forms (0712345678), or null.
 */
export function toLocalPhone(value: string): string | null {
  const phone = normalizePhone(value.trim());
  if (!PAYMENT_PHONE_PATTERN.test(phone)) return null;
  return phone.startsWith('+255') ? `0${phone.slice(4)}` : phone;
}

/** The code field keeps digits only ("123 456" pasted from the SMS becomes "123456"). */
export function normalizeCode(value: string): string {
  return value.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

export function isCompleteCode(value: string): boolean {
  return OTP_PATTERN.test(value);
}
