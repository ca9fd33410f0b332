import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * Wrap a lazy route's MUI screen (sign-in dialog, create wizard, admin area) in this. The global
 * stylesheet is already the baseline (font, colours, focus ring), so no CssBaseline is needed, and
 * the public pages never download MUI.
 */
export function MuiThemeScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
}
