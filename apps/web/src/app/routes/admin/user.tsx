import { useParams } from 'react-router';
import { UserDetailsPage } from '../../../features/admin/components/user-details-page';

export function AdminUserRoute() {
  const { userId = '' } = useParams();
  return <UserDetailsPage key={userId} userId={userId} />;
}
