import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LOCALES } from '@makazi/contracts/common-values';
import {
  MOBILE_MONEY_NETWORKS,
  PAYMENT_PROVIDERS,
  PAYMENT_PURPOSES,
  PAYMENT_STATUSES,
} from '@makazi/contracts/payment-values';
import {
  PICTURE_LABELS,
  PROPERTY_SORTS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
} from '@makazi/contracts/property-values';
import { ALERT_FREQUENCIES } from '@makazi/contracts/saved-values';
import { PENDING_CHANGE_STATUSES } from '@makazi/contracts/listing-values';
import { SUPPORT_MESSAGE_STATUSES, SUPPORT_TOPICS } from '@makazi/contracts/support-values';
import {
  CLAIM_STATUSES,
  REPORT_REASONS,
  REPORT_STATUSES,
  type TClaimDecision,
} from '@makazi/contracts/trust-values';

/*
 * Users, sign-in and catalogue tables. Later capabilities (admins, payments, subscriptions,
 * promotions, audit log) add their own tables beside these rather than reshape them.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const locale = pgEnum('locale', LOCALES);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * E.164 (+255…): one person per number however it was typed. Null once the account is
     * deleted, so the number is free for a new account (decision 023).
     */
    phoneNumber: text('phone_number').unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    canPost: boolean('can_post').notNull().default(true),
    canEdit: boolean('can_edit').notNull().default(true),
    canDelete: boolean('can_delete').notNull().default(true),
    /**
     * Off when an admin muted the person as a reporter (issue 34): their reports are kept, closed
     * at once, and never hold a listing; their dead-end claims are still heard.
     */
    reportsHeard: boolean('reports_heard').notNull().default(true),
    /** The language of the user's last sign-in: their SMS messages are written in it. */
    locale: locale('locale').notNull().default('en'),
    /** Set when the person deleted their account: the row stays, anonymised, for the payments. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * When a code sent to the number was first answered. Until then the row does not hold the
     * number: signing up again with it starts over, and no one can sign in as it but by a code.
     */
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    /** Wrong sign-in codes since wrongCodesSince, across every code sent: the daily cap. */
    wrongCodes: integer('wrong_codes').notNull().default(0),
    wrongCodesSince: timestamp('wrong_codes_since', { withTimezone: true }),
    /** Set when the daily cap of wrong codes is reached: no code is sent or accepted before it. */
    signInLockedUntil: timestamp('sign_in_locked_until', { withTimezone: true }),
    /**
     * Set when an admin suspended the publisher (issue 20): canPost is off and every listing of
     * theirs is out of the catalogue (properties.publisher_suspended_at) until it is lifted.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check(
      'users_phone_until_deleted',
      sql`(${t.phoneNumber} IS NULL) = (${t.deletedAt} IS NOT NULL)`,
    ),
    // The admin users list searches names and phone numbers by substring.
    index('users_search_trgm_idx').using(
      'gin',
      sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.phoneNumber}) gin_trgm_ops`,
    ),
  ],
);

/*
 * Sign-in. Times are written from the application's clock (not the database's now()), so the rules
 * on expiry and lockout are the same on every backend and testable with a fake clock.
 */

/** One row per code sent. Only a user's newest challenge can be answered. */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** HMAC-SHA256 of the code under a server key: six digits are too few to survive a plain hash. */
    codeHash: text('code_hash').notNull(),
    /** Wrong answers so far, carried over from the challenge it replaced so a resend resets nothing. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** Where the send was asked from: the per-IP send limit counts these. */
    requestIp: text('request_ip'),
  },
  (t) => [
    index('otp_challenges_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('otp_challenges_ip_created_idx').on(t.requestIp, t.createdAt.desc()),
  ],
);

/** A sign-in: the family of refresh tokens issued from one code verification. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Set by logout, or when a rotated refresh token is presented again (a stolen copy). */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token: it is 256 random bits, so a plain hash cannot be reversed. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token is exchanged for the next one; presenting it again revokes the session. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const regions = pgTable('regions', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey(),
    regionId: integer('region_id')
      .notNull()
      .references(() => regions.id),
    name: text('name').notNull(),
  },
  (t) => [index('districts_region_id_idx').on(t.regionId)],
);

