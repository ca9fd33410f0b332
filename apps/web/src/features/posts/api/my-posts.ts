import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TViewerProperty } from '@makazi/contracts/listings';
import type { TTakenBody } from '@makazi/contracts/trust';
import { apiGet, apiSend } from '../../../lib/api-client';
import { isRecord } from '../../../lib/guards';
import { LISTINGS_QUERY_SCOPE } from '../../../lib/query-client';
import { accountQueryKey } from '../../../lib/sign-out';
import { isViewerProperty, isViewerPropertyList } from '../../../lib/viewer-property';

/** The most the API answers a page: an owner's list is read in as few requests as it can be. */
const POSTS_PAGE_SIZE = 100;

/**
 * GET /api/properties/publishers/{sub} with the user's token: every listing of theirs but deleted
 * ones, newest first, each with its status (the owner view), page after page until the API sends
 * no next one. Under the account scope, so signing out forgets it.
 */
export function myPostsQueryOptions(sub: string) {
  return queryOptions({
    queryKey: [...accountQueryKey(sub), 'posts'],
    queryFn: async ({ signal }) => {
      const path = `/properties/publishers/${encodeURIComponent(sub)}`;
      const posts = [];
      let cursor: string | null = null;
      do {
        const query: Record<string, string> = { limit: String(POSTS_PAGE_SIZE) };
        if (cursor) query.cursor = cursor;
        const page = await apiGet(path, isViewerPropertyList, { auth: true, signal, query });
        posts.push(...page.data);
        cursor = page.nextCursor;
      } while (cursor);
      return posts;
    },
    // The list changes on other screens (the wizard, an admin's review): ask again on every
    // visit, while the cached list paints at once.
    staleTime: 0,
  });
}

export function useMyPosts(sub: string) {
  return useQuery(myPostsQueryOptions(sub));
}

function isDeleteAnswer(id: string) {
  return (body: unknown): body is { id: string; status: 'archived' } =>
    isRecord(body) && body.id === id && body.status === 'archived';
}

/**
 * DELETE /api/properties/{id} (a soft delete). The card leaves the list at once; a failure puts it
 * back. Afterwards the user's list and the public catalogue are asked for again.
 */
export function useDeletePost(sub: string) {
  const queryClient = useQueryClient();
  const { queryKey } = myPostsQueryOptions(sub);
  return useMutation({
    mutationFn: (id: string) =>
      apiSend('DELETE', `/properties/${encodeURIComponent(id)}`, undefined, isDeleteAnswer(id), {
        auth: true,
      }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      queryClient.setQueryData(queryKey, (list) => list?.filter((post) => post.id !== id));
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey });
      // A published listing also leaves the catalogue's lists and carousels.
      void queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] });
    },
  });
}

function isOwnListing(id: string) {
  return (body: unknown): body is TViewerProperty => isViewerProperty(body) && body.id === id;
}

/**
 * A change of one listing that the API answers with the listing as its owner now sees it: the
 * card shows the answer at once; afterwards the user's list and the public catalogue (which the
 * listing may have joined or left) are asked for again.
 */
function useListingChange<TInput>(sub: string, send: (input: TInput) => Promise<TViewerProperty>) {
  const queryClient = useQueryClient();
  const { queryKey } = myPostsQueryOptions(sub);
  return useMutation({
    mutationFn: send,
    onSuccess: (changed) => {
      queryClient.setQueryData(queryKey, (list) =>
        list?.map((post) => (post.id === changed.id ? changed : post)),
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: [LISTINGS_QUERY_SCOPE] });
    },
  });
}

/** POST /api/properties/{id}/confirm: 'still available'; a listing hidden as stale is back. */
export function useConfirmPost(sub: string) {
  return useListingChange(sub, (id: string) =>
    apiSend('POST', `/properties/${encodeURIComponent(id)}/confirm`, undefined, isOwnListing(id), {
      auth: true,
    }),
  );
}

/** POST /api/properties/{id}/taken: let or sold at `takenAt` (the API's now without one). */
export function useMarkTaken(sub: string) {
  return useListingChange(sub, ({ id, takenAt }: { id: string; takenAt?: string }) => {
    const body: TTakenBody = takenAt === undefined ? {} : { takenAt };
    return apiSend('POST', `/properties/${encodeURIComponent(id)}/taken`, body, isOwnListing(id), {
      auth: true,
    });
  });
}
