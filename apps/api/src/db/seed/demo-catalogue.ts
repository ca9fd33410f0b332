import { randomUUID } from 'node:crypto';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { properties, propertyPhotos, users, wards, districts } from '../schema';
import type { PhotoPool } from './photo-pool';
import { photosForListing } from './photo-pool';
import { createRandom } from './scenes';
import {
  APARTMENT_PRICE_TERMS,
  DESCRIPTION_TEMPLATES,
  LOT_STATUSES,
  OWNER_FIRST_NAMES,
  OWNER_LAST_NAMES,
  ROAD_DISTANCES,
  TITLE_TEMPLATES,
} from './words';
import { transactionRefreshingCards } from '../../modules/properties/catalogue-cards';

/** Demo publishers. The numbers are in Tanzanian mobile ranges but belong to nobody we know of. */
export const DEMO_USERS = [
  { phoneNumber: '+255712000101', firstName: 'Neema', lastName: 'Mushi' },
  { phoneNumber: '+255754000202', firstName: 'Baraka', lastName: 'Mwakyusa' },
  { phoneNumber: '+255765000303', firstName: 'Amina', lastName: 'Juma' },
  { phoneNumber: '+255784000404', firstName: 'Joseph', lastName: 'Kimaro' },
  { phoneNumber: '+255778000505', firstName: 'Fatma', lastName: 'Said' },
  { phoneNumber: '+255713000606', firstName: 'Makazi', lastName: 'Realtors' },
] as const;

/**
 * Neighbourhoods the demo uses, by ward id from the location data (stable ids, see its README):
 * Dar es Salaam, Arusha, Dodoma, Mwanza and Zanzibar, the markets most listings come from.
 * `premium` areas fetch higher prices; `outskirts` are where plots are sold.
 */
export const DEMO_WARDS: readonly { id: number; name: string; premium?: true; outskirts?: true }[] =
  [
    { id: 1147, name: 'Mikocheni', premium: true },
    { id: 1148, name: 'Msasani', premium: true },
    { id: 1150, name: 'Sinza' },
    { id: 1161, name: 'Mbezi', outskirts: true },
    { id: 1222, name: 'Kigamboni', outskirts: true },
    { id: 1146, name: 'Kawe', premium: true },
    { id: 1143, name: 'Bunju', outskirts: true },
    { id: 1162, name: 'Goba', outskirts: true },
    { id: 1134, name: 'Kijitonyama' },
    { id: 1156, name: 'Kimara' },
    { id: 1206, name: 'Kurasini' },
    { id: 1225, name: 'Kibada', outskirts: true },
    { id: 1144, name: 'Mbweni', outskirts: true },
    { id: 1145, name: 'Kunduchi', premium: true },
    { id: 362, name: 'Olasiti', outskirts: true },
    { id: 354, name: 'Moshono', outskirts: true },
    { id: 365, name: 'Sakina' },
    { id: 351, name: 'Kimandolu' },
    { id: 346, name: 'Themi', premium: true },
    { id: 186, name: 'Nzuguni', outskirts: true },
    { id: 201, name: 'Ipagala' },
    { id: 199, name: 'Iyumbu', outskirts: true },
    { id: 3086, name: 'Isamilo', premium: true },
    { id: 3102, name: 'Kirumba' },
    { id: 3104, name: 'Pasiansi' },
    { id: 3093, name: 'Nyegezi', outskirts: true },
    { id: 3099, name: 'Buswelu', outskirts: true },
    { id: 4216, name: 'Mbweni', premium: true },
    { id: 4204, name: 'Fumba', outskirts: true },
    { id: 4171, name: 'Bububu' },
    { id: 4079, name: 'Paje', outskirts: true },
    { id: 4022, name: 'Kiwengwa', outskirts: true },
  ];

export const DEMO_LISTINGS_PER_TYPE = 18;

