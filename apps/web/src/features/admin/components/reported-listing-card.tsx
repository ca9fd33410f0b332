import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAdminReportEntry, TAdminReportedListing } from '@makazi/contracts/trust';
import {
  REPORT_REASONS,
  type TClaimStatus,
  type TListingVisibility,
  type TReportStatus,
} from '@makazi/contracts/trust-values';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { VerifiedPhoneBadge } from '../../../components/listing-freshness';
import { useAdminText } from '../hooks/use-admin-text';
import { formatDateTime, formatNumber } from '../utils/format';
import type { ReportAction } from './report-action-dialog';
import { StatusChip } from './status-chip';

/*
 * Chips that call for the admin (a hold, a suspension, an open report, a claim waiting) are filled;
 * the rest are outlined. Gold text on white is too faint, so gold is only ever a fill.
 */
const VISIBILITY_COLOR: Record<TListingVisibility, 'default' | 'success' | 'error'> = {
  listed: 'success',
  taken: 'default',
  stale: 'default',
  held_for_reports: 'error',
  publisher_suspended: 'error',
};
const REPORT_STATUS_COLOR: Record<TReportStatus, 'primary' | 'default'> = {
  open: 'primary',
  dismissed: 'default',
  actioned: 'default',
};
const CLAIM_STATUS_COLOR: Record<TClaimStatus, 'primary' | 'success' | 'error'> = {
  pending: 'primary',
  upheld: 'success',
  refused: 'error',
};

interface ReportedListingCardProps {
  listing: TAdminReportedListing;
  onAction: (action: ReportAction) => void;
}

/**
 * One reported listing as a card: what it is and where it stands, who published it, the open
 * reports counted by reason, the actions, then every report of it. A card rather than a table row,
 * so the reports nest under their listing and the whole stacks on a phone.
 */
export function ReportedListingCard({ listing, onAction }: ReportedListingCardProps) {
  const { t, language } = useAdminText();
  const headingId = useId();
  const { property } = listing;
  const { publisher } = property;
  const reasons = REPORT_REASONS.filter((reason) => listing.counts[reason] > 0);

  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={headingId}
      data-listing={property.id}
      sx={{ p: { xs: 2, sm: 3 }, listStyle: 'none', minWidth: 0 }}
    >
      <Typography
        id={headingId}
        component="h2"
        variant="subtitle1"
        sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
      >
        <Link
          component={RouterLink}
          to={`/admin/${PROPERTY_TYPE_SLUGS[property.type]}/${property.id}`}
          color="secondary"
        >
          {property.title}
        </Link>
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Chip size="small" variant="outlined" label={t(`types.${property.type}`)} />
        {property.visibility === null ? (
          <StatusChip status={property.status} />
        ) : (
          <Chip
            size="small"
            variant={VISIBILITY_COLOR[property.visibility] === 'error' ? 'filled' : 'outlined'}
            color={VISIBILITY_COLOR[property.visibility]}
            label={t(`reports.visibility.${property.visibility}`)}
            data-testid="visibility"
          />
        )}
        <VerifiedPhoneBadge verified={property.contactVerified} />
      </Box>
      {property.takenAt && property.takenMarkedAt ? (
        // A claim about a reveal between the two dates is for the admin to judge.
        <Typography variant="body2" sx={{ mt: 1 }} data-testid="taken-marked">
          {t('reports.takenMarked', {
            markedAt: formatDateTime(property.takenMarkedAt, language),
            takenAt: formatDateTime(property.takenAt, language),
          })}
        </Typography>
      ) : null}

      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          columnGap: 2,
          rowGap: 1,
          my: 2,
        }}
      >
        <span>{t('reports.publishedBy')}</span>
        <Link component={RouterLink} to={`/admin/users/${publisher.id}`} color="secondary">
          {publisher.name || t('none')}
        </Link>
        {publisher.phoneNumber ? (
          <Link href={`tel:${publisher.phoneNumber}`} color="secondary">
            {publisher.phoneNumber}
          </Link>
        ) : null}
        {publisher.suspended && <Chip size="small" color="error" label={t('reports.suspended')} />}
      </Box>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography component="span" sx={{ fontWeight: 700, mr: 1 }}>
          {t('reports.openReports', { count: listing.openReports })}
          {listing.pendingClaims > 0
            ? ` · ${t('reports.pendingClaims', { count: listing.pendingClaims })}`
            : null}
        </Typography>
        {reasons.length > 0 && (
          <Box
            component="ul"
            aria-label={t('reports.countsLabel')}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, m: 0, listStyle: 'none' }}
          >
            {reasons.map((reason) => (
              <li key={reason}>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t('reports.reasonCount', {
                    reason: t(`reports.reasons.${reason}`),
                    number: formatNumber(listing.counts[reason]),
                  })}
                />
              </li>
            ))}
          </Box>
        )}
      </Box>

      <Box
        role="group"
        aria-label={t('reports.actions')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}
      >
        {listing.openReports > 0 && (
          <Button
            variant="contained"
            size="small"
            onClick={() => onAction({ kind: 'dismiss', listing })}
            aria-label={t('reports.dismissItem', { title: property.title })}
            sx={{ minHeight: 36 }}
          >
            {t('reports.dismiss')}
          </Button>
        )}
        {/* Only what is live or awaiting review can be taken down. */}
        {(property.status === 'approved' || property.status === 'pending') && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => onAction({ kind: 'takeDown', listing })}
            aria-label={t('reports.takeDownItem', { title: property.title })}
            sx={{ minHeight: 36 }}
          >
            {t('reports.takeDown')}
          </Button>
        )}
        {!publisher.suspended && (
          <Button
            variant="outlined"
            color="error"
            size="small"
            onClick={() => onAction({ kind: 'suspend', listing })}
            aria-label={t('reports.suspendItem', { name: publisher.name, title: property.title })}
            sx={{ minHeight: 36 }}
          >
            {t('reports.suspend')}
          </Button>
        )}
      </Box>

      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('reports.reportsHeading')}
      </Typography>
      <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
        {listing.reports.map((report) => (
          <ReportItem
            key={report.id}
            report={report}
            onUphold={() => onAction({ kind: 'uphold', listing, report })}
            onRefuse={() => onAction({ kind: 'refuse', listing, report })}
          />
        ))}
      </Stack>
    </Paper>
  );
}

