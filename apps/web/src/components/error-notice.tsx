import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { isApiError } from '../lib/api-client';

export interface ErrorNoticeProps {
  error: unknown;
  onRetry?: () => void;
}

/** One place that turns a failed request into words the visitor understands, in their language. */
export function ErrorNotice({ error, onRetry }: ErrorNoticeProps) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : null;
  const message =
    code === 'NETWORK'
      ? t('errors.NETWORK')
      : code === 'TIMEOUT'
        ? t('errors.TIMEOUT')
        : t('errors.generic');

  return (
    <Box
      role="alert"
      sx={{
        border: 2,
        borderColor: 'error.main',
        borderRadius: 1,
        p: 4,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 3,
        bgcolor: 'background.paper',
      }}
    >
      <Typography sx={{ flex: '1 1 12rem' }}>{message}</Typography>
      {onRetry ? <Button onClick={onRetry}>{t('errors.retry')}</Button> : null}
    </Box>
  );
}
