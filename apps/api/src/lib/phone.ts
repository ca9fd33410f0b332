import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** What a typed phone number may contain besides digits: a leading +, spaces, dashes, dots, brackets. */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;
const SEPARATORS = /[\s().-]/g;

/**
 * A Tanzanian mobile number however it was typed (0712345678, +255 712 345 678, 255712345678,
 * 00255712345678, 071-234-5678) as E.164 (+255712345678); null when it is not one. The full
 * ("max") metadata tells mobile ranges from fixed lines, so a landline or a foreign number that
 * could never receive the code is refused up front.
 */
export function normaliseTanzanianMobile(input: string): string | null {
  const typed = input.trim();
  if (typed.length === 0 || typed.length > 20 || !TYPED_PHONE.test(typed)) return null;
  let compact = typed.replace(SEPARATORS, '');
  if (compact.startsWith('00')) compact = `+${compact.slice(2)}`;
  else if (/^255\d{9}$/.test(compact)) compact = `+${compact}`;
  const parsed = parsePhoneNumberFromString(compact, 'TZ');
  if (!parsed || parsed.country !== 'TZ' || !parsed.isValid()) return null;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE' ? parsed.number : null;
}

const MASK = '\u2022';

/**
 * An E.164 number with all but its first and last three national digits hidden, for telling the
 * user where a code went without revealing the number to whoever sees the screen:
 * +255712345678 → "+255 7•• ••• 678".
 */
export function maskPhone(e164: string): string {
  const tanzanian = /^\+255(\d)(\d{2})(\d{3})(\d{3})$/.exec(e164);
  if (tanzanian) {
    const [, first = '', , , last = ''] = tanzanian;
    return `+255 ${first}${MASK.repeat(2)} ${MASK.repeat(3)} ${last}`;
  }
  // Anything else (never stored today): keep only the last three digits.
  const digits = e164.replace(/\D/g, '');
  return `${MASK.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}
