import type { TPropertyAddress } from '@makazi/contracts/properties';
import { formatPropertyAddress } from '@makazi/contracts/property-values';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '../test/test-app';
import { createTestDatabase } from '../test/test-app';
import { districts, properties, regions, streets, users, wards } from './schema';

/*
 * properties.search_text is kept by a trigger (migration 0001) and must read exactly like the
 * contracts' formatPropertyAddress, which the web shows: the test builds the expected text with it.
 */

let test: TestDatabase;
let userId: string;

// Two complete chains; names with an apostrophe and a quote, as the real data has.
const chainA = {
  region: { id: 7, name: 'Dar es Salaam' },
  district: { id: 44, name: 'Kinondoni' },
  ward: { id: 1147, name: 'Mikocheni' },
  street: { id: 5001, name: "Chang'ombe" },
};
const chainB = {
  region: { id: 2, name: 'Arusha' },
  district: { id: 12, name: 'Arusha' },
  ward: { id: 362, name: 'Olasiti' },
  street: { id: 5002, name: 'Bunju "A"' },
};

beforeAll(async () => {
  test = await createTestDatabase();
  const { db } = test;
  for (const c of [chainA, chainB]) {
    await db.insert(regions).values(c.region);
    await db.insert(districts).values({ ...c.district, regionId: c.region.id });
    await db.insert(wards).values({ ...c.ward, districtId: c.district.id });
    await db.insert(streets).values({ ...c.street, wardId: c.ward.id });
  }
  const [user] = await db
    .insert(users)
    .values({ phoneNumber: '+255712345670', firstName: 'Asha', lastName: 'Mrema' })
    .returning({ id: users.id });
  userId = user!.id;
});

afterAll(async () => {
  await test.dispose();
});

function address(
  chain: typeof chainA,
  numbers: Partial<Pick<TPropertyAddress, 'apartmentNumber' | 'houseNumber' | 'plotNumber'>> = {},
): TPropertyAddress {
  return {
    ...chain,
    apartmentNumber: numbers.apartmentNumber ?? null,
    houseNumber: numbers.houseNumber ?? null,
    plotNumber: numbers.plotNumber ?? null,
  };
}

const chainColumns = (c: typeof chainA) => ({
  regionId: c.region.id,
  districtId: c.district.id,
  wardId: c.ward.id,
  streetId: c.street.id,
});

async function searchText(id: string): Promise<string> {
  const [row] = await test.db
    .select({ searchText: properties.searchText })
    .from(properties)
    .where(eq(properties.id, id));
  return row!.searchText;
}

async function insertRent(values: Partial<typeof properties.$inferInsert>): Promise<string> {
  const [row] = await test.db
    .insert(properties)
    .values({
      type: 'Rent',
      // A draft has no catalogue card to keep: the trigger is all there is to see here.
      status: 'draft',
      title: 'Nyumba ya vyumba 3 inapangishwa Mikocheni',
      description: 'Nyumba nzuri',
      ownerName: 'Juma Said',
      ownerPhoneNumber: '+255754000111',
      publishedBy: userId,
      priceTzs: 450_000,
      numberOfBedrooms: 3,
      numberOfBathrooms: 2,
      leaseTermMonths: 6,
      ...values,
    })
    .returning({ id: properties.id });
  return row!.id;
}

describe('properties.search_text', () => {
  it('is the title and the formatted address on insert', async () => {
    const id = await insertRent({ ...chainColumns(chainA), houseNumber: '12B' });
    const expected = `Nyumba ya vyumba 3 inapangishwa Mikocheni ${formatPropertyAddress(
      address(chainA, { houseNumber: '12B' }),
    )}`;
    expect(await searchText(id)).toBe(expected);
    expect(expected).toBe(
      "Nyumba ya vyumba 3 inapangishwa Mikocheni House No. 12B, Street Chang'ombe, Ward Mikocheni, District Kinondoni, Region Dar es Salaam",
    );
  });

  it('includes the numbers given (apartment, house, plot) and leaves out empty ones', async () => {
    const numbers = { apartmentNumber: 'A4', houseNumber: '', plotNumber: '77/2' };
    const id = await insertRent({ ...chainColumns(chainB), ...numbers });
    expect(await searchText(id)).toBe(
      `Nyumba ya vyumba 3 inapangishwa Mikocheni ${formatPropertyAddress(
        address(chainB, { apartmentNumber: 'A4', plotNumber: '77/2' }),
      )}`,
    );
    expect(await searchText(id)).toContain('Apartment A4, Plot No. 77/2, Street Bunju "A"');
  });

  it('is the title alone without an address', async () => {
    const id = await insertRent({ title: 'Nyumba bila anwani' });
    expect(await searchText(id)).toBe('Nyumba bila anwani');
  });

  it('follows changes of the title and of every address column', async () => {
    const id = await insertRent({ ...chainColumns(chainA), houseNumber: '1' });

    await test.db.update(properties).set({ title: 'Jina jipya' }).where(eq(properties.id, id));
    expect(await searchText(id)).toBe(
      `Jina jipya ${formatPropertyAddress(address(chainA, { houseNumber: '1' }))}`,
    );

    await test.db
      .update(properties)
      .set({ ...chainColumns(chainB), houseNumber: '2', plotNumber: '9' })
      .where(eq(properties.id, id));
    expect(await searchText(id)).toBe(
      `Jina jipya ${formatPropertyAddress(address(chainB, { houseNumber: '2', plotNumber: '9' }))}`,
    );

    await test.db
      .update(properties)
      .set({ streetId: chainA.street.id, apartmentNumber: 'C1' })
      .where(eq(properties.id, id));
    expect(await searchText(id)).toContain(
      `Apartment C1, House No. 2, Plot No. 9, Street Chang'ombe`,
    );

    // A column outside the text leaves it alone, and nobody can write it directly.
    await test.db.update(properties).set({ priceTzs: 1 }).where(eq(properties.id, id));
    await test.db.execute(
      sql`UPDATE properties SET search_text = 'tampered', title = title WHERE id = ${id}`,
    );
    expect(await searchText(id)).toContain('Jina jipya Apartment C1');
  });
});
