import { useTranslation } from 'react-i18next';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown in the main area while a page's code downloads; the header and footer are already up. */
export function PageFallback() {
  const { t } = useTranslation();
  return <LinearProgress aria-label={t('loading')} sx={{ mt: 2 }} />;
}
