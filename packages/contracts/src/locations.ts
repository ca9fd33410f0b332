import { z } from 'zod';

export const ZNamedRef = z.object({ id: z.number().int(), name: z.string() });
export type TNamedRef = z.infer<typeof ZNamedRef>;

export const ZLocationIdParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** GET /api/locations/regions */
export const ZListRegionsResponse = z.array(ZNamedRef);
/** GET /api/locations/regions/{id} */
export const ZRegionResponse = ZNamedRef.extend({ districts: z.array(ZNamedRef) });
/** GET /api/locations/districts/{id} */
export const ZDistrictResponse = ZNamedRef.extend({ wards: z.array(ZNamedRef) });
/** GET /api/locations/wards/{id} */
export const ZWardResponse = ZNamedRef.extend({ streets: z.array(ZNamedRef) });

export type TRegionResponse = z.infer<typeof ZRegionResponse>;
export type TDistrictResponse = z.infer<typeof ZDistrictResponse>;
export type TWardResponse = z.infer<typeof ZWardResponse>;
