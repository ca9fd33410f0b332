import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  ZAdminRefuseClaimBody,
  ZAdminSuspendBody,
  ZAdminTakeDownBody,
  type TAdminReportEntry,
  type TAdminReportedListing,
} from '@makazi/contracts/trust';
import { REPORT_REASONS, SCAM_REASONS, type TReportReason } from '@makazi/contracts/trust-values';
import { isAdminApiError } from '../api/admin-client';
import {
  dismissReports,
  refuseClaim,
  suspendPublisher,
  takeDownListing,
  upholdClaim,
} from '../api/reports';
import { useAdminText } from '../hooks/use-admin-text';

/** What the admin is about to do, and to which listing (and report, for a claim). */
export type ReportAction =
  | { kind: 'dismiss' | 'takeDown' | 'suspend'; listing: TAdminReportedListing }
  | { kind: 'uphold' | 'refuse'; listing: TAdminReportedListing; report: TAdminReportEntry };

interface ReportActionDialogProps {
  action: ReportAction | null;
  onClose: () => void;
  /** `entry` is the listing as the server now has it. */
  onDone: (action: ReportAction, entry: TAdminReportedListing) => void;
}

/** The contract's limit on an admin's words (take-down and suspension messages, refusals). */
const TEXT_MAX = 300;

/**
 * Every action of the reports queue is confirmed here first: each one texts someone or changes
 * what the public sees, and none can be taken back from this page.
 */
export function ReportActionDialog({ action, onClose, onDone }: ReportActionDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={action !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {action && (
        <ActionForm
          key={`${action.kind}:${action.listing.property.id}:${'report' in action ? action.report.id : ''}`}
          titleId={titleId}
          action={action}
          onClose={onClose}
          onDone={onDone}
        />
      )}
    </Dialog>
  );
}

/** The reason most open reports give: what the admin most likely takes it down for. */
function likeliestReason(listing: TAdminReportedListing): TReportReason {
  let best: TReportReason = 'other';
  let most = 0;
  for (const reason of REPORT_REASONS) {
    const count = listing.counts[reason];
    if (count > most) {
      best = reason;
      most = count;
    }
  }
  return best;
}

const isScamReason = (reason: TReportReason) =>
  (SCAM_REASONS as readonly TReportReason[]).includes(reason);

