import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TPhoto } from '@makazi/contracts/properties';
import { makePhoto } from '../testing/fixtures';
import { renderApp } from '../testing/test-utils';
import { PhotoGallery, type PhotoGalleryProps } from './photo-gallery';

const PHOTOS = [
  makePhoto('picha_mbele', 'front'),
  makePhoto('picha_sebule', 'sitting'),
  makePhoto('picha_jiko', 'kitchen'),
];

function Gallery(props: Partial<PhotoGalleryProps> & { photos: TPhoto[] }) {
  return <PhotoGallery title="Nyumba Sinza" thumbnailsLabel="Choose a photo" {...props} />;
}

/** A caller that keeps the choice, as the owner's page does. */
function Kept({ photos }: { photos: TPhoto[] }) {
  const [selected, setSelected] = useState(2);
  return (
    <>
      <Gallery photos={photos} selected={selected} onSelect={setSelected} />
      <output data-testid="kept">{selected}</output>
    </>
  );
}

function mainPhoto() {
  return screen.getAllByRole('img', { name: /of Nyumba Sinza$/ })[0];
}

describe('PhotoGallery', () => {
  it('shows the first photo large, first and at high priority, and a thumbnail per photo', async () => {
    await renderApp(<Gallery photos={PHOTOS} />);
    expect(mainPhoto()).toHaveAttribute('alt', 'Front of Nyumba Sinza');
    expect(mainPhoto()).toHaveAttribute('loading', 'eager');
    expect(mainPhoto()).toHaveAttribute('fetchpriority', 'high');
    const thumbnails = screen.getByRole('list', { name: 'Choose a photo' });
    expect(
      within(thumbnails)
        .getAllByRole('button')
        .map((button) => button.ariaLabel),
    ).toEqual(['Show photo 1: Front', 'Show photo 2: Sitting room', 'Show photo 3: Kitchen']);
  });

  it('shows the chosen photo large and marks its thumbnail pressed', async () => {
    await renderApp(<Gallery photos={PHOTOS} />);
    const kitchen = screen.getByRole('button', { name: 'Show photo 3: Kitchen' });
    await userEvent.click(kitchen);
    expect(mainPhoto()).toHaveAttribute('src', '/media/kitchen-768.webp');
    expect(mainPhoto()).toHaveAttribute('alt', 'Kitchen of Nyumba Sinza');
    expect(kitchen).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Show photo 1: Front' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(kitchen).toHaveAttribute('aria-controls', mainPhoto()?.parentElement?.id);
  });

  it("follows the caller's choice when the caller keeps it", async () => {
    await renderApp(<Kept photos={PHOTOS} />);
    expect(mainPhoto()).toHaveAttribute('alt', 'Kitchen of Nyumba Sinza');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 2: Sitting room' }));
    expect(screen.getByTestId('kept')).toHaveTextContent('1');
    expect(mainPhoto()).toHaveAttribute('alt', 'Sitting room of Nyumba Sinza');
  });

  it('gives only the first photos a thumbnail when asked to', async () => {
    await renderApp(<Gallery photos={PHOTOS} maxThumbnails={2} layout="beside" />);
    expect(
      within(screen.getByRole('list', { name: 'Choose a photo' })).getAllByRole('button'),
    ).toHaveLength(2);
  });

  it('has no thumbnails for a lone photo, and the fallback image for none', async () => {
    const { unmount } = await renderApp(<Gallery photos={[PHOTOS[1] as TPhoto]} />);
    expect(mainPhoto()).toHaveAttribute('alt', 'Sitting room of Nyumba Sinza');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    unmount();

    await renderApp(<Gallery photos={[]} />);
    expect(screen.getByRole('img', { name: 'Nyumba Sinza' })).toHaveAttribute(
      'data-fallback',
      'true',
    );
  });
});