type Rand = () => number;
const pick = <T>(rand: Rand, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
const int = (rand: Rand, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const roundTo = (value: number, step: number) => Math.round(value / step) * step;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** PostgreSQL-style positional format (%1$s …), so both generators share the templates. */
function fill(template: string, args: (string | number)[]): string {
  return template.replace(/%(\d)\$s/g, (_, n: string) => String(args[Number(n) - 1] ?? ''));
}

function tanzanianMobile(rand: Rand): string {
  const prefix = pick(rand, ['71', '73', '74', '75', '76', '77', '78']);
  return `+255${prefix}${String(int(rand, 0, 9_999_999)).padStart(7, '0')}`;
}

interface StreetChoice {
  streetId: number;
  wardId: number;
  districtId: number;
  regionId: number;
}

type NewProperty = typeof properties.$inferInsert;

function listingFields(
  rand: Rand,
  type: TPropertyType,
  area: { name: string; premium?: true },
): Partial<NewProperty> & { title: string; description: string; priceTzs: number } {
  const bedrooms = type === 'Land' ? 0 : int(rand, type === 'HouseForSale' ? 2 : 1, 5);
  const premium = area.premium ? 1.8 : 1;
  switch (type) {
    case 'Rent': {
      const price = clamp(
        roundTo(bedrooms * (110_000 + rand() * 320_000) * premium, 10_000),
        150_000,
        2_500_000,
      );
      // Drawn in the order they always were, so the demo catalogue stays as it was; the
      // description is filled once the lease term it states is known.
      const title = fill(pick(rand, TITLE_TEMPLATES.Rent), [area.name, bedrooms]);
      const description = pick(rand, DESCRIPTION_TEMPLATES.Rent);
      const numberOfBathrooms = clamp(int(rand, 1, bedrooms), 1, 4);
      const leaseTermMonths = pick(rand, [3, 6, 6, 12, 12]);
      return {
        title,
        description: fill(description, [area.name, bedrooms, 0, 0, leaseTermMonths]),
        priceTzs: price,
        numberOfBedrooms: bedrooms,
        numberOfBathrooms,
        leaseTermMonths,
        houseNumber: `${int(rand, 1, 240)}${rand() < 0.2 ? 'A' : ''}`,
      };
    }
    case 'Apartment': {
      const price = clamp(
        roundTo(bedrooms * (220_000 + rand() * 420_000) * premium, 50_000),
        300_000,
        3_000_000,
      );
      return {
        title: fill(pick(rand, TITLE_TEMPLATES.Apartment), [area.name, bedrooms]),
        description: fill(pick(rand, DESCRIPTION_TEMPLATES.Apartment), [area.name, bedrooms]),
        priceTzs: price,
        numberOfBedrooms: bedrooms,
        numberOfBathrooms: clamp(int(rand, 1, bedrooms), 1, 3),
        apartmentPriceTerm: pick(rand, APARTMENT_PRICE_TERMS),
        apartmentNumber: `${pick(rand, ['A', 'B', 'C'])}${int(rand, 1, 8)}${int(rand, 0, 1)}`,
      };
    }
    case 'Land': {
      const width = pick(rand, [15, 20, 20, 25, 30, 30, 40, 50]);
      const length = pick(rand, [20, 25, 30, 30, 40, 50, 60]);
      const perSqm = (8_000 + rand() * rand() * 140_000) * premium;
      const price = clamp(roundTo(width * length * perSqm, 500_000), 5_000_000, 300_000_000);
      return {
        title: fill(pick(rand, TITLE_TEMPLATES.Land), [area.name, 0, width, length]),
        description: fill(pick(rand, DESCRIPTION_TEMPLATES.Land), [area.name, 0, width, length]),
        priceTzs: price,
        lotWidth: width,
        lotLength: length,
        lotStatus: pick(rand, LOT_STATUSES),
        distanceFromMainRoad: pick(rand, ROAD_DISTANCES),
        isWaterServiceAvailable: rand() < 0.75,
        isElectricityServiceAvailable: rand() < 0.7,
        plotNumber: `${int(rand, 1, 2400)}${rand() < 0.3 ? `/${int(rand, 1, 9)}` : ''}`,
      };
    }
    case 'HouseForSale': {
      const price = clamp(
        roundTo(bedrooms * (18_000_000 + rand() * rand() * 200_000_000) * premium, 5_000_000),
        60_000_000,
        1_500_000_000,
      );
      return {
        title: fill(pick(rand, TITLE_TEMPLATES.HouseForSale), [area.name, bedrooms]),
        description: fill(pick(rand, DESCRIPTION_TEMPLATES.HouseForSale), [area.name, bedrooms]),
        priceTzs: price,
        numberOfBedrooms: bedrooms,
        numberOfBathrooms: clamp(int(rand, 1, bedrooms), 1, 5),
        // A few sellers give no floor area: the web shows '--'.
        squareFootage: rand() < 0.15 ? null : roundTo(bedrooms * (45 + rand() * 60), 5),
        distanceFromMainRoad: pick(rand, ROAD_DISTANCES),
        isWaterServiceAvailable: rand() < 0.9,
        isElectricityServiceAvailable: rand() < 0.9,
        houseNumber: `${int(rand, 1, 180)}`,
      };
    }
  }
}

async function ensureDemoUsers(db: Database): Promise<string[]> {
  await db
    .insert(users)
    .values(DEMO_USERS.map((u) => ({ ...u, phoneVerifiedAt: new Date() })))
    .onConflictDoNothing({ target: users.phoneNumber });
  const rows = await db
    .select({ id: users.id, phoneNumber: users.phoneNumber })
    .from(users)
    .where(
      inArray(
        users.phoneNumber,
        DEMO_USERS.map((u) => u.phoneNumber),
      ),
    );
  return DEMO_USERS.map((u) => {
    const row = rows.find((r) => r.phoneNumber === u.phoneNumber);
    if (!row) throw new Error(`demo user ${u.firstName} missing`);
    return row.id;
  });
}

/** One random street of each demo ward, with its district and region, read from the database. */
async function streetsOfDemoWards(db: Database, rand: Rand): Promise<Map<number, StreetChoice[]>> {
  const { rows } = await db.execute<{
    street_id: number;
    ward_id: number;
    district_id: number;
    region_id: number;
  }>(sql`
    SELECT s.id AS street_id, w.id AS ward_id, d.id AS district_id, d.region_id
    FROM ${wards} w
    JOIN ${districts} d ON d.id = w.district_id
    JOIN streets s ON s.ward_id = w.id
    WHERE w.id IN (${sql.join(
      DEMO_WARDS.map((w) => sql`${w.id}`),
      sql`, `,
    )})
    ORDER BY s.id`);
  const byWard = new Map<number, StreetChoice[]>();
  for (const r of rows) {
    const list = byWard.get(r.ward_id) ?? [];
    list.push({
      streetId: r.street_id,
      wardId: r.ward_id,
      districtId: r.district_id,
      regionId: r.region_id,
    });
    byWard.set(r.ward_id, list);
  }
  for (const ward of DEMO_WARDS) {
    if (!byWard.get(ward.id)?.length)
      throw new Error(`demo ward ${ward.id} ${ward.name} has no streets`);
  }
  // Shuffle within each ward so listings in one area sit on different streets.
  for (const list of byWard.values()) list.sort(() => rand() - 0.5);
  return byWard;
}

/**
 * The demo catalogue: DEMO_LISTINGS_PER_TYPE approved listings of each type, deterministic
 * content, spread over the last six weeks, a few promoted. Expects locations to be loaded and
 * runs inside the caller's transaction.
 */
export async function insertDemoCatalogue(
  db: Database,
  pool: PhotoPool,
  now: Date = new Date(),
): Promise<number> {
  const rand = createRandom(2024);
  const publisherIds = await ensureDemoUsers(db);
  const streetsByWard = await streetsOfDemoWards(db, rand);
  const day = 86_400_000;

  const rows: NewProperty[] = [];
  const photoPlans: ReturnType<typeof photosForListing>[] = [];
  for (const type of PROPERTY_TYPES) {
    const areas = DEMO_WARDS.filter((w) => (type === 'Land' ? w.outskirts : true));
    for (let n = 0; n < DEMO_LISTINGS_PER_TYPE; n++) {
      const area = areas[(n * 7 + PROPERTY_TYPES.indexOf(type) * 3) % areas.length]!;
      const streets = streetsByWard.get(area.id)!;
      const street = streets[n % streets.length]!;
      const createdAt = new Date(
        now.getTime() - Math.floor(rand() * 42 * day) - int(rand, 0, 86_399) * 1000,
      );
      // Every sixth listing has a running promotion; a couple more had one that ended.
      const promotionEndsAt =
        n % 6 === 1
          ? new Date(now.getTime() + int(rand, 1, 25) * day)
          : n % 9 === 4
            ? new Date(now.getTime() - int(rand, 1, 10) * day)
            : null;
      const owner = `${pick(rand, OWNER_FIRST_NAMES)} ${pick(rand, OWNER_LAST_NAMES)}`;
      // In the order the random draws were always made: the demo catalogue stays as it was.
      const ownerPhoneNumber = tanzanianMobile(rand);
      const approvedAt = new Date(createdAt.getTime() + int(rand, 10, 600) * 60_000);
      // Confirmed at different times in the last three weeks ("Confirmed 4 days ago"), never
      // before approval; from n, not from a draw.
      const confirmedAt = new Date(
        Math.max(approvedAt.getTime(), now.getTime() - ((n * 5) % 21) * day - (n % 7) * 3_600_000),
      );
      rows.push({
        // Ids chosen here so photos can be matched to listings without relying on RETURNING order.
        id: randomUUID(),
        type,
        status: 'approved',
        ownerName: owner,
        ownerPhoneNumber,
        publishedBy: publisherIds[(n + PROPERTY_TYPES.indexOf(type)) % publisherIds.length]!,
        regionId: street.regionId,
        districtId: street.districtId,
        wardId: street.wardId,
        streetId: street.streetId,
        promotionEndsAt,
        createdAt,
        updatedAt: createdAt,
        approvedAt,
        confirmedAt,
        ...listingFields(rand, type, area),
      });
      photoPlans.push(photosForListing(pool, type, n));
    }
  }

  const photoRows = rows.flatMap(({ id }, i) =>
    photoPlans[i]!.map(({ label, position, photo }) => ({
      propertyId: id!,
      label,
      position,
      width: photo.width,
      height: photo.height,
      variants: photo.variants,
      perceptualHash: photo.perceptualHash,
    })),
  );
  await transactionRefreshingCards(db, async (tx) => {
    await tx.insert(properties).values(rows);
    await tx.insert(propertyPhotos).values(photoRows);
  });
  return rows.length;
}
