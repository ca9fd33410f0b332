import { ZTopRevealersResponse, type TTopRevealersQuery } from '@makazi/contracts/contact-reveals';
import { adminJson } from './admin-client';

/** The people shown the most owners' phone numbers over the last `days` East Africa days. */
export function topRevealersQueryOptions(query: TTopRevealersQuery) {
  return {
    queryKey: ['admin', 'contact-reveals', 'top', query] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/contact-reveals/top', ZTopRevealersResponse, {
        query: { ...query },
        signal,
      }),
  };
}
