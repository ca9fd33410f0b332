import type { SxProps, Theme } from '@mui/material/styles';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Whole numbers grouped with commas, as prices are written in Tanzania ('1,500,000'). */
export function formatNumber(value: number): string {
  return whole.format(value);
}

/** An ISO time as a date and time in East Africa Time, the business's calendar. */
export function formatDateTime(iso: string, language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Dar_es_Salaam',
  }).format(date);
}

export function formatDate(iso: string, language = 'en'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-TZ' : 'en-GB', {
    dateStyle: 'medium',
    timeZone: 'Africa/Dar_es_Salaam',
  }).format(date);
}

/** Read by screen readers, not drawn (the chart's data table). */
export const visuallyHidden: SxProps<Theme> = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
};

/** The first 8 characters of an id: enough to tell rows apart and to search the logs. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
