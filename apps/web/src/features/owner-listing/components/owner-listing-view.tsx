import type { TViewerProperty } from '@makazi/contracts/listings';
import { ContactActions } from '../../../components/contact-actions';
import { ContactsToggle } from '../../../components/contacts-toggle';
import { ListingArticle, useListingTitle } from '../../../components/listing-article';
import { ListingStatus } from '../../../components/listing-status';
import { OwnerPhotos } from './owner-photos';

export interface OwnerListingViewProps {
  property: TViewerProperty;
  /** The signed-in user published it: their status line shows. */
  isOwner: boolean;
}

export function OwnerListingView({ property, isOwner }: OwnerListingViewProps) {
  const title = useListingTitle(property);
  // Only the owner view carries the phone; anyone else pays to see it on the public page.
  const phone = property.ownerPhoneNumber?.trim();

  return (
    <>
      <title>{title}</title>
      <ListingArticle
        property={property}
        testId="owner-listing"
        address="heading"
        photos={<OwnerPhotos photos={property.photos} type={property.type} title={title} />}
      >
        {isOwner ? (
          <ListingStatus
            status={property.status}
            rejectionReason={property.rejectionReason}
            missingPictureLabels={property.missingPictureLabels}
          />
        ) : null}
        {phone ? (
          <ContactsToggle>
            <div data-testid="owner-contacts" className="contact-card">
              <ContactActions phone={phone} title={title} />
            </div>
          </ContactsToggle>
        ) : null}
      </ListingArticle>
    </>
  );
}
