import type { TNamedRef } from '@makazi/contracts/locations';
import type {
  TDistrictResponse,
  TRegionResponse,
  TWardResponse,
} from '@makazi/contracts/locations';
import { notFound } from '../../lib/errors';
import type { LocationsRepository } from './locations.repository';

export interface LocationsService {
  listRegions(): Promise<TNamedRef[]>;
  getRegion(id: number): Promise<TRegionResponse>;
  getDistrict(id: number): Promise<TDistrictResponse>;
  getWard(id: number): Promise<TWardResponse>;
}

export function createLocationsService(repository: LocationsRepository): LocationsService {
  return {
    listRegions: () => repository.listRegions(),
    async getRegion(id) {
      const region = await repository.findRegion(id);
      if (!region) throw notFound(`Region ${id} not found`);
      return { ...region, districts: await repository.listDistricts(id) };
    },
    async getDistrict(id) {
      const district = await repository.findDistrict(id);
      if (!district) throw notFound(`District ${id} not found`);
      return { ...district, wards: await repository.listWards(id) };
    },
    async getWard(id) {
      const ward = await repository.findWard(id);
      if (!ward) throw notFound(`Ward ${id} not found`);
      return { ...ward, streets: await repository.listStreets(id) };
    },
  };
}
