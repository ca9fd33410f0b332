import { useId } from 'react';
import { useTranslation } from '../../../lib/use-translation';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TChangeableField, TPendingChange, TViewerProperty } from '@makazi/contracts/listings';
import type { TPhoto, TProperty } from '@makazi/contracts/properties';
import { useAddressText } from '../../../lib/use-address-text';
import { useAdminText } from '../hooks/use-admin-text';
import { formatNumber } from '../utils/format';

/** The row label of each field an edit can change (photos have their own part below the table). */
function fieldLabel(
  field: Exclude<TChangeableField, 'photos'>,
  t: ReturnType<typeof useAdminText>['t'],
): string {
  switch (field) {
    case 'title':
      return t('property.fields.title');
    case 'description':
      return t('property.fields.description');
    case 'ownerName':
      return t('property.fields.ownerName');
    case 'ownerPhoneNumber':
      return t('property.fields.ownerPhoneNumber');
    case 'price':
      return t('property.fields.price');
    case 'propertyAddress':
      return t('property.fields.address');
    case 'lotWidth':
      return t('pendingChange.fields.lotWidth');
    case 'lotLength':
      return t('pendingChange.fields.lotLength');
    case 'lotStatus':
      return t('property.fields.lotStatus');
    case 'distanceFromMainRoad':
      return t('property.fields.distanceFromMainRoad');
    case 'isWaterServiceAvailable':
      return t('property.fields.water');
    case 'isElectricityServiceAvailable':
      return t('property.fields.electricity');
    case 'numberOfBedrooms':
      return t('property.fields.bedrooms');
    case 'numberOfBathrooms':
      return t('property.fields.bathrooms');
    case 'leaseTerm':
      return t('property.fields.leaseTerm');
    case 'appartmentPriceTerm':
      return t('property.fields.priceTerm');
    case 'squareFootage':
      return t('property.fields.squareFootage');
  }
}

/**
 * One version's value of a field, written as the Details section writes it: TZS with grouped
 * digits, Yes/No, the address as one line in the reader's words, '--' for nothing.
 */
function fieldValue(
  field: Exclude<TChangeableField, 'photos'>,
  property: TProperty,
  ownerPhoneNumber: string | undefined,
  t: ReturnType<typeof useAdminText>['t'],
  addressText: ReturnType<typeof useAddressText>,
): string {
  if (field === 'price') return `TZS ${formatNumber(property.price)}`;
  if (field === 'propertyAddress') return addressText(property.propertyAddress) || t('none');
  if (field === 'ownerPhoneNumber') return ownerPhoneNumber || t('none');
  // The type's own fields: a field another type lacks reads as nothing.
  const value = (property as unknown as Record<string, unknown>)[field];
  if (typeof value === 'boolean') return value ? t('yes') : t('no');
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value;
  return t('none');
}

function PhotoList({
  label,
  photos,
  state,
}: {
  label: string;
  photos: TPhoto[];
  state: 'added' | 'removed';
}) {
  const { t } = useAdminText();
  const { t: tDetail } = useTranslation('detail');
  const headingId = useId();
  if (photos.length === 0) return null;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 4 }}>
      <Typography id={headingId} variant="h3" component="h3" sx={{ mb: 2 }}>
        {label}
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 3,
          // Two thumbnails a row on a 360px phone, more on wider screens; never wider than the page.
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
        }}
      >
        {photos.map((photo) => {
          const name = tDetail(`pictureLabels.${photo.label}`);
          return (
            <li key={photo.id} data-testid={`photo-${state}`}>
              <Box component="figure" sx={{ m: 0 }}>
                <Box
                  component="img"
                  src={photo.variants[0]?.url ?? photo.url}
                  alt={
                    state === 'added'
                      ? t('pendingChange.addedAlt', { label: name })
                      : t('pendingChange.removedAlt', { label: name })
                  }
                  loading="lazy"
                  sx={{
                    width: '100%',
                    aspectRatio: '4 / 3',
                    objectFit: 'cover',
                    borderRadius: 1,
                    display: 'block',
                    bgcolor: 'grey.200',
                    // Removed ones are dimmed as well as named: the caption says it in words.
                    opacity: state === 'removed' ? 0.6 : 1,
                  }}
                />
                <Typography component="figcaption" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                  {name}
                </Typography>
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}

/**
 * An edit of an approved listing as the moderator reviews it: only what differs from the live
 * version, each changed field with its live and its proposed value, then the photos added and
 * removed. The table keeps to the page's width (fixed columns, long words wrap), so a 360px phone
 * never scrolls sideways.
 */
export function PendingChangeSection({
  property,
  change,
}: {
  property: TViewerProperty;
  change: TPendingChange;
}) {
  const { t } = useAdminText();
  const addressText = useAddressText();
  const titleId = useId();
  const fields = change.changedFields.filter(
    (field): field is Exclude<TChangeableField, 'photos'> => field !== 'photos',
  );
  const added = change.proposed.photos.filter((photo) => change.addedPhotoIds.includes(photo.id));
  const removed = property.photos.filter((photo) => change.removedPhotoIds.includes(photo.id));
  // 'photos' with nothing added or removed: the same photos in another order.
  const reordered =
    change.changedFields.includes('photos') && added.length === 0 && removed.length === 0;

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      data-testid="pending-change"
      sx={{ p: 4, mb: 4 }}
    >
      <Typography id={titleId} variant="h2" component="h2" sx={{ mb: 3 }}>
        {t('pendingChange.heading')}
      </Typography>
      {fields.length > 0 && (
        <TableContainer>
          <Table
            size="small"
            sx={{
              tableLayout: 'fixed',
              width: '100%',
              '& caption': { captionSide: 'top', textAlign: 'left', px: 0, pt: 0, pb: 2 },
            }}
          >
            <caption>{t('pendingChange.tableCaption')}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col" sx={{ width: '28%' }}>
                  {t('pendingChange.field')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('pendingChange.liveValue')}
                </TableCell>
                <TableCell component="th" scope="col">
                  {t('pendingChange.proposedValue')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody sx={{ '& td, & th': { overflowWrap: 'anywhere', whiteSpace: 'pre-line' } }}>
              {fields.map((field) => (
                <TableRow key={field} data-field={field}>
                  <TableCell component="th" scope="row" sx={{ fontWeight: 700 }}>
                    {fieldLabel(field, t)}
                  </TableCell>
                  <TableCell>
                    {fieldValue(field, property, property.ownerPhoneNumber, t, addressText)}
                  </TableCell>
                  <TableCell>
                    {fieldValue(field, change.proposed, change.ownerPhoneNumber, t, addressText)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <PhotoList label={t('pendingChange.photosAdded')} photos={added} state="added" />
      <PhotoList label={t('pendingChange.photosRemoved')} photos={removed} state="removed" />
      {reordered && <Typography sx={{ mt: 4 }}>{t('pendingChange.photoOrder')}</Typography>}
    </Paper>
  );
}
