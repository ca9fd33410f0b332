import { ReportsPage } from '../../../features/admin/components/reports-page';

export function AdminReportsRoute() {
  return <ReportsPage />;
}