export const wards = pgTable(
  'wards',
  {
    id: integer('id').primaryKey(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    name: text('name').notNull(),
  },
  (t) => [index('wards_district_id_idx').on(t.districtId)],
);

export const streets = pgTable(
  'streets',
  {
    id: integer('id').primaryKey(),
    wardId: integer('ward_id')
      .notNull()
      .references(() => wards.id),
    name: text('name').notNull(),
  },
  (t) => [index('streets_ward_id_idx').on(t.wardId)],
);

// The database enums are the contracts' value lists, so the two cannot drift apart.
export const propertyType = pgEnum('property_type', PROPERTY_TYPES);
/** draft: photos missing; pending: awaiting review; approved: public; rejected; archived: deleted by its owner. */
export const propertyStatus = pgEnum('property_status', PROPERTY_STATUSES);
export const pictureLabel = pgEnum('picture_label', PICTURE_LABELS);
export const reportReason = pgEnum('report_reason', REPORT_REASONS);
export const reportStatus = pgEnum('report_status', REPORT_STATUSES);
export const claimStatus = pgEnum('claim_status', CLAIM_STATUSES);

export const properties = pgTable(
  'properties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: propertyType('type').notNull(),
    status: propertyStatus('status').notNull().default('pending'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    ownerName: text('owner_name').notNull(),
    /**
     * Never in a public listing: revealed only through the contact route. Null only on an archived
     * listing whose publisher deleted their account.
     */
    ownerPhoneNumber: text('owner_phone_number'),
    publishedBy: uuid('published_by')
      .notNull()
      .references(() => users.id),
    /** Whole TZS; bigint because a house can cost more than int4 holds. */
    priceTzs: bigint('price_tzs', { mode: 'number' }).notNull(),

    regionId: integer('region_id').references(() => regions.id),
    districtId: integer('district_id').references(() => districts.id),
    wardId: integer('ward_id').references(() => wards.id),
    streetId: integer('street_id').references(() => streets.id),
    apartmentNumber: text('apartment_number'),
    houseNumber: text('house_number'),
    plotNumber: text('plot_number'),

    // Type-specific details; which are required per type is enforced by the checks below.
    lotWidth: doublePrecision('lot_width'),
    lotLength: doublePrecision('lot_length'),
    lotStatus: text('lot_status'),
    distanceFromMainRoad: text('distance_from_main_road'),
    isWaterServiceAvailable: boolean('is_water_service_available'),
    isElectricityServiceAvailable: boolean('is_electricity_service_available'),
    numberOfBedrooms: integer('number_of_bedrooms'),
    numberOfBathrooms: integer('number_of_bathrooms'),
    leaseTermMonths: integer('lease_term_months'),
    apartmentPriceTerm: text('apartment_price_term'),
    squareFootage: doublePrecision('square_footage'),

    promotionEndsAt: timestamp('promotion_ends_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),

    /*
     * Trust (issue 20, decision 040). An approved listing is in the public catalogue (listed)
     * unless one of these says why not; the owner sees which on /posts.
     */
    /** When the owner last said it is still available; publishing and approval count. */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was let or sold, as its owner said (may be before they said it). */
    takenAt: timestamp('taken_at', { withTimezone: true }),
    /**
     * When the owner said it (the mark was written): only a mark written before a reveal upholds
     * a dead-end claim without an admin, whatever takenAt names (decision 040).
     */
    takenMarkedAt: timestamp('taken_marked_at', { withTimezone: true }),
    /** Set by the freshness job when confirmedAt is older than LISTING_STALE_AFTER_DAYS. */
    staleAt: timestamp('stale_at', { withTimezone: true }),
    /** When the one reminder before going stale was sent, for the current confirmedAt. */
    staleReminderAt: timestamp('stale_reminder_at', { withTimezone: true }),
    /** Set when enough people reported it: out of the catalogue until an admin looks. */
    heldForReportsAt: timestamp('held_for_reports_at', { withTimezone: true }),
    /** Reports filed before this were looked at by an admin: only later ones count to a hold. */
    reportsClearedAt: timestamp('reports_cleared_at', { withTimezone: true }),
    /**
     * Why an admin took it down after reports (its status is then rejected): fake or
     * asks_money_first uphold every dead-end claim on it, now and later.
     */
    takenDownAs: reportReason('taken_down_as'),
    /** Copied from users.suspended_at, so whether a listing is listed is a fact of its own row. */
    publisherSuspendedAt: timestamp('publisher_suspended_at', { withTimezone: true }),
    /** Whether the public may see it: the catalogue holds exactly the listed listings. */
    listed: boolean('listed')
      .notNull()
      .generatedAlwaysAs(
        sql`status = 'approved' AND taken_at IS NULL AND stale_at IS NULL AND held_for_reports_at IS NULL AND publisher_suspended_at IS NULL`,
      ),
    /** Title + formatPropertyAddress's address, kept by the properties_search_text trigger. */
    searchText: text('search_text').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    check('properties_price_positive', sql`${t.priceTzs} > 0`),
    check(
      'properties_owner_phone_until_archived',
      sql`${t.ownerPhoneNumber} IS NOT NULL OR ${t.status} = 'archived'`,
    ),
    check(
      'properties_land_details',
      sql`${t.type} <> 'Land' OR (${t.lotWidth} IS NOT NULL AND ${t.lotLength} IS NOT NULL AND ${t.lotStatus} IS NOT NULL AND ${t.distanceFromMainRoad} IS NOT NULL)`,
    ),
    check(
      'properties_rooms_details',
      sql`${t.type} = 'Land' OR (${t.numberOfBedrooms} IS NOT NULL AND ${t.numberOfBathrooms} IS NOT NULL)`,
    ),
    check('properties_rent_details', sql`${t.type} <> 'Rent' OR ${t.leaseTermMonths} IS NOT NULL`),
    check(
      'properties_apartment_details',
      sql`${t.type} <> 'Apartment' OR ${t.apartmentPriceTerm} IS NOT NULL`,
    ),
    // The catalogue's walks and search read catalogue_entries (decision 032), not this table.
    index('properties_published_by_idx').on(t.publishedBy, t.createdAt.desc()),
    index('properties_status_idx').on(t.status, t.createdAt.desc()),
    // The moderation queue: one type's listings of one status, oldest first.
    index('properties_status_type_created_idx').on(t.status, t.type, t.createdAt),
    // The freshness job: listed listings by when they were last confirmed.
    index('properties_listed_confirmed_idx')
      .on(t.confirmedAt)
      .where(sql`listed`),
  ],
);

/** One stored WebP variant of a photo, as property_photos.variants and pending changes keep it. */
export interface StoredVariant {
  width: number;
  height: number;
  /** Where the file is in storage. */
  key: string;
  /**
   * The file's size, known when it was written: data saver tells it before the photo is loaded.
   * Absent in photos stored before sizes were recorded.
   */
  bytes?: number;
}

export const propertyPhotos = pgTable(
  'property_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    label: pictureLabel('label').notNull(),
    position: integer('position').notNull(),
    /** Width and height of the largest variant. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The WebP variants, narrowest first: [{ width, height, key, bytes }]. */
    variants: jsonb('variants').$type<StoredVariant[]>().notNull(),
    /**
     * 64-bit perceptual hash of the image's content (issue 20), as a signed bigint; null for
     * photos uploaded before hashing existed.
     */
    perceptualHash: bigint('perceptual_hash', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('property_photos_position_idx').on(t.propertyId, t.position),
    /*
     * Duplicate-photo candidates by multi-index hashing (decision 041): the hash's four 16-bit
     * bands, each indexed with INCLUDE (perceptual_hash, property_id) in the migration, so a probe
     * is checked from the index alone. Written exactly as duplicate-photos.repository.ts asks.
     */
    index('property_photos_hash_band0_idx').on(sql`((perceptual_hash >> 0) & 65535)`),
    index('property_photos_hash_band1_idx').on(sql`((perceptual_hash >> 16) & 65535)`),
    index('property_photos_hash_band2_idx').on(sql`((perceptual_hash >> 32) & 65535)`),
    index('property_photos_hash_band3_idx').on(sql`((perceptual_hash >> 48) & 65535)`),
    // Photos stored before hashing, for the backfill: empty once it has caught up.
    index('property_photos_unhashed_idx')
      .on(t.id)
      .where(sql`perceptual_hash IS NULL`),
  ],
);

/**
 * The public catalogue's read model (decision 032): one row per approved listing with what its
 * walks sort and filter on. Kept in the same transaction as every write that changes what a card
 * shows (modules/properties/catalogue-cards.ts); triggers note which listings a write touched in
 * catalogue_dirty, and a commit that leaves one there fails.
 */
export const catalogueEntries = pgTable(
  'catalogue_entries',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    type: propertyType('type').notNull(),
    priceTzs: bigint('price_tzs', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    promotionEndsAt: timestamp('promotion_ends_at', { withTimezone: true }),
    publishedBy: uuid('published_by').notNull(),
    /** lower(properties.search_text): LIKE on it is ILIKE on the original, without a lower() per row. */
    searchTextLower: text('search_text_lower').notNull(),
  },
  (t) => [
    index('catalogue_entries_new_idx').on(t.createdAt.desc(), t.propertyId.desc()),
    index('catalogue_entries_type_new_idx').on(t.type, t.createdAt.desc(), t.propertyId.desc()),
    index('catalogue_entries_price_idx').on(t.priceTzs, t.propertyId),
    index('catalogue_entries_type_price_idx').on(t.type, t.priceTzs, t.propertyId),
    // INCLUDE (type, price_tzs, search_text_lower) in the migration: a promoted walk filters and
    // searches running promotions from the index alone.
    index('catalogue_entries_promoted_idx')
      .on(t.promotionEndsAt, t.propertyId)
      .where(sql`promotion_ends_at IS NOT NULL`),
    /*
     * fastupdate off: with it on, every search also reads the index's pending list, up to 4 MB of
     * recent writes scanned row by row, until a vacuum merges it. The catalogue is read a thousand
     * times for every write, so the write pays for the merge instead (decision 032).
     */
    index('catalogue_entries_search_trgm_idx')
      .using('gin', sql`${t.searchTextLower} gin_trgm_ops`)
      .with({ fastupdate: false }),
    index('catalogue_entries_publisher_idx').on(
      t.publishedBy,
      t.createdAt.desc(),
      t.propertyId.desc(),
    ),
  ],
);

/** The ready answers of a catalogue entry, apart from its narrow row so walks read little. */
export const catalogueCards = pgTable('catalogue_cards', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => catalogueEntries.propertyId, { onDelete: 'cascade' }),
  /** The listing as a list page writes it (its cover photo only), byte for byte. */
  card: text('card').notNull(),
  /** The listing as GET /api/properties/{id} answers the public (every photo), byte for byte. */
  detail: text('detail').notNull(),
});

