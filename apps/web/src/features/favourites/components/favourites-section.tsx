import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import type { TFavouriteState } from '@makazi/contracts/saved-values';
import { PROPERTY_TYPE_SLUGS } from '@makazi/contracts/property-values';
import { ErrorNotice } from '../../../components/error-notice';
import { SignInLink } from '../../../components/sign-in-link';
import { ListingPrice } from '../../../components/listing-price';
import { FALLBACK_IMAGE_SRC } from '../../../components/responsive-image';
import { useLocalFavourites, type FavouriteListing } from '../../../lib/favourites';
import { useSession } from '../../../lib/session';
import { favouritesQueryOptions, useSetFavourite } from '../../../lib/use-favourites';
import { useTranslation } from '../../../lib/use-translation';
import '../../../components/listing-row-card.css';
import './favourites.css';

/** One row of the list: the account's with where it stands; the browser's, whose state is unknown. */
interface Row {
  listing: FavouriteListing;
  savedAt: string;
  state: TFavouriteState | null;
}

function FavouriteItem({ row }: { row: Row }) {
  const { t, i18n } = useTranslation('saved');
  const setFavourite = useSetFavourite();
  const titleId = useId();
  const { listing, state } = row;
  const title = listing.title.trim() || t('favourites.noTitle');
  // Only a listing still in the catalogue has a page to open; the browser's are assumed to.
  const linked = state === null || state === 'available';
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(row.savedAt),
  );

  return (
    <article
      className="listing-row-card"
      aria-labelledby={titleId}
      data-testid="favourite-card"
      data-id={listing.id}
    >
      <img
        className="listing-row-card__photo"
        src={listing.coverUrl ?? FALLBACK_IMAGE_SRC}
        alt={t('favourites.photoAlt', { title })}
        width={320}
        height={240}
        loading="lazy"
        decoding="async"
      />
      <div className="listing-row-card__body">
        <h3 id={titleId} className="listing-row-card__title">
          {linked ? (
            <Link to={`/${PROPERTY_TYPE_SLUGS[listing.type]}/${listing.id}`}>{title}</Link>
          ) : (
            title
          )}
        </h3>
        <ListingPrice
          price={listing.price}
          type={listing.type}
          className="listing-row-card__price"
        />
        {listing.place ? <p className="text-secondary">{listing.place}</p> : null}
        {state ? (
          <p>
            <span
              className={`listing-row-card__state listing-row-card__state--${state === 'removed' ? 'gone' : state}`}
              data-testid="favourite-state"
            >
              {state === 'taken'
                ? t(`favourites.state.taken.${listing.type}`)
                : t(`favourites.state.${state}`)}
            </span>
          </p>
        ) : null}
        <p className="text-secondary">{t('favourites.savedOn', { date })}</p>
        <div>
          <button
            type="button"
            className="btn favourite-remove"
            aria-describedby={titleId}
            onClick={() => setFavourite(listing, false)}
          >
            {t('favourites.remove')}
          </button>
        </div>
      </div>
    </article>
  );
}

/** Sign in with the popover over this page (a link to /login without the app). */
function SignInPrompt({ text }: { text: string }) {
  const { t } = useTranslation('saved');
  const location = useLocation();
  return (
    <div className="favourites-prompt" data-testid="favourites-sign-in">
      <p>{text}</p>
      <SignInLink className="btn btn--contained" returnTo={location}>
        {t('favourites.signIn')}
      </SignInLink>
    </div>
  );
}

function FavouritesList({ rows, signedIn }: { rows: Row[]; signedIn: boolean }) {
  const { t } = useTranslation('saved');
  if (rows.length === 0) {
    return (
      <>
        <div className="favourites-empty">
          <p>{t('favourites.empty')}</p>
          <Link to="/home" className="btn btn--contained">
            {t('favourites.browse')}
          </Link>
        </div>
        {signedIn ? null : <SignInPrompt text={t('favourites.elsewhere')} />}
      </>
    );
  }
  return (
    <>
      {signedIn ? null : <SignInPrompt text={t('favourites.onThisPhone')} />}
      <ul className="favourites-list">
        {rows.map((row) => (
          <li key={row.listing.id}>
            <FavouriteItem row={row} />
          </li>
        ))}
      </ul>
    </>
  );
}

function AccountFavourites({ sub }: { sub: string }) {
  const { t: tCommon } = useTranslation();
  // Where each stands changes on other pages and phones: asked again on every visit, while a
  // list the hearts already read paints at once.
  const favourites = useQuery({ ...favouritesQueryOptions(sub), refetchOnMount: 'always' });
  const local = useLocalFavourites();

  if (favourites.isPending) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }
  if (favourites.isError) {
    return <ErrorNotice error={favourites.error} onRetry={() => void favourites.refetch()} />;
  }
  const rows: Row[] = favourites.data.map(({ property, state, savedAt }) => ({
    listing: property,
    savedAt,
    state,
  }));
  // Saved in this browser and not handed to the account yet (the merge failed): shown all the same.
  const held = new Set(rows.map((row) => row.listing.id));
  for (const { savedAt, ...listing } of local) {
    if (!held.has(listing.id)) rows.push({ listing, savedAt, state: null });
  }
  rows.sort((a, b) => b.savedAt.localeCompare(a.savedAt));
  return <FavouritesList rows={rows} signedIn />;
}

function BrowserFavourites() {
  const local = useLocalFavourites();
  const rows = local.map(({ savedAt, ...listing }) => ({ listing, savedAt, state: null }));
  return <FavouritesList rows={rows} signedIn={false} />;
}

/**
 * The favourites on /saved: the account's, each with where it stands now (a listing let, sold,
 * unconfirmed or gone stays listed, with its state in words and Remove), or before sign-in the
 * ones this browser keeps, with a prompt to sign in so they follow the visitor to any phone.
 */
export function FavouritesSection() {
  const { t, ready } = useTranslation('saved');
  const { t: tCommon } = useTranslation();
  const session = useSession();
  const headingId = useId();

  if (!ready) {
    return (
      <p role="status" className="text-secondary">
        {tCommon('loading')}
      </p>
    );
  }
  return (
    <section className="favourites-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="favourites-section__heading">
        {t('favourites.heading')}
      </h2>
      {session ? (
        // A new user on a shared phone starts with their own list.
        <AccountFavourites key={session.sub} sub={session.sub} />
      ) : (
        <BrowserFavourites />
      )}
    </section>
  );
}
