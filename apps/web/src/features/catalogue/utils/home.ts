import type { TPropertyType } from '@makazi/contracts/property-values';

/** The order of the home carousels: Rent, Apartment, Land, HouseForSale. */
export const HOME_CAROUSEL_TYPES: readonly TPropertyType[] = [
  'Rent',
  'Apartment',
  'Land',
  'HouseForSale',
];
