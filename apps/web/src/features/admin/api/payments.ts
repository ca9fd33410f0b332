import { ZAdminPaymentsResponse, type TAdminPaymentsQuery } from '@makazi/contracts/admin';
import { adminFetch, adminJson } from './admin-client';

/** The finance filters; paging is added for the table and left out of the CSV. */
export type TPaymentFilter = Partial<
  Pick<TAdminPaymentsQuery, 'from' | 'to' | 'status' | 'provider' | 'purpose'>
>;

export function paymentsQueryOptions(filter: TPaymentFilter, page: number, pageSize: number) {
  return {
    queryKey: ['admin', 'payments', filter, page, pageSize] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/payments', ZAdminPaymentsResponse, {
        query: { ...filter, page, pageSize },
        signal,
      }),
  };
}

/** The file name the server suggests (Content-Disposition), or one built from the filters. */
function fileName(response: Response, filter: TPaymentFilter): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition);
  if (match?.[1]) return decodeURIComponent(match[1]);
  const range = [filter.from, filter.to].filter(Boolean).join('_to_');
  return `payments${range ? `-${range}` : ''}.csv`;
}

/**
 * GET /api/admin/payments/export.csv with the admin's bearer token (a plain link cannot carry
 * it), then hands the file to the browser through a temporary object URL.
 */
export async function downloadPaymentsCsv(filter: TPaymentFilter): Promise<string> {
  const response = await adminFetch('GET', '/admin/payments/export.csv', {
    query: { ...filter },
    accept: 'text/csv',
  });
  const blob = await response.blob();
  const name = fileName(response, filter);
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return name;
}
