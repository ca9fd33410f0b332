import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatPropertyAddress, type TProperty } from '@makazi/contracts/properties';
import { formatTzs } from '../../../lib/format';
import { ContactRevealSlot } from './contact-reveal';
import { Gallery } from './gallery';

export interface PropertyDetailProps {
  property: TProperty;
  /** Where 'View Contacts' goes once sign-in and subscriptions exist. */
  contactSlot?: ReactNode;
}

interface Field {
  key: string;
  label: string;
  value: string;
}

function useTypeFields(property: TProperty): Field[] {
  const { t } = useTranslation('detail');
  const count = (value: number) => new Intl.NumberFormat('en-US').format(value);
  const yesNo = (available: boolean) =>
    available ? t('fields.available') : t('fields.notAvailable');
  const rooms = (p: { numberOfBedrooms: number; numberOfBathrooms: number }): Field[] => [
    { key: 'bedrooms', label: t('fields.bedrooms'), value: count(p.numberOfBedrooms) },
    { key: 'bathrooms', label: t('fields.bathrooms'), value: count(p.numberOfBathrooms) },
  ];
  const services = (p: {
    distanceFromMainRoad: string;
    isWaterServiceAvailable: boolean;
    isElectricityServiceAvailable: boolean;
  }): Field[] => [
    {
      key: 'distance',
      label: t('fields.distance'),
      value: p.distanceFromMainRoad || t('fields.none'),
    },
    { key: 'water', label: t('fields.water'), value: yesNo(p.isWaterServiceAvailable) },
    {
      key: 'electricity',
      label: t('fields.electricity'),
      value: yesNo(p.isElectricityServiceAvailable),
    },
  ];

  switch (property.type) {
    case 'Rent':
      return [
        ...rooms(property),
        {
          key: 'leaseTerm',
          label: t('fields.leaseTerm'),
          value: t('fields.months', { count: property.leaseTerm }),
        },
      ];
    case 'Land':
      return [
        {
          key: 'lotWidth',
          label: t('fields.lotWidth'),
          value: t('fields.metres', { value: count(property.lotWidth) }),
        },
        {
          key: 'lotLength',
          label: t('fields.lotLength'),
          value: t('fields.metres', { value: count(property.lotLength) }),
        },
        {
          key: 'lotStatus',
          label: t('fields.lotStatus'),
          value: property.lotStatus || t('fields.none'),
        },
        ...services(property),
      ];
    case 'Apartment': {
      const term = property.appartmentPriceTerm.trim();
      // The term is free text; a bare number is a count of months (spec 3).
      const value = /^\d+$/.test(term)
        ? t('fields.months', { count: Number(term) })
        : term || t('fields.none');
      return [...rooms(property), { key: 'priceTerm', label: t('fields.priceTerm'), value }];
    }
    case 'HouseForSale':
      return [
        ...rooms(property),
        {
          key: 'squareFootage',
          label: t('fields.squareFootage'),
          value:
            property.squareFootage === null
              ? t('fields.none')
              : t('fields.squareMetres', { value: count(property.squareFootage) }),
        },
        ...services(property),
      ];
  }
}

export function PropertyDetail({ property, contactSlot }: PropertyDetailProps) {
  const { t } = useTranslation('detail');
  const { t: tCommon } = useTranslation();
  const typeFields = useTypeFields(property);
  const title = property.title.trim() || t('fields.noTitle');
  const address = formatPropertyAddress(property.propertyAddress);

  const fields: Field[] = [
    { key: 'type', label: t('fields.type'), value: tCommon(`types.${property.type}`) },
    { key: 'address', label: t('fields.address'), value: address || t('fields.none') },
    ...typeFields,
    { key: 'owner', label: t('fields.owner'), value: property.ownerName || t('fields.none') },
  ];

  return (
    <Box
      component="article"
      data-testid="property-detail"
      data-type={property.type}
      sx={{
        display: 'grid',
        gap: 6,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        alignItems: 'start',
      }}
    >
      <Gallery photos={property.photos} title={title} />
      <Box sx={{ display: 'grid', gap: 4 }}>
        <Box>
          <Chip
            label={tCommon(`types.${property.type}`)}
            color="primary"
            size="small"
            sx={{ mb: 2 }}
          />
          <Typography component="h1" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <Typography
            data-testid="property-price"
            data-price={property.price}
            sx={{ mt: 2, fontSize: '1.375rem', fontWeight: 700 }}
          >
            {formatTzs(property.price)}
            {property.type === 'Rent' ? (
              <Typography component="span" color="text.secondary" sx={{ fontWeight: 400 }}>
                {' '}
                {tCommon('price.perMonth')}
              </Typography>
            ) : null}
          </Typography>
        </Box>

        <ContactRevealSlot>{contactSlot}</ContactRevealSlot>

        <Box component="section" aria-labelledby="detail-fields-heading">
          <Typography id="detail-fields-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
            {t('fields.heading')}
          </Typography>
          <Box
            component="dl"
            sx={{
              m: 0,
              display: 'grid',
              gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
              columnGap: 4,
              rowGap: 2,
              '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
              '& dd': { m: 0, fontWeight: 700, fontSize: '0.875rem', overflowWrap: 'anywhere' },
            }}
          >
            {fields.map((field) => (
              <Box key={field.key} sx={{ display: 'contents' }} data-field={field.key}>
                <dt>{field.label}</dt>
                <dd>{field.value}</dd>
              </Box>
            ))}
          </Box>
        </Box>

        <Box component="section" aria-labelledby="detail-description-heading">
          <Typography id="detail-description-heading" component="h2" variant="h2" sx={{ mb: 2 }}>
            {t('fields.description')}
          </Typography>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {property.description.trim() || t('fields.none')}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
