import type { TPropertyType } from '@makazi/contracts/property-values';

/** Spec 2 order of the home carousels: Rent, Apartment, Land, HouseForSale. */
export const HOME_CAROUSEL_TYPES: readonly TPropertyType[] = [
  'Rent',
  'Apartment',
  'Land',
  'HouseForSale',
];
