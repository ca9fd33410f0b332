import { ZAdminDashboard } from '@makazi/contracts/admin';
import { adminJson, adminRetry } from './admin-client';

export const dashboardQueryOptions = {
  queryKey: ['admin', 'dashboard'] as const,
  retry: adminRetry,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminJson('GET', '/admin/dashboard', ZAdminDashboard, { signal }),
};
