import Typography from '@mui/material/Typography';
import { useAdminText } from '../hooks/use-admin-text';

export function FinancePage() {
  const { t } = useAdminText();
  return (
    <Typography variant="h1" component="h1">
      {t('finance.title')}
    </Typography>
  );
}
