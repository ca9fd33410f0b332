import type { TPropertyType } from '@makazi/contracts/property-values';
import { CatalogueList } from '../../features/catalogue/components/catalogue-list';
import { SaveSearch } from '../../features/saved-searches/components/save-search';

export function ListRoute({ type }: { type: TPropertyType }) {
  // A fresh page per type: /lease → /land must not carry over scroll-loaded pages or form drafts.
  return (
    <CatalogueList
      key={type}
      type={type}
      renderSaveSearch={(search) => <SaveSearch search={search} />}
    />
  );
}
