import { useParams } from 'react-router';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { OwnerListingPage } from '../../features/owner-listing/components/owner-listing-page';

export function OwnerListingRoute({ type }: { type: TPropertyType }) {
  const { id = '' } = useParams();
  // A fresh page per listing: the photo chosen and the contacts shown do not carry over.
  return <OwnerListingPage key={id} type={type} id={id} />;
}
