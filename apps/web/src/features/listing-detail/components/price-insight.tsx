import { useId } from 'react';
import type { TPriceInsight } from '@makazi/contracts/price-insights';
import type { TProperty } from '@makazi/contracts/properties';
import { pricePosition } from '@makazi/contracts/saved-values';
import { formatTzs, formatTzsRange } from '../../../lib/format';
import { useTranslation } from '../../../lib/use-translation';
import { usePriceInsight, type PriceInsightQuery } from '../api/price-insights';
import './price-insight.css';

/** The listing's kind, place and size as the insights API is asked; null without a place. */
export function insightQuery(property: TProperty): PriceInsightQuery | null {
  const address = property.propertyAddress;
  if (!address) return null;
  const query: PriceInsightQuery = {
    type: property.type,
    wardId: address.ward.id,
    districtId: address.district.id,
  };
  if (property.type !== 'Land') query.bedrooms = property.numberOfBedrooms;
  return query;
}

/** Where a price falls on a line from a little below the lowest figure to a little above the highest. */
function scale(values: number[]): (value: number) => string {
  const least = Math.min(...values);
  const most = Math.max(...values);
  const margin = (most - least) * 0.15 || most * 0.1 || 1;
  const start = Math.max(0, least - margin);
  const span = most + margin - start;
  return (value) => `${(((value - start) / span) * 100).toFixed(2)}%`;
}

function PriceInsightPanel({ insight, price }: { insight: TPriceInsight; price: number }) {
  const { t, ready } = useTranslation('insights');
  const headingId = useId();
  // The texts are a lazy namespace, asked for only once there are figures to show.
  if (!ready) return null;

  const area = t(`area.${insight.area.level}`, { name: insight.area.name });
  const { type, bedrooms } = insight;
  const what =
    type === 'Land'
      ? t('whatAny.Land')
      : bedrooms === null
        ? t(`whatAny.${type}`)
        : t(`what.${type}`, { count: bedrooms });
  const values = {
    what,
    area,
    range: formatTzsRange(insight.low, insight.high),
    median: formatTzs(insight.median),
  };
  const position = pricePosition(price, insight.low, insight.high);
  const at = scale([insight.low, insight.high, price]);

  return (
    <section aria-labelledby={headingId} className="price-insight" data-testid="price-insight">
      <h2 id={headingId} className="price-insight__heading">
        {t('title')}
      </h2>
      <p>
        {type === 'Rent'
          ? t('typical.rent', { ...values, count: insight.count })
          : t('typical.price', { ...values, count: insight.count })}
      </p>
      <p className="price-insight__position" data-position={position}>
        {t(`position.${position}`)}
      </p>
      {/* A picture of the sentence above, which carries the meaning. */}
      <div className="price-insight__bar" aria-hidden="true">
        <span
          className="price-insight__band"
          style={{
            left: at(insight.low),
            width: `calc(${at(insight.high)} - ${at(insight.low)})`,
          }}
        />
        <span className="price-insight__median" style={{ left: at(insight.median) }} />
        <span className="price-insight__marker" style={{ left: at(price) }} />
      </div>
      <p className="price-insight__note text-secondary">{t('note')}</p>
    </section>
  );
}

/**
 * Below the price on a listing's page: the typical price of listings like it in its ward (or its
 * district) and where this one sits. Nothing at all while it loads, when it fails, or when the
 * area has too few listings for figures.
 */
export function PriceInsight({ property }: { property: TProperty }) {
  const insight = usePriceInsight(insightQuery(property));
  if (!insight.data) return null;
  return <PriceInsightPanel insight={insight.data} price={property.price} />;
}
