import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import type { TProperty } from '@makazi/contracts/properties';
import {
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_TYPE,
  SOCIAL_IMAGE_WIDTH,
  socialImagePath,
} from '@makazi/contracts/social-image-values';
import { PageMeta, pageUrl } from '../../../components/page-meta';
import { formatTzs, truncate } from '../../../lib/format';
import { jsonForHtml } from '../../../lib/json-for-html';
import { coverPhoto } from '../../../lib/listing-photos';
import { useSiteOrigin } from '../../../lib/site-origin';

/** What a result snippet or a link preview shows of the description, after the price and place. */
const DESCRIPTION_CHARS = 150;

function place(property: TProperty): string {
  const address = property.propertyAddress;
  if (!address) return '';
  return [address.ward.name, address.district.name, address.region.name].join(', ');
}

/**
 * The listing as search engines and link previews read it: title, a description that starts with
 * the price in TZS and the place, the cover photo's 1200×630 preview, and schema.org's
 * RealEstateListing with its Offer and address as JSON-LD.
 */
export function ListingMeta({ property, title }: { property: TProperty; title: string }) {
  const { t } = useTranslation('detail');
  const { t: tCommon, i18n } = useTranslation();
  const origin = useSiteOrigin();
  const { pathname } = useLocation();
  const url = pageUrl(origin, pathname, {}, i18n.language === 'sw' ? 'sw' : 'en');
  const price = `${formatTzs(property.price)}${property.type === 'Rent' ? ` ${tCommon('price.perMonth')}` : ''}`;
  const where = place(property);
  const summary = [tCommon(`types.${property.type}`), price, where].filter(Boolean).join(' · ');
  const text = property.description.trim().replace(/\s+/g, ' ');
  const description = text ? `${summary}. ${truncate(text, DESCRIPTION_CHARS)}` : summary;
  const cover = coverPhoto(property);
  const image = cover
    ? {
        url: `${origin}${socialImagePath(cover.id)}`,
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
        type: SOCIAL_IMAGE_TYPE,
        alt: t('gallery.photoAlt', { label: t(`pictureLabels.${cover.label}`), title }),
      }
    : undefined;
  const address = property.propertyAddress;
  const structured = {
    '@context': 'https://schema.org',
    '@type': 'RealEstateListing',
    name: title,
    description: text || summary,
    url,
    ...(image ? { image: image.url } : {}),
    offers: {
      '@type': 'Offer',
      price: property.price,
      priceCurrency: 'TZS',
      availability: 'https://schema.org/InStock',
      ...(property.type === 'Rent'
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: property.price,
              priceCurrency: 'TZS',
              unitCode: 'MON',
            },
          }
        : {}),
    },
    ...(address
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: address.street.name,
            addressLocality: [address.ward.name, address.district.name].join(', '),
            addressRegion: address.region.name,
            addressCountry: 'TZ',
          },
        }
      : {}),
  };

  return (
    <>
      <PageMeta
        title={`${title} · ${tCommon('appName')}`}
        description={description}
        image={image}
      />
      <script
        type="application/ld+json"
        dangerouslySetInnerHTML={{ __html: jsonForHtml(structured) }}
      />
    </>
  );
}
