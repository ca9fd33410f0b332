import Typography from '@mui/material/Typography';
import { useAdminText } from '../hooks/use-admin-text';

export function PropertiesPage() {
  const { t } = useAdminText();
  return (
    <Typography variant="h1" component="h1">
      {t('properties.title')}
    </Typography>
  );
}
