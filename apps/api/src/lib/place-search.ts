/*
 * The names people search places by that the location data does not hold. The data names
 * Zanzibar's regions Kaskazini Unguja, Kusini Unguja, Mjini Magharibi, Kaskazini Pemba and Kusini
 * Pemba, so "Zanzibar", the one name every Tanzanian and visitor uses, found nothing. A search
 * that is one of these names (whole, any case) matches any of its places; any other search is
 * matched as it is, a substring of the listing's title and address. One table for the catalogue
 * and for saved searches' alerts, so an alert never tells of a listing its list would not show.
 */
const ZANZIBAR = [
  'zanzibar',
  'kaskazini unguja',
  'kusini unguja',
  'mjini magharibi',
  'kaskazini pemba',
  'kusini pemba',
];

export const PLACE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  zanzibar: ZANZIBAR,
  znz: ZANZIBAR,
  zenji: ZANZIBAR,
  // Kaskazini and Kusini Unguja hold the word already; the town's region does not.
  unguja: ['unguja', 'mjini magharibi'],
  'stone town': ['stone town', 'mjini magharibi'],
  'mji mkongwe': ['mji mkongwe', 'mjini magharibi'],
  dsm: ['dsm', 'dar es salaam'],
  'dar es salam': ['dar es salaam'],
};

/**
 * The places a search stands for when it is one of PLACE_ALIASES' names (any case, spaces inside
 * folded to one), else undefined: the search is then matched as it is.
 */
export function placeAlternatives(search: string): readonly string[] | undefined {
  const key = aliasKey(search);
  // Own keys only: a search for "__proto__" or "constructor" is a search, not a lookup.
  return Object.hasOwn(PLACE_ALIASES, key) ? PLACE_ALIASES[key] : undefined;
}

/** How a search is looked up in PLACE_ALIASES; the alerts' statement computes the same in SQL. */
export function aliasKey(search: string): string {
  return search.trim().toLowerCase().replace(/\s+/g, ' ');
}