function ActionForm({
  titleId,
  action,
  onClose,
  onDone,
}: Omit<ReportActionDialogProps, 'action'> & { action: ReportAction; titleId: string }) {
  const { t, errorMessage } = useAdminText();
  const { listing } = action;
  const title = listing.property.title;
  const publisher = listing.property.publisher.name;
  const reporter = 'report' in action ? action.report.reporter.name : '';
  const [reason, setReason] = useState<TReportReason>(() => likeliestReason(listing));
  const [text, setText] = useState('');
  const [textProblem, setTextProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  /** The request's name for the typed words: what the server's field errors are named by. */
  const textField = action.kind === 'refuse' ? 'reason' : 'message';
  /** The words the admin types: a message for the owner or publisher, a refusal's reason. */
  const textLabel =
    action.kind === 'takeDown'
      ? t('reports.dialog.message')
      : action.kind === 'suspend'
        ? t('reports.dialog.suspendMessage')
        : action.kind === 'refuse'
          ? t('reports.dialog.refuseReason')
          : null;
  const hasText = textLabel !== null;

  const run = useMutation({
    mutationFn: (words: string) => {
      switch (action.kind) {
        case 'dismiss':
          return dismissReports(listing.property.id);
        case 'takeDown':
          return takeDownListing(listing.property.id, { reason, message: words });
        case 'suspend':
          return suspendPublisher(listing.property.id, words);
        case 'uphold':
          return upholdClaim(action.report.id);
        case 'refuse':
          return refuseClaim(action.report.id, words);
      }
    },
    onSuccess: (entry) => onDone(action, entry),
    onError: (error) => {
      const field = isAdminApiError(error)
        ? error.details.find((detail) => hasText && detail.field === textField)
        : undefined;
      if (field) setTextProblem(field.message);
      else setFailure(errorMessage(error));
    },
  });

  /** The typed words as the contract takes them, or null with the reason said at the field. */
  const checkText = (): string | null => {
    const parsed =
      action.kind === 'takeDown'
        ? ZAdminTakeDownBody.safeParse({ reason, message: text })
        : action.kind === 'suspend'
          ? ZAdminSuspendBody.safeParse({ message: text })
          : ZAdminRefuseClaimBody.safeParse({ reason: text });
    if (parsed.success) return text.trim();
    const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
    setTextProblem(t(tooLong ? 'reports.dialog.textTooLong' : 'reports.dialog.textRequired'));
    return null;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!hasText) {
      run.mutate('');
      return;
    }
    const words = checkText();
    if (words === null) return;
    setTextProblem(null);
    run.mutate(words);
  };

  const copy = {
    dismiss: {
      title: t('reports.dialog.dismissTitle'),
      intro: t('reports.dialog.dismissIntro', { count: listing.openReports, title }),
      submit: t('reports.dialog.dismissSubmit'),
    },
    takeDown: {
      title: t('reports.dialog.takeDownTitle'),
      intro: t('reports.dialog.takeDownIntro', { title }),
      submit: t('reports.dialog.takeDownSubmit'),
    },
    suspend: {
      title: t('reports.dialog.suspendTitle'),
      intro: t('reports.dialog.suspendIntro', { name: publisher, title }),
      submit: t('reports.dialog.suspendSubmit'),
    },
    uphold: {
      title: t('reports.dialog.upholdTitle'),
      intro: t('reports.dialog.upholdIntro', { name: reporter, title }),
      submit: t('reports.dialog.upholdSubmit'),
    },
    refuse: {
      title: t('reports.dialog.refuseTitle'),
      intro: t('reports.dialog.refuseIntro', { name: reporter, title }),
      submit: t('reports.dialog.refuseSubmit'),
    },
  }[action.kind];

  const note =
    action.kind === 'dismiss' && listing.pendingClaims > 0
      ? t('reports.dialog.dismissClaims')
      : action.kind === 'suspend'
        ? t('reports.dialog.suspendUndo')
        : null;
  // Red for what takes something from someone: their listing, their account, a credit.
  const destructive = action.kind !== 'dismiss' && action.kind !== 'uphold';

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{copy.title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: note ? 2 : 3 }}>{copy.intro}</DialogContentText>
        {note && <DialogContentText sx={{ mb: 3 }}>{note}</DialogContentText>}
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {failure}
          </Alert>
        )}
        {action.kind === 'takeDown' && (
          <TextField
            select
            label={t('reports.dialog.reason')}
            name="reason"
            value={reason}
            onChange={(event) => setReason(event.target.value as TReportReason)}
            fullWidth
            helperText={isScamReason(reason) ? t('reports.dialog.scamNote') : undefined}
            slotProps={{ select: { native: true } }}
            sx={{ mb: 3 }}
          >
            {REPORT_REASONS.map((option) => (
              <option key={option} value={option}>
                {t(`reports.reasons.${option}`)}
              </option>
            ))}
          </TextField>
        )}
        {hasText && (
          <TextField
            label={textLabel}
            name={textField}
            value={text}
            onChange={(event) => setText(event.target.value)}
            required
            autoFocus
            fullWidth
            multiline
            minRows={3}
            error={textProblem !== null}
            helperText={
              textProblem ??
              t('reports.dialog.characters', { length: text.trim().length, max: TEXT_MAX })
            }
            slotProps={{ htmlInput: { maxLength: TEXT_MAX + 100 } }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={run.isPending}>
          {t('cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          color={destructive ? 'error' : 'secondary'}
          disabled={run.isPending}
          // Without a field to type in, the confirmation itself takes the focus.
          autoFocus={!hasText}
        >
          {run.isPending ? t('reports.dialog.working') : copy.submit}
        </Button>
      </DialogActions>
    </form>
  );
}
