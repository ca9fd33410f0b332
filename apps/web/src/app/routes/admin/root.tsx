import { AdminRoot } from '../../../features/admin/components/admin-root';

export function AdminRootRoute() {
  return <AdminRoot />;
}
