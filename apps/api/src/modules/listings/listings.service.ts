import type {
  TAddressBody,
  TDetails,
  TUpdatePropertyBody,
  TViewerProperty,
} from '@makazi/contracts/listings';
import type { TPropertyType } from '@makazi/contracts/property-values';
import type { StorageGateway } from '../../gateways/storage/storage-gateway';
import type { Clock } from '../../lib/clock';
import { invalidField, notFound } from '../../lib/errors';
import { requireOwnListing, requirePublisher, type Actor } from '../access/access';
import type { PropertiesService } from '../properties/properties.service';
import { statusAfterEdit } from './listing-rules';
import { addressColumns, detailColumns, newListingColumns } from './listing-input';
import {
  afterEdit,
  mergeColumns,
  noChange,
  proposedPhotos,
  removePhotos,
  type ChangeColumns,
} from './pending-change';
import type {
  AddressColumns,
  ListingChanges,
  ListingRecord,
  ListingsRepository,
  PhotoRecord,
} from './listings.repository';

/*
 * Publishing: create a listing, give it an address, edit it, delete it. Every check is here:
 * who may write (the publisher is always the signed-in user; the owner and the per-user switches
 * canPost, canEdit, canDelete are asked of the access module, as media and payments ask them),
 * what a body may say, and the status a write leaves the listing in (listing-rules.ts). Each
 * write is one transaction that locks the listing's row; the answer is the owner view, read back
 * afterwards by the properties module.
 */

export interface ListingsService {
  /**
   * Refuses an account that may not post (403) or no longer exists (401). The create route asks it
   * before checking the body: a blocked publisher hears that first, not about their fields.
   */
  assertMayPost(actor: Actor): Promise<void>;
  create(actor: Actor, type: TPropertyType, details: TDetails): Promise<TViewerProperty>;
  setAddress(actor: Actor, id: string, body: TAddressBody): Promise<TViewerProperty>;
  update(actor: Actor, id: string, body: TUpdatePropertyBody): Promise<TViewerProperty>;
  /** Drops the owner's edit of an approved listing that awaits review (404 when there is none). */
  discardPendingChange(actor: Actor, id: string): Promise<TViewerProperty>;
  remove(actor: Actor, id: string): Promise<{ id: string; status: 'archived' }>;
}

