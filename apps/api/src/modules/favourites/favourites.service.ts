import type { TFavourite, TFavouritesMergeBody } from '@makazi/contracts/favourites';
import { FAVOURITES_MAX, type TFavouriteState } from '@makazi/contracts/saved-values';
import type { TListingVisibility } from '@makazi/contracts/trust-values';
import type { Clock } from '../../lib/clock';
import { AppError, notFound } from '../../lib/errors';
import { accountGone, type Actor } from '../access/access';
import { thumbnailUrl } from '../properties/properties.service';
import type { FavouriteRow, FavouritesRepository } from './favourites.repository';

/*
 * Favourites (issue 21): listings a signed-in person keeps to come back to. Only a listing in the
 * catalogue can be saved; once saved it stays, whatever becomes of the listing, and the list says
 * where it stands now. The account is always the session's, never an id from the request.
 */

export interface FavouritesService {
  /** Idempotent: saving a favourite again keeps its first savedAt. 404 / 409 FAVOURITES_LIMIT. */
  save(actor: Actor, propertyId: string): Promise<void>;
  /** Idempotent: removing one that is not there is no error. */
  remove(actor: Actor, propertyId: string): Promise<void>;
  list(actor: Actor): Promise<TFavourite[]>;
  /** Saves a browser's favourites into the account (non-public ids skipped); answers the list. */
  merge(actor: Actor, body: TFavouritesMergeBody): Promise<TFavourite[]>;
}

/**
 * Where a favourite stands, from the listing's visibility. A listing its owner deleted, an admin
 * rejected or holds for reports, or whose publisher is suspended is removed, even one it had been
 * marked let or sold before: it will not come back.
 */
function stateOf(visibility: TListingVisibility | null): TFavouriteState {
  switch (visibility) {
    case 'listed':
      return 'available';
    case 'taken':
      return 'taken';
    case 'stale':
      return 'stale';
    case 'held_for_reports':
    case 'publisher_suspended':
    case null:
      return 'removed';
  }
}

function toFavourite(row: FavouriteRow): TFavourite {
  const state = stateOf(row.visibility);
  return {
    property: {
      id: row.propertyId,
      title: row.title,
      type: row.type,
      price: row.priceTzs,
      place: row.place,
      // A removed listing's photos are no longer anyone's to show: its owner deleted it, or an
      // admin took it out. Its title and place are enough to recognise it.
      coverUrl: state === 'removed' ? null : thumbnailUrl(row.coverKey),
    },
    state,
    savedAt: row.savedAt.toISOString(),
  };
}

export function favouritesLimitReached(): AppError {
  return new AppError(
    'FAVOURITES_LIMIT',
    `You can keep at most ${FAVOURITES_MAX} favourites. Remove some to save more.`,
  );
}

export function createFavouritesService(deps: {
  repository: FavouritesRepository;
  clock: Clock;
}): FavouritesService {
  const { repository, clock } = deps;

  async function list(actor: Actor): Promise<TFavourite[]> {
    return (await repository.list(actor.userId)).map(toFavourite);
  }

  return {
    async save(actor, propertyId) {
      const outcome = await repository.save(actor.userId, propertyId, clock(), FAVOURITES_MAX);
      if (outcome === 'not_public')
        throw notFound('This listing does not exist or is no longer available.');
      if (outcome === 'full') throw favouritesLimitReached();
      if (outcome === 'account_gone') throw accountGone();
    },

    async remove(actor, propertyId) {
      await repository.remove(actor.userId, propertyId);
    },

    list,

    async merge(actor, body) {
      const merged = await repository.merge(
        actor.userId,
        body.propertyIds,
        clock(),
        FAVOURITES_MAX,
      );
      if (merged === 'account_gone') throw accountGone();
      return list(actor);
    },
  };
}
