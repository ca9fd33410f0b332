import { DashboardPage } from '../../../features/admin/components/dashboard-page';

export function AdminDashboardRoute() {
  return <DashboardPage />;
}
