import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import type { TDuplicatePhotoCandidate } from '@makazi/contracts/admin';
import { PROPERTY_TYPE_SLUGS, type TPropertyType } from '@makazi/contracts/property-values';
import { useAdminText } from '../hooks/use-admin-text';
import { StatusChip } from './status-chip';

/*
 * Possible duplicate photos (issue 20): other publishers' listings with a photo that is the same
 * picture as one of this listing's, re-encoded, resized or lightly edited. The moderator opens the
 * other listing to judge: the same property listed twice, or photos taken from someone else.
 */

/** Other listings a queue row names before "and N more": the rest are on the listing's page. */
const IN_A_ROW = 3;

/** The admin's page of a listing. */
export function adminListingPath(listing: { type: TPropertyType; propertyId: string }): string {
  return `/admin/${PROPERTY_TYPE_SLUGS[listing.type]}/${listing.propertyId}`;
}

function useSimilarity() {
  const { t } = useAdminText();
  return (distance: number) =>
    distance === 0 ? t('duplicatePhotos.same') : t('duplicatePhotos.near', { distance });
}

/** The warning under a queue row's title: the first few other listings, linked. */
export function DuplicatePhotosNote({
  candidates,
  listing,
}: {
  candidates: readonly TDuplicatePhotoCandidate[];
  /** This listing, whose page lists them all. */
  listing: { id: string; type: TPropertyType };
}) {
  const { t } = useAdminText();
  const similarity = useSimilarity();
  if (candidates.length === 0) return null;
  const rest = candidates.length - IN_A_ROW;
  return (
    <Box data-testid="duplicate-photos" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      {/* The icon carries the colour: orange text on white would be hard to read. */}
      <WarningAmberIcon fontSize="small" color="warning" aria-hidden sx={{ mt: '2px' }} />
      <Typography variant="body2" component="div">
        <strong>{t('duplicatePhotos.title')}:</strong>{' '}
        {candidates.slice(0, IN_A_ROW).map((candidate, index) => (
          <span key={candidate.propertyId}>
            {index > 0 && ', '}
            <Link
              component={RouterLink}
              to={adminListingPath(candidate)}
              color="secondary"
              title={`${t('duplicatePhotos.by', { publisher: candidate.publisher.name })}. ${similarity(candidate.distance)}`}
            >
              {candidate.title}
            </Link>
          </span>
        ))}
        {rest > 0 && (
          <>
            {' '}
            <Link
              component={RouterLink}
              to={adminListingPath({ type: listing.type, propertyId: listing.id })}
              color="secondary"
            >
              {t('duplicatePhotos.more', { count: rest })}
            </Link>
          </>
        )}
      </Typography>
    </Box>
  );
}

const THUMBNAIL_SX = {
  width: 96,
  aspectRatio: '4 / 3',
  objectFit: 'cover',
  borderRadius: 1,
  display: 'block',
  bgcolor: 'grey.200',
} as const;

/** The warning at the top of a listing's page: every other listing, with the two photos. */
export function DuplicatePhotosAlert({
  candidates,
}: {
  candidates: readonly TDuplicatePhotoCandidate[];
}) {
  const { t } = useAdminText();
  const similarity = useSimilarity();
  const titleId = useId();
  if (candidates.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 4 }}
      data-testid="duplicate-photos"
      slotProps={{ message: { sx: { width: '100%' } } }}
    >
      <AlertTitle id={titleId}>{t('duplicatePhotos.title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('duplicatePhotos.intro')}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {candidates.map((candidate) => (
          <Stack
            component="li"
            key={candidate.propertyId}
            direction="row"
            spacing={2}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', py: 1 }}
          >
            {candidate.photoUrl && (
              <Box
                component="img"
                src={candidate.photoUrl}
                alt={t('duplicatePhotos.thisPhoto')}
                loading="lazy"
                sx={THUMBNAIL_SX}
              />
            )}
            {candidate.otherPhotoUrl && (
              <Box
                component="img"
                src={candidate.otherPhotoUrl}
                alt={t('duplicatePhotos.otherPhoto', { title: candidate.title })}
                loading="lazy"
                sx={THUMBNAIL_SX}
              />
            )}
            <Box sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
              <Link component={RouterLink} to={adminListingPath(candidate)} color="secondary">
                {candidate.title}
              </Link>
              <Typography variant="body2">
                {t('duplicatePhotos.by', { publisher: candidate.publisher.name })}
              </Typography>
              <Typography variant="body2">{similarity(candidate.distance)}</Typography>
            </Box>
            <StatusChip status={candidate.status} />
          </Stack>
        ))}
      </Box>
    </Alert>
  );
}
