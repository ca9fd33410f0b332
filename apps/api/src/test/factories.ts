import { eq, sql } from 'drizzle-orm';
import {
  REQUIRED_PICTURE_LABELS,
  type TPictureLabel,
  type TPropertyStatus,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import type { Database } from '../db/client';
import {
  districts,
  payments,
  plans,
  properties,
  propertyPhotos,
  regions,
  streets,
  subscriptions,
  supportMessages,
  users,
  wards,
} from '../db/schema';
import { transactionRefreshingCards } from '../modules/properties/catalogue-cards';

/*
 * Rows inserted straight into the database, bypassing the API, so tests control exactly what is
 * there (status, created_at, promotions …). Counters keep unique columns unique within a run.
 */

let sequence = 0;
const next = () => ++sequence;

export type UserRow = typeof users.$inferSelect;
export type PropertyRow = typeof properties.$inferSelect;

/** An account: its number proven, as after its first sign-in, unless `overrides` say otherwise. */
export async function insertUser(
  db: Database,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      phoneNumber: `+2557${String(n).padStart(8, '0')}`,
      firstName: `Asha${n}`,
      lastName: `Mrema${n}`,
      phoneVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export type SupportMessageRow = typeof supportMessages.$inferSelect;

/** An open contact-form message from a visitor, unless `overrides` say otherwise. */
export async function insertSupportMessage(
  db: Database,
  overrides: Partial<typeof supportMessages.$inferInsert> = {},
): Promise<SupportMessageRow> {
  const n = next();
  const [row] = await db
    .insert(supportMessages)
    .values({
      createdAt: new Date(),
      name: `Zawadi${n}`,
      phone: `+2557${String(n).padStart(8, '0')}`,
      topic: 'listing',
      message: `Tangazo langu ${n} halionekani bado.`,
      ...overrides,
    })
    .returning();
  return row!;
}

export interface LocationChain {
  region: { id: number; name: string };
  district: { id: number; name: string };
  ward: { id: number; name: string };
  street: { id: number; name: string };
}

/** One region → district → ward → street; names default to unique, recognisable values. */
export async function insertLocationChain(
  db: Database,
  names: Partial<Record<keyof LocationChain, string>> = {},
): Promise<LocationChain> {
  const n = next();
  const region = { id: 1000 + n, name: names.region ?? `Region${n}` };
  const district = { id: 2000 + n, name: names.district ?? `District${n}` };
  const ward = { id: 3000 + n, name: names.ward ?? `Ward${n}` };
  const street = { id: 4000 + n, name: names.street ?? `Street${n}` };
  await db.insert(regions).values(region);
  await db.insert(districts).values({ ...district, regionId: region.id });
  await db.insert(wards).values({ ...ward, districtId: district.id });
  await db.insert(streets).values({ ...street, wardId: ward.id });
  return { region, district, ward, street };
}

export interface PropertyOptions {
  type?: TPropertyType;
  status?: TPropertyStatus;
  price?: number;
  title?: string;
  createdAt?: Date;
  /** Default: createdAt when given, else the database's now(). */
  confirmedAt?: Date;
  promotionEndsAt?: Date | null;
  publishedBy?: string;
  ownerName?: string;
  ownerPhoneNumber?: string;
  address?: LocationChain & {
    apartmentNumber?: string;
    houseNumber?: string;
    plotNumber?: string;
  };
  details?: Partial<typeof properties.$inferInsert>;
}

const typeDetails: Record<TPropertyType, Partial<typeof properties.$inferInsert>> = {
  Land: {
    lotWidth: 20,
    lotLength: 30.5,
    lotStatus: 'Hati miliki',
    distanceFromMainRoad: '200 m',
    isWaterServiceAvailable: true,
    isElectricityServiceAvailable: false,
  },
  Rent: { numberOfBedrooms: 2, numberOfBathrooms: 1, leaseTermMonths: 6 },
  Apartment: { numberOfBedrooms: 3, numberOfBathrooms: 2, apartmentPriceTerm: '12' },
  HouseForSale: {
    numberOfBedrooms: 4,
    numberOfBathrooms: 3,
    squareFootage: 250,
    distanceFromMainRoad: '1 km',
    isWaterServiceAvailable: true,
    isElectricityServiceAvailable: true,
  },
};

/** A listing; publishes as a new user unless `publishedBy` is given. Approved by default. */
export async function insertProperty(
  db: Database,
  options: PropertyOptions = {},
): Promise<PropertyRow> {
  const n = next();
  const type = options.type ?? 'Rent';
  const publishedBy = options.publishedBy ?? (await insertUser(db)).id;
  const address = options.address;
  const [row] = await transactionRefreshingCards(db, (tx) =>
    tx
      .insert(properties)
      .values({
        type,
        status: options.status ?? 'approved',
        title: options.title ?? `Listing ${n}`,
        description: `Description of listing ${n}`,
        ownerName: options.ownerName ?? `Owner ${n}`,
        ownerPhoneNumber: options.ownerPhoneNumber ?? `+2556${String(n).padStart(8, '0')}`,
        publishedBy,
        priceTzs: options.price ?? 100_000 * n,
        promotionEndsAt: options.promotionEndsAt ?? null,
        ...(options.createdAt
          ? {
              createdAt: options.createdAt,
              updatedAt: options.createdAt,
              confirmedAt: options.createdAt,
            }
          : {}),
        ...(options.confirmedAt ? { confirmedAt: options.confirmedAt } : {}),
        ...(address
          ? {
              regionId: address.region.id,
              districtId: address.district.id,
              wardId: address.ward.id,
              streetId: address.street.id,
              apartmentNumber: address.apartmentNumber ?? null,
              houseNumber: address.houseNumber ?? null,
              plotNumber: address.plotNumber ?? null,
            }
          : {}),
        ...typeDetails[type],
        ...options.details,
      })
      .returning(),
  );
  return row!;
}

export interface PhotoOptions {
  label?: TPictureLabel;
  position?: number;
  /** Variant widths, any order; keys are photos/<propertyId>/<position>-<width>.webp. */
  widths?: number[];
  /** property_photos.perceptual_hash (signed); default null, as before hashing. */
  perceptualHash?: bigint | null;
}

export async function insertPhoto(
  db: Database,
  propertyId: string,
  options: PhotoOptions = {},
): Promise<typeof propertyPhotos.$inferSelect> {
  const position = options.position ?? 0;
  const widths = options.widths ?? [320, 768, 1280];
  const variants = widths.map((width) => ({
    width,
    height: Math.round((width * 3) / 4),
    key: `photos/${propertyId}/${position}-${width}.webp`,
  }));
  const largest = Math.max(...widths);
  const [row] = await transactionRefreshingCards(db, (tx) =>
    tx
      .insert(propertyPhotos)
      .values({
        propertyId,
        label: options.label ?? 'picha_nje',
        position,
        width: largest,
        height: Math.round((largest * 3) / 4),
        variants,
        perceptualHash: options.perceptualHash ?? null,
      })
      .returning(),
  );
  return row!;
}

/** Every required photo slot of `type` filled, in slot order from position `from`. */
export async function insertRequiredPhotos(
  db: Database,
  propertyId: string,
  type: TPropertyType,
  options: { except?: TPictureLabel[]; from?: number } = {},
): Promise<(typeof propertyPhotos.$inferSelect)[]> {
  const labels = REQUIRED_PICTURE_LABELS[type].filter((l) => !options.except?.includes(l));
  const rows = [];
  for (const [index, label] of labels.entries()) {
    rows.push(await insertPhoto(db, propertyId, { label, position: (options.from ?? 0) + index }));
  }
  return rows;
}

/** Turns a user's publishing switches on or off, as an admin would. */
export async function setPublisherPermissions(
  db: Database,
  userId: string,
  permissions: Partial<Pick<UserRow, 'canPost' | 'canEdit' | 'canDelete'>>,
): Promise<void> {
  await db.update(users).set(permissions).where(eq(users.id, userId));
}

/** A listing's row as stored, archived ones included. */
export async function findPropertyRow(db: Database, id: string): Promise<PropertyRow | undefined> {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  return row;
}

/** Sets a listing's status (and rejection reason) directly, as the admin review would. */
export async function setPropertyStatus(
  db: Database,
  id: string,
  status: TPropertyStatus,
  rejectionReason: string | null = null,
): Promise<void> {
  await transactionRefreshingCards(db, (tx) =>
    tx.update(properties).set({ status, rejectionReason }).where(eq(properties.id, id)),
  );
}

export async function insertPlan(
  db: Database,
  values: Pick<typeof plans.$inferInsert, 'kind' | 'durationDays' | 'priceTzs' | 'features'> &
    Partial<typeof plans.$inferInsert>,
): Promise<typeof plans.$inferSelect> {
  const [row] = await db.insert(plans).values(values).returning();
  return row!;
}

/**
 * A paid subscription of `userId`'s on `planId`, running from a second before `now` for `days`
 * days: its succeeded payment and its window, as a provider's confirmation leaves them.
 */
export async function insertPaidSubscription(
  db: Database,
  values: { userId: string; planId: string; now: Date; days?: number },
): Promise<void> {
  const { userId, planId, now } = values;
  const [payment] = await db
    .insert(payments)
    .values({
      userId,
      purpose: 'subscription',
      planId,
      amountTzs: 10_000,
      provider: 'simulator',
      network: 'mpesa',
      payerPhone: '+255700000001',
      status: 'succeeded',
      idempotencyKey: `test:${next()}`,
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    })
    .returning({ id: payments.id });
  await db.insert(subscriptions).values({
    userId,
    paymentId: payment!.id,
    startsAt: new Date(now.getTime() - 1000),
    endsAt: new Date(now.getTime() + (values.days ?? 30) * 86_400_000),
    createdAt: now,
  });
}

/** Empties every catalogue table, so each test starts from exactly the rows it inserts. */
export async function resetCatalogue(db: Database): Promise<void> {
  await db.execute(
    sql`truncate table property_photos, properties, users, streets, wards, districts, regions, plans cascade`,
  );
}

/** A complete create body of each type, every field given (as the create wizard sends it). */
export function listingBody(type: TPropertyType): Record<string, unknown> {
  const common = {
    title: `Nyumba ${next()} karibu na soko`,
    description: 'Safi, maji ya bomba, karibu na barabara kuu.',
    ownerName: 'Mama Neema',
    ownerPhoneNumber: '0754123456',
  };
  switch (type) {
    case 'Land':
      return {
        ...common,
        lotPrice: 45_000_000,
        lotWidth: 20,
        lotLength: 30.5,
        lotStatus: 'Hati miliki',
        distanceFromMainRoad: '300 m',
        isWaterServiceAvailable: true,
        isElectricityServiceAvailable: false,
      };
    case 'Rent':
      return {
        ...common,
        leasePrice: 350_000,
        numberOfBedrooms: 2,
        numberOfBathrooms: 1,
        leaseTerm: 6,
      };
    case 'Apartment':
      return {
        ...common,
        appartmentPrice: 900_000,
        numberOfBedrooms: 3,
        numberOfBathrooms: 2,
        appartmentPriceTerm: '12 months',
      };
    case 'HouseForSale':
      return {
        ...common,
        housePrice: 250_000_000,
        numberOfBedrooms: 4,
        numberOfBathrooms: 3,
        squareFootage: 180.5,
        distanceFromMainRoad: '1 km',
        isWaterServiceAvailable: true,
        isElectricityServiceAvailable: true,
      };
  }
}
