import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TPhoto } from '@makazi/contracts/properties';
import { Header } from './layouts/header';
import { PropertyCard } from '../features/catalogue/components/property-card';
import { PhotoGallery } from '../components/photo-gallery';
import { makePhoto, makePhotos, makeRent } from '../testing/fixtures';
import { renderApp } from '../testing/test-utils';
import { chosenDataSaver, connectionWantsDataSaver, detectDataSaver } from '../lib/data-saver';

/*
 * Data saver (decision 044) in the browser: the switch, its default from the browser's own
 * signals, and what it changes on the cards and the detail gallery.
 */

/** navigator.connection as Chromium has it: what a test's phone says of its network. */
function emulateConnection(connection: { saveData?: boolean; effectiveType?: string }) {
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { connection }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** `photo` with every variant's size recorded as `bytes`, as the API gives a new upload's. */
function withBytes(photo: TPhoto, bytes: number): TPhoto {
  return { ...photo, variants: photo.variants.map((variant) => ({ ...variant, bytes })) };
}

describe('the default', () => {
  it('is on for Save-Data and for a 2G or 3G connection, off otherwise', () => {
    expect(connectionWantsDataSaver(undefined)).toBe(false);
    expect(connectionWantsDataSaver({ saveData: true, effectiveType: '4g' })).toBe(true);
    for (const effectiveType of ['slow-2g', '2g', '3g'])
      expect(connectionWantsDataSaver({ effectiveType })).toBe(true);
    expect(connectionWantsDataSaver({ saveData: false, effectiveType: '4g' })).toBe(false);
  });

  it('follows navigator.connection until the person chooses, then their choice', () => {
    expect(detectDataSaver()).toBe(false);
    emulateConnection({ effectiveType: '3g' });
    expect(detectDataSaver()).toBe(true);
    document.cookie = 'makazi_data_saver=off; Path=/';
    expect(detectDataSaver()).toBe(false);
    emulateConnection({ effectiveType: '4g' });
    document.cookie = 'makazi_data_saver=on; Path=/';
    expect(detectDataSaver()).toBe(true);
    expect(chosenDataSaver('other=1; makazi_data_saver=off')).toBe(false);
    expect(chosenDataSaver('makazi_data_saver=yes')).toBeNull();
  });

  it('starts the switch on for a phone that asks to save data', async () => {
    emulateConnection({ saveData: true });
    await renderApp(<Header />);
    expect(screen.getByRole('switch', { name: 'Data saver' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});

describe('the switch', () => {
  it('is in the header, explained, toggles and is remembered in the cookie the server reads', async () => {
    const user = userEvent.setup();
    await renderApp(<Header />);
    const toggle = screen.getByRole('switch', { name: 'Data saver' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription(
      'Data saver: smaller pictures, photos load when tapped',
    );

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(document.cookie).toContain('makazi_data_saver=on');
    expect(detectDataSaver()).toBe(true);
    // The stylesheet's mark: no web font from now on (styles/fonts.css).
    expect(document.documentElement).toHaveAttribute('data-saver');

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(document.cookie).toContain('makazi_data_saver=off');
    expect(document.documentElement).not.toHaveAttribute('data-saver');
  });

  it('is in the phone menu, in step with the header, in Swahili too', async () => {
    const user = userEvent.setup();
    await renderApp(<Header />, { language: 'sw' });
    await user.click(screen.getByRole('button', { name: 'Fungua menyu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menyu' });
    const inMenu = within(menu).getByRole('switch', { name: 'Okoa data' });
    expect(inMenu).toHaveAccessibleDescription(
      'Okoa data: picha ndogo, picha hupakuliwa ukizigusa',
    );
    expect(within(menu).getByText(/^Okoa data: picha ndogo/)).toBeVisible();

    await user.click(inMenu);

    expect(inMenu).toHaveAttribute('aria-checked', 'true');
    const inBar = screen
      .getAllByRole('switch', { name: 'Okoa data' })
      .find((element) => !menu.contains(element));
    expect(inBar).toHaveAttribute('aria-checked', 'true');
  });
});

describe('with data saver on', () => {
  const rent = makeRent({ title: 'Nyumba Sinza', photos: [makePhoto('picha_nje', 'front')] });

  it("gives a card its photo's smallest variant, without a srcset", async () => {
    await renderApp(<PropertyCard property={rent} />, { dataSaver: true });
    const image = screen.getByRole('img', { name: /Nyumba Sinza/ });
    expect(image).toHaveAttribute('src', '/media/front-320.webp');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '320');
  });

  it('gives a card the whole srcset with it off', async () => {
    await renderApp(<PropertyCard property={rent} />, { dataSaver: false });
    const image = screen.getByRole('img', { name: /Nyumba Sinza/ });
    expect(image.getAttribute('srcset')).toBe(
      '/media/front-320.webp 320w, /media/front-768.webp 768w',
    );
  });

  it('shows the smallest variant at once when the switch is turned on', async () => {
    const user = userEvent.setup();
    await renderApp(
      <>
        <Header />
        <PropertyCard property={rent} />
      </>,
    );
    await user.click(screen.getByRole('switch', { name: 'Data saver' }));
    expect(screen.getByRole('img', { name: /Nyumba Sinza/ })).toHaveAttribute(
      'src',
      '/media/front-320.webp',
    );
  });

  it('loads no detail photo, nor thumbnail, until it is tapped, then that one only', async () => {
    const user = userEvent.setup();
    const photos = makePhotos(['picha_mbele', 'picha_sebule', 'picha_jiko']).map((photo) =>
      withBytes(photo, 43_210),
    );
    await renderApp(
      <PhotoGallery photos={photos} title="Nyumba Sinza" thumbnailsLabel="Choose a photo" />,
      { dataSaver: true },
    );
    expect(screen.queryAllByRole('img')).toEqual([]);
    const tap = screen.getByRole('button', {
      name: 'Load photo (44 KB): Front of Nyumba Sinza',
    });
    expect(tap.textContent).toBe('Load photo (44 KB)');
    const thumbnails = screen.getByRole('list', { name: 'Choose a photo' });
    expect(
      within(thumbnails)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '2', '3']);

    await user.click(tap);

    expect(screen.getByRole('img', { name: 'Front of Nyumba Sinza' })).toHaveAttribute(
      'src',
      '/media/picha_mbele-320.webp',
    );
    // Its thumbnail is now that same file (the browser has it); the others still their numbers.
    expect([...thumbnails.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
      '/media/picha_mbele-320.webp',
    ]);

    await user.click(screen.getByRole('button', { name: 'Show photo 3: Kitchen' }));

    expect(screen.queryByRole('img', { name: /of Nyumba Sinza/ })).not.toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Load photo (44 KB): Kitchen of Nyumba Sinza' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'Load photo (45 KB)', 'Load photo (45 KB): Kitchen of Nyumba Sinza'],
    ['sw', 'Pakua picha (45 KB)', 'Pakua picha (45 KB): Jiko ya Nyumba Sinza'],
  ] as const)(
    'says in %s what a tap costs: the size of the file it loads, never less',
    async (language, label, name) => {
      const photo = makePhoto('picha_jiko');
      // The file a tap loads is the smallest variant; the larger ones' sizes are not what it costs.
      const [smallest, larger] = photo.variants;
      photo.variants = [
        { ...larger!, bytes: 250_000 },
        { ...smallest!, bytes: 44_001 },
      ];
      await renderApp(
        <PhotoGallery photos={[photo]} title="Nyumba Sinza" thumbnailsLabel="Chagua picha" />,
        { dataSaver: true, language },
      );
      const tap = screen.getByRole('button', { name });
      expect(tap.textContent).toBe(label);
    },
  );

  it.each([
    ['en', 'Load photo (320 × 213 px): Kitchen of Nyumba Sinza'],
    ['sw', 'Pakua picha (320 × 213 px): Jiko ya Nyumba Sinza'],
  ] as const)(
    'gives a photo stored before sizes were recorded its pixels, in %s',
    async (language, name) => {
      await renderApp(
        <PhotoGallery
          photos={[makePhoto('picha_jiko')]}
          title="Nyumba Sinza"
          thumbnailsLabel="Chagua picha"
        />,
        { dataSaver: true, language },
      );
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    },
  );
});
