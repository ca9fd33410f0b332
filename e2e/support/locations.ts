interface NamedRef {
  id: number;
  name: string;
}

/**
 * The first street of the first ward of the first district of the first region, read through the
 * API at `base`: an address any seeded database has. Shared by the e2e and resilience specs.
 */
export async function firstAddress(base: string): Promise<Record<string, number | string>> {
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
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
