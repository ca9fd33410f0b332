import { AdminLayout } from '../../../features/admin/components/admin-layout';

export function AdminLayoutRoute() {
  return <AdminLayout />;
}