function ReportItem({
  report,
  onUphold,
  onRefuse,
}: {
  report: TAdminReportEntry;
  onUphold: () => void;
  onRefuse: () => void;
}) {
  const { t, language } = useAdminText();
  const { claim, reporter } = report;
  const changed = report.updatedAt !== report.createdAt;
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        borderLeft: 4,
        borderColor: report.status === 'open' ? 'primary.main' : 'divider',
        pl: 2,
        minWidth: 0,
      }}
    >
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2, rowGap: 1 }}
      >
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t(`reports.reasons.${report.reason}`)}
        </Typography>
        <Chip
          size="small"
          variant={report.status === 'open' ? 'filled' : 'outlined'}
          color={REPORT_STATUS_COLOR[report.status]}
          label={t(`reports.reportStatus.${report.status}`)}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5, my: 1 }}>
        <span>{reporter.name || t('none')}</span>
        {reporter.phoneNumber ? (
          <Link href={`tel:${reporter.phoneNumber}`} color="secondary">
            {reporter.phoneNumber}
          </Link>
        ) : null}
        <Typography variant="caption" component="span" sx={{ alignSelf: 'center' }}>
          <time dateTime={report.createdAt}>
            {t('reports.reportedOn', { date: formatDateTime(report.createdAt, language) })}
          </time>
          {changed ? (
            <>
              {', '}
              <time dateTime={report.updatedAt}>
                {t('reports.updatedOn', { date: formatDateTime(report.updatedAt, language) })}
              </time>
            </>
          ) : null}
        </Typography>
      </Box>
      {report.note ? (
        <Typography
          component="blockquote"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            m: 0,
            mb: 1,
            fontStyle: 'italic',
          }}
        >
          {report.note}
        </Typography>
      ) : null}
      {claim && (
        <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 2, mt: 1 }} data-testid="claim">
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              columnGap: 2,
              rowGap: 1,
            }}
          >
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {t('reports.claim')}
            </Typography>
            <Chip
              size="small"
              variant={claim.status === 'pending' ? 'filled' : 'outlined'}
              color={CLAIM_STATUS_COLOR[claim.status]}
              label={t(`reports.claimStatus.${claim.status}`)}
            />
            {claim.credited && (
              <Chip size="small" variant="outlined" label={t('reports.credited')} />
            )}
          </Box>
          <Typography variant="body2" sx={{ mt: 1 }}>
            <time dateTime={claim.revealedAt}>
              {t('reports.revealedAt', { date: formatDateTime(claim.revealedAt, language) })}
            </time>
          </Typography>
          {claim.decision && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              {t(`reports.decisions.${claim.decision}`)}
              {claim.decidedAt
                ? ` · ${t('reports.decidedOn', { date: formatDateTime(claim.decidedAt, language) })}`
                : null}
            </Typography>
          )}
          {claim.status === 'pending' && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 2 }}>
              <Button
                variant="contained"
                size="small"
                onClick={onUphold}
                aria-label={t('reports.upholdItem', { name: reporter.name })}
                sx={{ minHeight: 36 }}
              >
                {t('reports.uphold')}
              </Button>
              <Button
                variant="outlined"
                color="error"
                size="small"
                onClick={onRefuse}
                aria-label={t('reports.refuseItem', { name: reporter.name })}
                sx={{ minHeight: 36 }}
              >
                {t('reports.refuse')}
              </Button>
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