export interface ListingsServiceDeps {
  repository: ListingsRepository;
  /** Reads a listing back as its owner sees it. */
  views: Pick<PropertiesService, 'getOwnerView'>;
  /** Where removed photos' files are deleted from. */
  storage: StorageGateway;
  clock: Clock;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

/**
 * The four levels must be one chain: the district in the region, the ward in the district, the
 * street in the ward. The first broken link is named, top down.
 */
async function assertLocationChain(
  repository: ListingsRepository,
  address: AddressColumns,
  prefix: string,
): Promise<void> {
  const chain = await repository.locationChain(address);
  const field = (name: string) => `${prefix}${name}`;
  if (!chain.regionExists) throw invalidField(field('regionId'), 'is not a known region');
  if (chain.districtRegionId === null) {
    throw invalidField(field('districtId'), 'is not a known district');
  }
  if (chain.districtRegionId !== address.regionId) {
    throw invalidField(field('districtId'), `is not in region ${address.regionId}`);
  }
  if (chain.wardDistrictId === null) throw invalidField(field('wardId'), 'is not a known ward');
  if (chain.wardDistrictId !== address.districtId) {
    throw invalidField(field('wardId'), `is not in district ${address.districtId}`);
  }
  if (chain.streetWardId === null) {
    throw invalidField(field('streetId'), 'is not a known street');
  }
  if (chain.streetWardId !== address.wardId) {
    throw invalidField(field('streetId'), `is not in ward ${address.wardId}`);
  }
}

/** The photos an edit removes: every id must be one of the listing's. */
function photosToRemove(photos: PhotoRecord[], ids: string[] | undefined): PhotoRecord[] {
  if (!ids || ids.length === 0) return [];
  const wanted = new Set(ids);
  const foreign = [...wanted].filter((id) => !photos.some((photo) => photo.id === id));
  if (foreign.length > 0) {
    throw invalidField('removePhotoIds', `${foreign.join(', ')}: not a photo of this listing`);
  }
  return photos.filter((photo) => wanted.has(photo.id));
}

/** photoOrder must name every remaining photo exactly once. */
function assertPermutation(remaining: readonly { id: string }[], order: string[]): void {
  const ids = new Set(remaining.map((photo) => photo.id));
  const unique = new Set(order);
  if (
    order.length !== ids.size ||
    unique.size !== order.length ||
    order.some((id) => !ids.has(id))
  ) {
    throw invalidField(
      'photoOrder',
      `must list each of the listing's ${ids.size} remaining photos exactly once`,
    );
  }
}

export function createListingsService(deps: ListingsServiceDeps): ListingsService {
  const { repository, views, storage, clock, log } = deps;

  /**
   * Deletes the files of removed photos after their rows are gone. A failure is logged and left
   * to the media sweeper (the keys stay in the upload journal): the edit itself succeeded.
   */
  async function deleteFiles(keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
    const deleted: string[] = [];
    results.forEach((result, index) => {
      const key = keys[index] ?? '';
      if (result.status === 'fulfilled') deleted.push(key);
      else
        log.warn({ err: result.reason as unknown, key }, 'could not delete a removed photo file');
    });
    try {
      await repository.forgetJournalKeys(deleted);
    } catch (err) {
      log.warn({ err }, 'could not clear deleted photo files from the upload journal');
    }
  }

  /**
   * An edit of an approved listing: merged into its pending change (the live row and photos stay
   * as they are until an admin approves it). A new photo order with nothing else waiting is no new
   * content (every photo was reviewed): it applies at once, as on any listing. Answers the keys
   * of photo files no row names any more (journaled), for deletion after the commit.
   */
  async function editLiveListing(
    tx: ListingsRepository,
    listing: ListingRecord,
    photos: PhotoRecord[],
    edit: { columns: ChangeColumns; removePhotoIds?: string[]; photoOrder?: string[] },
  ): Promise<string[]> {
    const now = clock();
    const before = await tx.pendingChanges.find(listing.id);
    const removals = edit.removePhotoIds ?? [];
    if (!before && Object.keys(edit.columns).length === 0 && removals.length === 0) {
      if (edit.photoOrder) {
        assertPermutation(photos, edit.photoOrder);
        await tx.reorderPhotos(listing.id, edit.photoOrder);
        await tx.updateListing(listing.id, {}, now);
      }
      return [];
    }
    const merged = mergeColumns(
      before ?? noChange(),
      await tx.liveColumns(listing.id),
      edit.columns,
    );
    const { change, orphanKeys, unknown } = removePhotos(merged, photos, removals);
    if (unknown.length > 0) {
      throw invalidField('removePhotoIds', `${unknown.join(', ')}: not a photo of this listing`);
    }
    if (edit.photoOrder) {
      assertPermutation(proposedPhotos(photos, change), edit.photoOrder);
      change.photoOrder = edit.photoOrder;
    }
    const next = afterEdit(listing.type, photos, before ?? noChange(), change);
    await tx.journalOrphanKeys(listing.id, orphanKeys, now);
    if (next) await tx.pendingChanges.save(listing.id, next, now);
    else if (before) orphanKeys.push(...(await tx.pendingChanges.discard(listing.id, now)));
    return [...new Set(orphanKeys)];
  }

  return {
    async assertMayPost(actor) {
      await requirePublisher(repository.access, actor, 'canPost');
    },

    async create(actor, type, details) {
      await requirePublisher(repository.access, actor, 'canPost');
      // A new listing has no address and no photos yet: a draft until both are given.
      const id = await repository.insertListing(
        {
          ...newListingColumns(type, details),
          type,
          status: 'draft',
          publishedBy: actor.userId,
        },
        clock(),
      );
      return views.getOwnerView(id, actor.userId);
    },

    async setAddress(actor, id, body) {
      const orphanKeys = await repository.transaction(async (tx) => {
        const listing = requireOwnListing(actor.userId, await tx.lockListing(id));
        await requirePublisher(tx.access, actor, 'canEdit');
        const address = addressColumns(listing.type, body);
        await assertLocationChain(tx, address, '');
        const photos = await tx.photosOf(id);
        if (listing.status === 'approved') {
          return editLiveListing(tx, listing, photos, { columns: address });
        }
        const { status } = statusAfterEdit(
          listing.type,
          true,
          photos.map((photo) => photo.label),
        );
        await tx.updateListing(id, { address, status, rejectionReason: null }, clock());
        return [];
      });
      await deleteFiles(orphanKeys);
      return views.getOwnerView(id, actor.userId);
    },

    async update(actor, id, body) {
      const { address, removePhotoIds, photoOrder, ...fields } = body;
      const orphanKeys = await repository.transaction(async (tx) => {
        const listing = requireOwnListing(actor.userId, await tx.lockListing(id));
        await requirePublisher(tx.access, actor, 'canEdit');

        const columns = detailColumns(listing.type, fields);
        const newAddress = address ? addressColumns(listing.type, address, 'address.') : undefined;
        if (newAddress) await assertLocationChain(tx, newAddress, 'address.');
        const photos = await tx.photosOf(id);
        if (listing.status === 'approved') {
          return editLiveListing(tx, listing, photos, {
            columns: { ...columns, ...newAddress },
            removePhotoIds,
            photoOrder,
          });
        }
        const removed = photosToRemove(photos, removePhotoIds);
        const remaining = photos.filter((photo) => !removed.includes(photo));
        if (photoOrder) assertPermutation(remaining, photoOrder);

        const changes: ListingChanges = {
          ...columns,
          ...(newAddress ? { address: newAddress } : {}),
        };
        // Content the public would see changed: back to review (or to draft when incomplete).
        // A new order of photos already reviewed is not new content.
        if (Object.keys(columns).length > 0 || newAddress || removed.length > 0) {
          changes.status = statusAfterEdit(
            listing.type,
            listing.hasAddress || newAddress !== undefined,
            remaining.map((photo) => photo.label),
          ).status;
          changes.rejectionReason = null;
        }
        const now = clock();
        const keys = removed.flatMap((photo) => photo.keys);
        await tx.deletePhotos(
          id,
          removed.map((photo) => photo.id),
        );
        await tx.journalOrphanKeys(id, keys, now);
        if (photoOrder) await tx.reorderPhotos(id, photoOrder);
        if (Object.keys(changes).length > 0 || removed.length > 0 || photoOrder) {
          await tx.updateListing(id, changes, now);
        }
        return keys;
      });
      await deleteFiles(orphanKeys);
      return views.getOwnerView(id, actor.userId);
    },

    async discardPendingChange(actor, id) {
      const orphanKeys = await repository.transaction(async (tx) => {
        requireOwnListing(actor.userId, await tx.lockListing(id));
        await requirePublisher(tx.access, actor, 'canEdit');
        if (!(await tx.pendingChanges.find(id))) {
          throw notFound(`Listing ${id} has no changes awaiting review`);
        }
        return tx.pendingChanges.discard(id, clock());
      });
      await deleteFiles(orphanKeys);
      return views.getOwnerView(id, actor.userId);
    },

    async remove(actor, id) {
      // Soft delete: the row and its photos stay (for support and disputes), gone for everyone. A
      // change awaiting review has nothing left to change: it goes, with the photos it added.
      const orphanKeys = await repository.transaction(async (tx) => {
        requireOwnListing(actor.userId, await tx.lockListing(id));
        await requirePublisher(tx.access, actor, 'canDelete');
        const now = clock();
        await tx.archive(id, now);
        return tx.pendingChanges.discard(id, now);
      });
      await deleteFiles(orphanKeys);
      return { id, status: 'archived' };
    },
  };
}