/** Listings a transaction changed whose cards it has not yet refreshed. */
export const catalogueDirty = pgTable('catalogue_dirty', {
  propertyId: uuid('property_id').primaryKey(),
});

/** One row: the card format the stored cards were written in (a new format rebuilds them). */
export const catalogueState = pgTable('catalogue_state', {
  id: integer('id').primaryKey().default(1),
  cardFormat: integer('card_format').notNull(),
  builtAt: timestamp('built_at', { withTimezone: true }),
});

export const pendingChangeStatus = pgEnum('pending_change_status', PENDING_CHANGE_STATUSES);

/** A photo a pending change adds: the shape of a property_photos row, without its position. */
export interface PendingPhoto {
  id: string;
  label: (typeof PICTURE_LABELS)[number];
  width: number;
  height: number;
  variants: StoredVariant[];
  /**
   * property_photos.perceptual_hash as decimal text (JSON has no 64-bit integers); absent in
   * changes saved before hashing.
   */
  perceptualHash?: string | null;
}

/**
 * An owner's edit of an approved listing, held here while it awaits review: the properties row and
 * its photos stay the approved version the public sees until an admin approves the change, which
 * then writes it there. One per listing; a second edit merges into it (modules/listings/
 * pending-change.ts).
 */
export const pendingChanges = pgTable(
  'pending_changes',
  {
    propertyId: uuid('property_id')
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    status: pendingChangeStatus('status').notNull(),
    /** Column values (properties' column names, camelCase) that differ from the live row. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    addedPhotos: jsonb('added_photos').$type<PendingPhoto[]>().notNull().default([]),
    removedPhotoIds: jsonb('removed_photo_ids').$type<string[]>().notNull().default([]),
    /** Every photo of the changed version in order; null keeps the live order. */
    photoOrder: jsonb('photo_order').$type<string[] | null>(),
    rejectionReason: text('rejection_reason'),
    ...timestamps,
  },
  // The moderation queue reads pending changes oldest first.
  (t) => [index('pending_changes_status_idx').on(t.status, t.updatedAt)],
);

