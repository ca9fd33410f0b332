import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation';
import './checkout.css';

/** /promote or /promotion-plan opened without a listing (typed in, bookmarked): say so. */
export function NoListingChosen() {
  const { t, ready } = useTranslation('checkout');
  const { t: tCommon } = useTranslation();
  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }
  return (
    <section className="checkout" aria-labelledby="no-listing-heading">
      <title>{t('promote.title')}</title>
      <h1 id="no-listing-heading">{t('promote.noListing')}</h1>
      <div className="checkout-missing">
        <p className="text-secondary">{t('promote.noListingText')}</p>
        <Link to="/posts" className="btn btn--contained">
          {t('promote.toPosts')}
        </Link>
      </div>
    </section>
  );
}
