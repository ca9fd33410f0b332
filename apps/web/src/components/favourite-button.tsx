import { useLocalFavourites, type FavouriteListing } from '../lib/favourites';
import { useSession } from '../lib/session';
import { useAccountFavourites, useSetFavourite } from '../lib/use-favourites';
import { useTranslation } from '../lib/use-translation';
import { FavoriteBorderIcon, FavoriteIcon } from './icons';
import './favourite-button.css';

export interface FavouriteButtonProps {
  listing: FavouriteListing;
  /**
   * 'icon': a round heart over a card's photo, named for assistive technology only; 'labelled':
   * the heart with its words beside it (a listing's own page).
   */
  variant: 'icon' | 'labelled';
  /** The element that names the listing: a list of hearts is then told apart. */
  describedBy?: string;
  className?: string;
}

interface HeartProps extends FavouriteButtonProps {
  saved: boolean;
}

function Heart({ listing, variant, describedBy, className, saved }: HeartProps) {
  const { t } = useTranslation();
  const setFavourite = useSetFavourite();
  const label = saved ? t('favourites.remove') : t('favourites.save');
  const classes = [
    variant === 'labelled' ? 'btn' : null,
    'favourite-button',
    `favourite-button--${variant}`,
    className,
  ].filter(Boolean);
  return (
    <button
      type="button"
      className={classes.join(' ')}
      aria-pressed={saved}
      aria-label={variant === 'icon' ? label : undefined}
      aria-describedby={describedBy}
      data-testid="favourite-button"
      onClick={() => setFavourite(listing, !saved)}
    >
      <span className="favourite-button__heart">
        {saved ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      </span>
      {variant === 'labelled' ? <span>{label}</span> : null}
    </button>
  );
}

function AccountHeart({
  sub,
  waiting,
  ...props
}: FavouriteButtonProps & { sub: string; waiting: boolean }) {
  const favourites = useAccountFavourites(sub);
  const saved =
    waiting ||
    (favourites.data?.some((favourite) => favourite.property.id === props.listing.id) ?? false);
  return <Heart {...props} saved={saved} />;
}

/**
 * The heart that saves a listing to the visitor's favourites: the account's once signed in, the
 * browser's before (lib/favourites.ts). A toggle button (aria-pressed) of at least 48 px. The
 * server renders it unpressed, and so does the first render in the browser, which hydrates that
 * markup; the saved state follows at once. Signed in, one saved in the browser and still waiting
 * to be handed to the account shows as saved too.
 */
export function FavouriteButton(props: FavouriteButtonProps) {
  const session = useSession();
  const local = useLocalFavourites();
  const inBrowser = local.some((favourite) => favourite.id === props.listing.id);
  return session ? (
    <AccountHeart {...props} sub={session.sub} waiting={inBrowser} />
  ) : (
    <Heart {...props} saved={inBrowser} />
  );
}
