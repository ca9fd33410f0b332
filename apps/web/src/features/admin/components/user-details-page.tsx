import Typography from '@mui/material/Typography';
import { useAdminText } from '../hooks/use-admin-text';

export function UserDetailsPage({ userId }: { userId: string }) {
  const { t } = useAdminText();
  return (
    <Typography variant="h1" component="h1">
      {t('user.title')} {userId}
    </Typography>
  );
}
