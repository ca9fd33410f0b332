/*
 * Where the publishing wizard keeps its unfinished listing on this device (IndexedDB; the feature's
 * utils/draft-store.ts reads and writes it). Named here so that signing out can empty it without
 * reaching into a feature: on a shared phone, the photos, the address and the contact number of a
 * half-made listing must not outlive the session that typed them (issue 34).
 */

export const LISTING_DRAFT_DB = 'makazi-listing-draft';
export const LISTING_DRAFT_STORES = ['wizard', 'photos'] as const;

/**
 * Empties the wizard's draft on this device. Never fails: where IndexedDB is missing or refuses,
 * there is nothing on the device to clear. Creates no database where none was.
 */
export function clearListingDraft(): Promise<void> {
  if (typeof indexedDB === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(LISTING_DRAFT_DB);
    } catch {
      resolve();
      return;
    }
    // No draft database yet: leave none behind (the wizard creates it with its stores).
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
    request.onsuccess = () => {
      const database = request.result;
      const done = () => {
        database.close();
        resolve();
      };
      try {
        const transaction = database.transaction([...LISTING_DRAFT_STORES], 'readwrite');
        for (const store of LISTING_DRAFT_STORES) transaction.objectStore(store).clear();
        transaction.oncomplete = done;
        transaction.onerror = done;
        transaction.onabort = done;
      } catch {
        done();
      }
    };
  });
}
