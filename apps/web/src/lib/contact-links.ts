/*
 * Call and Chat links for a Tanzanian phone number (Call opens a tel: link, Chat an
 * external chat link built from the number). Shared by every page that reveals a publisher's phone.
 */

/** +255 or 0 followed by nine digits: the owner phone rule of the contracts (OWNER_PHONE_PATTERN). */
const TZ_PHONE = /^(?:\+255|0)(\d{9})$/;

/** The nine digits after the country code or trunk 0, or null for a number of another shape. */
function subscriberDigits(phone: string): string | null {
  const match = TZ_PHONE.exec(phone.replace(/[\s-]/g, ''));
  return match?.[1] ?? null;
}

/** 0712345678 or +255712345678 → +255712345678; null when the number is not a Tanzanian one. */
export function toE164(phone: string): string | null {
  const digits = subscriberDigits(phone);
  return digits ? `+255${digits}` : null;
}

/** +255712345678 → 0712345678, as Tanzanians type it; other shapes as they are. */
export function toLocalPhone(phone: string): string {
  const digits = subscriberDigits(phone);
  return digits ? `0${digits}` : phone.trim();
}

/** 0712345678 → '+255 712 345 678', the way the number is read out; other shapes as they are. */
export function formatPhone(phone: string): string {
  const digits = subscriberDigits(phone);
  return digits
    ? `+255 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
    : phone.trim();
}

/** `tel:+255…`, or null when the number is not a Tanzanian one. */
export function telHref(phone: string): string | null {
  const e164 = toE164(phone);
  return e164 ? `tel:${e164}` : null;
}

/**
 * WhatsApp click-to-chat (design/providers.md): `https://wa.me/<country code and number, digits
 * only, no +, no leading 0>?text=<URL-encoded>`. A kept trunk 0 or a + makes the link fail.
 */
export function whatsAppHref(phone: string, text: string): string | null {
  const digits = subscriberDigits(phone);
  if (!digits) return null;
  return `https://wa.me/255${digits}?text=${encodeURIComponent(text)}`;
}
