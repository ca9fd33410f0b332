import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import { PROPERTY_TYPE_SLUGS, type TProperty } from '@makazi/contracts/properties';
import { ResponsiveImage } from '../../../components/responsive-image';
import { formatTzs } from '../../../lib/format';
import {
  PRICE_TERM_WORDS,
  cardAddress,
  cardOwner,
  cardPhoto,
  cardTitle,
  firstWords,
  pictureCount,
} from '../utils/card-text';

/** Grids show 1–4 columns inside a 1280px container; carousels 1–5 slides. */
export const CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 900px) 33vw, (min-width: 600px) 50vw, 100vw';

export interface PropertyCardProps {
  property: TProperty;
  /** Heading level of the title inside its section. */
  headingLevel?: 'h2' | 'h3';
}

export function PropertyCard({ property, headingLevel = 'h3' }: PropertyCardProps) {
  const { t } = useTranslation('catalogue');
  const { t: tCommon } = useTranslation();
  const title = cardTitle(property.title) ?? t('card.noTitle');
  const owner = cardOwner(property.ownerName);
  const address = cardAddress(property);
  const pictures = pictureCount(property);

  return (
    <Box
      component="article"
      data-testid="property-card"
      sx={{
        height: '100%',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        '&:hover': { borderColor: 'primary.main' },
        '&:focus-within': { borderColor: 'text.primary' },
      }}
    >
      <Box
        component={Link}
        to={`/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`}
        // Lets the detail page paint at once; it still fetches by id, so deep links work alone.
        state={{ property }}
        sx={{ display: 'block', color: 'inherit', textDecoration: 'none', height: '100%' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: '#EEE8D5' }}>
          <ResponsiveImage
            photo={cardPhoto(property)}
            alt={t('card.photoAlt', { title })}
            sizes={CARD_IMAGE_SIZES}
          />
          {/* The top-left corner is kept free for the 'Promoted' badge of the promotions issue. */}
          <Box
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              display: 'inline-flex',
              alignItems: 'center',
              gap: 1,
              px: 2,
              py: 0.5,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.78)',
              color: '#fff',
              fontSize: '0.75rem',
              fontWeight: 700,
            }}
          >
            <PhotoCameraOutlined sx={{ fontSize: 16 }} aria-hidden />
            <span data-testid="picture-count">{t('card.pictures', { count: pictures })}</span>
          </Box>
        </Box>
        <Box sx={{ p: 3, display: 'grid', gap: 1 }}>
          <Typography
            component={headingLevel}
            variant="h3"
            title={property.title.trim() || undefined}
            sx={{ overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          <Typography
            data-testid="property-price"
            data-price={property.price}
            sx={{ fontWeight: 700, fontSize: '1rem' }}
          >
            {formatTzs(property.price)}
            {property.type === 'Rent' ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                {tCommon('price.perMonth')}
              </Typography>
            ) : null}
          </Typography>
          {property.type === 'Apartment' && property.appartmentPriceTerm ? (
            <Typography variant="body2" color="text.secondary">
              {/^\d+$/.test(property.appartmentPriceTerm.trim())
                ? t('card.months', { count: Number(property.appartmentPriceTerm.trim()) })
                : firstWords(property.appartmentPriceTerm, PRICE_TERM_WORDS)}
            </Typography>
          ) : null}
          <Typography variant="body2" color="text.secondary" data-testid="property-address">
            {address}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="property-owner">
            {t('card.owner', { name: owner })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
