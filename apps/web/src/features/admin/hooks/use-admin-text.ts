import { useTranslation } from 'react-i18next';
import type enAdmin from '../../../locales/en/admin.json';
import { isAdminApiError } from '../api/admin-client';

/** Every key of the admin namespace, dotted ('login.title'). */
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
export type TAdminKey = Leaves<typeof enAdmin>;

type TranslateLoose = (key: string, values?: Record<string, unknown>) => string;

/**
 * The admin area's texts: the lazy 'admin' namespace (lib/i18n LAZY_NAMESPACES), loaded with the
 * admin chunk. Keys are checked against the English file.
 */
export function useAdminText() {
  const { t, ready, i18n } = useTranslation('admin' as never);
  const translate = t as unknown as TranslateLoose;
  const text = (key: TAdminKey, values?: Record<string, unknown>): string =>
    translate(key, { ns: 'admin', ...values });

  /** What to show for a failed admin call: the server's own message, or what went wrong on the way. */
  const errorMessage = (error: unknown): string => {
    if (!isAdminApiError(error)) return text('errors.generic');
    if (error.code === 'NETWORK') return text('errors.network');
    if (error.code === 'TIMEOUT') return text('errors.timeout');
    // The server's own words may already say when ('Try again in 15 minutes.').
    const saysWhen = /try again in|jaribu tena baada/i.test(error.message);
    if (error.status === 429 && error.retryAfterSeconds !== undefined && !saysWhen) {
      // Spec 2: a locked sign-in says when to try again, as a time on the admin's clock.
      const at = new Date(Date.now() + error.retryAfterSeconds * 1000);
      const time = new Intl.DateTimeFormat(i18n.language === 'sw' ? 'sw-TZ' : 'en-GB', {
        hour: '2-digit',
        minute: '2-digit',
      }).format(at);
      return `${error.message} ${text('errors.retryAt', { time })}`;
    }
    if (error.status >= 500 || error.code === 'BAD_RESPONSE') return text('errors.generic');
    return error.message;
  };

  return { t: text, ready, language: i18n.language, errorMessage };
}
