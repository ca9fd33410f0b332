import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_PHOTO_MAX_SIDE } from '@makazi/contracts/listing-values';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { signIn } from '../../../testing/account';
import { showToast } from '../../../lib/toast';
import { DRAFT_STORAGE_KEY } from '../utils/draft-storage';
import { FakeXhr, installFakeXhr } from '../testing/fake-xhr';
import { LISTING_ID, ownListing, servePublishing } from '../testing/publish-api';
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
    Promise.resolve(new File([`small ${file.name}`], `small-${file.name}`, { type: file.type })),
  ),
);
vi.mock('browser-image-compression', () => ({ default: compress }));

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

beforeEach(() => {
  window.sessionStorage.clear();
  vi.mocked(showToast).mockClear();
  compress.mockClear();
  installFakeXhr();
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
});

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

async function sentUpload(): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
  return FakeXhr.instances[0]!;
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

  it('names the slots in Swahili', async () => {
    servePublishing('Land');
    window.sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ id: LISTING_ID, step: 3, mode: 'create' }),
    );
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
    await user.click(screen.getByRole('button', { name: 'Upload property' }));
    expect(input('Front', 'Change photo')).toHaveAccessibleDescription(
      expect.stringContaining('This file is not a photo.'),
    );
    expect(compress).not.toHaveBeenCalled();
    expect(FakeXhr.instances).toHaveLength(0);
  });
});

describe('step 3: uploading', () => {
  it('enforces every required slot before uploading', async () => {
    const { user } = await openPhotoStep('Rent');
    await user.upload(input('Outside'), photoFile('outside.jpg'));
    await user.upload(input('Kitchen'), photoFile('kitchen.jpg'));

    await user.click(screen.getByRole('button', { name: 'Upload property' }));

    expect(screen.getByText('3 photos are still missing.')).toBeInTheDocument();
    for (const slot of ['Room', 'Sitting room', 'Toilet']) {
      expect(input(slot)).toHaveAccessibleDescription(
        expect.stringContaining('Add a photo of this view.'),
      );
    }
    expect(input('Outside', 'Change photo')).not.toHaveAttribute('aria-invalid');
    expect(input('Room')).toHaveFocus();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('sends the compressed files and their categories in matching order, with progress, then /posts', async () => {
    const { user } = await openPhotoStep('HouseForSale');
    // Picked out of order: the upload still follows the slots.
    const order = [...SLOT_NAMES.HouseForSale].reverse();
    for (const slot of order) await user.upload(input(slot), photoFile(`${slot}.jpg`));

    await user.click(screen.getByRole('button', { name: 'Upload property' }));

    const xhr = await sentUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/properties/${LISTING_ID}/media`);
    expect(xhr.headers.Authorization).toBe('Bearer access-token-1');
    expect(xhr.categories).toEqual([
      'picha_mbele',
      'picha_nyuma',
      'picha_kulia',
      'picha_kushoto',
      'picha_sebule',
      'picha_jiko',
      'picha_choo',
      'picha_chumba',
    ]);
    expect(xhr.files.map((file) => file.name)).toEqual(
      SLOT_NAMES.HouseForSale.map((slot) => `small-${slot}.jpg`),
    );
    // Each category goes just before its file.
    expect([...xhr.body!.keys()].slice(0, 4)).toEqual(['category', 'files', 'category', 'files']);

    xhr.progress(300, 1200);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('value', '25');
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('Uploading photos…')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();

    xhr.progress(1200, 1200);
    expect(bar).toHaveAttribute('value', '100');
    expect(screen.getByText('Photos sent. Saving them…')).toHaveAttribute('role', 'status');

    xhr.respond(200, ownListing('HouseForSale', { status: 'pending' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/posts$/));
    expect(vi.mocked(showToast).mock.calls).toEqual([
      ['Property Uploaded Successfully', 'success'],
    ]);
    expect(window.sessionStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('keeps the photos after a failed upload, says why, and sends them again', async () => {
    const { user } = await openPhotoStep('Land');
    await pickAll(user, 'Land');
    await user.click(screen.getByRole('button', { name: 'Upload property' }));

    (await sentUpload()).failNetwork();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The photos could not be uploaded.');
    expect(alert).toHaveTextContent('No connection. Check your internet and try again.');
    expect(alert).toHaveTextContent('Everything you entered is kept.');
    expect(screen.getByRole('img', { name: 'Photo: Left side' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Upload property' }));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(FakeXhr.instances[1]!.categories).toEqual([
      'picha_mbele',
      'picha_nyuma',
      'picha_kulia',
      'picha_kushoto',
    ]);
    expect(compress).toHaveBeenCalledTimes(4);
  });

  it('puts a refused photo on its slot (413 naming the second file)', async () => {
    const { user } = await openPhotoStep('Land');
    await pickAll(user, 'Land');
    await user.click(screen.getByRole('button', { name: 'Upload property' }));

    (await sentUpload()).respond(413, {
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'File too large',
      details: [{ field: 'files.1', message: 'must be at most 10 MB' }],
    });

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

  it('says in Swahili when the server cannot read the photos (415)', async () => {
    servePublishing('Land');
    window.sessionStorage.setItem(
      DRAFT_STORAGE_KEY,
      JSON.stringify({ id: LISTING_ID, step: 3, mode: 'create' }),
    );
    const user = userEvent.setup();
    await renderWizard({ language: 'sw' });
    for (const slot of ['Mbele', 'Nyuma', 'Upande wa kulia', 'Upande wa kushoto']) {
      await user.upload(
        await screen.findByLabelText(`Chagua picha: ${slot}`),
        photoFile(`${slot}.jpg`),
      );
    }
    await user.click(screen.getByRole('button', { name: 'Pakia mali' }));

    (await sentUpload()).respond(415, '<html>Unsupported</html>');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Moja ya picha haikuweza kusomwa. Chagua picha za JPEG au PNG.',
    );
  });
});
