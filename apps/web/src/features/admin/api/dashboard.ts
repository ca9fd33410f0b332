import { ZAdminDashboard } from '@makazi/contracts/admin';
import { adminJson } from './admin-client';

export function dashboardQueryOptions() {
  return {
    queryKey: ['admin', 'dashboard'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      adminJson('GET', '/admin/dashboard', ZAdminDashboard, { signal }),
  };
}
