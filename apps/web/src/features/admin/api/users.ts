import {
  ZAdminUserDetail,
  ZAdminUsersResponse,
  ZPermissions,
  type TAdminUsersQuery,
  type TPermissions,
} from '@makazi/contracts/admin';
import { adminJson } from './admin-client';

export type TUserFilter = Pick<TAdminUsersQuery, 'page' | 'pageSize'> &
  Partial<Pick<TAdminUsersQuery, 'q'>>;

export function usersQueryKey(filter?: TUserFilter) {
  return filter
    ? (['admin', 'users', 'list', filter] as const)
    : (['admin', 'users', 'list'] as const);
}

export function usersQueryOptions(filter: TUserFilter) {
  return {
    queryKey: usersQueryKey(filter),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/users', ZAdminUsersResponse, { query: { ...filter }, signal }),
  };
}

export function userDetailQueryKey(id: string) {
  return ['admin', 'users', 'detail', id] as const;
}

export function userDetailQueryOptions(id: string) {
  return {
    queryKey: userDetailQueryKey(id),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', `/admin/users/${encodeURIComponent(id)}`, ZAdminUserDetail, { signal }),
  };
}

export function updatePermissions(
  id: string,
  change: Partial<TPermissions>,
): Promise<TPermissions> {
  return adminJson('PATCH', `/admin/users/${encodeURIComponent(id)}/permissions`, ZPermissions, {
    body: change,
  });
}
