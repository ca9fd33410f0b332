import { AdminLoginPage } from '../../../features/admin/components/admin-login-page';

export function AdminLoginRoute() {
  return <AdminLoginPage />;
}
