import {
  INSTANT_ALERTS_PER_DAY,
  SAVED_SEARCHES_MAX,
  savedSearchIdentity,
} from '@makazi/contracts/saved-values';
import type {
  TAlertsOffResponse,
  TSavedSearch,
  TSavedSearchBody,
  TSavedSearchPatch,
} from '@makazi/contracts/saved-searches';
import type { Actor } from '../access/access';
import type { Clock } from '../../lib/clock';
import { eatDayStart, eatHour } from '../../lib/east-africa-day';
import { AppError, invalidField, notFound } from '../../lib/errors';
import { SMS_BUDGET_SHARES, smsBudgetWindows } from '../../db/sms-budget';
import type { SmsGateway } from '../../gateways/sms/sms-gateway';
import type { AlertLinkSigner } from './alert-links';
import { shortListingCode } from './alert-links';
import { alertSmsText } from './alert-sms';
import type {
  AlertBatch,
  SavedSearchesRepository,
  SavedSearchRow,
  SavedSearchValues,
} from './saved-searches.repository';

/** No alert SMS from 21:00 to 08:00 East Africa Time: they wait for the morning. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;
/** The daily digest goes at 18:00 EAT (or the first run after it, before the quiet hours). */
export const DIGEST_HOUR = 18;
/** Listings matched per statement: one run empties the queue in a few statements. */
const MATCH_BATCH = 200;
/** Matches count as new on /saved for this long; older ones are forgotten. */
const MATCHES_KEPT_MS = 60 * 24 * 60 * 60 * 1000;

