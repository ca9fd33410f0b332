import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TViewerProperty } from '@makazi/contracts/listings';
import { showToast } from '../../../lib/toast';
import {
  USER_SUB,
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../../../testing/account';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makePendingChange,
  makePhoto,
  makeRent,
  type TProperty,
} from '../../../testing/fixtures';
import { LocationProbe, jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { PostsPage } from './posts-page';

// Toasts are checked as calls: which words, of which kind.
vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const PUBLISHER_PATH = `/api/properties/publishers/${USER_SUB}`;

function PromoteProbe() {
  const { state } = useLocation() as { state: { property?: { id?: string } } | null };
  return <output data-testid="promote-state">{state?.property?.id ?? 'none'}</output>;
}

const routes: RouteObject[] = [
  {
    path: '/posts',
    element: (
      <>
        <PostsPage />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/promote',
    element: (
      <>
        <PromoteProbe />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

/**
 * The API as the page meets it: the user's list, DELETE that archives (the list then leaves the
 * listing out) or fails with `deleteStatus`, and confirm and taken that change the listing (or
 * fail with `changeStatus`).
 */
function serve(
  posts: TViewerProperty[],
  { deleteStatus, changeStatus }: { deleteStatus?: number; changeStatus?: number } = {},
) {
  let list = [...posts];
  const change = (
    id: string,
    fields: Pick<Partial<TViewerProperty>, 'confirmedAt' | 'visibility' | 'takenAt'>,
  ) => {
    list = list.map((post) => (post.id === id ? { ...post, ...fields } : post));
    return jsonResponse(list.find((post) => post.id === id));
  };
  return mockFetch((url, init) => {
    if (url.pathname === PUBLISHER_PATH && (init?.method ?? 'GET') === 'GET') {
      return jsonResponse(list);
    }
    const id = /^\/api\/properties\/([^/]+)$/.exec(url.pathname)?.[1];
    if (id && init?.method === 'DELETE') {
      if (deleteStatus) return apiErrorResponse(deleteStatus, 'INTERNAL');
      list = list.filter((post) => post.id !== id);
      return jsonResponse({ id, status: 'archived' });
    }
    const [, changed, action] =
      /^\/api\/properties\/([^/]+)\/(confirm|taken)$/.exec(url.pathname) ?? [];
    if (changed && init?.method === 'POST') {
      if (changeStatus) return apiErrorResponse(changeStatus, 'CONFLICT');
      const now = new Date().toISOString();
      return action === 'confirm'
        ? change(changed, { confirmedAt: now, visibility: 'listed' })
        : change(changed, {
            visibility: 'taken',
            takenAt: (sentBody(init) as { takenAt?: string }).takenAt ?? now,
          });
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

function cards() {
  return screen.queryAllByTestId('post-card');
}

function cardTitled(title: string) {
  const card = screen.getByRole('heading', { level: 3, name: title }).closest('article');
  if (!card) throw new Error(`no card titled ${title}`);
  return card;
}

async function openMenu(title: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${title}` }));
  return screen.getByRole('menu', { name: `Actions for ${title}` });
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
  signIn();
});

describe('/posts', () => {
  it("shows 'Loading...' until the user's listings arrive, asked for with their token", async () => {
    let answer: (response: Response) => void = () => {};
    const fetchMock = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    await renderApp(null, { url: '/posts', routes });

    expect(screen.getByRole('heading', { level: 1, name: 'Your Posts' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Post' })).toHaveAttribute('href', '/post');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, PUBLISHER_PATH)).toHaveLength(1));
    expect(sentAuthorization(requestsTo(fetchMock, PUBLISHER_PATH)[0])).toBe(
      'Bearer access-token-1',
    );

    answer(jsonResponse([makeRent({ title: 'Nyumba Sinza' })]));
    expect(await screen.findByRole('heading', { name: 'Nyumba Sinza' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
  });

  it("says 'No posts available' when the user has none", async () => {
    serve([]);
    await renderApp(null, { url: '/posts', routes });
    expect(await screen.findByText('No posts available')).toBeInTheDocument();
    expect(cards()).toHaveLength(0);
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    mockFetch(() =>
      fail ? apiErrorResponse(500, 'INTERNAL') : jsonResponse([makeLand({ title: 'Kiwanja' })]),
    );
    await renderApp(null, { url: '/posts', routes });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong. Try again.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Kiwanja' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('groups the cards by type under the localized type name, with each status', async () => {
    serve([
      makeRent({ title: 'Rent approved', status: 'approved' }),
      {
        ...makeLand({ title: 'Land draft', status: 'draft' }),
        missingPictureLabels: ['picha_nyuma', 'picha_kulia'],
      },
      makeHouseForSale({ title: 'House pending', status: 'pending' }),
      {
        ...makeLand({ title: 'Land rejected', status: 'rejected' }),
        rejectionReason: 'The photos are blurred.',
      },
      { ...makeRent({ title: 'Rent no address', status: 'draft' }), missingPictureLabels: [] },
    ]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Land draft' });

    const sections = screen
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);
    expect(sections).toEqual(['Land', 'Rent', 'House for Sale']);
    const land = screen.getByRole('region', { name: 'Land' });
    expect(
      within(land)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Land draft', 'Land rejected']);
    expect(screen.queryByRole('region', { name: 'Apartment' })).not.toBeInTheDocument();

    expect(cardTitled('Rent approved')).toHaveTextContent('Published');
    expect(cardTitled('House pending')).toHaveTextContent('Awaiting review');
    const draft = cardTitled('Land draft');
    expect(draft).toHaveTextContent('Draft — add photos');
    expect(draft).toHaveTextContent('Missing photos: Back, Right side');
    const rejected = cardTitled('Land rejected');
    expect(rejected).toHaveTextContent('Not approved');
    expect(rejected).toHaveTextContent('Reason: The photos are blurred.');
    const incomplete = cardTitled('Rent no address');
    expect(incomplete).toHaveTextContent('Incomplete');
    expect(incomplete).not.toHaveTextContent('Missing photos');
  });

  it('shows the price in TZS, and the cover photo with a srcset or the fallback image', async () => {
    const front = makePhoto('picha_mbele', 'front');
    serve([
      makeLand({
        title: 'With photos',
        price: 25_000_000,
        photos: [makePhoto('picha_nyuma'), front],
      }),
      makeRent({ title: 'No photos', price: 450_000, photos: [] }),
    ]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'With photos' });
    const withPhotos = cardTitled('With photos');
    expect(within(withPhotos).getByTestId('property-price')).toHaveTextContent('TZS 25,000,000');
    const cover = within(withPhotos).getByRole('img');
    expect(cover).toHaveAttribute('src', '/media/front-768.webp');
    expect(cover).toHaveAttribute(
      'srcset',
      '/media/front-320.webp 320w, /media/front-768.webp 768w',
    );
    const noPhotos = cardTitled('No photos');
    expect(within(noPhotos).getByTestId('property-price')).toHaveTextContent(
      'TZS 450,000 per month',
    );
    expect(within(noPhotos).getByRole('img')).toHaveAttribute('data-fallback', 'true');
  });

  it('cuts the title and the description at 52 characters plus an ellipsis', async () => {
    const longTitle = `${'T'.repeat(52)}-and-more`;
    const longDescription = `${'d'.repeat(52)}e`;
    serve([
      makeRent({ title: longTitle, description: longDescription }),
      makeRent({ title: 'x'.repeat(52), description: 'Short.' }),
    ]);
    await renderApp(null, { url: '/posts', routes });
    const cut = await screen.findByRole('heading', { name: `${'T'.repeat(52)}…` });
    expect(cut).toHaveAttribute('title', longTitle);
    const card = cut.closest('article') as HTMLElement;
    expect(within(card).getByTestId('post-description')).toHaveTextContent(`${'d'.repeat(52)}…`);

    const whole = cardTitled('x'.repeat(52));
    expect(within(whole).getByTestId('post-description')).toHaveTextContent(/^Short\.$/);
  });

  it('has a card menu with Edit, View more and Delete going where they should', async () => {
    const rent = makeRent({ title: 'Nyumba Sinza' });
    const house = makeHouseForSale({ title: 'Nyumba Mbezi' });
    serve([rent, house]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Nyumba Sinza' });

    const button = screen.getByRole('button', { name: 'Actions for Nyumba Sinza' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const menu = await openMenu('Nyumba Sinza');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Edit', 'View more', 'Delete']);
    expect(items[0]).toHaveFocus();
    expect(items[0]).toHaveAttribute('href', `/post?edit=${rent.id}`);
    expect(items[1]).toHaveAttribute('href', `/user/lease/${rent.id}`);

    // Escape closes it and gives the focus back to the button.
    await userEvent.keyboard('{ArrowDown}{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();

    const houseMenu = await openMenu('Nyumba Mbezi');
    expect(within(houseMenu).getByRole('menuitem', { name: 'View more' })).toHaveAttribute(
      'href',
      `/user/house-for-sale/${house.id}`,
    );
    await userEvent.click(within(houseMenu).getByRole('menuitem', { name: 'View more' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/user/house-for-sale/${house.id}`);
  });

  it('Edit opens the wizard with the listing id', async () => {
    const land = makeLand({ title: 'Kiwanja' });
    serve([land]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Kiwanja' });
    const menu = await openMenu('Kiwanja');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Edit' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/post?edit=${land.id}`);
  });

  it('deletes after confirmation: DELETE with the token, the card leaves, a toast says so', async () => {
    const keep = makeRent({ title: 'Keep me' });
    const gone = makeApartment({ title: 'Delete me' });
    const fetchMock = serve([keep, gone]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Delete me' });

    const menu = await openMenu('Delete me');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this post?' });
    expect(dialog).toHaveTextContent('“Delete me” will be removed');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requestsTo(fetchMock, `/api/properties/${gone.id}`, 'DELETE')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Delete me' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const deletes = requestsTo(fetchMock, `/api/properties/${gone.id}`, 'DELETE');
    expect(deletes).toHaveLength(1);
    expect(sentAuthorization(deletes[0])).toBe('Bearer access-token-1');
    await waitFor(() => expect(toasts()).toEqual([['Post deleted.', 'success']]));
    expect(screen.getByRole('heading', { name: 'Keep me' })).toBeInTheDocument();
    // The apartment section went with its only card.
    expect(screen.queryByRole('region', { name: 'Apartment' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your Posts' })).toHaveFocus();
  });

  it('Cancel deletes nothing and gives the focus back to the menu button', async () => {
    const rent = makeRent({ title: 'Stay' });
    const fetchMock = serve([rent]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Stay' });
    const menu = await openMenu('Stay');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Stay' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for Stay' })).toHaveFocus();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
    expect(toasts()).toEqual([]);
  });

  it('Escape in the dialog cancels too', async () => {
    const fetchMock = serve([makeRent({ title: 'Stay' })]);
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Stay' });
    const menu = await openMenu('Stay');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(0);
  });

  it('puts the card back and says so when the delete fails', async () => {
    serve([makeRent({ title: 'Survivor' })], { deleteStatus: 500 });
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Survivor' });
    const menu = await openMenu('Survivor');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(toasts()).toEqual([['The post could not be deleted. Try again.', 'error']]),
    );
    expect(await screen.findByRole('heading', { name: 'Survivor' })).toBeInTheDocument();
  });

  it('says where to turn when deleting is switched off for the account (403)', async () => {
    serve([makeRent({ title: 'Kept' })], { deleteStatus: 403 });
    await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Kept' });
    const menu = await openMenu('Kept');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(toasts()).toEqual([
        [
          'Your account may not delete listings. To ask why, see Support in the page footer.',
          'error',
        ],
      ]),
    );
  });

  describe('Promote button (decision 011: every approved listing)', () => {
    const DAY = 24 * 60 * 60 * 1000;
    it.each([
      ['approved, never promoted', 'approved', null, true],
      ['approved, promotion running', 'approved', new Date(Date.now() + DAY).toISOString(), true],
      ['approved, promotion ended', 'approved', new Date(Date.now() - DAY).toISOString(), true],
      ['pending, never promoted', 'pending', null, false],
      ['draft, never promoted', 'draft', null, false],
      ['rejected, never promoted', 'rejected', null, false],
      ['rejected, promotion ended', 'rejected', new Date(Date.now() - DAY).toISOString(), false],
    ] as const)('%s: shown %s', async (_case, status, promotionEndDate, shown) => {
      serve([makeRent({ title: 'Listing', status, promotionEndDate })]);
      await renderApp(null, { url: '/posts', routes });
      await screen.findByRole('heading', { level: 3, name: 'Listing' });
      const card = cardTitled('Listing');
      expect(within(card).queryByRole('link', { name: 'Promote' }) !== null).toBe(shown);
    });

    it("says 'Promoted until' with the end date while a promotion runs, in English and Swahili", async () => {
      // Midday, so the date reads the same in every time zone the tests may run in.
      const end = new Date(Date.now() + 10 * DAY);
      end.setUTCHours(12, 0, 0, 0);
      const posts = [
        makeRent({ title: 'Running', promotionEndDate: end.toISOString() }),
        makeLand({ title: 'Ended', promotionEndDate: new Date(Date.now() - DAY).toISOString() }),
        makeApartment({ title: 'Never', promotionEndDate: null }),
      ];
      const english = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(end);
      serve(posts);
      const { unmount } = await renderApp(null, { url: '/posts', routes });
      await screen.findByRole('heading', { level: 3, name: 'Running' });
      expect(within(cardTitled('Running')).getByTestId('promoted-until')).toHaveTextContent(
        `Promoted until ${english}`,
      );
      expect(within(cardTitled('Running')).getByRole('link', { name: 'Promote' })).toBeVisible();
      expect(within(cardTitled('Ended')).queryByTestId('promoted-until')).not.toBeInTheDocument();
      expect(within(cardTitled('Never')).queryByTestId('promoted-until')).not.toBeInTheDocument();
      unmount();

      const swahili = new Intl.DateTimeFormat('sw', { dateStyle: 'long' }).format(end);
      expect(swahili).not.toBe(english);
      serve(posts);
      await renderApp(null, { url: '/posts', routes, language: 'sw' });
      await screen.findByRole('heading', { level: 3, name: 'Running' });
      expect(within(cardTitled('Running')).getByTestId('promoted-until')).toHaveTextContent(
        `Imepandishwa hadi ${swahili}`,
      );
    });

    it('goes to /promote with the listing in state', async () => {
      const rent = makeRent({ title: 'Promote me', promotionEndDate: null });
      serve([rent]);
      await renderApp(null, { url: '/posts', routes });
      await screen.findByRole('heading', { name: 'Promote me' });
      await userEvent.click(screen.getByRole('link', { name: 'Promote' }));
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/promote$/);
      expect(screen.getByTestId('promote-state')).toHaveTextContent(rent.id);
    });
  });

  describe('an approved listing edited since (its changes await review beside it)', () => {
    /** Approved listings, each with an edit in one state, and one without an edit. */
    function editedPosts(): TViewerProperty[] {
      const pending = makeRent({ title: 'Edited pending', price: 450_000 });
      const draft = makeLand({ title: 'Edited draft' });
      const rejected = makeApartment({ title: 'Edited rejected' });
      return [
        { ...pending, pendingChange: makePendingChange(pending, { price: 500_000 }) },
        {
          ...draft,
          pendingChange: makePendingChange(
            draft,
            { photos: [] },
            { status: 'draft', missingPictureLabels: ['picha_nyuma'] },
          ),
        },
        {
          ...rejected,
          pendingChange: makePendingChange(
            rejected,
            { title: 'Apartment Masaki mpya' },
            { status: 'rejected', rejectionReason: 'The new title is misleading.' },
          ),
        },
        { ...makeHouseForSale({ title: 'Not edited' }), pendingChange: null },
      ];
    }

    it('shows that the listing is live, and where its changes stand on a second line', async () => {
      serve(editedPosts());
      await renderApp(null, { url: '/posts', routes });
      await screen.findByRole('heading', { level: 3, name: 'Edited pending' });

      const pending = cardTitled('Edited pending');
      expect(within(pending).getByTestId('listing-status')).toHaveTextContent('Published');
      expect(within(pending).getByTestId('pending-change-status')).toHaveTextContent(
        /^Changes awaiting review$/,
      );
      // The card is the live version: its price, and Promote still offered.
      expect(within(pending).getByTestId('property-price')).toHaveTextContent('TZS 450,000');
      expect(within(pending).getByRole('link', { name: 'Promote' })).toBeInTheDocument();

      const draft = cardTitled('Edited draft');
      expect(within(draft).getByTestId('listing-status')).toHaveTextContent('Published');
      const draftChange = within(draft).getByTestId('pending-change-status');
      expect(draftChange).toHaveTextContent('Changes not finished: add the missing photos');
      expect(draftChange).toHaveTextContent('Missing photos: Back');

      const rejected = cardTitled('Edited rejected');
      expect(within(rejected).getByTestId('listing-status')).toHaveTextContent('Published');
      expect(within(rejected).getByTestId('pending-change-status')).toHaveTextContent(
        'Changes not approved: The new title is misleading.',
      );

      expect(
        within(cardTitled('Not edited')).queryByTestId('pending-change-status'),
      ).not.toBeInTheDocument();
    });

    it('says it in Swahili', async () => {
      serve(editedPosts());
      await renderApp(null, { url: '/posts', routes, language: 'sw' });
      await screen.findByRole('heading', { level: 3, name: 'Edited pending' });

      expect(within(cardTitled('Edited pending')).getByTestId('listing-status')).toHaveTextContent(
        'Limechapishwa',
      );
      expect(
        within(cardTitled('Edited pending')).getByTestId('pending-change-status'),
      ).toHaveTextContent('Mabadiliko yanasubiri ukaguzi');
      const draft = within(cardTitled('Edited draft')).getByTestId('pending-change-status');
      expect(draft).toHaveTextContent('Mabadiliko hayajakamilika: ongeza picha zinazokosekana');
      expect(draft).toHaveTextContent('Picha zinazokosekana: Nyuma');
      expect(
        within(cardTitled('Edited rejected')).getByTestId('pending-change-status'),
      ).toHaveTextContent('Mabadiliko hayakukubaliwa: The new title is misleading.');
    });
  });

  it('keeps the list under the account scope, so signing out forgets it', async () => {
    serve([makeRent({ title: 'Mine' })]);
    const { queryClient } = await renderApp(null, { url: '/posts', routes });
    await screen.findByRole('heading', { name: 'Mine' });
    expect(queryClient.getQueryData(['account', USER_SUB, 'posts'])).toHaveLength(1);
  });

  it('speaks Swahili', async () => {
    serve([]);
    await renderApp(null, { url: '/posts', routes, language: 'sw' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Matangazo Yako' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Hakuna matangazo')).toBeInTheDocument();
    // Every word Swahili: an apartment is a fleti here.
    expect(
      screen.getByText('Tangaza kiwanja, nyumba au fleti yako nalo litaonekana hapa.'),
    ).toBeInTheDocument();
  });

  describe('where an approved listing stands (issue 20)', () => {
    const DAY = 24 * 60 * 60 * 1000;

    /** An approved listing as its owner sees it, with the trust fields. */
    function live(
      title: string,
      owner: Partial<TViewerProperty> = {},
      make: (fields: {
        title: string;
        confirmedAt: string;
        createdAt: string;
      }) => TProperty = makeRent,
    ): TViewerProperty {
      return {
        ...make({
          title,
          confirmedAt: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
          createdAt: new Date(Date.now() - 40 * DAY).toISOString(),
        }),
        visibility: 'listed',
        takenAt: null,
        contactViews: { last7Days: 3, last30Days: 12 },
        ...owner,
      } as TViewerProperty;
    }

    function dateValue(date: Date) {
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    }

    it('says whether the public sees it, when it was confirmed and how many were shown its contact', async () => {
      serve([
        live('Listed'),
        live('Stale', { visibility: 'stale' }),
        live('Held', { visibility: 'held_for_reports' }),
        live('Suspended', { visibility: 'publisher_suspended' }),
        live('Once', { contactViews: { last7Days: 1, last30Days: 1 } }),
        makeRent({ title: 'Pending', status: 'pending' }),
      ]);
      await renderApp(null, { url: '/posts', routes });
      await screen.findByRole('heading', { level: 3, name: 'Listed' });

      const listed = cardTitled('Listed');
      expect(within(listed).getByTestId('post-visibility')).toHaveTextContent(
        /^Listed: visitors can find it$/,
      );
      expect(within(listed).getByTestId('confirmed-ago')).toHaveTextContent(
        /^Confirmed 3 days ago$/,
      );
      expect(within(listed).getByTestId('contact-views')).toHaveTextContent(
        /^Viewed by 3 people in the last 7 days, 12 in 30$/,
      );
      expect(
        within(listed).getByRole('button', { name: 'Still available' }),
      ).toHaveAccessibleDescription('Listed');
      expect(within(listed).getByRole('button', { name: 'Mark as taken' })).toBeInTheDocument();

      const stale = cardTitled('Stale');
      expect(within(stale).getByTestId('post-visibility')).toHaveTextContent(
        /^Hidden: not confirmed for 30 days$/,
      );
      expect(stale).toHaveTextContent('Tap Still available to show it again.');
      expect(within(cardTitled('Held')).getByTestId('post-visibility')).toHaveTextContent(
        /^Hidden while we check reports$/,
      );
      expect(within(cardTitled('Suspended')).getByTestId('post-visibility')).toHaveTextContent(
        /^Hidden: your account is suspended$/,
      );
      expect(within(cardTitled('Once')).getByTestId('contact-views')).toHaveTextContent(
        /^Viewed by 1 person in the last 7 days, 1 in 30$/,
      );
      // Not live yet: its status says it all.
      expect(within(cardTitled('Pending')).queryByTestId('post-trust')).not.toBeInTheDocument();
    });

    it('keeps a taken listing on the page as taken, with nothing left to confirm or promote', async () => {
      const takenAt = new Date(Date.now() - 2 * DAY);
      takenAt.setUTCHours(12, 0, 0, 0);
      serve([live('Gone', { visibility: 'taken', takenAt: takenAt.toISOString() })]);
      await renderApp(null, { url: '/posts', routes });
      const card = await screen.findByRole('article');
      const date = new Intl.DateTimeFormat('en', { dateStyle: 'long' }).format(takenAt);
      expect(within(card).getByTestId('post-visibility')).toHaveTextContent(`Taken on ${date}`);
      expect(within(card).queryByTestId('confirmed-ago')).not.toBeInTheDocument();
      expect(within(card).getByTestId('contact-views')).toBeInTheDocument();
      expect(
        within(card).queryByRole('button', { name: 'Still available' }),
      ).not.toBeInTheDocument();
      expect(within(card).queryByRole('button', { name: 'Mark as taken' })).not.toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: 'Promote' })).not.toBeInTheDocument();
      // Its badge says taken, never "Published" beside "Taken on …".
      expect(within(card).getByTestId('listing-status')).toHaveTextContent(/^Taken$/);
    });

    it('never calls a listing out of the catalogue "Published": taken, or hidden with its reason', async () => {
      serve([
        live('Gone', { visibility: 'taken', takenAt: new Date().toISOString() }),
        live('Old', { visibility: 'stale' }),
        live('Up', { visibility: 'listed' }),
      ]);
      await renderApp(null, { url: '/posts', routes, language: 'sw' });
      await screen.findAllByRole('article');
      const badge = (title: string) => within(cardTitled(title)).getByTestId('listing-status');
      expect(badge('Gone')).toHaveTextContent(/^Limechukuliwa$/);
      expect(badge('Old')).toHaveTextContent(/^Limefichwa$/);
      expect(badge('Up')).toHaveTextContent(/^Limechapishwa$/);
    });

    it('Still available confirms it with the token: the card says confirmed today', async () => {
      const post = live('Nyumba Sinza', { visibility: 'stale' });
      const fetchMock = serve([post]);
      const user = userEvent.setup();
      await renderApp(null, { url: '/posts', routes });
      const card = await screen.findByRole('article');
      await user.click(within(card).getByRole('button', { name: 'Still available' }));

      await waitFor(() =>
        expect(within(card).getByTestId('confirmed-ago')).toHaveTextContent(/^Confirmed today$/),
      );
      expect(within(card).getByTestId('post-visibility')).toHaveTextContent(/^Listed/);
      const [sent] = requestsTo(fetchMock, `/api/properties/${post.id}/confirm`, 'POST');
      expect(sentAuthorization(sent)).toBe('Bearer access-token-1');
      await waitFor(() =>
        expect(toasts()).toEqual([
          ['Thank you. Visitors now see it was confirmed today.', 'success'],
        ]),
      );
    });

    it('says why a confirmation was refused (409)', async () => {
      serve([live('Nyumba Sinza')], { changeStatus: 409 });
      const user = userEvent.setup();
      await renderApp(null, { url: '/posts', routes });
      await user.click(await screen.findByRole('button', { name: 'Still available' }));
      await waitFor(() =>
        expect(toasts()).toEqual([
          ['Only a live listing that is not taken can be confirmed.', 'error'],
        ]),
      );
    });

    it('Mark as taken asks first, for today by default, then marks it and keeps it here as taken', async () => {
      const post = live('Nyumba Sinza');
      const fetchMock = serve([post]);
      const user = userEvent.setup();
      await renderApp(null, { url: '/posts', routes });
      const card = await screen.findByRole('article');
      const opener = within(card).getByRole('button', { name: 'Mark as taken' });
      await user.click(opener);

      const dialog = screen.getByRole('dialog', { name: 'Mark as taken?' });
      expect(dialog).toHaveTextContent(
        '“Nyumba Sinza” leaves the listings at once and stays here as taken. This cannot be undone.',
      );
      const date = within(dialog).getByLabelText('Date it was let or sold');
      const today = dateValue(new Date());
      expect(date).toHaveValue(today);
      expect(date).toHaveAttribute('max', today);
      expect(date).toHaveAttribute('min', dateValue(new Date(post.createdAt)));
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
      expect(requestsTo(fetchMock, `/api/properties/${post.id}/taken`)).toHaveLength(0);

      await user.click(within(dialog).getByRole('button', { name: 'Mark as taken' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [sent] = requestsTo(fetchMock, `/api/properties/${post.id}/taken`, 'POST');
      // Today: the API's own clock decides the moment.
      expect(sentBody(sent)).toEqual({});
      expect(sentAuthorization(sent)).toBe('Bearer access-token-1');
      expect(within(card).getByTestId('post-visibility')).toHaveTextContent(/^Taken on /);
      expect(within(card).queryByRole('button', { name: 'Mark as taken' })).not.toBeInTheDocument();
      expect(toasts()).toEqual([
        ['Marked as taken. It no longer shows in the listings.', 'success'],
      ]);
    });

    it('sends the start of an earlier day, and refuses a day in the future', async () => {
      const post = live('Nyumba Sinza');
      const fetchMock = serve([post]);
      const user = userEvent.setup();
      await renderApp(null, { url: '/posts', routes });
      await user.click(await screen.findByRole('button', { name: 'Mark as taken' }));
      const dialog = screen.getByRole('dialog', { name: 'Mark as taken?' });
      const date = within(dialog).getByLabelText('Date it was let or sold');

      const tomorrow = dateValue(new Date(Date.now() + DAY));
      await user.clear(date);
      await user.type(date, tomorrow);
      await user.click(within(dialog).getByRole('button', { name: 'Mark as taken' }));
      expect(date).toHaveAccessibleDescription(
        'Choose a day between the day you published it and today.',
      );
      expect(requestsTo(fetchMock, `/api/properties/${post.id}/taken`)).toHaveLength(0);

      const earlier = dateValue(new Date(Date.now() - 5 * DAY));
      await user.clear(date);
      await user.type(date, earlier);
      await user.click(within(dialog).getByRole('button', { name: 'Mark as taken' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const [sent] = requestsTo(fetchMock, `/api/properties/${post.id}/taken`, 'POST');
      expect(sentBody(sent)).toEqual({ takenAt: new Date(`${earlier}T00:00:00`).toISOString() });
    });

    it('keeps the dialog open with the reason when marking fails (409)', async () => {
      serve([live('Nyumba Sinza')], { changeStatus: 409 });
      const user = userEvent.setup();
      await renderApp(null, { url: '/posts', routes });
      await user.click(await screen.findByRole('button', { name: 'Mark as taken' }));
      const dialog = screen.getByRole('dialog', { name: 'Mark as taken?' });
      await user.click(within(dialog).getByRole('button', { name: 'Mark as taken' }));
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(
        'This listing is already marked taken, or is not live.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Mark as taken' })).toHaveFocus();
    });

    it('brings the listing of the SMS reminder (?confirm=) into view and asks outright', async () => {
      const asked = live('Asked', { visibility: 'listed' }, makeLand);
      serve([live('Other'), asked]);
      const user = userEvent.setup();
      await renderApp(null, { url: `/posts?confirm=${asked.id}`, routes });
      await screen.findByRole('heading', { level: 3, name: 'Asked' });

      const card = cardTitled('Asked');
      expect(card).toHaveClass('post-card--highlighted');
      expect(cardTitled('Other')).not.toHaveClass('post-card--highlighted');
      const question = within(card).getByRole('group', {
        name: 'Is this listing still available?',
      });
      const confirm = within(question).getByRole('button', { name: 'Still available' });
      await waitFor(() => expect(confirm).toHaveFocus());

      await user.click(confirm);

      // Answered: the question is not asked again, and the address forgets it.
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
      expect(cardTitled('Asked')).not.toHaveClass('post-card--highlighted');
      expect(within(cardTitled('Asked')).getByTestId('confirmed-ago')).toHaveTextContent(
        'Confirmed today',
      );
    });

    it('says it in Swahili', async () => {
      serve([live('Nyumba Sinza', { visibility: 'stale' })]);
      await renderApp(null, { url: '/posts', routes, language: 'sw' });
      const card = await screen.findByRole('article');
      expect(within(card).getByTestId('post-visibility')).toHaveTextContent(
        'Limefichwa: halijathibitishwa kwa siku 30',
      );
      expect(within(card).getByTestId('confirmed-ago')).toHaveTextContent(
        'Imethibitishwa siku 3 zilizopita',
      );
      expect(within(card).getByTestId('contact-views')).toHaveTextContent(
        'Limeonwa na watu 3 katika siku 7 zilizopita, 12 katika siku 30',
      );
      expect(within(card).getByRole('button', { name: 'Bado linapatikana' })).toBeInTheDocument();
      expect(within(card).getByRole('button', { name: 'Weka limechukuliwa' })).toBeInTheDocument();
    });
  });
});

describe('the contact number of a listing (issue 20: verified owner phone)', () => {
  const PHONE = '0712345678';
  const E164 = '+255712345678';
  const RIGHT_CODE = '246810';

  function listing(title: string, fields: Partial<TViewerProperty> = {}): TViewerProperty {
    return {
      ...makeRent({ title }),
      visibility: 'listed',
      takenAt: null,
      ownerPhoneNumber: PHONE,
      ...fields,
    } as TViewerProperty;
  }

  /**
   * The user's list and the owner-phone routes as the API answers them: a code is sent unless the
   * number is `signInPhone`; RIGHT_CODE verifies the number, and the listings that give it say so.
   */
  function serveWithPhones(
    posts: TViewerProperty[],
    { signInPhone }: { signInPhone?: string } = {},
  ) {
    let list = [...posts];
    const markVerified = () => {
      list = list.map((post) =>
        post.ownerPhoneNumber === PHONE ? { ...post, contactVerified: true } : post,
      );
    };
    return mockFetch((url, init) => {
      if (url.pathname === PUBLISHER_PATH && (init?.method ?? 'GET') === 'GET') {
        return jsonResponse(list);
      }
      if (url.pathname === '/api/me/owner-phones/codes' && init?.method === 'POST') {
        if (signInPhone === PHONE) {
          markVerified();
          return jsonResponse({
            phoneNumber: E164,
            verified: true,
            expiresInSeconds: null,
            resendInSeconds: null,
          });
        }
        return jsonResponse({
          phoneNumber: E164,
          verified: false,
          expiresInSeconds: 300,
          resendInSeconds: 60,
        });
      }
      if (url.pathname === '/api/me/owner-phones/verify' && init?.method === 'POST') {
        const { code } = sentBody(init) as { code: string };
        if (code !== RIGHT_CODE) return apiErrorResponse(400, 'OTP_INVALID');
        markVerified();
        return jsonResponse([
          { phoneNumber: '+255700000001', verifiedAt: null, signIn: true },
          { phoneNumber: E164, verifiedAt: new Date().toISOString(), signIn: false },
        ]);
      }
      return apiErrorResponse(404, 'NOT_FOUND');
    });
  }

  it('offers Verify this number only on a listing whose number is not verified', async () => {
    serveWithPhones([
      listing('Nyumba Sinza'),
      listing('Nyumba Mbezi', { contactVerified: true, ownerPhoneNumber: '0755000111' }),
    ]);
    await renderApp(null, { url: '/posts', routes });

    const unverified = await waitFor(() => cardTitled('Nyumba Sinza'));
    expect(unverified).toHaveTextContent('Contact number not verified');
    expect(
      within(unverified).getByRole('button', { name: 'Verify this number' }),
    ).toBeInTheDocument();
    expect(within(unverified).queryByTestId('verified-phone')).not.toBeInTheDocument();

    const verified = cardTitled('Nyumba Mbezi');
    expect(within(verified).getByTestId('verified-phone')).toHaveTextContent('Verified phone');
    expect(verified).not.toHaveTextContent('Contact number not verified');
    expect(
      within(verified).queryByRole('button', { name: 'Verify this number' }),
    ).not.toBeInTheDocument();
  });

  it('asks to submit a draft or a rejected listing before its number can be verified', async () => {
    serveWithPhones([
      listing('Nyumba Sinza', { status: 'draft', visibility: null }),
      listing('Nyumba Mbezi', { status: 'rejected', visibility: null }),
      listing('Nyumba Kawe', { status: 'pending', visibility: null }),
    ]);
    await renderApp(null, { url: '/posts', routes });

    for (const title of ['Nyumba Sinza', 'Nyumba Mbezi']) {
      const card = await waitFor(() => cardTitled(title));
      expect(card).toHaveTextContent('Contact number not verified');
      expect(card).toHaveTextContent('Submit the listing for review, then verify its number.');
      expect(
        within(card).queryByRole('button', { name: 'Verify this number' }),
      ).not.toBeInTheDocument();
    }
    const inReview = cardTitled('Nyumba Kawe');
    expect(
      within(inReview).getByRole('button', { name: 'Verify this number' }),
    ).toBeInTheDocument();
    expect(inReview).not.toHaveTextContent('Submit the listing for review');
  });

  it('sends the code to the masked number, and names a wrong code', async () => {
    const fetchMock = serveWithPhones([listing('Nyumba Sinza')]);
    const user = userEvent.setup();
    await renderApp(null, { url: '/posts', routes });
    const card = await waitFor(() => cardTitled('Nyumba Sinza'));
    await user.click(within(card).getByRole('button', { name: 'Verify this number' }));

    const dialog = await screen.findByRole('dialog', { name: 'Verify your contact number' });
    expect(dialog).toHaveTextContent('+255 7•• ••• 678');
    expect(dialog).not.toHaveTextContent(PHONE);
    expect(requestsTo(fetchMock, '/api/me/owner-phones/codes')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    const codeField = await within(dialog).findByLabelText('Code');
    const [sent] = requestsTo(fetchMock, '/api/me/owner-phones/codes', 'POST');
    expect(sentBody(sent)).toEqual({ phoneNumber: PHONE });
    expect(sentAuthorization(sent)).toBe('Bearer access-token-1');
    expect(dialog).toHaveTextContent('We texted a code to +255 7•• ••• 678.');
    expect(codeField).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: /^Resend code in 1:00$/ })).toBeDisabled();

    await user.type(codeField, '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'That code is wrong. Check the SMS and try again.',
    );
    const [checked] = requestsTo(fetchMock, '/api/me/owner-phones/verify', 'POST');
    expect(sentBody(checked)).toEqual({ phoneNumber: PHONE, code: '111111' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(within(card).queryByTestId('verified-phone')).not.toBeInTheDocument();
    expect(toasts()).toEqual([]);
  });

  it('the right code closes the dialog, says so and asks for the list again: the badge shows', async () => {
    const fetchMock = serveWithPhones([listing('Nyumba Sinza')]);
    const user = userEvent.setup();
    await renderApp(null, { url: '/posts', routes });
    const card = await waitFor(() => cardTitled('Nyumba Sinza'));
    const listRequests = () => requestsTo(fetchMock, PUBLISHER_PATH, 'GET').length;
    const before = listRequests();
    await user.click(within(card).getByRole('button', { name: 'Verify this number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your contact number' });
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(await within(dialog).findByLabelText('Code'), RIGHT_CODE);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listRequests()).toBeGreaterThan(before);
    expect(within(card).getByTestId('verified-phone')).toHaveTextContent('Verified phone');
    expect(card).not.toHaveTextContent('Contact number not verified');
    expect(toasts()).toEqual([['Number verified', 'success']]);
  });

  it('verifies the sign-in number at once, without a code', async () => {
    const fetchMock = serveWithPhones([listing('Nyumba Sinza')], { signInPhone: PHONE });
    const user = userEvent.setup();
    await renderApp(null, { url: '/posts', routes });
    const card = await waitFor(() => cardTitled('Nyumba Sinza'));
    await user.click(within(card).getByRole('button', { name: 'Verify this number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify your contact number' });
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requestsTo(fetchMock, '/api/me/owner-phones/verify')).toHaveLength(0);
    expect(within(card).getByTestId('verified-phone')).toBeInTheDocument();
    expect(toasts()).toEqual([['Number verified', 'success']]);
  });

  it('says it in Swahili', async () => {
    serveWithPhones([listing('Nyumba Sinza')]);
    const user = userEvent.setup();
    await renderApp(null, { url: '/posts', routes, language: 'sw' });
    const card = await waitFor(() => cardTitled('Nyumba Sinza'));
    expect(card).toHaveTextContent('Namba ya mawasiliano haijathibitishwa');
    await user.click(within(card).getByRole('button', { name: 'Thibitisha namba hii' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Thibitisha namba yako ya mawasiliano',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Tuma msimbo' }));
    await user.type(await within(dialog).findByLabelText('Msimbo'), '111111');
    await user.click(within(dialog).getByRole('button', { name: 'Thibitisha' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Msimbo huo si sahihi. Angalia SMS na ujaribu tena.',
    );
  });
});
