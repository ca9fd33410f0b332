import { useSearchParams } from 'react-router';
import { useTranslation } from '../../lib/use-translation';
import { CreateListingPage } from '../../features/create-listing/components/create-listing-page';
import { isUuid } from '../../lib/guards';
import { PageFallback } from './page-fallback';

/**
 * /post (behind the login guard): the create wizard, or with ?edit={id} the same wizard on the
 * owner's listing. An edit link with something other than a listing id starts a new listing.
 */
export function PostRoute() {
  // The publishing texts are a lazy namespace: fetched with this page, not on the first visit.
  const { ready } = useTranslation('publish');
  const [params] = useSearchParams();
  const edit = params.get('edit');
  const editId = isUuid(edit) ? edit : null;
  if (!ready) return <PageFallback />;
  return <CreateListingPage key={editId ?? 'new'} editId={editId} />;
}