export function inQuietHours(now: Date): boolean {
  const hour = eatHour(now);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

export interface SavedSearchesServiceDeps {
  repository: SavedSearchesRepository;
  sms: SmsGateway;
  links: AlertLinkSigner;
  clock: Clock;
  limits: { smsPerHour: number; smsPerDay: number };
  /** Where links in texts point: the site's origin, or '' for a relative path. */
  siteOrigin: string;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

function toSavedSearch(row: SavedSearchRow): TSavedSearch {
  return {
    id: row.id,
    type: row.type,
    search: row.search,
    minPrice: row.minPriceTzs,
    maxPrice: row.maxPriceTzs,
    sort: row.sort,
    alerts: row.alerts,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    newMatches: row.newMatches,
  };
}

const limitReached = () =>
  new AppError(
    'CONFLICT',
    `You already keep ${SAVED_SEARCHES_MAX} saved searches: delete one before saving another`,
  );
const savedSearchNotFound = () => notFound('Saved search not found');

export function createSavedSearchesService(deps: SavedSearchesServiceDeps) {
  const { repository, sms, links, clock, limits, siteOrigin, log } = deps;

  async function found(actor: Actor, id: string): Promise<TSavedSearch> {
    const row = await repository.find(actor.userId, id);
    if (!row) throw savedSearchNotFound();
    return toSavedSearch(row);
  }

  /** A patch with both ends of the price range checked against what is stored. */
  async function checkedPatch(
    actor: Actor,
    id: string,
    patch: TSavedSearchPatch,
  ): Promise<Partial<SavedSearchValues>> {
    const current = await repository.find(actor.userId, id);
    if (!current) throw savedSearchNotFound();
    const min = patch.minPrice === undefined ? current.minPriceTzs : patch.minPrice;
    const max = patch.maxPrice === undefined ? current.maxPriceTzs : patch.maxPrice;
    if (min !== null && max !== null && min > max) {
      throw invalidField('minPrice', 'must not be greater than maxPrice');
    }
    return {
      ...(patch.type !== undefined ? { type: patch.type } : {}),
      ...(patch.search !== undefined ? { search: patch.search } : {}),
      ...(patch.minPrice !== undefined ? { minPriceTzs: patch.minPrice } : {}),
      ...(patch.maxPrice !== undefined ? { maxPriceTzs: patch.maxPrice } : {}),
      ...(patch.sort !== undefined ? { sort: patch.sort } : {}),
      ...(patch.alerts !== undefined ? { alerts: patch.alerts } : {}),
    };
  }

  /** The one SMS of a batch: the newest listing, how many more, and how to stop. */
  function batchText(batch: AlertBatch): string {
    const seen = new Set<string>();
    const listings = batch.matches.filter((m) => !seen.has(m.propertyId) && seen.add(m.propertyId));
    const [first] = listings;
    if (!first) throw new Error('an alert batch without a listing');
    const listing = {
      title: first.title,
      priceTzs: first.priceTzs,
      link: `${siteOrigin}/l/${shortListingCode(first.propertyId)}`,
    };
    const savedLink = `${siteOrigin}/saved`;
    const stopLink = `${siteOrigin}/alerts/off/${links.offCode(first.savedSearchId)}`;
    return alertSmsText(
      batch.locale,
      batch.kind === 'instant'
        ? { kind: 'instant', listing, more: listings.length - 1, savedLink, stopLink }
        : { kind: 'digest', listing, count: listings.length, savedLink, stopLink },
    );
  }

  return {
    async list(actor: Actor): Promise<TSavedSearch[]> {
      return (await repository.list(actor.userId)).map(toSavedSearch);
    },

    /** A new search (created), or the same one saved before, with this order and these alerts. */
    async create(
      actor: Actor,
      body: TSavedSearchBody,
    ): Promise<{ created: boolean; search: TSavedSearch }> {
      const now = clock();
      const identity = savedSearchIdentity(body);
      const { id, created } = await repository.transaction(async (tx) => {
        // Two saves at once cannot both pass the count: the person's row is held meanwhile.
        await tx.lockUser(actor.userId);
        // The same search saved again is that search, with the order and alerts chosen now.
        const same = (await tx.list(actor.userId)).find(
          (row) =>
            savedSearchIdentity({
              type: row.type,
              search: row.search,
              minPrice: row.minPriceTzs,
              maxPrice: row.maxPriceTzs,
            }) === identity,
        );
        if (same) {
          await tx.update(actor.userId, same.id, { sort: body.sort, alerts: body.alerts }, now);
          return { id: same.id, created: false };
        }
        if ((await tx.count(actor.userId)) >= SAVED_SEARCHES_MAX) throw limitReached();
        const inserted = await tx.insert(
          actor.userId,
          {
            type: body.type ?? null,
            search: body.search ?? null,
            minPriceTzs: body.minPrice ?? null,
            maxPriceTzs: body.maxPrice ?? null,
            sort: body.sort,
            alerts: body.alerts,
          },
          now,
        );
        return { id: inserted, created: true };
      });
      return { created, search: await found(actor, id) };
    },

    async update(actor: Actor, id: string, patch: TSavedSearchPatch): Promise<TSavedSearch> {
      const values = await checkedPatch(actor, id, patch);
      if (!(await repository.update(actor.userId, id, values, clock()))) {
        throw savedSearchNotFound();
      }
      return found(actor, id);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      if (!(await repository.remove(actor.userId, id))) throw savedSearchNotFound();
    },

    async markSeen(actor: Actor, id: string): Promise<void> {
      if (!(await repository.markSeen(actor.userId, id, clock()))) throw savedSearchNotFound();
    },

    /** The signed link of an alert SMS: no sign-in, so nothing about the person is answered. */
    async turnAlertsOff(code: string): Promise<TAlertsOffResponse> {
      const id = links.readOffCode(code);
      if (id === undefined) throw invalidField('code', 'is not a valid link');
      const row = await repository.turnAlertsOff(id, clock());
      if (!row) throw savedSearchNotFound();
      return {
        type: row.type,
        search: row.search,
        minPrice: row.minPriceTzs,
        maxPrice: row.maxPriceTzs,
        alerts: 'off',
      };
    },

    /** Forgets matches (and alert records) older than 60 days: a daily job's work. */
    async pruneMatches(): Promise<void> {
      await repository.prune(new Date(clock().getTime() - MATCHES_KEPT_MS));
    },

    /**
     * One run of the alerts job: matches the listings that came into the catalogue against every
     * saved search (in the database), then texts whoever is due, outside the quiet hours.
     */
    async runAlerts(): Promise<{ matched: number; texted: number }> {
      let matched = 0;
      for (;;) {
        const now = clock();
        const { taken, pairs } = await repository.transaction(async (tx) => {
          const ids = await tx.takeQueued(MATCH_BATCH);
          return { taken: ids.length, pairs: await tx.matchListings(ids, now) };
        });
        matched += pairs;
        if (taken < MATCH_BATCH) break;
      }

      const now = clock();
      if (inQuietHours(now)) return { matched, texted: 0 };
      let texted = 0;
      const due = (at: Date) => ({
        dayStart: eatDayStart(at),
        instantPerDay: INSTANT_ALERTS_PER_DAY,
        digestDue: eatHour(at) >= DIGEST_HOUR,
      });
      for (const userId of await repository.usersDueAlerts(due(now))) {
        const at = clock();
        // A run that started at 20:59 does not text at 21:00.
        if (inQuietHours(at)) break;
        const budget = smsBudgetWindows(at, limits, SMS_BUDGET_SHARES.alerts);
        const batch = await repository.claimAlerts(userId, { ...due(at), now: at, budget });
        if (batch === 'budget') {
          log.warn({ userId }, 'SMS budget for alerts spent: alerts wait for the next window');
          break;
        }
        if (!batch) continue;
        try {
          // Claimed in its own commit before the text: at most one SMS per alert, even when a
          // send fails or the process dies between the two.
          await sms.send({ to: batch.phoneNumber, text: batchText(batch) });
          texted += 1;
        } catch (err) {
          await repository.returnBudget(budget);
          log.warn({ err, userId }, 'could not send a saved-search alert');
        }
      }
      return { matched, texted };
    },
  };
}

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;
