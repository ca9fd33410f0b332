import { PERSON_NAME_MAX_LENGTH, PERSON_NAME_PATTERN } from '@makazi/contracts/auth-values';

export type TNameError = 'required' | 'tooLong' | 'pattern';

/**
 * The rules of the API's ZPersonName (contracts/auth.ts), checked in the browser without zod: the
 * value is trimmed, required, at most PERSON_NAME_MAX_LENGTH characters and letters-led.
 */
export function validateName(value: string): TNameError | null {
  const name = value.trim();
  if (!name) return 'required';
  // zod's max() counts UTF-16 code units; count the same way so both sides agree.
  if (name.length > PERSON_NAME_MAX_LENGTH) return 'tooLong';
  if (!PERSON_NAME_PATTERN.test(name)) return 'pattern';
  return null;
}
