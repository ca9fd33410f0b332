import { FinancePage } from '../../../features/admin/components/finance-page';

export function AdminFinanceRoute() {
  return <FinancePage />;
}
