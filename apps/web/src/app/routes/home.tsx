import { CatalogueHome } from '../../features/catalogue/components/catalogue-home';

export function HomeRoute() {
  return <CatalogueHome />;
}
