import { useTranslation } from '../lib/use-translation';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { formatTzs } from '../lib/format';
import './listing-price.css';

export interface ListingPriceProps {
  price: number;
  type: TPropertyType;
  /** The page's own class: the size of the figure. */
  className: string;
  /** For an element whose name includes the price (aria-labelledby). */
  id?: string;
}

/** A listing's price as every page writes it: 'TZS 450,000', per month for a lease. */
export function ListingPrice({ price, type, className, id }: ListingPriceProps) {
  const { t } = useTranslation();
  return (
    <p id={id} className={className} data-testid="property-price" data-price={price}>
      {formatTzs(price)}
      {type === 'Rent' ? (
        <span className="listing-price__per text-secondary"> {t('price.perMonth')}</span>
      ) : null}
    </p>
  );
}
