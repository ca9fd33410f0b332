import { firstAddress } from '@makazi/e2e/locations';
import { expectApi } from './api-client';

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
