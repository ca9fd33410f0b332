import Typography from '@mui/material/Typography';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { useAdminText } from '../hooks/use-admin-text';

export function AdminPropertyPage({ id }: { id: string; type: TPropertyType }) {
  const { t } = useAdminText();
  return (
    <Typography variant="h1" component="h1">
      {t('property.title')} {id}
    </Typography>
  );
}
