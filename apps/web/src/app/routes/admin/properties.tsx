import { PropertiesPage } from '../../../features/admin/components/properties-page';

export function AdminPropertiesRoute() {
  return <PropertiesPage />;
}
