import { CatalogueHome } from '../../features/catalogue/components/catalogue-home';
import { SaveSearch } from '../../features/saved-searches/components/save-search';

export function HomeRoute() {
  return <CatalogueHome renderSaveSearch={(search) => <SaveSearch search={search} />} />;
}
