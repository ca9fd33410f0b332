import { useTranslation } from '../../../lib/use-translation';
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
    // A 429's message says when to try again ('… Try again in 15 minutes.'), so it is shown as is.
    if (error.status >= 500 || error.code === 'BAD_RESPONSE') return text('errors.generic');
    return error.message;
  };

  return { t: text, ready, language: i18n.language, errorMessage };
}
