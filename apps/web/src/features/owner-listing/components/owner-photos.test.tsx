import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { REQUIRED_PICTURE_LABELS } from '@makazi/contracts/property-values';
import { makePhoto, makePhotos } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/test-utils';
import { OwnerPhotos } from './owner-photos';

/** A house for sale's eight required photos, front first. */
const EIGHT = () => makePhotos(REQUIRED_PICTURE_LABELS.HouseForSale);

function mainPhoto() {
  return screen.getAllByRole('img', { name: /of Nyumba Mbezi$/ })[0];
}

describe('OwnerPhotos', () => {
  it("has 'View More Pictures' on a house for sale, showing every photo", async () => {
    await renderApp(<OwnerPhotos photos={EIGHT()} type="HouseForSale" title="Nyumba Mbezi" />);

    const gallery = screen.getByRole('region', { name: 'Photos' });
    const side = within(gallery).getByRole('list', { name: 'More photos' });
    expect(within(side).getAllByRole('button')).toHaveLength(5);
    expect(within(gallery).queryByRole('list', { name: 'All pictures' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View More Pictures' }));
    const all = within(gallery).getByRole('list', { name: 'All pictures' });
    expect(within(all).getAllByRole('img')).toHaveLength(8);
    expect(within(all).getByText('Toilet')).toBeInTheDocument();
    expect(within(all).getByRole('img', { name: 'Toilet of Nyumba Mbezi' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'View Previous Picture' }));
    expect(within(gallery).queryByRole('list', { name: 'All pictures' })).not.toBeInTheDocument();
    expect(within(gallery).getByRole('list', { name: 'More photos' })).toBeInTheDocument();
  });

  it('keeps the chosen picture through View More Pictures and back', async () => {
    await renderApp(<OwnerPhotos photos={EIGHT()} type="HouseForSale" title="Nyumba Mbezi" />);
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 3: Right side' }));
    await userEvent.click(screen.getByRole('button', { name: 'View More Pictures' }));
    await userEvent.click(screen.getByRole('button', { name: 'View Previous Picture' }));
    expect(mainPhoto()).toHaveAttribute('alt', 'Right side of Nyumba Mbezi');
  });

  it.each(['Land', 'Rent', 'Apartment'] as const)(
    'has no View More Pictures on %s, which shows every photo at the side',
    async (type) => {
      await renderApp(<OwnerPhotos photos={EIGHT()} type={type} title="Nyumba Mbezi" />);
      const side = screen.getByRole('list', { name: 'More photos' });
      expect(within(side).getAllByRole('button')).toHaveLength(8);
      expect(screen.queryByRole('button', { name: 'View More Pictures' })).not.toBeInTheDocument();
    },
  );

  it.each(['Land', 'HouseForSale'] as const)(
    'shows the front photo of %s first, wherever it was saved',
    async (type) => {
      const [back, front] = [makePhoto('picha_nyuma', 'back'), makePhoto('picha_mbele', 'front')];
      await renderApp(<OwnerPhotos photos={[back, front]} type={type} title="Nyumba Mbezi" />);
      expect(mainPhoto()).toHaveAttribute('src', '/media/front-768.webp');
      expect(screen.getByRole('button', { name: 'Show photo 2: Back' })).toBeInTheDocument();
    },
  );

  it('puts the outside of a lease first, as its card does, whatever the saved order', async () => {
    const [room, outside] = [makePhoto('picha_chumba', 'room'), makePhoto('picha_nje', 'outside')];
    await renderApp(<OwnerPhotos photos={[room, outside]} type="Rent" title="Nyumba Mbezi" />);
    expect(mainPhoto()).toHaveAttribute('src', '/media/outside-768.webp');
  });

  it('keeps the saved order of a lease without an outside photo', async () => {
    const [room, kitchen] = [makePhoto('picha_chumba', 'room'), makePhoto('picha_jiko', 'kitchen')];
    await renderApp(<OwnerPhotos photos={[room, kitchen]} type="Rent" title="Nyumba Mbezi" />);
    expect(mainPhoto()).toHaveAttribute('src', '/media/room-768.webp');
  });
});
