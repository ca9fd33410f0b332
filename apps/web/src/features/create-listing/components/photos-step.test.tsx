import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_PHOTO_MAX_SIDE } from '@makazi/contracts/listing-values';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { signIn } from '../../../testing/account';
import { jsonResponse } from '../../../testing/test-utils';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { clearDraft, draftPhoto, seedDraft, storedDraft } from '../testing/draft';
import { FakeSend, resetFakeSends } from '../testing/fake-uploads';
import { LISTING_ID, makePhoto, ownListing, servePublishing } from '../testing/publish-api';
import {
  completeAddress,
  completeDetails,
  photoFile,
  renderWizard,
  type TUser,
} from '../testing/wizard';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

// The compression library works on a canvas, which jsdom lacks: it answers a small "compressed" copy.
const compress = vi.hoisted(() =>
  vi.fn((file: File, _options: unknown) =>
    Promise.resolve(new File([new Uint8Array(1000)], `small-${file.name}`, { type: file.type })),
  ),
);
vi.mock('browser-image-compression', () => ({ default: compress }));

vi.mock(import('../api/photo-uploads'), async () => {
  const fake = await import('../testing/fake-uploads');
  return { sendPhoto: fake.sendPhoto, UPLOAD_RETRY_DELAYS: [] };
});

const SLOT_NAMES: Record<TPropertyType, string[]> = {
  Rent: ['Outside', 'Room', 'Sitting room', 'Kitchen', 'Toilet'],
  Apartment: ['Outside', 'Room', 'Sitting room', 'Kitchen', 'Toilet'],
  Land: ['Front', 'Back', 'Right side', 'Left side'],
  HouseForSale: [
    'Front',
    'Back',
    'Right side',
    'Left side',
    'Sitting room',
    'Kitchen',
    'Toilet',
    'Room',
  ],
};

let previews = 0;
let revoked: string[] = [];

beforeEach(async () => {
  await clearDraft();
  vi.mocked(showToast).mockClear();
  compress.mockClear();
  resetFakeSends();
  previews = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => `blob:preview-${++previews}`);
  revoked = [];
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
  });
  signIn();
});

afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** A listing on step 3 with its address, as a draft stored there leaves it. */
function onStep3(type: TPropertyType) {
  return ownListing(type, { photos: [] });
}

async function openPhotoStep(type: TPropertyType = 'Land') {
  const fetchMock = servePublishing(type);
  const user = userEvent.setup();
  await renderWizard();
  await completeDetails(user, type);
  await completeAddress(user);
  return { fetchMock, user };
}

function input(slot: string, action = 'Choose photo') {
  return screen.getByLabelText(`${action}: ${slot}`);
}

async function pickAll(user: TUser, type: TPropertyType) {
  for (const slot of SLOT_NAMES[type]) {
    await user.upload(input(slot), photoFile(`${slot}.jpg`));
  }
}

/** The sends started so far, once there are `count`. */
async function sends(count: number): Promise<FakeSend[]> {
  await waitFor(() => expect(FakeSend.all).toHaveLength(count));
  return FakeSend.all;
}

/** Why each slot matters, as the wizard says it under the slot's name. */
const WHY_EN: Record<string, string> = {
  Front: "The photo on the listing's card, the first one people see: take it from the road.",
  Back: 'Shows what lies behind: the back of the house or the far end of the plot.',
  'Right side': 'The right-hand boundary and what is next to it, seen from the front.',
  'Left side': 'The left-hand boundary and what is next to it, seen from the front.',
  'Sitting room': 'Where people will spend their days: show the whole room, in daylight.',
  Kitchen: 'Show where the cooking is done, with the water and storage if there are any.',
  Toilet: 'People want to know what kind it is and whether it is inside: show it clearly.',
  Room: 'A bedroom, so people can judge its size: take it from the doorway.',
  Outside:
    'People judge a place from the outside first: take it from the road, the whole building in view.',
};