/**
 * The upload journal: a storage key is written here (and committed) before its file is stored,
 * and removed in the transaction that records the photo. A key still here after a crash or a
 * failed upload names an orphan file, which the sweeper deletes (media module).
 */
export const mediaUploads = pgTable(
  'media_uploads',
  {
    key: text('key').primaryKey(),
    propertyId: uuid('property_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('media_uploads_created_idx').on(t.createdAt)],
);

/**
 * Resumable photo uploads (tus, decision 043), one row per photo upload from its creation: whose
 * it is and which listing slot it fills. `id` is the tus upload id (its file's name in
 * UPLOADS_DIR). Attaching sets photo_id and completed_at in the photo's own transaction, so a
 * retried attach finds it done; the sweep deletes rows (and files) a day old.
 */
export const photoUploads = pgTable(
  'photo_uploads',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    label: pictureLabel('label').notNull(),
    /** Upload-Length: the bytes the upload will have. */
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was attached to its listing; null while open. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The photo it became (a row, or a photo of the listing's pending change); null while open. */
    photoId: uuid('photo_id'),
  },
  (t) => [
    // One open upload per slot: a new one for the same slot supersedes the older.
    uniqueIndex('photo_uploads_open_slot_idx')
      .on(t.propertyId, t.label)
      .where(sql`photo_id is null`),
    index('photo_uploads_open_user_idx')
      .on(t.userId)
      .where(sql`photo_id is null`),
    index('photo_uploads_created_idx').on(t.createdAt),
  ],
);

/**
 * The tus locker's leases (upload-locker.ts): who holds an upload's lock until when, across
 * processes. A waiter sets release_requested; the holder sees it when it renews and lets go.
 */
export const uploadLocks = pgTable(
  'upload_locks',
  {
    uploadId: text('upload_id').primaryKey(),
    holder: text('holder').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    releaseRequested: boolean('release_requested').notNull().default(false),
  },
  (t) => [index('upload_locks_expires_idx').on(t.expiresAt)],
);

export const planKind = pgEnum('plan_kind', ['subscription', 'promotion']);

export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: planKind('kind').notNull(),
    durationDays: integer('duration_days').notNull(),
    priceTzs: bigint('price_tzs', { mode: 'number' }).notNull(),
    /** Feature lines in each language: { en: [...], sw: [...] }. */
    features: jsonb('features').$type<{ en: string[]; sw: string[] }>().notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    check('plans_duration_positive', sql`${t.durationDays} > 0`),
    check('plans_price_nonnegative', sql`${t.priceTzs} >= 0`),
    uniqueIndex('plans_kind_duration_active_idx')
      .on(t.kind, t.durationDays)
      .where(sql`active`),
  ],
);

