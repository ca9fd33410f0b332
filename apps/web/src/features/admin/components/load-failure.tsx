import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useAdminText } from '../hooks/use-admin-text';

/** A failed load, in red in place of the content, with a retry. */
export function LoadFailure({
  message,
  detail,
  onRetry,
}: {
  message: string;
  detail?: string;
  onRetry: () => void;
}) {
  const { t } = useAdminText();
  return (
    <Alert
      severity="error"
      role="alert"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      <strong>{message}</strong>
      {detail ? ` ${detail}` : null}
    </Alert>
  );
}
