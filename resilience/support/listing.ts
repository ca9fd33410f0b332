import { expectApi } from './api-client';

interface NamedRef {
  id: number;
  name: string;
}

/** The first street of the first ward of the first district of the first region. */
export async function firstAddress(baseUrl: string): Promise<Record<string, number | string>> {
  const get = <T>(url: string) => expectApi<T>(200, baseUrl, 'GET', url);
  const [region] = await get<NamedRef[]>('/api/locations/regions');
  if (!region) throw new Error('no regions seeded');
  const { districts } = await get<{ districts: NamedRef[] }>(`/api/locations/regions/${region.id}`);
  const district = districts[0];
  if (!district) throw new Error(`region ${region.name} has no districts`);
  const { wards } = await get<{ wards: NamedRef[] }>(`/api/locations/districts/${district.id}`);
  const ward = wards[0];
  if (!ward) throw new Error(`district ${district.name} has no wards`);
  const { streets } = await get<{ streets: NamedRef[] }>(`/api/locations/wards/${ward.id}`);
  const street = streets[0];
  if (!street) throw new Error(`ward ${ward.name} has no streets`);
  return {
    regionId: region.id,
    districtId: district.id,
    wardId: ward.id,
    streetId: street.id,
    houseNumber: '12',
  };
}

export const HOUSE_FOR_SALE = {
  type: 'HouseForSale',
  title: 'Nyumba ya vyumba vinne Mbezi',
  description: 'Nyumba nzuri yenye bustani, maji na umeme.',
  ownerName: 'Mama Neema',
  ownerPhoneNumber: '0754123456',
  housePrice: 250_000_000,
  numberOfBedrooms: 4,
  numberOfBathrooms: 3,
  squareFootage: 240,
  distanceFromMainRoad: '300 m',
  isWaterServiceAvailable: true,
  isElectricityServiceAvailable: true,
} as const;

/** A house for sale with its address and no photos yet (a draft); answers its id. */
export async function draftHouseForSale(baseUrl: string, token: string): Promise<string> {
  const { id } = await expectApi<{ id: string }>(
    201,
    baseUrl,
    'POST',
    '/api/properties/house-for-sale',
    { body: HOUSE_FOR_SALE, token },
  );
  await expectApi(200, baseUrl, 'POST', `/api/properties/${id}/address`, {
    body: await firstAddress(baseUrl),
    token,
  });
  return id;
}
