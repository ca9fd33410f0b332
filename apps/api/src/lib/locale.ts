import { DEFAULT_LOCALE, ZLocale, type TLocale } from '@makazi/contracts/common';

/**
 * The supported locale an Accept-Language header prefers most ("sw-TZ,sw;q=0.9,en;q=0.8" → sw),
 * by q-value, ties going to the earlier entry; English when the header names neither.
 */
export function preferredLocale(header: string | undefined): TLocale {
  if (!header) return DEFAULT_LOCALE;
  let best: { locale: TLocale; q: number } | undefined;
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...params] = part.trim().split(';');
    const language = range.trim().toLowerCase().split('-')[0] ?? '';
    const parsed = ZLocale.safeParse(language);
    if (!parsed.success) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: parsed.data, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
