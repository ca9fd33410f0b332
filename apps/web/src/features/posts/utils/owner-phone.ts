const MASK = '•';

/**
 * A Tanzanian mobile number as the sign-in code step shows where a code went (+255 7•• ••• 678),
 * from either form the API takes (+255… or 0…). Anything else keeps only its last three digits.
 */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const local = /^(?:255|0)(\d)\d{5}(\d{3})$/.exec(digits);
  if (local) {
    const [, first = '', last = ''] = local;
    return `+255 ${first}${MASK.repeat(2)} ${MASK.repeat(3)} ${last}`;
  }
  return `${MASK.repeat(Math.max(0, digits.length - 3))}${digits.slice(-3)}`;
}
