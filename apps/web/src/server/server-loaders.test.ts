import { describe, expect, it, vi } from 'vitest';
import type { PageDataSource } from '@makazi/contracts/page-rendering';
import { createQueryClient } from '../lib/query-client';
import { serverLoaders, type ServerLoadContext } from './server-loaders';

/*
 * The catalogue pages' prices on the server: what the form sends without JavaScript, and a range
 * the API refuses (it would throw in the pages service and fail the whole page).
 */

function context() {
  const listProperties = vi.fn<PageDataSource['listProperties']>(() =>
    Promise.resolve({ json: '[]', nextCursor: null }),
  );
  const countProperties = vi.fn<PageDataSource['countProperties']>(() =>
    Promise.resolve({ count: 0, atLeast: false }),
  );
  const source = { listProperties, countProperties } as unknown as PageDataSource;
  const loading: ServerLoadContext = { queryClient: createQueryClient(), source };
  return { loading, listProperties, countProperties };
}

describe('server loaders and prices', () => {
  it('reads prices as the form sends them without JavaScript', async () => {
    const { loading, listProperties, countProperties } = context();
    await serverLoaders().list(
      'Rent',
      'https://makazi.test/lease?minPrice=800k&maxPrice=1%2C200%2C000',
      loading,
    );
    expect(listProperties).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'Rent', minPrice: 800_000, maxPrice: 1_200_000 }),
    );
    // The list's count, with the same filters.
    expect(countProperties).toHaveBeenCalledWith({
      type: 'Rent',
      search: undefined,
      minPrice: 800_000,
      maxPrice: 1_200_000,
    });
  });

  it('asks the catalogue nothing for a minimum above the maximum, on a list page or home', async () => {
    const { loading, listProperties, countProperties } = context();
    await serverLoaders().list(
      'Rent',
      'https://makazi.test/lease?minPrice=900000&maxPrice=100',
      loading,
    );
    await serverLoaders().home('https://makazi.test/home?minPrice=900000&maxPrice=100', loading);
    expect(listProperties).not.toHaveBeenCalled();
    expect(countProperties).not.toHaveBeenCalled();
  });
});
