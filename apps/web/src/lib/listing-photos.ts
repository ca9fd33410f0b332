import type { TPhoto, TProperty } from '@makazi/contracts/properties';

type PhotosOf = Pick<TProperty, 'type' | 'photos'>;

/**
 * The photo a catalogue card shows (spec): the front of land and of houses for sale, the first
 * photo of the others. Land or a house for sale without a front photo has none here, and the card
 * shows its placeholder.
 */
export function cardPhoto(property: PhotosOf): TPhoto | undefined {
  if (property.type === 'Land' || property.type === 'HouseForSale') {
    return property.photos.find((photo) => photo.label === 'picha_mbele');
  }
  return property.photos[0];
}

/**
 * The photo that stands for a listing wherever something must be shown (the owner's post card, a
 * link preview): the card's photo, else the first one.
 */
export function coverPhoto(property: PhotosOf): TPhoto | undefined {
  return cardPhoto(property) ?? property.photos[0];
}
