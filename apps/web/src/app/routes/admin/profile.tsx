import { AdminProfilePage } from '../../../features/admin/components/admin-profile-page';

export function AdminProfileRoute() {
  return <AdminProfilePage />;
}
