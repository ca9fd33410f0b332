import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { apiGet } from '../../../lib/api-client';
import { accountQueryKey } from '../../../lib/sign-out';
import { isViewerProperty } from '../../../lib/viewer-property';

/**
 * GET /api/properties/{id} with the user's token: the owner gets their listing in any status with
 * the owner fields (phone, status details); anyone else only an approved listing, without them.
 * Under the account scope: what the owner sees is theirs alone and leaves with sign-out.
 */
export function ownerListingQueryOptions(sub: string, id: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(sub), 'listing', id],
    queryFn: async ({ signal }) =>
      (
        await apiGet(`/properties/${encodeURIComponent(id)}`, isViewerProperty, {
          auth: true,
          signal,
        })
      ).data,
    // The owner comes here after editing or to check a review: always ask again.
    staleTime: 0,
  });
}

/**
 * `placeholder` is the listing /posts passed in navigation state: it paints the page at once and is
 * never trusted beyond that (a list item may carry only its cover photo); the page still loads by
 * id, so a reload works.
 */
export function useOwnerListing(
  sub: string,
  id: string,
  { enabled, placeholder }: { enabled: boolean; placeholder?: TViewerProperty },
) {
  return useQuery({ ...ownerListingQueryOptions(sub, id), enabled, placeholderData: placeholder });
}
