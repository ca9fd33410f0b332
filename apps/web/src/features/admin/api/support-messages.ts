import {
  ZAdminSupportMessage,
  ZAdminSupportMessagesResponse,
  type TAdminSupportMessage,
  type TAdminSupportMessagesQuery,
} from '@makazi/contracts/support';
import type { TSupportMessageStatus } from '@makazi/contracts/support-values';
import { adminJson } from './admin-client';

export type TSupportMessageFilter = Pick<
  TAdminSupportMessagesQuery,
  'status' | 'page' | 'pageSize'
>;

export function supportMessagesQueryKey(filter?: TSupportMessageFilter) {
  return filter
    ? (['admin', 'support-messages', 'list', filter] as const)
    : (['admin', 'support-messages', 'list'] as const);
}

export function supportMessagesQueryOptions(filter: TSupportMessageFilter) {
  return {
    queryKey: supportMessagesQueryKey(filter),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/support-messages', ZAdminSupportMessagesResponse, {
        query: { ...filter },
        signal,
      }),
  };
}

/** Closes a message, or opens it again; answers it as it now is. */
export function setSupportMessageStatus(
  id: string,
  status: TSupportMessageStatus,
): Promise<TAdminSupportMessage> {
  return adminJson(
    'PATCH',
    `/admin/support-messages/${encodeURIComponent(id)}`,
    ZAdminSupportMessage,
    { body: { status } },
  );
}
