import { screen, within, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { requestsTo, sentAuthorization, signIn } from '../../../testing/account';
import { makePendingChange } from '../../../testing/fixtures';
import { jsonResponse } from '../../../testing/test-utils';
import { showToast } from '../../../lib/toast';
import { ApiError } from '../../../lib/api-client';
import { clearDraft, seedDraft, storedDraft } from '../testing/draft';
import { FakeSend, resetFakeSends } from '../testing/fake-uploads';
import {
  LISTING_ID,
  apiError,
  bodiesTo,
  callsBesideAccount,
  makePhoto,
  ownListing,
  servePublishing,
} from '../testing/publish-api';
import { enabled, next, photoFile, renderWizard } from '../testing/wizard';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const compress = vi.hoisted(() =>
  vi.fn((file: File, _options: unknown) =>
    Promise.resolve(new File(['small'], `small-${file.name}`, { type: file.type })),
  ),
);
vi.mock('browser-image-compression', () => ({ default: compress }));

vi.mock(import('../api/photo-uploads'), async () => {
  const fake = await import('../testing/fake-uploads');
  return { sendPhoto: fake.sendPhoto, UPLOAD_RETRY_DELAYS: [] };
});

const LISTING_PATH = `/api/properties/${LISTING_ID}`;
const LIVE_EDIT_NOTICE =
  'Your listing stays on Makazi as it is now while we review your changes. Once an admin approves them, they replace the live version.';
const LIVE_EDIT_SAVED =
  'Your changes are awaiting review. Your listing stays on Makazi as it is until an admin approves them.';
const RENT_PHOTOS = [
  makePhoto('picha_nje', 'outside'),
  makePhoto('picha_chumba', 'room'),
  makePhoto('picha_sebule', 'sitting'),
  makePhoto('picha_jiko', 'kitchen'),
  makePhoto('picha_choo', 'toilet'),
];

function rentListing(overrides: Record<string, unknown> = {}) {
  return ownListing('Rent', { status: 'approved', photos: RENT_PHOTOS, ...overrides });
}

beforeEach(async () => {
  await clearDraft();
  vi.mocked(showToast).mockClear();
  compress.mockClear();
  resetFakeSends();
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:new-photo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
});

async function openEdit(answers: Parameters<typeof servePublishing>[1] = {}) {
  const fetchMock = servePublishing('Rent', { get: [jsonResponse(rentListing())], ...answers });
  const user = userEvent.setup();
  await renderWizard({ editId: LISTING_ID });
  await screen.findByRole('heading', { name: 'Step 1 of 3: Type and details' });
  return { fetchMock, user };
}

describe('edit mode: /post?edit={id}', () => {
  it("loads the owner's listing with their token and pre-fills step 1", async () => {
    const { fetchMock } = await openEdit();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Edit your property' }),
    ).toBeInTheDocument();
    expect(sentAuthorization(requestsTo(fetchMock, LISTING_PATH, 'GET')[0])).toBe(
      'Bearer access-token-1',
    );
    expect(screen.getByRole('radio', { name: 'Rent' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Land' })).toBeDisabled();
    expect(screen.getByLabelText('Title')).toHaveValue('Nyumba nzuri Mikocheni');
    expect(screen.getByLabelText('Description')).toHaveValue('Vyumba vitatu, karibu na barabara.');
    expect(screen.getByLabelText("Owner's name")).toHaveValue('Amina Juma');
    expect(screen.getByLabelText("Owner's phone number")).toHaveValue('0712345678');
    expect(screen.getByLabelText('Rent per month (TZS)')).toHaveValue('1500000');
    expect(screen.getByLabelText('Bedrooms')).toHaveValue('3');
    expect(screen.getByLabelText('Bathrooms')).toHaveValue('2');
    expect(screen.getByLabelText('Lease term (months)')).toHaveValue('6');
  });

  it('saves only the changed fields with PATCH', async () => {
    const { fetchMock, user } = await openEdit();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Nyumba mpya Mikocheni');
    await user.clear(screen.getByLabelText('Rent per month (TZS)'));
    await user.type(screen.getByLabelText('Rent per month (TZS)'), '1,600,000');

    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([
      { title: 'Nyumba mpya Mikocheni', leasePrice: 1_600_000 },
    ]);
    expect(bodiesTo(fetchMock, 'POST', '/api/properties/lease')).toEqual([]);
  });

  it('says when the listing may not be changed (403), keeping the edits', async () => {
    const { user } = await openEdit({ update: [apiError(403, 'FORBIDDEN')] });
    await user.clear(screen.getByLabelText('Bedrooms'));
    await user.type(screen.getByLabelText('Bedrooms'), '5');

    await user.click(next());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You may not change this listing.');
    expect(within(alert).getByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      '/support',
    );
    expect(screen.getByLabelText('Bedrooms')).toHaveValue('5');
  });

  it('pre-fills the address, and sends it only when it changed', async () => {
    const { fetchMock, user } = await openEdit();
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });

    expect(await enabled('Street')).toHaveValue('4000');
    expect(screen.getByLabelText('Region')).toHaveValue('7');
    expect(screen.getByLabelText('District')).toHaveValue('30');
    expect(screen.getByLabelText('Ward')).toHaveValue('900');
    expect(screen.getByLabelText('House number (optional)')).toHaveValue('12');

    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    expect(bodiesTo(fetchMock, 'POST', `${LISTING_PATH}/address`)).toEqual([]);
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.selectOptions(await enabled('Street'), 'Mikocheni B');
    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    expect(bodiesTo(fetchMock, 'POST', `${LISTING_PATH}/address`)).toEqual([
      { regionId: 7, districtId: 30, wardId: 900, streetId: 4001, houseNumber: '12' },
    ]);
  });

  it('shows the existing photos in their slots and uploads nothing when none changed', async () => {
    const { fetchMock, user } = await openEdit();
    await user.click(next());
    await enabled('Street');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });

    expect(screen.getByRole('img', { name: 'Photo: Outside' })).toHaveAttribute(
      'src',
      '/media/outside-320.webp',
    );
    expect(screen.getByRole('img', { name: 'Photo: Toilet' })).toHaveAttribute(
      'src',
      '/media/toilet-320.webp',
    );
    expect(screen.getByLabelText('Change photo: Kitchen')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(FakeSend.all).toHaveLength(0);
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([]);
    expect(vi.mocked(showToast).mock.calls).toEqual([['Your changes have been saved.', 'success']]);
  });

  it('uploads only the replaced photo: the API puts it in place of the old one', async () => {
    const { fetchMock, user } = await openEdit();
    await user.click(next());
    await enabled('Street');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });

    await user.upload(screen.getByLabelText('Change photo: Kitchen'), photoFile('jiko.jpg'));
    expect(screen.getByRole('img', { name: 'Photo: Kitchen' })).toHaveAttribute(
      'src',
      'blob:new-photo',
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(FakeSend.all).toHaveLength(1));
    const send = FakeSend.all[0]!;
    expect(send.photo).toMatchObject({
      listingId: LISTING_ID,
      label: 'picha_jiko',
      name: 'small-jiko.jpg',
      uploadUrl: null,
    });
    await send.finish(
      rentListing({ photos: [...RENT_PHOTOS.slice(0, 3), makePhoto('picha_jiko')] }),
    );

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([]);
    // The listing is approved: the new photo waits for review while the live version stays up.
    expect(vi.mocked(showToast).mock.calls).toEqual([[LIVE_EDIT_SAVED, 'success']]);
  });

  it('keeps the current photos and the new one when the upload fails', async () => {
    const { user } = await openEdit();
    await user.click(next());
    await enabled('Street');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    await user.upload(screen.getByLabelText('Change photo: Toilet'), photoFile('choo.jpg'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(FakeSend.all).toHaveLength(1));
    await FakeSend.all[0]!.fail(new ApiError(500, 'INTERNAL', 'boom'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Try again.');
    expect(screen.getByRole('img', { name: 'Photo: Toilet' })).toHaveAttribute(
      'src',
      'blob:new-photo',
    );
    expect(screen.getByRole('img', { name: 'Photo: Kitchen' })).toHaveAttribute(
      'src',
      '/media/kitchen-320.webp',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/post\?edit=/);
  });

  it('says when the listing does not exist', async () => {
    servePublishing('Rent', { get: [apiError(404, 'NOT_FOUND')] });
    await renderWizard({ editId: LISTING_ID });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your listing could not be loaded.');
    expect(alert).toHaveTextContent('This listing was not found. It may have been deleted.');
    expect(screen.getByRole('link', { name: 'Go to your posts' })).toHaveAttribute(
      'href',
      '/posts',
    );
  });
});

describe('editing an approved listing: the live version stays up meanwhile', () => {
  /** The approved lease with an edit awaiting review: a new title, price, phone, street and kitchen photo. */
  function withPendingChange(overrides: Parameters<typeof makePendingChange>[2] = {}) {
    const live = rentListing();
    const newKitchen = makePhoto('picha_jiko', 'new-kitchen');
    return {
      ...live,
      pendingChange: makePendingChange(
        live,
        {
          title: 'Nyumba mpya Mikocheni',
          price: 1_600_000,
          leasePrice: 1_600_000,
          propertyAddress: {
            ...live.propertyAddress!,
            street: { id: 4001, name: 'Mikocheni B' },
          },
          photos: [...RENT_PHOTOS.slice(0, 3), newKitchen, RENT_PHOTOS[4]!],
          ownerPhoneNumber: '0755000111',
        },
        overrides,
      ),
    };
  }

  async function goToPhotos(user: ReturnType<typeof userEvent.setup>) {
    await user.click(next());
    await enabled('Street');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
  }

  it('says plainly at the top that the listing stays as it is until the changes are approved', async () => {
    await openEdit();
    expect(screen.getByTestId('live-edit-notice')).toHaveTextContent(LIVE_EDIT_NOTICE);
    expect(
      screen.queryByText(
        'After you save, your changes are checked again before the public sees them.',
      ),
    ).not.toBeInTheDocument();
  });

  it('keeps the review note for a listing that is not public yet', async () => {
    servePublishing('Rent', { get: [jsonResponse(rentListing({ status: 'pending' }))] });
    await renderWizard({ editId: LISTING_ID });
    await screen.findByRole('heading', { name: 'Step 1 of 3: Type and details' });
    expect(screen.queryByTestId('live-edit-notice')).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'After you save, your changes are checked again before the public sees them.',
      ),
    ).toBeInTheDocument();
  });

  it('says the changes await review and the listing stays live once an edit is saved', async () => {
    const { fetchMock, user } = await openEdit();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Nyumba mpya Mikocheni');
    await goToPhotos(user);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([
      { title: 'Nyumba mpya Mikocheni' },
    ]);
    expect(vi.mocked(showToast).mock.calls).toEqual([[LIVE_EDIT_SAVED, 'success']]);
  });

  it('continues the changes awaiting review: every step starts from them, not the live version', async () => {
    const { fetchMock, user } = await openEdit({ get: [jsonResponse(withPendingChange())] });

    const notice = screen.getByTestId('live-edit-notice');
    expect(notice).toHaveTextContent(LIVE_EDIT_NOTICE);
    expect(notice).toHaveTextContent('You are continuing the changes you saved earlier');
    expect(screen.getByLabelText('Title')).toHaveValue('Nyumba mpya Mikocheni');
    expect(screen.getByLabelText('Rent per month (TZS)')).toHaveValue('1600000');
    expect(screen.getByLabelText("Owner's phone number")).toHaveValue('0755000111');

    // A further change is sent against the changes: only what differs from them.
    await user.clear(screen.getByLabelText('Bedrooms'));
    await user.type(screen.getByLabelText('Bedrooms'), '4');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([{ numberOfBedrooms: 4 }]);

    expect(await enabled('Street')).toHaveValue('4001');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    expect(bodiesTo(fetchMock, 'POST', `${LISTING_PATH}/address`)).toEqual([]);
    expect(screen.getByRole('img', { name: 'Photo: Kitchen' })).toHaveAttribute(
      'src',
      '/media/new-kitchen-320.webp',
    );
    expect(screen.getByRole('img', { name: 'Photo: Toilet' })).toHaveAttribute(
      'src',
      '/media/toilet-320.webp',
    );

    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(FakeSend.all).toHaveLength(0);
    expect(vi.mocked(showToast).mock.calls).toEqual([[LIVE_EDIT_SAVED, 'success']]);
  });

  it('gives the reason the earlier changes were not approved', async () => {
    await openEdit({
      get: [
        jsonResponse(
          withPendingChange({ status: 'rejected', rejectionReason: 'The price is too high.' }),
        ),
      ],
    });
    expect(screen.getByTestId('live-edit-notice')).toHaveTextContent(
      'An admin did not approve your earlier changes. Reason: The price is too high.',
    );
  });

  it('says it in Swahili', async () => {
    servePublishing('Rent', { get: [jsonResponse(rentListing())] });
    await renderWizard({ editId: LISTING_ID, language: 'sw' });
    expect(await screen.findByTestId('live-edit-notice')).toHaveTextContent(
      'Tangazo lako linabaki kwenye Makazi kama lilivyo sasa wakati tunakagua mabadiliko yako. Msimamizi akiyakubali, yatachukua nafasi ya toleo linaloonekana sasa.',
    );
  });
});

