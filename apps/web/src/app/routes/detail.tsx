import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/properties';
import { ListingDetailView } from '../../features/listing-detail/components/listing-detail-view';

export function DetailRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  // contactSlot stays empty until sign-in and subscriptions exist (see ContactRevealSlot).
  return <ListingDetailView key={id} type={type} id={id} contactSlot={null} />;
}
