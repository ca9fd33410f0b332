import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

// What browsers say when a lazy route's script cannot be downloaded (Chromium, Safari, Firefox, Vite).
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|Loading chunk/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(`${error.name} ${error.message}`);
}

/** The router's error element: a failed chunk download gets its own message and a reload. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  if (!chunk && !isRouteErrorResponse(error)) console.error(error);

  return (
    <Box role="alert" sx={{ py: 10, px: 4, textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
      <Typography component="h1" variant="h1">
        {chunk ? t('errors.chunk') : t('errors.unexpected')}
      </Typography>
      <Typography sx={{ mt: 3 }}>
        {chunk ? t('errors.chunkHint') : t('errors.unexpectedHint')}
      </Typography>
      <Box sx={{ mt: 6, display: 'flex', gap: 3, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" color="primary" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </Button>
        <Button component={Link} to="/home" reloadDocument={chunk}>
          {t('errors.goHome')}
        </Button>
      </Box>
    </Box>
  );
}