/*
 * Money. A payment is created pending before the provider is asked for a push; only a confirmed
 * payment grants anything, and the unique payment_id of subscriptions and promotions makes the
 * grant happen once however many callbacks arrive. Amounts are whole TZS.
 */
export const paymentPurpose = pgEnum('payment_purpose', PAYMENT_PURPOSES);
export const paymentStatus = pgEnum('payment_status', PAYMENT_STATUSES);
export const paymentProvider = pgEnum('payment_provider', PAYMENT_PROVIDERS);
export const mobileMoneyNetwork = pgEnum('mobile_money_network', MOBILE_MONEY_NETWORKS);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: paymentPurpose('purpose').notNull(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    /** The promoted listing; null for a subscription. */
    propertyId: uuid('property_id').references(() => properties.id),
    amountTzs: bigint('amount_tzs', { mode: 'number' }).notNull(),
    /** The aggregator that was asked (PAYMENT_PROVIDER at the time); null for a credit. */
    provider: paymentProvider('provider'),
    /** Null for a credit: nobody paid. */
    network: mobileMoneyNetwork('network'),
    /** E.164. Null once the payer deleted their account: the payment itself stays. */
    payerPhone: text('payer_phone'),
    status: paymentStatus('status').notNull().default('pending'),
    statusReason: text('status_reason'),
    /** The aggregator's own id of the transaction (some status queries need it). */
    providerReference: text('provider_reference'),
    /** Made by the client once per checkout attempt: the same key is the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('payments_amount_nonnegative', sql`${t.amountTzs} >= 0`),
    // As text: the enum value is added in the same migration, where it cannot be used as one.
    check(
      'payments_paid_has_provider',
      sql`${t.purpose}::text = 'guarantee_credit' OR (${t.provider} IS NOT NULL AND ${t.network} IS NOT NULL)`,
    ),
    check(
      'payments_credit_is_free',
      sql`${t.purpose}::text <> 'guarantee_credit' OR (${t.amountTzs} = 0 AND ${t.status} = 'succeeded')`,
    ),
    check(
      'payments_promotion_has_property',
      sql`(${t.purpose} = 'promotion') = (${t.propertyId} IS NOT NULL)`,
    ),
    uniqueIndex('payments_user_idempotency_idx').on(t.userId, t.idempotencyKey),
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('payments_user_created_idx').on(t.userId, t.createdAt.desc()),
    // One payment waiting for the payer's answer per user: a second checkout cannot push again.
    uniqueIndex('payments_one_pending_per_user_idx')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    // Pushes to one payer phone in the last hour, across every user.
    index('payments_payer_phone_created_idx').on(t.payerPhone, t.createdAt),
    // The admin finance records: newest first within a date range, and this month's revenue.
    index('payments_created_idx').on(t.createdAt.desc()),
    index('payments_succeeded_completed_idx')
      .on(t.completedAt)
      .where(sql`status = 'succeeded'`),
  ],
);

/** Every provider callback, once: a replayed or duplicated event id is recognised and ignored. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: paymentProvider('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    payload: jsonb('payload').notNull(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_idx').on(t.provider, t.eventId)],
);

/** One per succeeded subscription payment; a new one starts where the running one ends. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('subscriptions_user_ends_idx').on(t.userId, t.endsAt.desc())],
);

/** One per succeeded promotion payment; properties.promotion_ends_at follows the latest. */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id),
    paymentId: uuid('payment_id')
      .notNull()
      .unique()
      .references(() => payments.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('promotions_property_ends_idx').on(t.propertyId, t.endsAt.desc())],
);