describe('a reload in the middle of the wizard', () => {
  it('resumes the stored draft on its step with everything refilled', async () => {
    const stored = ownListing('Rent', { propertyAddress: null, photos: [] });
    await seedDraft({ id: LISTING_ID, step: 2, mode: 'create', listing: stored });
    const fetchMock = servePublishing('Rent', { get: [jsonResponse(stored)] });
    const user = userEvent.setup();
    await renderWizard();

    expect(
      await screen.findByRole('heading', { name: 'Step 2 of 3: Address' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('You are finishing the listing you started earlier.'),
    ).toBeInTheDocument();
    expect(await enabled('Region')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Title')).toHaveValue('Nyumba nzuri Mikocheni');
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    // Unchanged details: nothing sent, and never a second listing.
    expect(bodiesTo(fetchMock, 'PATCH', LISTING_PATH)).toEqual([]);
    expect(bodiesTo(fetchMock, 'POST', '/api/properties/lease')).toEqual([]);
  });

  it('goes back to step 2 when a draft stored on step 3 has no address', async () => {
    const stored = ownListing('Land', { propertyAddress: null });
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: stored });
    servePublishing('Land', { get: [jsonResponse(stored)] });
    await renderWizard();

    expect(
      await screen.findByRole('heading', { name: 'Step 2 of 3: Address' }),
    ).toBeInTheDocument();
  });

  it('starts a new listing on request', async () => {
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: ownListing('Rent') });
    servePublishing('Rent');
    const user = userEvent.setup();
    await renderWizard();
    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });

    await user.click(screen.getByRole('button', { name: 'Start a new listing' }));

    expect(
      screen.getByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rent' })).not.toBeChecked();
    expect(await storedDraft()).toBeNull();
  });

  it('does not resume an edit as a new listing', async () => {
    await seedDraft({ id: LISTING_ID, step: 2, mode: 'edit', listing: ownListing('Rent') });
    const fetchMock = servePublishing('Rent');
    await renderWizard();

    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Rent' })).not.toBeChecked();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });
});
