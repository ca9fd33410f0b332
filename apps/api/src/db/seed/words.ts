/*
 * Words the demo and bulk generators build listings from: Swahili and English, the mix a
 * Tanzanian marketplace shows. Templates use %1$s area, %2$s bedrooms, %3$s width, %4$s length,
 * %5$s a rental's lease term in months (PostgreSQL format() positions, so the bulk generator uses
 * them verbatim). A template states only what the listing's own fields say, or what no field
 * covers: a description that says rent is paid for six months on a 3-month lease, or a plot "with
 * title deed" whose lot status says the deed is not issued yet, contradicts the page it is on.
 * The seed test reads every listing's counts of months and bedrooms back against its fields.
 */

export const OWNER_FIRST_NAMES = [
  'Neema',
  'Baraka',
  'Amina',
  'Joseph',
  'Fatma',
  'Emmanuel',
  'Rehema',
  'Juma',
  'Grace',
  'Hassani',
  'Mwanaisha',
  'Daudi',
  'Zawadi',
  'Salim',
  'Upendo',
  'Godfrey',
  'Halima',
  'Elia',
  'Asha',
  'Frank',
  'Mariam',
  'Peter',
  'Subira',
  'Omari',
  'Agnes',
  'Ibrahim',
  'Witness',
  'Khamis',
  'Lucy',
  'Rashidi',
];

export const OWNER_LAST_NAMES = [
  'Mushi',
  'Mwakyusa',
  'Juma',
  'Kimaro',
  'Said',
  'Massawe',
  'Mrema',
  'Lyimo',
  'Mollel',
  'Haji',
  'Mbwambo',
  'Shirima',
  'Nyerere',
  'Kombo',
  'Temba',
  'Mwita',
  'Chande',
  'Swai',
  'Laizer',
  'Makame',
  'Kessy',
  'Mfinanga',
  'Ngowi',
  'Ally',
  'Minja',
  'Kapinga',
  'Mtui',
  'Urio',
  'Njau',
  'Bakari',
];

export const TITLE_TEMPLATES = {
  Rent: [
    'Nyumba ya vyumba %2$s inapangishwa %1$s',
    '%2$s-bedroom house for rent in %1$s',
    'Nyumba nzuri ya kupanga %1$s, vyumba %2$s',
    'Spacious %2$s bedroom house to let in %1$s',
    'Nyumba inapangishwa %1$s karibu na barabara',
    'Family house for rent, %1$s (%2$s bedrooms)',
  ],
  Apartment: [
    'Apartment ya vyumba %2$s inapangishwa %1$s',
    'Modern %2$s-bedroom apartment in %1$s',
    'Fleti ya kisasa %1$s, vyumba %2$s',
    'Furnished apartment for rent in %1$s',
    'Apartment nzuri yenye lifti na parking, %1$s',
    'Bright apartment, %2$s bedrooms, %1$s',
  ],
  Land: [
    'Kiwanja kinauzwa %1$s, %3$sx%4$sm',
    'Plot for sale in %1$s, %3$sx%4$sm',
    'Kiwanja cha %3$s kwa %4$s kinauzwa %1$s',
    'Residential plot in %1$s, %3$sx%4$sm',
    'Kiwanja cha makazi %1$s, karibu na barabara',
    'Prime plot for sale, %1$s',
  ],
  HouseForSale: [
    'Nyumba inauzwa %1$s, vyumba %2$s',
    '%2$s-bedroom house for sale in %1$s',
    'Nyumba ya kisasa inauzwa %1$s',
    'Family home with title deed for sale, %1$s',
    'Nyumba inauzwa %1$s yenye hati na uzio',
    'Modern villa for sale in %1$s (%2$s bedrooms)',
  ],
} as const;

export const DESCRIPTION_TEMPLATES = {
  Rent: [
    'Nyumba ina vyumba %2$s vya kulala, sebule kubwa, jiko na choo ndani. Maji na umeme vipo muda wote, eneo tulivu na salama la %1$s. Kodi inalipwa kwa miezi %5$s.',
    'A clean %2$s-bedroom house in a quiet part of %1$s, with a fenced compound, parking for two cars, reliable water and LUKU electricity. Close to schools, shops and daladala stops.',
    'Nyumba self-contained yenye vyumba %2$s, tiles, gypsum na madirisha ya aluminium. Ipo %1$s, dakika tano kutoka barabara kuu. Inafaa kwa familia.',
    'Bright family house in %1$s: %2$s bedrooms (master en-suite), open living and dining area, modern kitchen and a small garden. Security guard on site.',
  ],
  Apartment: [
    'Apartment ya kisasa yenye vyumba %2$s, sebule, jiko la kisasa na balcony. Ipo %1$s, ina lifti, parking, generator na ulinzi saa 24.',
    'Modern %2$s-bedroom apartment in %1$s with air conditioning, fitted kitchen, backup generator, borehole water and 24-hour security. Walking distance to shops and restaurants.',
    'Fleti nzuri %1$s yenye vyumba %2$s, maji ya kisima, umeme wa LUKU na sehemu ya kuegesha gari. Inafaa kwa wafanyakazi na familia ndogo.',
    'Fully furnished apartment in %1$s: %2$s bedrooms, fast internet, gym and swimming pool in the building. Ideal for professionals and expatriates.',
  ],
  Land: [
    'Kiwanja kipo %1$s, ukubwa %3$s kwa %4$s mita. Eneo zuri na tulivu kwa makazi.',
    'A %3$sm x %4$sm residential plot in %1$s. Flat, dry ground in a growing neighbourhood.',
    'Kiwanja cha makazi %1$s, ardhi tambarare, barabara ya kufika hadi kiwanjani. Bei inazungumzika kidogo.',
    'Well-located plot in %1$s, suitable for a family home or rental units. Good access road, neighbours already built.',
  ],
  HouseForSale: [
    'Nyumba inauzwa %1$s: vyumba %2$s vya kulala (master self-contained), sebule, dining, jiko la kisasa, uzio na geti. Ina hati miliki.',
    'Solid %2$s-bedroom family house in %1$s on a fenced plot, with title deed, parking, water tank and a mature garden. Ready to move in.',
    'Nyumba ya kisasa %1$s yenye vyumba %2$s, tiles, gypsum, solar backup na nyumba ya mlinzi. Eneo salama na tulivu.',
    'Modern home in %1$s with %2$s bedrooms, open-plan living, fitted kitchen, servant quarter and space to extend. Title deed available.',
  ],
} as const;

export const LOT_STATUSES = [
  'Surveyed, title deed ready',
  'Imepimwa, ina hati miliki',
  'Surveyed, offer letter issued',
  'Residential licence (leseni ya makazi)',
  'Imepimwa, hati ipo katika hatua za mwisho',
];

export const ROAD_DISTANCES = [
  '50 m from the tarmac road',
  'Mita 100 kutoka barabara kuu',
  '300 m from the main road',
  'Mita 500 kutoka lami',
  '1 km from the main road',
  'On the main road',
];

export const APARTMENT_PRICE_TERMS = [
  '12',
  '6',
  '3',
  'Kodi ya miezi 6 kwa mkupuo',
  '12 months, paid quarterly',
];
