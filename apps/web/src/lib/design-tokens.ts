/*
 * The one source of the visual design. The public pages read these values as CSS custom properties
 * (styles/tokens.css, checked against this file by a test) so they need no styling library; the
 * MUI theme of the later signed-in and admin screens (lib/theme.ts) is built from the same values.
 */

export const colors = {
  // Black text on gold: 8.7:1. Gold text on white would be 2.3:1, so gold is a fill, never a text colour on white.
  primary: '#C9A227',
  primaryLight: '#E0C25A',
  primaryDark: '#A8851C',
  onPrimary: '#000000',
  ink: '#111111',
  onInk: '#FFFFFF',
  black: '#000000',
  white: '#FFFFFF',
  textSecondary: '#4A4A4A',
  background: '#FAFAF7',
  paper: '#FFFFFF',
  divider: 'rgba(0, 0, 0, 0.12)',
  hover: 'rgba(17, 17, 17, 0.04)',
  fieldBorder: '#8A8A8A',
  placeholder: '#6B6B6B',
  imageBackdrop: '#EEE8D5',
  skeleton: 'rgba(17, 17, 17, 0.11)',
  error: '#D32F2F',
  onDarkMuted: '#DDDDDD',
  onDarkRule: '#333333',
} as const;

/** Base spacing: every gap and padding is a multiple of this. */
export const SPACING_PX = 4;
export const RADIUS_PX = 6;
export const FONT_FAMILY = 'Lato, "Lato Fallback", "Helvetica Neue", Arial, sans-serif';

/*
 * A compact, dense UI: small headings, captions and buttons. Body text stays at 14px, though: on a
 * 5-inch phone 11px body text is hard to read and fails the "readable without zoom" bar.
 */
export const BASE_FONT_SIZE_PX = 14;
export const fontSizes = {
  h1: '1.5rem',
  h2: '1.25rem',
  h3: '1rem',
  h4: '0.9375rem',
  body: '0.875rem',
  caption: '0.75rem',
  button: '0.8125rem',
} as const;

/** Layout breakpoints (min-widths) of the grids and the page container; CSS media queries use these numbers. */
export const breakpoints = { sm: 600, md: 900, lg: 1200 } as const;
export const CONTAINER_MAX_PX = breakpoints.lg;

/** The CSS custom properties tokens.css must declare, derived from the values above. */
export function cssVariables(): Record<string, string> {
  const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  const vars: Record<string, string> = {};
  for (const [name, value] of Object.entries(colors)) vars[`--color-${kebab(name)}`] = value;
  for (const [name, value] of Object.entries(fontSizes)) vars[`--font-size-${name}`] = value;
  vars['--space'] = `${SPACING_PX}px`;
  vars['--radius'] = `${RADIUS_PX}px`;
  vars['--font-family'] = FONT_FAMILY;
  vars['--container-max'] = `${CONTAINER_MAX_PX}px`;
  return vars;
}
