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
import { ZDisapproveBody, type TModerationResult } from '@makazi/contracts/admin';
import { isAdminApiError } from '../api/admin-client';
import { disapproveProperty } from '../api/properties';
import { useAdminText } from '../hooks/use-admin-text';

export interface DisapproveTarget {
  id: string;
  title: string;
}

interface DisapproveDialogProps {
  target: DisapproveTarget | null;
  /**
   * The listing is live with an edit awaiting review: the same route rejects the edit and the
   * live version stays public. The dialog says so, so nobody thinks they take a listing down by
   * rejecting a price change.
   */
  ofChange?: boolean;
  onClose: () => void;
  onDisapproved: (target: DisapproveTarget, result: TModerationResult) => void;
}

/** Disapproving asks the owner-facing reason first (required, 3 to 500 characters). */
export function DisapproveDialog({
  target,
  ofChange = false,
  onClose,
  onDisapproved,
}: DisapproveDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={target !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {target && (
        <DisapproveForm
          key={target.id}
          titleId={titleId}
          target={target}
          ofChange={ofChange}
          onClose={onClose}
          onDisapproved={onDisapproved}
        />
      )}
    </Dialog>
  );
}

function DisapproveForm({
  target,
  ofChange,
  onClose,
  onDisapproved,
  titleId,
}: DisapproveDialogProps & { target: DisapproveTarget; titleId: string }) {
  const { t, errorMessage } = useAdminText();
  const [reason, setReason] = useState('');
  const [fieldProblem, setFieldProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const disapprove = useMutation({
    mutationFn: (text: string) => disapproveProperty(target.id, text),
    onSuccess: (result) => onDisapproved(target, result),
    onError: (error) => {
      const field = isAdminApiError(error)
        ? error.details.find((detail) => detail.field === 'reason')
        : undefined;
      if (field) setFieldProblem(field.message);
      else setFailure(errorMessage(error));
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = ZDisapproveBody.safeParse({ reason });
    if (!parsed.success) {
      const tooLong = parsed.error.issues.some((issue) => issue.code === 'too_big');
      setFieldProblem(tooLong ? t('disapprove.tooLong') : t('disapprove.required'));
      return;
    }
    setFieldProblem(null);
    disapprove.mutate(parsed.data.reason);
  };

  return (
    <form noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>
        {ofChange ? t('pendingChange.dialog.title') : t('disapprove.title')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 3 }}>
          {ofChange
            ? t('pendingChange.dialog.intro', { title: target.title })
            : t('disapprove.intro', { title: target.title })}
        </DialogContentText>
        {failure && (
          <Alert severity="error" role="alert" sx={{ mb: 3 }}>
            {failure}
          </Alert>
        )}
        <TextField
          label={t('disapprove.reason')}
          name="reason"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          required
          autoFocus
          fullWidth
          multiline
          minRows={3}
          error={fieldProblem !== null}
          helperText={fieldProblem ?? `${reason.trim().length}/500`}
          slotProps={{ htmlInput: { maxLength: 600 } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={disapprove.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" color="error" disabled={disapprove.isPending}>
          {disapprove.isPending
            ? t('disapprove.submitting')
            : ofChange
              ? t('pendingChange.dialog.submit')
              : t('disapprove.submit')}
        </Button>
      </DialogActions>
    </form>
  );
}
