import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/** Shown in the main area while a page's code downloads; the header and footer are already up. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <Box
      role="progressbar"
      aria-label={t('loading')}
      sx={{
        mt: 2,
        height: 4,
        overflow: 'hidden',
        bgcolor: 'rgba(201,162,39,0.25)',
        borderRadius: 1,
      }}
    >
      <Box
        sx={{
          width: '40%',
          height: '100%',
          bgcolor: 'primary.main',
          animation: `${slide} 1.2s ease-in-out infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none', width: '100%' },
        }}
      />
    </Box>
  );
}