/** The same for a Rent listing's slots, in Swahili. */
const WHY_SW: Record<string, string> = {
  Nje: 'Watu huanza kuiangalia nyumba kwa nje: ipige ukiwa barabarani, jengo lote lionekane.',
  Chumba: 'Chumba cha kulala, ili watu waone ukubwa wake: ipige ukiwa mlangoni.',
  Sebule: 'Watu watakaa hapa mchana: onyesha chumba chote, kwa mwanga wa mchana.',
  Jiko: 'Onyesha mahali pa kupikia, pamoja na maji na makabati kama yapo.',
  Choo: 'Watu hutaka kujua ni cha aina gani na kama kiko ndani: kionyeshe wazi.',
};

/** A slot's own box, found by the name at its top. */
function slotNamed(name: string): HTMLElement {
  const slot = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!slot) throw new Error(`no slot named ${name}`);
  return slot;
}

/** What a slot with a new photo says of itself (its status is the input's description). */
function statusOf(slot: string) {
  return expect(input(slot, 'Change photo'));
}

function bar(name: string): HTMLElement {
  return screen.getByRole('progressbar', { name });
}

describe('step 3: the photo slots', () => {
  it.each(['Rent', 'Land', 'HouseForSale'] as const)(
    '%s: one slot per required view, each a photo picker',
    async (type) => {
      await openPhotoStep(type);

      const slots = screen.getAllByRole('heading', { level: 3 });
      expect(slots.map((slot) => slot.textContent)).toEqual(SLOT_NAMES[type]);
      const picker = input(SLOT_NAMES[type][0]!);
      expect(picker).toHaveAttribute('type', 'file');
      expect(picker).toHaveAttribute('accept', 'image/*');
      expect(picker).not.toHaveAttribute('capture');
    },
  );

  it.each(['Rent', 'HouseForSale'] as const)(
    '%s: says why each slot matters and that it is required, in words',
    async (type) => {
      await openPhotoStep(type);

      for (const name of SLOT_NAMES[type]) {
        const slot = within(slotNamed(name));
        expect(slot.getByText('Required')).toBeInTheDocument();
        expect(slot.getByText(WHY_EN[name]!)).toBeInTheDocument();
      }
    },
  );

  it('says why each slot matters and that it is required in Swahili', async () => {
    servePublishing('Rent');
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: onStep3('Rent') });
    await renderWizard({ language: 'sw' });
    await screen.findByRole('heading', { level: 3, name: 'Nje' });

    for (const [name, why] of Object.entries(WHY_SW)) {
      const slot = within(slotNamed(name));
      expect(slot.getByText('Lazima')).toBeInTheDocument();
      expect(slot.getByText(why)).toBeInTheDocument();
    }
  });

  it('names the slots in Swahili', async () => {
    servePublishing('Land');
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: onStep3('Land') });
    await renderWizard({ language: 'sw' });

    for (const name of ['Mbele', 'Nyuma', 'Upande wa kulia', 'Upande wa kushoto']) {
      expect(await screen.findByLabelText(`Chagua picha: ${name}`)).toBeInTheDocument();
    }
  });

  it('shows a preview of each picked photo and lets it go when replaced', async () => {
    const { user } = await openPhotoStep('Land');

    await user.upload(input('Front'), photoFile('front.jpg'));

    expect(screen.getByRole('img', { name: 'Photo: Front' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    await user.upload(input('Front', 'Change photo'), photoFile('front-2.jpg'));
    expect(screen.getByRole('img', { name: 'Photo: Front' })).toHaveAttribute(
      'src',
      'blob:preview-2',
    );
    expect(revoked).toEqual(['blob:preview-1']);

    await user.click(screen.getByRole('button', { name: 'Undo the new photo: Front' }));
    expect(screen.queryByRole('img', { name: 'Photo: Front' })).not.toBeInTheDocument();
    expect(revoked).toEqual(['blob:preview-1', 'blob:preview-2']);
  });

  it('compresses each photo in the browser to 1 MB and 1024 px, in a web worker', async () => {
    const { user } = await openPhotoStep('Land');

    await user.upload(input('Back'), photoFile('back.jpg'));

    await waitFor(() => expect(compress).toHaveBeenCalledTimes(1));
    const [file, options] = compress.mock.calls[0]!;
    expect(file.name).toBe('back.jpg');
    expect(options).toMatchObject({
      maxSizeMB: 1,
      maxWidthOrHeight: CLIENT_PHOTO_MAX_SIDE,
      useWebWorker: true,
    });
    // The worker loads the library from this site, not from a CDN.
    expect(new URL((options as { libURL: string }).libURL).origin).toBe(window.location.origin);
    expect(await screen.findByText('Ready to upload')).toBeInTheDocument();
  });

  it('refuses a file that is not a photo before sending anything', async () => {
    const { user } = await openPhotoStep('Land');
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });

    fireEvent.change(input('Front'), { target: { files: [text] } });

    expect(
      await screen.findByText('This file is not a photo. Choose a JPEG or PNG photo.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    expect(input('Front', 'Change photo')).toHaveAccessibleDescription(
      expect.stringContaining('This file is not a photo.'),
    );
    expect(compress).not.toHaveBeenCalled();
    expect(FakeSend.all).toHaveLength(0);
  });
});

