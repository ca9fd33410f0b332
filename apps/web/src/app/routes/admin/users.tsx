import { UsersPage } from '../../../features/admin/components/users-page';

export function AdminUsersRoute() {
  return <UsersPage />;
}