/*
 * Admin area (issue 6). Admins are not users: they sign in with a username and an argon2id
 * password, never with a phone, and their tokens are of another audience, so a user token can
 * never open /api/admin and an admin token never acts as a user.
 */
export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-case: 'Admin' and 'admin' are one account. */
    username: text('username').notNull(),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /**
     * The TOTP (RFC 6238) secret, encrypted under a key derived from the server secret. Set when
     * enrolment starts; it signs the admin in only once totpEnabledAt is set.
     */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The time step of the last code accepted: a code is good once, however fast it is replayed. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** Set on every password change; sessions started before it are over. */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('admins_username_idx').on(t.username)],
);

/** Ten one-time codes that stand in for the authenticator when it is lost. */
export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    /** SHA-256 of the code: it carries enough random bits that a plain hash cannot be reversed. */
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('admin_recovery_codes_admin_idx').on(t.adminId)],
);

/**
 * Wrong admin passwords per (username, address): a lock here stops that address guessing that
 * name, never the admin signing in from elsewhere. Usernames that do not exist are counted too,
 * so a locked pair says nothing about whether the name is real.
 */
export const adminLoginFailures = pgTable(
  'admin_login_failures',
  {
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.username, t.ip] })],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by logout and by a password reset. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('admin_sessions_admin_idx').on(t.adminId)],
);

/** Every admin action, with what it changed: who, what, when, before and after. Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for actions of the system itself (the CLI, the start-up admin bootstrap). */
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    /** Kept so the entry still says who acted after the account is gone. */
    actor: text('actor').notNull(),
    /** e.g. property.approve, property.disapprove, user.permissions, admin.login, admin.password-reset */
    action: text('action').notNull(),
    /** property, user, admin, payment. */
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.createdAt.desc()),
  ],
);

/**
 * Sign-in codes sent per clock hour and per East Africa day (decision 016): the global budget
 * that protects the SMS bill, counted in rows so every process counts against the same numbers.
 */
export const smsBudget = pgTable(
  'sms_budget',
  {
    /** 'hour' or 'day'. */
    span: text('span').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    sent: integer('sent').notNull().default(0),
    /** When the window first refused a code: whoever sets it logs the one warning. */
    exhaustedAt: timestamp('exhausted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.span, t.windowStart] })],
);

/**
 * One row per periodic job (lib/periodic-job.ts): the row lock makes a run exclusive across
 * processes, and last_started_at makes it once per interval.
 */
export const periodicJobs = pgTable('periodic_jobs', {
  name: text('name').primaryKey(),
  lastStartedAt: timestamp('last_started_at', { withTimezone: true }),
});

/** What each run of a periodic job did, and which process ran it; kept a week. */
export const periodicJobRuns = pgTable(
  'periodic_job_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    job: text('job').notNull(),
    /** host:pid of the process that ran it. */
    runner: text('runner').notNull(),
    /** 'start-up' (a process catching up as it starts) or 'interval'. */
    trigger: text('trigger').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [index('periodic_job_runs_job_started_idx').on(t.job, t.startedAt)],
);

/*
 * Messages sent through the contact form on /support (decision 025). Anyone may write, signed in
 * or not; the contact details are the ones typed into the form, so support can answer someone who
 * cannot sign in.
 */
export const supportTopic = pgEnum('support_topic', SUPPORT_TOPICS);
export const supportMessageStatus = pgEnum('support_message_status', SUPPORT_MESSAGE_STATUSES);

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The signed-in sender, from the token; null for a visitor or once the account row is gone. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** E.164 (+255…), as typed in the form. */
    phone: text('phone'),
    email: text('email'),
    topic: supportTopic('topic').notNull(),
    message: text('message').notNull(),
    status: supportMessageStatus('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: uuid('closed_by').references(() => admins.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'support_messages_closed_at_when_closed',
      sql`(${t.status} = 'closed') = (${t.closedAt} IS NOT NULL)`,
    ),
    // The admin list: one status, newest first.
    index('support_messages_status_created_idx').on(t.status, t.createdAt.desc()),
  ],
);

