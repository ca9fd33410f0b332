import { useTranslation } from './use-translation';
import type { AddressParts } from '@makazi/contracts/property-values';

/**
 * The address as a reader of the page's language reads it: each part's word (House No., Street,
 * Ward …) in that language, the parts in the order formatPropertyAddress gives them. That function
 * stays English on purpose: the database builds the same string as the search text, so the English
 * display is the very text a search matches.
 */
export function useAddressText(): (address: AddressParts | null) => string {
  const { t } = useTranslation();
  return (address) => {
    if (!address) return '';
    const parts = [
      address.apartmentNumber
        ? t('address.apartmentNumber', { value: address.apartmentNumber })
        : null,
      address.houseNumber ? t('address.houseNumber', { value: address.houseNumber }) : null,
      address.plotNumber ? t('address.plotNumber', { value: address.plotNumber }) : null,
      t('address.street', { name: address.street.name }),
      t('address.ward', { name: address.ward.name }),
      t('address.district', { name: address.district.name }),
      t('address.region', { name: address.region.name }),
    ];
    return parts.filter((part): part is string => part !== null).join(', ');
  };
}
