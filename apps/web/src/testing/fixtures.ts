import type { TChangeableField, TPendingChange } from '@makazi/contracts/listings';
import type {
  TApartmentProperty,
  THouseForSaleProperty,
  TLandProperty,
  TPhoto,
  TProperty,
  TPropertyAddress,
  TRentProperty,
} from '@makazi/contracts/properties';

export const address: TPropertyAddress = {
  region: { id: 7, name: 'Dar es Salaam' },
  district: { id: 30, name: 'Kinondoni' },
  ward: { id: 900, name: 'Mikocheni' },
  street: { id: 4000, name: 'Mikocheni A' },
  apartmentNumber: null,
  houseNumber: '12',
  plotNumber: null,
};

export function makePhoto(label: TPhoto['label'], name: string = label): TPhoto {
  return {
    id: crypto.randomUUID(),
    label,
    url: `/media/${name}-768.webp`,
    width: 768,
    height: 512,
    variants: [
      { width: 320, height: 213, url: `/media/${name}-320.webp` },
      { width: 768, height: 512, url: `/media/${name}-768.webp` },
    ],
  };
}

/** One photo per label, each named after its label. */
export function makePhotos(labels: readonly TPhoto['label'][]): TPhoto[] {
  return labels.map((label) => makePhoto(label));
}

const common = () => ({
  id: crypto.randomUUID(),
  title: 'Nyumba nzuri Mikocheni',
  description: 'Vyumba vitatu, karibu na barabara.',
  ownerName: 'Amina Juma',
  publishedBy: { id: crypto.randomUUID(), firstName: 'Amina', lastName: 'Juma' },
  propertyAddress: address,
  media: [],
  photos: [],
  promotionEndDate: null,
  status: 'approved' as const,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  confirmedAt: '2026-01-01T00:00:00.000Z',
  contactVerified: false,
});

export function makeRent(overrides: Partial<TRentProperty> = {}): TRentProperty {
  return {
    ...common(),
    type: 'Rent',
    price: 1_500_000,
    leasePrice: 1_500_000,
    leaseTerm: 6,
    numberOfBedrooms: 3,
    numberOfBathrooms: 2,
    ...overrides,
  };
}

export function makeLand(overrides: Partial<TLandProperty> = {}): TLandProperty {
  return {
    ...common(),
    type: 'Land',
    title: 'Kiwanja Kigamboni',
    price: 25_000_000,
    lotPrice: 25_000_000,
    lotWidth: 20,
    lotLength: 30,
    lotStatus: 'Surveyed',
    distanceFromMainRoad: '200 m',
    isWaterServiceAvailable: true,
    isElectricityServiceAvailable: false,
    ...overrides,
  };
}

export function makeApartment(overrides: Partial<TApartmentProperty> = {}): TApartmentProperty {
  return {
    ...common(),
    type: 'Apartment',
    title: 'Apartment Masaki',
    price: 900_000,
    appartmentPrice: 900_000,
    apartmentPrice: 900_000,
    appartmentPriceTerm: '12',
    numberOfBedrooms: 2,
    numberOfBathrooms: 1,
    ...overrides,
  };
}

export function makeHouseForSale(
  overrides: Partial<THouseForSaleProperty> = {},
): THouseForSaleProperty {
  return {
    ...common(),
    type: 'HouseForSale',
    title: 'Nyumba inauzwa Mbezi',
    price: 180_000_000,
    housePrice: 180_000_000,
    squareFootage: null,
    numberOfBedrooms: 4,
    numberOfBathrooms: 3,
    distanceFromMainRoad: '1 km',
    isWaterServiceAvailable: true,
    isElectricityServiceAvailable: true,
    ...overrides,
  };
}

/** The detail fields a change is compared on, by the name `changedFields` gives them. */
const COMPARED_FIELDS = [
  'title',
  'description',
  'ownerName',
  'price',
  'propertyAddress',
  'lotWidth',
  'lotLength',
  'lotStatus',
  'distanceFromMainRoad',
  'isWaterServiceAvailable',
  'isElectricityServiceAvailable',
  'numberOfBedrooms',
  'numberOfBathrooms',
  'leaseTerm',
  'appartmentPriceTerm',
  'squareFootage',
] as const satisfies readonly TChangeableField[];

/**
 * An edit of the approved `live` listing awaiting review, as the owner view and the admin detail
 * carry it: `proposed` is `live` with `changes` applied (the contact number goes beside it, as the
 * API sends it), and the changed fields and the added and removed photos are worked out from the
 * two as the API does, unless `overrides` names them.
 */
export function makePendingChange(
  live: TProperty & { ownerPhoneNumber?: string },
  { ownerPhoneNumber, ...changes }: Partial<TProperty> & { ownerPhoneNumber?: string } = {},
  overrides: Partial<Omit<TPendingChange, 'proposed'>> = {},
): TPendingChange {
  const { ownerPhoneNumber: livePhone = '0712345678', ...publicLive } = live;
  const proposed = { ...publicLive, ...changes, id: live.id, type: live.type } as TProperty;
  const phone = ownerPhoneNumber ?? livePhone;
  const read = (property: TProperty, field: string) =>
    JSON.stringify((property as unknown as Record<string, unknown>)[field] ?? null);
  const liveIds = new Set(live.photos.map((photo) => photo.id));
  const proposedIds = new Set(proposed.photos.map((photo) => photo.id));
  const addedPhotoIds = proposed.photos.filter((p) => !liveIds.has(p.id)).map((p) => p.id);
  const removedPhotoIds = live.photos.filter((p) => !proposedIds.has(p.id)).map((p) => p.id);
  const reordered =
    JSON.stringify(live.photos.map((p) => p.id)) !==
    JSON.stringify(proposed.photos.map((p) => p.id));
  const changedFields: TChangeableField[] = [
    ...COMPARED_FIELDS.filter((field) => read(live, field) !== read(proposed, field)),
    ...(phone === livePhone ? [] : (['ownerPhoneNumber'] as const)),
    ...(reordered ? (['photos'] as const) : []),
  ];
  return {
    status: 'pending',
    rejectionReason: null,
    updatedAt: '2026-02-01T09:00:00.000Z',
    changedFields,
    addedPhotoIds,
    removedPhotoIds,
    missingPictureLabels: [],
    proposed,
    ownerPhoneNumber: phone,
    ...overrides,
  };
}

export type { TProperty };
