import { afterEach, describe, expect, it, vi } from 'vitest';
import { FAVOURITES_MAX, LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import { makeHouseForSale, makePhoto, makeRent } from '../testing/fixtures';
import {
  addLocalFavourite,
  favouriteListing,
  getLocalFavourites,
  reloadLocalFavourites,
  removeLocalFavourites,
  restoreLocalFavourite,
  subscribeLocalFavourites,
  type FavouriteListing,
} from './favourites';

function listing(overrides: Partial<FavouriteListing> = {}): FavouriteListing {
  return {
    id: crypto.randomUUID(),
    title: 'Nyumba Sinza',
    type: 'Rent',
    price: 450_000,
    place: 'Sinza, Ubungo',
    coverUrl: '/media/sinza-320.webp',
    ...overrides,
  };
}

function stored(): unknown {
  const raw = window.localStorage.getItem(LOCAL_FAVOURITES_KEY);
  return raw === null ? null : JSON.parse(raw);
}

/** A storage that refuses every read and write, as some private modes do. */
function blockStorage() {
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
  vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
}

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
  reloadLocalFavourites();
});

describe("the browser's favourites", () => {
  it('keep each saved listing with what /saved shows of it, newest first', () => {
    const first = listing({ title: 'Nyumba Sinza' });
    const second = listing({ title: 'Kiwanja Bagamoyo', type: 'Land', coverUrl: null });
    addLocalFavourite(first, new Date('2026-03-01T10:00:00.000Z'));
    addLocalFavourite(second, new Date('2026-03-02T10:00:00.000Z'));

    expect(stored()).toEqual([
      { ...second, savedAt: '2026-03-02T10:00:00.000Z' },
      { ...first, savedAt: '2026-03-01T10:00:00.000Z' },
    ]);
    expect(getLocalFavourites().map((favourite) => favourite.title)).toEqual([
      'Kiwanja Bagamoyo',
      'Nyumba Sinza',
    ]);
  });

  it('save a listing once, and forget it when removed', () => {
    const saved = listing();
    addLocalFavourite(saved);
    addLocalFavourite(saved);
    expect(getLocalFavourites()).toHaveLength(1);
    removeLocalFavourites([saved.id]);
    expect(getLocalFavourites()).toEqual([]);
    expect(stored()).toBeNull();
  });

  it(`hold at most ${FAVOURITES_MAX}: one more is refused, none is pushed out`, () => {
    const full = Array.from({ length: FAVOURITES_MAX }, (_, index) => ({
      ...listing(),
      savedAt: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    }));
    window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(full));
    reloadLocalFavourites();

    expect(addLocalFavourite(listing())).toBe(false);
    expect(getLocalFavourites()).toHaveLength(FAVOURITES_MAX);
    expect((stored() as unknown[]).length).toBe(FAVOURITES_MAX);
  });

  it.each([
    ['text that is not JSON', '{"id": oops'],
    ['JSON that is not a list', '{"id":"x"}'],
    ['null', 'null'],
  ])('read %s as none, and save over it', (_case, raw) => {
    window.localStorage.setItem(LOCAL_FAVOURITES_KEY, raw);
    reloadLocalFavourites();
    expect(getLocalFavourites()).toEqual([]);

    const saved = listing();
    expect(addLocalFavourite(saved)).toBe(true);
    expect(stored()).toEqual([expect.objectContaining({ id: saved.id })]);
  });

  it('leave out the entries they cannot read, and keep the rest', () => {
    const good = { ...listing(), savedAt: '2026-03-01T10:00:00.000Z' };
    window.localStorage.setItem(
      LOCAL_FAVOURITES_KEY,
      JSON.stringify([
        good,
        { ...good, id: 'not-an-id' },
        { ...good, id: crypto.randomUUID(), type: 'Castle' },
        { ...good, id: crypto.randomUUID(), price: '450000' },
        { ...good, id: crypto.randomUUID(), savedAt: undefined },
        'Nyumba',
        null,
        good,
      ]),
    );
    reloadLocalFavourites();
    expect(getLocalFavourites()).toEqual([good]);
  });

  it('work in memory for the tab when the storage refuses every read and write', () => {
    blockStorage();
    reloadLocalFavourites();
    expect(getLocalFavourites()).toEqual([]);

    const saved = listing();
    expect(addLocalFavourite(saved)).toBe(true);
    expect(getLocalFavourites().map((favourite) => favourite.id)).toEqual([saved.id]);
    expect(() => removeLocalFavourites([saved.id])).not.toThrow();
    expect(getLocalFavourites()).toEqual([]);
  });

  it('put a favourite whose removal failed back in its place by date', () => {
    const older = listing();
    const newer = listing();
    addLocalFavourite(older, new Date('2026-03-01T10:00:00.000Z'));
    addLocalFavourite(newer, new Date('2026-03-03T10:00:00.000Z'));
    const [, removed] = getLocalFavourites();
    if (!removed) throw new Error('no favourite');
    removeLocalFavourites([older.id]);
    addLocalFavourite(listing(), new Date('2026-03-02T10:00:00.000Z'));

    restoreLocalFavourite(removed);
    expect(getLocalFavourites().map((favourite) => favourite.savedAt)).toEqual([
      '2026-03-03T10:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
      '2026-03-01T10:00:00.000Z',
    ]);
  });

  it('follow another tab through the storage event', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeLocalFavourites(listener);
    const saved = { ...listing(), savedAt: '2026-03-01T10:00:00.000Z' };
    window.localStorage.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify([saved]));
    window.dispatchEvent(new StorageEvent('storage', { key: LOCAL_FAVOURITES_KEY }));
    unsubscribe();

    expect(listener).toHaveBeenCalled();
    expect(getLocalFavourites()).toEqual([saved]);
  });
});

describe('favouriteListing', () => {
  it("takes the ward and district for the place, and its first photo's narrowest variant, as the API does", () => {
    const property = makeHouseForSale({
      title: 'Nyumba Mbezi',
      price: 120_000_000,
      photos: [makePhoto('picha_mbele', 'front'), makePhoto('picha_nyuma', 'back')],
    });
    expect(favouriteListing(property)).toEqual({
      id: property.id,
      title: 'Nyumba Mbezi',
      type: 'HouseForSale',
      price: 120_000_000,
      place: 'Mikocheni, Kinondoni',
      coverUrl: '/media/front-320.webp',
    });
  });

  it('has no place without an address and no cover without photos', () => {
    const property = makeRent({ propertyAddress: null, photos: [] });
    expect(favouriteListing(property)).toMatchObject({ place: '', coverUrl: null });
  });
});
