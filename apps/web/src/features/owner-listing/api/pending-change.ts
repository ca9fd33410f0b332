import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiSend, isApiError } from '../../../lib/api-client';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';
import { accountQueryKey } from '../../../lib/sign-out';
import { isViewerProperty } from '../../../lib/viewer-property';
import { ownerListingQueryOptions } from './owner-listing';

/**
 * DELETE /api/properties/{id}/pending-change with the owner's token: the edit awaiting review is
 * dropped and the live version stays as it is; the answer is the owner view without it. The page
 * shows that answer at once, then the owner's lists and pages of listings are asked for again.
 */
export function useDiscardPendingChange(sub: string, id: string) {
  const queryClient = useQueryClient();
  const { queryKey } = ownerListingQueryOptions(sub, id);
  const refresh = () => {
    // /posts and this page live under the account scope; the wizard's copy under the listings one.
    void queryClient.invalidateQueries({ queryKey: accountQueryKey(sub) });
    void queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] });
  };
  return useMutation({
    mutationFn: () =>
      apiSend(
        'DELETE',
        `/properties/${encodeURIComponent(id)}/pending-change`,
        undefined,
        isViewerProperty,
        { auth: true },
      ),
    onSuccess: (listing) => {
      queryClient.setQueryData(queryKey, listing);
      refresh();
    },
    onError: (error) => {
      // 404: there was no change left to discard (another tab discarded it, or an admin's
      // decision applied it): the page catches up with what the server holds.
      if (isApiError(error) && error.status === 404) refresh();
    },
  });
}
