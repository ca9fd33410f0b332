import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAdminPropertiesResponse, TAdminPropertyRow } from '@makazi/contracts/admin';
import { dashboardQueryOptions } from '../api/dashboard';
import { approveProperty, propertiesQueryKey, type TPropertyFilter } from '../api/properties';

export const MODERATION_MUTATION_KEY = ['admin', 'moderate'] as const;

interface ApproveVariables {
  row: Pick<TAdminPropertyRow, 'id' | 'title'>;
  /** The list the row is shown in: it leaves it at once unless that list shows approved ones. */
  filter?: TPropertyFilter;
}

/** Drops a listing from the cached page of `filter` (the moderation queue shrinks as one works). */
export function removeFromList(
  data: TAdminPropertiesResponse | undefined,
  id: string,
): TAdminPropertiesResponse | undefined {
  if (!data || !data.items.some((item) => item.id === id)) return data;
  return { ...data, items: data.items.filter((item) => item.id !== id), total: data.total - 1 };
}

/**
 * Approve, optimistically: the row leaves the list before the server answers and comes back if it
 * refuses. The lists refetch once no other moderation is under way, so quick successive approvals
 * do not bring each other's rows back.
 */
export function useApprove({
  onApproved,
  onFailed,
}: {
  onApproved: (row: ApproveVariables['row']) => void;
  onFailed: (row: ApproveVariables['row'], error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: MODERATION_MUTATION_KEY,
    mutationFn: ({ row }: ApproveVariables) => approveProperty(row.id),
    onMutate: async ({ row, filter }: ApproveVariables) => {
      if (!filter || filter.status === 'approved') return { removed: undefined };
      const key = propertiesQueryKey(filter);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<TAdminPropertiesResponse>(key);
      const index = previous?.items.findIndex((item) => item.id === row.id) ?? -1;
      const removed = index >= 0 ? previous?.items[index] : undefined;
      queryClient.setQueryData(key, removeFromList(previous, row.id));
      return { removed: removed ? { item: removed, index } : undefined };
    },
    onError: (error, { row, filter }, context) => {
      // Only this row comes back, where it was: other rows approved meanwhile stay gone.
      if (filter && context?.removed) {
        const { item, index } = context.removed;
        queryClient.setQueryData<TAdminPropertiesResponse>(propertiesQueryKey(filter), (data) =>
          data && !data.items.some((other) => other.id === item.id)
            ? {
                ...data,
                items: [...data.items.slice(0, index), item, ...data.items.slice(index)],
                total: data.total + 1,
              }
            : data,
        );
      }
      onFailed(row, error);
    },
    onSuccess: (_result, { row }) => onApproved(row),
    onSettled: () => {
      if (queryClient.isMutating({ mutationKey: MODERATION_MUTATION_KEY }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: propertiesQueryKey() });
        void queryClient.invalidateQueries({ queryKey: dashboardQueryOptions().queryKey });
      }
    },
  });
}
