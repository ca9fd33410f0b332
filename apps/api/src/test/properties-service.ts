import type { DatabaseHandle } from '../db/client';
import { rawQueries } from '../db/client';
import {
  createCatalogueRepository,
  type CatalogueRepository,
  type CatalogueRepositoryOptions,
} from '../modules/properties/catalogue.repository';
import { createPropertiesRepository } from '../modules/properties/properties.repository';
import {
  createPropertiesService,
  type PropertiesService,
} from '../modules/properties/properties.service';

/**
 * The properties service on a test database, without the app's cache and guard; `wrap` can
 * watch or replace the read model's queries.
 */
export function testPropertiesService(
  database: DatabaseHandle,
  options: CatalogueRepositoryOptions & {
    wrap?: (catalogue: CatalogueRepository) => CatalogueRepository;
  } = {},
): PropertiesService {
  const catalogue = createCatalogueRepository(rawQueries(database), options);
  return createPropertiesService({
    catalogue: options.wrap ? options.wrap(catalogue) : catalogue,
    listings: createPropertiesRepository(database.db),
  });
}
