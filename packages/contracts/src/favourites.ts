import { z } from 'zod';
import { ZPropertyType } from './properties';
import { FAVOURITE_STATES, FAVOURITES_MERGE_MAX } from './saved-values';

/*
 * Favourites (issue 21): PUT /api/me/favourites/{propertyId} and DELETE the same answer 204 and
 * may be repeated; GET /api/me/favourites lists them, newest first; POST /api/me/favourites/merge
 * brings an anonymous browser's favourites into the account at sign-in.
 */

export const ZFavouriteParams = z.object({ propertyId: z.uuid('must be a listing id') });
export type TFavouriteParams = z.infer<typeof ZFavouriteParams>;

export const ZFavouriteState = z.enum(FAVOURITE_STATES);

export const ZFavourite = z.object({
  property: z.object({
    id: z.uuid(),
    title: z.string(),
    type: ZPropertyType,
    price: z.number().int(),
    /** "Ward, District": where it is, for a list that outlives the listing's page. */
    place: z.string(),
    coverUrl: z.string().nullable(),
  }),
  state: ZFavouriteState,
  /** ISO 8601 UTC: when it was saved. */
  savedAt: z.string(),
});
export type TFavourite = z.infer<typeof ZFavourite>;
export const ZFavouritesResponse = z.array(ZFavourite);
export type TFavouritesResponse = z.infer<typeof ZFavouritesResponse>;

/**
 * The ids an anonymous browser saved. Ids of listings that are not public (or not at all) are
 * skipped, not refused: a browser's list may be weeks old.
 */
export const ZFavouritesMergeBody = z.object({
  propertyIds: z
    .array(z.uuid('must be listing ids'))
    .max(FAVOURITES_MERGE_MAX, `must be at most ${FAVOURITES_MERGE_MAX} listings`),
});
export type TFavouritesMergeBody = z.infer<typeof ZFavouritesMergeBody>;
/** The account's favourites after the merge. */
export const ZFavouritesMergeResponse = ZFavouritesResponse;
