import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mediaGroupName } from '@makazi/contracts/property-values';
import { LOCAL_FAVOURITES_KEY } from '@makazi/contracts/saved-values';
import { FALLBACK_IMAGE_SRC } from '../../../components/responsive-image';
import { makeLand, makePhoto, makeRent } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/test-utils';
import { PropertyCard } from './property-card';

describe('PropertyCard', () => {
  it('shows the whole title, the truncated owner and address, TZS price per month and picture count', async () => {
    const property = makeRent({
      title: 'Nyumba nzuri sana ya kupanga Mikocheni',
      ownerName: 'Mwanaisha Abdallah Said',
      price: 1_500_000,
      leasePrice: 1_500_000,
      media: [
        {
          name: mediaGroupName(['picha_nje', 'picha_chumba', 'picha_jiko']),
          pictures: ['/1', '/2', '/3'],
        },
        { name: mediaGroupName(['picha_choo']), pictures: ['/4'] },
      ],
      photos: [makePhoto('picha_nje')],
    });
    await renderApp(<PropertyCard property={property} />);

    expect(
      screen.getByRole('heading', { name: 'Nyumba nzuri sana ya kupanga Mikocheni' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('property-owner')).toHaveTextContent('Owner: Mwanaisha Ab…');
    const price = screen.getByTestId('property-price');
    expect(price).toHaveAttribute('data-price', '1500000');
    expect(price).toHaveTextContent('TZS 1,500,000 per month');
    expect(screen.getByTestId('picture-count')).toHaveTextContent('3 pictures');
    expect(screen.getByRole('link')).toHaveAttribute('href', `/lease/${property.id}`);
  });

  it('is an article named by its title, price and address, so same-titled cards differ', async () => {
    await renderApp(
      <>
        <PropertyCard property={makeRent({ title: 'Nyumba Sinza', price: 300_000 })} />
        <PropertyCard property={makeRent({ title: 'Nyumba Sinza', price: 450_000 })} />
      </>,
    );
    const [first, second] = screen.getAllByRole('article');
    // jsdom's name computation drops the space before 'per month' that a browser keeps.
    expect(first).toHaveAccessibleName(/^Nyumba Sinza TZS 300,000 ?per month House No\. 12, /);
    expect(second).toHaveAccessibleName(/^Nyumba Sinza TZS 450,000 ?per month House No\. 12, /);
  });

  it("words the address in the reader's language, cut to 45 characters", async () => {
    await renderApp(<PropertyCard property={makeRent()} />, { language: 'sw' });
    expect(screen.getByTestId('property-address')).toHaveTextContent(
      /^Nyumba Na\. 12, Mtaa Mikocheni A, Kata Mikoche…$/,
    );
  });

  it('says No title for an empty title', async () => {
    await renderApp(<PropertyCard property={makeRent({ title: '' })} />);
    expect(screen.getByRole('heading', { name: 'No title' })).toBeInTheDocument();
  });

  it('builds a WebP srcset with width and height, lazily loaded', async () => {
    const photo = makePhoto('picha_mbele', 'front');
    await renderApp(
      <PropertyCard property={makeLand({ photos: [makePhoto('picha_nyuma'), photo] })} />,
    );
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('src', '/media/front-768.webp');
    expect(img).toHaveAttribute('srcset', '/media/front-320.webp 320w, /media/front-768.webp 768w');
    expect(img).toHaveAttribute('sizes');
    expect(img).toHaveAttribute('width', '768');
    expect(img).toHaveAttribute('height', '512');
    expect(img).toHaveAttribute('loading', 'lazy');
  });

  it('falls back to the bundled image when the listing has no usable photo', async () => {
    // Land shows only its front photo; a back photo alone is not enough.
    await renderApp(<PropertyCard property={makeLand({ photos: [makePhoto('picha_nyuma')] })} />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('src', FALLBACK_IMAGE_SRC);
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
    expect(screen.getByTestId('picture-count')).toHaveTextContent('0 pictures');
  });

  it('does not add per month to prices of things for sale', async () => {
    await renderApp(<PropertyCard property={makeLand({ price: 25_000_000 })} />);
    expect(screen.getByTestId('property-price')).toHaveTextContent(/^TZS 25,000,000$/);
  });

  describe('freshness', () => {
    const NOW = Date.parse('2026-03-10T12:00:00.000Z');

    it('says when the owner last confirmed it, by the list clock, and that the phone is verified', async () => {
      await renderApp(
        <PropertyCard
          property={makeRent({ confirmedAt: '2026-03-07T09:00:00.000Z', contactVerified: true })}
          now={NOW}
        />,
      );
      expect(screen.getByTestId('confirmed-ago')).toHaveTextContent(/^Confirmed 3 days ago$/);
      expect(screen.getByTestId('verified-phone')).toHaveTextContent(/^Verified phone$/);
    });

    it('says it in Swahili, and no badge for a number not proven', async () => {
      await renderApp(
        <PropertyCard
          property={makeRent({ confirmedAt: '2026-03-09T10:00:00.000Z', contactVerified: false })}
          now={NOW}
        />,
        { language: 'sw' },
      );
      expect(screen.getByTestId('confirmed-ago')).toHaveTextContent(/^Imethibitishwa jana$/);
      expect(screen.queryByTestId('verified-phone')).not.toBeInTheDocument();
    });
  });

  describe("the 'Promoted' badge", () => {
    const NOW = Date.parse('2026-03-10T12:00:00.000Z');

    it('marks a listing whose promotion runs, in words', async () => {
      await renderApp(
        <PropertyCard
          property={makeRent({ promotionEndDate: '2026-03-11T00:00:00.000Z' })}
          now={NOW}
        />,
      );
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Promoted$/);
    });

    it('says Imepandishwa in Swahili', async () => {
      await renderApp(
        <PropertyCard
          property={makeRent({ promotionEndDate: '2026-03-11T00:00:00.000Z' })}
          now={NOW}
        />,
        { language: 'sw' },
      );
      expect(screen.getByTestId('promoted-badge')).toHaveTextContent(/^Imepandishwa$/);
    });

    it.each([
      ['no promotion', null],
      ['a promotion that ended', '2026-03-10T11:59:59.000Z'],
      ['a promotion ending this very moment', '2026-03-10T12:00:00.000Z'],
    ])('is absent for %s', async (_case, promotionEndDate) => {
      await renderApp(<PropertyCard property={makeRent({ promotionEndDate })} now={NOW} />);
      expect(screen.getByRole('heading')).toBeInTheDocument();
      expect(screen.queryByTestId('promoted-badge')).not.toBeInTheDocument();
      expect(screen.queryByText('Promoted')).not.toBeInTheDocument();
    });

    it('uses the time the card mounted when the list passes no clock', async () => {
      const hour = 60 * 60 * 1000;
      const { unmount } = await renderApp(
        <PropertyCard
          property={makeRent({ promotionEndDate: new Date(Date.now() + hour).toISOString() })}
        />,
      );
      expect(screen.getByTestId('promoted-badge')).toBeInTheDocument();
      unmount();
      await renderApp(
        <PropertyCard
          property={makeRent({ promotionEndDate: new Date(Date.now() - hour).toISOString() })}
        />,
      );
      expect(screen.queryByTestId('promoted-badge')).not.toBeInTheDocument();
    });
  });
  it("saves to favourites with its heart without opening the listing, the heart described by the card's title", async () => {
    const property = makeRent({ title: 'Nyumba Sinza' });
    const user = userEvent.setup();
    await renderApp(<PropertyCard property={property} />, { url: '/home', path: '/home' });
    const heart = screen.getByRole('button', { name: 'Save to favourites' });
    expect(heart).toHaveAccessibleDescription('Nyumba Sinza');
    await user.click(heart);

    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(LOCAL_FAVOURITES_KEY)).toContain(property.id);
  });
});
