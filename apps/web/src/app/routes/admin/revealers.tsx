import { RevealersPage } from '../../../features/admin/components/revealers-page';

export function AdminRevealersRoute() {
  return <RevealersPage />;
}