describe('step 3: the last button', () => {
  it('is named for what it does: Send for review', async () => {
    await openPhotoStep('Land');

    expect(screen.getByRole('button', { name: 'Send for review' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(screen.queryByRole('button', { name: /upload|publish|submit/i })).toBeNull();
  });

  it('is named Tuma kwa ukaguzi in Swahili', async () => {
    servePublishing('Land');
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: onStep3('Land') });
    await renderWizard({ language: 'sw' });

    expect(await screen.findByRole('button', { name: 'Tuma kwa ukaguzi' })).toHaveAttribute(
      'type',
      'submit',
    );
    expect(screen.queryByRole('button', { name: 'Pakia mali' })).toBeNull();
  });
});

describe('step 3: uploading', () => {
  it('enforces every required slot before uploading', async () => {
    const { user } = await openPhotoStep('Rent');
    await user.upload(input('Outside'), photoFile('outside.jpg'));
    await user.upload(input('Kitchen'), photoFile('kitchen.jpg'));

    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    expect(screen.getByText('3 photos are still missing.')).toBeInTheDocument();
    for (const slot of ['Room', 'Sitting room', 'Toilet']) {
      expect(input(slot)).toHaveAccessibleDescription(
        expect.stringContaining('Add a photo of this view.'),
      );
    }
    expect(input('Outside', 'Change photo')).not.toHaveAttribute('aria-invalid');
    expect(input('Room')).toHaveFocus();
    expect(FakeSend.all).toHaveLength(0);
  });

  it('sends each compressed photo on its own, two at a time, with progress per photo and in total', async () => {
    const { user } = await openPhotoStep('HouseForSale');
    // Picked out of order: the uploads still follow the slots.
    for (const slot of [...SLOT_NAMES.HouseForSale].reverse()) {
      await user.upload(input(slot), photoFile(`${slot}.jpg`));
    }

    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    const [front, back] = await sends(2);
    expect(front!.photo).toMatchObject({
      listingId: LISTING_ID,
      label: 'picha_mbele',
      name: 'small-Front.jpg',
      uploadUrl: null,
      sent: false,
    });
    expect(back!.label).toBe('picha_nyuma');
    const size = front!.photo.file.size;
    statusOf('Right side').toHaveAccessibleDescription('Waiting to upload');
    expect(bar('Upload: Right side')).toHaveAttribute('aria-valuenow', '0');

    front!.progress(Math.floor(size / 2));
    expect(bar('Upload: Front')).toHaveAttribute('aria-valuenow', '50');
    statusOf('Front').toHaveAccessibleDescription('Uploading: 50%');
    // Half of one photo of eight the same size.
    expect(bar('Upload progress')).toHaveAttribute('aria-valuenow', '6');
    expect(screen.getByText('Uploading photos…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    await front!.finish(ownListing('HouseForSale'));
    statusOf('Front').toHaveAccessibleDescription('Uploaded');
    expect(bar('Upload: Front')).toHaveAttribute('aria-valuenow', '100');
    // The next photo starts as soon as one is done: never more than two at once.
    const third = (await sends(3))[2]!;
    expect(third.label).toBe('picha_kulia');

    for (let index = 1; index < 8; index += 1) {
      const started = await sends(Math.min(index + 2, 8));
      await started[index]!.finish(ownListing('HouseForSale'));
    }
    expect(FakeSend.all.map((send) => send.label)).toEqual([
      'picha_mbele',
      'picha_nyuma',
      'picha_kulia',
      'picha_kushoto',
      'picha_sebule',
      'picha_jiko',
      'picha_choo',
      'picha_chumba',
    ]);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['Property Uploaded Successfully', 'success'],
    ]);
    expect(await storedDraft()).toBeNull();
  });

  it('says it waits for the connection while offline, not that it failed', async () => {
    const { user } = await openPhotoStep('Land');
    await pickAll(user, 'Land');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    const [front] = await sends(2);
    front!.progress(Math.floor(front!.photo.file.size / 4));

    setOnline(false);

    statusOf('Front').toHaveAccessibleDescription('Paused – waiting for the connection');
    statusOf('Back').toHaveAccessibleDescription('Paused – waiting for the connection');
    expect(
      screen.getByText('No connection. The photos will carry on uploading when it is back.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    setOnline(true);
    statusOf('Front').toHaveAccessibleDescription('Uploading: 25%');
  });

  it('keeps the photos after a failed upload, says why, and sends only what is missing', async () => {
    const { user } = await openPhotoStep('Land');
    await pickAll(user, 'Land');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    const [front, back] = await sends(2);
    await front!.created('/api/uploads/11111111-1111-4111-8111-111111111111');
    await back!.finish(ownListing('Land'));
    await front!.fail(new ApiError(0, 'NETWORK', 'The network request failed'));
    for (const send of (await sends(4)).slice(2)) await send.finish(ownListing('Land'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The photos could not be uploaded.');
    expect(alert).toHaveTextContent('No connection. Check your internet and try again.');
    expect(alert).toHaveTextContent('Everything you entered is kept.');
    statusOf('Front').toHaveAccessibleDescription(
      'Not uploaded: No connection. Check your internet and try again.',
    );
    statusOf('Back').toHaveAccessibleDescription('Uploaded');
    expect(screen.getByRole('img', { name: 'Photo: Left side' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send for review' }));

    // Only the photo that failed goes again, carrying on with the upload it had.
    const again = (await sends(5))[4]!;
    expect(again.photo).toMatchObject({
      label: 'picha_mbele',
      uploadUrl: '/api/uploads/11111111-1111-4111-8111-111111111111',
    });
    expect(compress).toHaveBeenCalledTimes(4);
  });

  it('puts a refused photo on its slot (413)', async () => {
    const { user } = await openPhotoStep('Land');
    await pickAll(user, 'Land');
    await user.click(screen.getByRole('button', { name: 'Send for review' }));
    const started = await sends(2);
    await started[0]!.finish(ownListing('Land'));
    await started[1]!.fail(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'File too large'));
    for (const send of (await sends(4)).slice(2)) await send.finish(ownListing('Land'));

    const back = input('Back', 'Change photo');
    await waitFor(() =>
      expect(back).toHaveAccessibleDescription(
        expect.stringContaining('This photo is too large for the server. Choose a smaller one.'),
      ),
    );
    // The wizard moves focus in an effect after the error renders: wait for it, do not race it.
    await waitFor(() => expect(back).toHaveFocus());
    expect(input('Front', 'Change photo')).not.toHaveAttribute('aria-invalid');
  });

  it('says in Swahili when the server cannot read a photo (415)', async () => {
    servePublishing('Land');
    await seedDraft({ id: LISTING_ID, step: 3, mode: 'create', listing: onStep3('Land') });
    const user = userEvent.setup();
    await renderWizard({ language: 'sw' });
    for (const slot of ['Mbele', 'Nyuma', 'Upande wa kulia', 'Upande wa kushoto']) {
      await user.upload(
        await screen.findByLabelText(`Chagua picha: ${slot}`),
        photoFile(`${slot}.jpg`),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Tuma kwa ukaguzi' }));

    const started = await sends(2);
    await started[0]!.fail(new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Not an image'));
    await started[1]!.finish(ownListing('Land'));
    for (const send of (await sends(4)).slice(2)) await send.finish(ownListing('Land'));

    const front = screen.getByLabelText('Badilisha picha: Mbele');
    await waitFor(() =>
      expect(front).toHaveAccessibleDescription(expect.stringContaining('Haikupakiwa: ')),
    );
  });
});

describe('step 3: the draft', () => {
  it('keeps each compressed photo in the draft as soon as it is ready', async () => {
    const { user } = await openPhotoStep('Land');

    await user.upload(input('Front'), photoFile('front.jpg'));

    await waitFor(async () =>
      expect((await storedDraft())?.photos.picha_mbele).toMatchObject({
        name: 'small-front.jpg',
        type: 'image/jpeg',
        uploadUrl: null,
        sent: false,
        attached: false,
      }),
    );
    expect((await storedDraft())?.step).toBe(3);

    await user.click(screen.getByRole('button', { name: 'Undo the new photo: Front' }));
    await waitFor(async () => expect((await storedDraft())?.photos.picha_mbele).toBeUndefined());
  });

  it('after a reload mid-upload, shows the chosen photos and carries on, never sending one twice', async () => {
    // The photo attached before the reload is on the listing.
    servePublishing('Land', {
      get: [jsonResponse(ownListing('Land', { photos: [makePhoto('picha_mbele', 'front')] }))],
    });
    const url = '/api/uploads/22222222-2222-4222-8222-222222222222';
    await seedDraft({
      id: LISTING_ID,
      step: 3,
      mode: 'create',
      listing: onStep3('Land'),
      publishing: true,
      photos: {
        picha_mbele: draftPhoto('front.jpg', { attached: true, uploadUrl: '/api/uploads/x' }),
        picha_nyuma: draftPhoto('back.jpg', { uploadUrl: url }),
        picha_kulia: draftPhoto('right.jpg', {
          uploadUrl: url.replace('2222', '3333'),
          sent: true,
        }),
        picha_kushoto: draftPhoto('left.jpg'),
      },
    });
    const view = await renderWizard();

    const [back, right] = await sends(2);
    expect(back!.photo).toMatchObject({ label: 'picha_nyuma', uploadUrl: url, sent: false });
    expect(right!.photo).toMatchObject({ label: 'picha_kulia', sent: true });
    expect(screen.getByRole('img', { name: 'Photo: Back' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:preview-/),
    );

    await back!.finish(ownListing('Land'));
    await right!.finish(ownListing('Land'));
    const left = (await sends(3))[2]!;
    expect(left.label).toBe('picha_kushoto');
    await left.finish(ownListing('Land'));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    // The photo attached before the reload was not sent again.
    expect(FakeSend.all.map((send) => send.label)).not.toContain('picha_mbele');
    expect(await storedDraft()).toBeNull();
    view.unmount();
    expect(revoked).toEqual(expect.arrayContaining(['blob:preview-1', 'blob:preview-2']));
  });

  it('restores the photos without sending them when the reload came before the upload', async () => {
    servePublishing('Land');
    await seedDraft({
      id: LISTING_ID,
      step: 3,
      mode: 'create',
      listing: onStep3('Land'),
      photos: { picha_mbele: draftPhoto('front.jpg') },
    });
    await renderWizard();

    expect(await screen.findByRole('img', { name: 'Photo: Front' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    statusOf('Front').toHaveAccessibleDescription('Ready to upload');
    expect(FakeSend.all).toHaveLength(0);
  });

  it('never hands another account the draft', async () => {
    servePublishing('Land');
    await seedDraft({
      id: LISTING_ID,
      step: 3,
      mode: 'create',
      listing: onStep3('Land'),
      owner: 'someone-else',
    });
    await renderWizard();

    expect(
      await screen.findByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await storedDraft()).toBeNull());
  });
});
