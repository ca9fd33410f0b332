import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { districts, regions, streets, wards } from '../../db/schema';

export interface NamedRow {
  id: number;
  name: string;
}

export interface LocationsRepository {
  listRegions(): Promise<NamedRow[]>;
  findRegion(id: number): Promise<NamedRow | undefined>;
  listDistricts(regionId: number): Promise<NamedRow[]>;
  findDistrict(id: number): Promise<NamedRow | undefined>;
  listWards(districtId: number): Promise<NamedRow[]>;
  findWard(id: number): Promise<NamedRow | undefined>;
  listStreets(wardId: number): Promise<NamedRow[]>;
}

export function createLocationsRepository(db: Database): LocationsRepository {
  return {
    listRegions: () =>
      db
        .select({ id: regions.id, name: regions.name })
        .from(regions)
        .orderBy(asc(regions.name), asc(regions.id)),
    async findRegion(id) {
      const [row] = await db
        .select({ id: regions.id, name: regions.name })
        .from(regions)
        .where(eq(regions.id, id));
      return row;
    },
    listDistricts: (regionId) =>
      db
        .select({ id: districts.id, name: districts.name })
        .from(districts)
        .where(eq(districts.regionId, regionId))
        .orderBy(asc(districts.name), asc(districts.id)),
    async findDistrict(id) {
      const [row] = await db
        .select({ id: districts.id, name: districts.name })
        .from(districts)
        .where(eq(districts.id, id));
      return row;
    },
    listWards: (districtId) =>
      db
        .select({ id: wards.id, name: wards.name })
        .from(wards)
        .where(eq(wards.districtId, districtId))
        .orderBy(asc(wards.name), asc(wards.id)),
    async findWard(id) {
      const [row] = await db
        .select({ id: wards.id, name: wards.name })
        .from(wards)
        .where(eq(wards.id, id));
      return row;
    },
    listStreets: (wardId) =>
      db
        .select({ id: streets.id, name: streets.name })
        .from(streets)
        .where(eq(streets.wardId, wardId))
        .orderBy(asc(streets.name), asc(streets.id)),
  };
}
