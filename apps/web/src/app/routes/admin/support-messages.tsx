import { SupportMessagesPage } from '../../../features/admin/components/support-messages-page';

export function AdminSupportMessagesRoute() {
  return <SupportMessagesPage />;
}
