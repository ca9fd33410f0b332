import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import {
  PICTURE_LABELS,
  type TPictureLabel,
  type TPropertyType,
} from '@makazi/contracts/property-values';
import { isPropertyType, isRecord, isUuid } from '../../../lib/guards';
import { LISTING_DRAFT_DB, LISTING_DRAFT_STORES } from '../../../lib/listing-draft-db';
import type { AddressValues } from './address';
import type { DetailValues } from './detail-fields';

/*
 * The unfinished wizard, kept in IndexedDB so it outlives a reload, a crash or the browser being
 * killed (a phone short of memory does that to a background tab): the listing's id once step 1
 * saved it, the step, the fields as typed, and each chosen photo itself with where its upload
 * stands. One draft per browser, tagged with its owner so another account signing in here never
 * gets it, and emptied when anyone signs out (lib/listing-draft-db.ts). Where IndexedDB is missing or refuses (some private modes), the draft lives in memory:
 * the wizard works, a reload starts over.
 */

export type TWizardStep = 1 | 2 | 3;
export type TWizardMode = 'create' | 'edit';

/** A photo chosen for a slot, as compressed, and its resumable upload. */
export interface DraftPhoto {
  blob: Blob;
  name: string;
  type: string;
  size: number;
  /** The tus upload's URL once the server created it: a resume carries on from it. */
  uploadUrl: string | null;
  /** Every byte has arrived; only the attach may still be due. */
  sent: boolean;
  /** The photo is on the listing: never sent again. */
  attached: boolean;
}

export type TDraftPhotos = Partial<Record<TPictureLabel, DraftPhoto>>;

/** Everything but the photos, which are written one by one (they are large). */
export interface WizardDraft {
  /** The user id (session `sub`) of whoever typed it. */
  owner: string;
  id: string | null;
  step: TWizardStep;
  mode: TWizardMode;
  type: TPropertyType | null;
  details: DetailValues;
  address: AddressValues;
  /** Step 3 was submitted and not finished: a reload carries on sending. */
  publishing: boolean;
}

export interface StoredDraft extends WizardDraft {
  photos: TDraftPhotos;
}

export interface DraftStore {
  read(): Promise<StoredDraft | null>;
  saveWizard(draft: WizardDraft): Promise<void>;
  /** null forgets the slot's photo. */
  savePhoto(label: TPictureLabel, photo: DraftPhoto | null): Promise<void>;
  clear(): Promise<void>;
}

function isStep(value: unknown): value is TWizardStep {
  return value === 1 || value === 2 || value === 3;
}

function isStringMap(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === 'string');
}

function isDetails(value: unknown): value is DetailValues {
  return (
    isRecord(value) &&
    isStringMap(value.text) &&
    isRecord(value.flags) &&
    Object.values(value.flags).every((flag) => typeof flag === 'boolean')
  );
}

const ADDRESS_KEYS = ['regionId', 'districtId', 'wardId', 'streetId', 'number'] as const;

function isAddress(value: unknown): value is AddressValues {
  return isRecord(value) && ADDRESS_KEYS.every((key) => typeof value[key] === 'string');
}

/** What a store read back is trusted only once checked: an older app version may have written it. */
export function isWizardDraft(value: unknown): value is WizardDraft {
  return (
    isRecord(value) &&
    typeof value.owner === 'string' &&
    (value.id === null || isUuid(value.id)) &&
    isStep(value.step) &&
    (value.mode === 'create' || value.mode === 'edit') &&
    (value.type === null || isPropertyType(value.type)) &&
    isDetails(value.details) &&
    isAddress(value.address) &&
    typeof value.publishing === 'boolean'
  );
}

export function isDraftPhoto(value: unknown): value is DraftPhoto {
  return (
    isRecord(value) &&
    value.blob instanceof Blob &&
    typeof value.name === 'string' &&
    typeof value.type === 'string' &&
    typeof value.size === 'number' &&
    (value.uploadUrl === null || typeof value.uploadUrl === 'string') &&
    typeof value.sent === 'boolean' &&
    typeof value.attached === 'boolean'
  );
}

function isLabel(value: unknown): value is TPictureLabel {
  return (PICTURE_LABELS as readonly unknown[]).includes(value);
}

/** The draft kept in this page's memory only: where IndexedDB is missing, and in unit tests. */
export function memoryDraftStore(): DraftStore {
  let wizard: WizardDraft | null = null;
  let photos: TDraftPhotos = {};
  return {
    read: () => Promise.resolve(wizard ? { ...wizard, photos: { ...photos } } : null),
    saveWizard: (draft) => {
      wizard = { ...draft };
      return Promise.resolve();
    },
    savePhoto: (label, photo) => {
      if (photo) photos[label] = { ...photo };
      else delete photos[label];
      return Promise.resolve();
    },
    clear: () => {
      wizard = null;
      photos = {};
      return Promise.resolve();
    },
  };
}

interface DraftSchema extends DBSchema {
  wizard: { key: 'current'; value: WizardDraft };
  photos: { key: TPictureLabel; value: DraftPhoto };
}

/** The draft in IndexedDB; every failure falls back to this page's memory. */
export function idbDraftStore(): DraftStore {
  const memory = memoryDraftStore();
  let db: Promise<IDBPDatabase<DraftSchema> | null> | null = null;
  const open = () => {
    db ??= openDB<DraftSchema>(LISTING_DRAFT_DB, 1, {
      upgrade(database) {
        for (const store of LISTING_DRAFT_STORES) database.createObjectStore(store);
      },
    }).catch(() => null);
    return db;
  };

  async function attempt<T>(
    work: (database: IDBPDatabase<DraftSchema>) => Promise<T>,
    fallback: () => Promise<T>,
  ): Promise<T> {
    const database = await open();
    if (!database) return fallback();
    try {
      return await work(database);
    } catch {
      // A full disk or a closing database: the memory copy keeps this page going.
      return fallback();
    }
  }

  return {
    read: () =>
      attempt(
        async (database) => {
          const transaction = database.transaction(['wizard', 'photos']);
          const wizard: unknown = await transaction.objectStore('wizard').get('current');
          if (!isWizardDraft(wizard)) return null;
          const photos: TDraftPhotos = {};
          let cursor = await transaction.objectStore('photos').openCursor();
          while (cursor) {
            const value: unknown = cursor.value;
            if (isLabel(cursor.key) && isDraftPhoto(value)) photos[cursor.key] = value;
            cursor = await cursor.continue();
          }
          return { ...wizard, photos };
        },
        () => memory.read(),
      ),
    saveWizard: (draft) =>
      attempt(
        async (database) => {
          await memory.saveWizard(draft);
          await database.put('wizard', draft, 'current');
        },
        () => memory.saveWizard(draft),
      ),
    savePhoto: (label, photo) =>
      attempt(
        async (database) => {
          await memory.savePhoto(label, photo);
          if (photo) await database.put('photos', photo, label);
          else await database.delete('photos', label);
        },
        () => memory.savePhoto(label, photo),
      ),
    clear: () =>
      attempt(
        async (database) => {
          await memory.clear();
          const transaction = database.transaction(['wizard', 'photos'], 'readwrite');
          await Promise.all([
            transaction.objectStore('wizard').clear(),
            transaction.objectStore('photos').clear(),
            transaction.done,
          ]);
        },
        () => memory.clear(),
      ),
  };
}

/** The wizard's draft store: IndexedDB where the browser has it (jsdom has not: tests get memory). */
export const draftStore: DraftStore =
  typeof indexedDB === 'undefined' ? memoryDraftStore() : idbDraftStore();