/**
 * Every time a subscriber was shown an owner's phone number. The daily cap counts distinct
 * listings in here, and the admin sees the heaviest revealers from it.
 */
export const contactReveals = pgTable(
  'contact_reveals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    revealedAt: timestamp('revealed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('contact_reveals_user_revealed_idx').on(t.userId, t.revealedAt.desc()),
    index('contact_reveals_revealed_idx').on(t.revealedAt),
    // An owner's "viewed by N people" and a claim's reveal (issue 20).
    index('contact_reveals_property_revealed_idx').on(t.propertyId, t.revealedAt),
  ],
);

/*
 * Trust (issue 20, decision 040): reports, dead-end claims, verified owner phones.
 */

/**
 * One per reporter and listing: reporting again updates it. A report with a dead-end reason by a
 * subscriber shown the contact in the claim window is also a claim (claim_status set).
 */
export const listingReports = pgTable(
  'listing_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * A keyed hash of the reporter's phone number (trust/reporter-key.ts), kept when the account
     * is deleted, for this one purpose: a number that signs up again is the same reporter, to the
     * hold, the daily cap and a dismissal. Reports from before it existed carry `account:<id>`.
     */
    reporterKey: text('reporter_key').notNull(),
    reason: reportReason('reason').notNull(),
    note: text('note'),
    status: reportStatus('status').notNull().default('open'),
    /** Whether it counts towards holding the listing (its reporter's account was old enough). */
    countsToHold: boolean('counts_to_hold').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    /** When it was last filed: created, or reported again after it was closed (the daily cap). */
    filedAt: timestamp('filed_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),

    claimStatus: claimStatus('claim_status'),
    /** The reveal the claim is about (the reporter's latest before the claim). */
    claimRevealedAt: timestamp('claim_revealed_at', { withTimezone: true }),
    /** The paid subscription the reveal happened under: the period the credit cap counts in. */
    claimSubscriptionId: uuid('claim_subscription_id').references(() => subscriptions.id),
    claimDecidedAt: timestamp('claim_decided_at', { withTimezone: true }),
    /** Why a claim was refused or upheld, in words the subscriber is shown. */
    claimDecision: text('claim_decision').$type<TClaimDecision>(),
    /** The guarantee_credit payment an upheld claim gave. */
    creditPaymentId: uuid('credit_payment_id').references(() => payments.id),
  },
  (t) => [
    uniqueIndex('listing_reports_property_reporter_idx').on(t.propertyId, t.reporterId),
    // The admin queue: listings with open reports or pending claims, newest first.
    index('listing_reports_open_idx')
      .on(t.updatedAt.desc())
      .where(sql`status = 'open' OR claim_status = 'pending'`),
    // A reporter's reports and claims, newest first.
    index('listing_reports_reporter_created_idx').on(t.reporterId, t.createdAt),
    // What a number filed today (the daily cap): new reports and closed ones filed again.
    index('listing_reports_reporter_key_filed_idx').on(t.reporterKey, t.filedAt),
    check(
      'listing_reports_claim_complete',
      sql`(${t.claimStatus} IS NULL) = (${t.claimRevealedAt} IS NULL)`,
    ),
  ],
);

/**
 * Owner phone numbers a publisher proved are theirs with a code (their sign-in number is proven
 * by signing in). A listing whose contact number is one of these shows "Verified phone".
 */
export const verifiedOwnerPhones = pgTable(
  'verified_owner_phones',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phoneNumber] })],
);

