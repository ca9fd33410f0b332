import Typography from '@mui/material/Typography';
import { useAdminText } from '../hooks/use-admin-text';

export function UsersPage() {
  const { t } = useAdminText();
  return (
    <Typography variant="h1" component="h1">
      {t('users.title')}
    </Typography>
  );
}
