import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { AdminPropertyPage } from '../../../features/admin/components/admin-property-page';

export function AdminPropertyRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  return <AdminPropertyPage key={id} id={id} type={type} />;
}