/** Codes sent to prove an owner phone; the newest per (user, number) is the one that counts. */
export const ownerPhoneChallenges = pgTable(
  'owner_phone_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    index('owner_phone_challenges_user_created_idx').on(t.userId, t.createdAt.desc()),
    // Codes sent to one number (by anyone) in the last hour: a number is not to be bombarded.
    index('owner_phone_challenges_phone_created_idx').on(t.phoneNumber, t.createdAt),
  ],
);

/*
 * Coming back (issue 21, decision 042): favourites, saved searches with SMS alerts, and the
 * typical prices per area.
 */

export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // A listing is archived, never deleted, while its publisher has an account: a favourite
    // outlives it as "removed" instead of vanishing.
    propertyId: uuid('property_id')
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.propertyId] }),
    index('favourites_user_created_idx').on(t.userId, t.createdAt.desc()),
  ],
);

export const alertFrequency = pgEnum('alert_frequency', ALERT_FREQUENCIES);
export const propertySort = pgEnum('property_sort', PROPERTY_SORTS);

export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: propertyType('type'),
    search: text('search'),
    /** lower(search): matched against catalogue_entries.search_text_lower as the catalogue does. */
    searchLower: text('search_lower').generatedAlwaysAs(sql`lower(search)`),
    minPriceTzs: bigint('min_price_tzs', { mode: 'number' }),
    maxPriceTzs: bigint('max_price_tzs', { mode: 'number' }),
    sort: propertySort('sort').notNull().default('new'),
    alerts: alertFrequency('alerts').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('saved_searches_user_created_idx').on(t.userId, t.createdAt),
    // Matching one listing reads the searches of its type and those of any type.
    index('saved_searches_type_idx').on(t.type),
  ],
);

/**
 * Listings that came into the catalogue (listed turned true) and are still to be matched against
 * the saved searches. Written by a trigger on properties, emptied by the alerts job.
 */
export const savedSearchQueue = pgTable('saved_search_queue', {
  propertyId: uuid('property_id')
    .primaryKey()
    .references(() => properties.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A listing that matched a saved search when it came into the catalogue, once per pair: it counts
 * as a new match on /saved, and is texted once when the search has alerts.
 */
export const savedSearchMatches = pgTable(
  'saved_search_matches',
  {
    /*
     * No foreign keys: matching writes a row per matching search (a listing may match thousands)
     * and a key's check per row is a third of that cost. A deleted search's matches go with it
     * (the repository deletes them), a listing is archived rather than deleted, and what is left
     * over is never counted (counts join the searches and the catalogue) and is forgotten daily.
     */
    savedSearchId: uuid('saved_search_id').notNull(),
    propertyId: uuid('property_id').notNull(),
    /** Copied from the search, so the sender finds a person's waiting alerts by index. */
    userId: uuid('user_id').notNull(),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
    /** Still to be texted: the search had alerts when it matched. Cleared when sent or dropped. */
    alertPending: boolean('alert_pending').notNull(),
    /** When an SMS named it (instantly or in a digest). */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [
    // Also a search's matches, for its count of new ones.
    primaryKey({ columns: [t.savedSearchId, t.propertyId] }),
    index('saved_search_matches_pending_idx')
      .on(t.userId)
      .where(sql`alert_pending`),
  ],
);

/** Every alert SMS sent: the per-person daily cap and the once-a-day digest are counted here. */
export const alertSms = pgTable(
  'alert_sms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'instant' | 'digest'>(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('alert_sms_user_sent_idx').on(t.userId, t.sentAt)],
);

/**
 * Typical prices of the listed listings per (type, bedrooms, ward or district), recomputed by a
 * periodic job: a detail page reads one row instead of sorting an area's prices. bedrooms null:
 * every number of bedrooms.
 */
export const priceInsights = pgTable(
  'price_insights',
  {
    type: propertyType('type').notNull(),
    bedrooms: integer('bedrooms'),
    level: text('level').notNull().$type<'ward' | 'district'>(),
    areaId: integer('area_id').notNull(),
    listings: integer('listings').notNull(),
    lowTzs: bigint('low_tzs', { mode: 'number' }).notNull(),
    medianTzs: bigint('median_tzs', { mode: 'number' }).notNull(),
    highTzs: bigint('high_tzs', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('price_insights_key').on(t.level, t.areaId, t.type, t.bedrooms).nullsNotDistinct(),
  ],
);
