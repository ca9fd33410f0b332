import { createTheme } from '@mui/material/styles';
import {
  BASE_FONT_SIZE_PX,
  FONT_FAMILY,
  RADIUS_PX,
  SPACING_PX,
  breakpoints,
  colors,
  fontSizes,
} from './design-tokens';

/*
 * The MUI theme of the later MUI screens (sign-in dialogs, create wizard, admin area), built from
 * the same tokens as the public pages' CSS so both look alike. Only lazy routes import this file
 * (through MuiThemeScope): the first-visit pages carry no MUI.
 */
export const theme = createTheme({
  spacing: SPACING_PX,
  breakpoints: {
    values: { xs: 0, sm: breakpoints.sm, md: breakpoints.md, lg: breakpoints.lg, xl: 1536 },
  },
  palette: {
    primary: {
      main: colors.primary,
      light: colors.primaryLight,
      dark: colors.primaryDark,
      contrastText: colors.onPrimary,
    },
    secondary: { main: colors.ink, contrastText: colors.onInk },
    error: { main: colors.error },
    text: { primary: colors.ink, secondary: colors.textSecondary },
    background: { default: colors.background, paper: colors.paper },
    divider: colors.divider,
  },
  shape: { borderRadius: RADIUS_PX },
  typography: {
    fontFamily: FONT_FAMILY,
    fontSize: BASE_FONT_SIZE_PX,
    fontWeightRegular: 400,
    fontWeightMedium: 700,
    fontWeightBold: 700,
    h1: { fontSize: fontSizes.h1, fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: fontSizes.h2, fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: fontSizes.h3, fontWeight: 700, lineHeight: 1.35 },
    h4: { fontSize: fontSizes.h4, fontWeight: 700 },
    body1: { fontSize: fontSizes.body, lineHeight: 1.5 },
    body2: { fontSize: fontSizes.body, lineHeight: 1.45 },
    caption: { fontSize: fontSizes.caption },
    button: { fontSize: fontSizes.button, fontWeight: 700, letterSpacing: '0.02em' },
  },
  components: {
    MuiButtonBase: {
      // Without the ripple, MUI shows no focus at all: buttons get the same ring as links and inputs.
      defaultProps: { disableRipple: true },
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: '3px solid var(--focus-ring)', outlineOffset: '2px' },
        },
      },
    },
    MuiButton: {
      defaultProps: { variant: 'outlined', color: 'secondary' },
      styleOverrides: {
        root: {
          variants: [
            {
              props: { variant: 'outlined' },
              style: { borderWidth: 2, '&:hover': { borderWidth: 2 } },
            },
            // Black label, gold frame: the gold carries the brand while the text keeps full contrast.
            {
              props: { variant: 'outlined', color: 'secondary' },
              style: { borderColor: colors.primary, '&:hover': { borderColor: colors.ink } },
            },
          ],
        },
      },
    },
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          backgroundColor: colors.paper,
          '&.Mui-focused .MuiOutlinedInput-notchedOutline': { borderColor: colors.ink },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: { root: { '&.Mui-focused': { color: colors.ink } } },
    },
    MuiFormControl: { defaultProps: { variant: 'outlined', size: 'small' } },
    MuiTextField: { defaultProps: { variant: 'outlined', size: 'small' } },
  },
});
