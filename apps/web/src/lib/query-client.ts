import { QueryClient } from '@tanstack/react-query';

/**
 * An answer the server refused (4xx). Read from the error's `status`, so that every client's
 * error class counts (lib/api-client's ApiError, the admin area's AdminApiError) without this
 * module knowing them.
 */
function isClientError(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * The first segment of every query key that holds listings as the public pages show them (the
 * catalogue, a detail page): whoever changes a listing drops them all with one invalidation.
 */
export const LISTINGS_QUERY_SCOPE = 'properties';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Listings change slowly; refetching on every focus would burn mobile data.
        staleTime: 60_000,
        gcTime: 10 * 60_000,
        refetchOnWindowFocus: false,
        // A 4xx will not get better by asking again; a flaky 3G link might.
        retry: (failureCount, error) => {
          if (isClientError(error)) return false;
          return failureCount < 2;
        },
        // Offline, a read is still asked once: the service worker may answer it from its copy.
        // Only the retries wait for the connection.
        networkMode: 'offlineFirst',
      },
      mutations: {
        // Offline, an action is still attempted, so the API client answers at once that it needs
        // the internet; TanStack's default would hold it, spinning, until the connection returns.
        networkMode: 'always',
      },
    },
  });
}
