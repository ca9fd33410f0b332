import type { TPhoto, TProperty } from '@makazi/contracts/properties';
import { coverPictureLabel } from '@makazi/contracts/property-values';

type PhotosOf = Pick<TProperty, 'type' | 'photos'>;

/**
 * The photo a catalogue card shows: the type's cover slot (coverPictureLabel), the front of land
 * and of houses for sale, the outside of the others, whose first photo stands in without one.
 * Land or a house for sale without a front photo has none here, and the card shows its
 * placeholder (spec). The API's cover (properties.repository coverPhotoId) is the same rule.
 */
export function cardPhoto(property: PhotosOf): TPhoto | undefined {
  const cover = property.photos.find((photo) => photo.label === coverPictureLabel(property.type));
  if (property.type === 'Land' || property.type === 'HouseForSale') return cover;
  return cover ?? property.photos[0];
}

/**
 * The photo that stands for a listing wherever something must be shown (the owner's post card, a
 * link preview): the card's photo, else the first one.
 */
export function coverPhoto(property: PhotosOf): TPhoto | undefined {
  return cardPhoto(property) ?? property.photos[0];
}
