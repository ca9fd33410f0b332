import { ZAdminDashboard } from '@makazi/contracts/admin';
import { adminJson } from './admin-client';

export const dashboardQueryOptions = {
  queryKey: ['admin', 'dashboard'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminJson('GET', '/admin/dashboard', ZAdminDashboard, { signal }),
};
