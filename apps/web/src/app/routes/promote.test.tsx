import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PROMOTION_PLANS, serveCheckout } from '../../features/checkout/testing/checkout-api';
import { signIn } from '../../testing/account';
import { makeRent } from '../../testing/fixtures';
import { LocationProbe, renderApp, requestedUrls } from '../../testing/test-utils';
import { PromoteRoute } from './promote';

function StateProbe() {
  const { state } = useLocation() as { state: { property?: { id?: string }; plan?: unknown } };
  return (
    <output data-testid="state">
      {JSON.stringify({ property: state?.property?.id, plan: state?.plan })}
    </output>
  );
}

const routes: RouteObject[] = [
  { path: '/promote', element: <PromoteRoute /> },
  {
    path: '*',
    element: (
      <>
        <LocationProbe />
        <StateProbe />
      </>
    ),
  },
];

describe('/promote', () => {
  it('lists the promotion plans for the listing and passes the listing on', async () => {
    signIn();
    const fetchMock = serveCheckout();
    const user = userEvent.setup();
    const property = makeRent({ title: 'Nyumba Sinza' });
    await renderApp(null, { routes, url: '/promote', state: { property } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose Promotion Plan' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('promoted-listing')).toHaveTextContent('Listing: Nyumba Sinza');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/posts');
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '7 Days',
      '14 Days',
    ]);
    expect(requestedUrls(fetchMock).map((url) => url.pathname)).toContain('/api/promotion-plan');

    await user.click(within(cards[0]!).getByRole('link', { name: 'Select Plan' }));

    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/promotion-plan/7'),
    );
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '{}')).toEqual({
      property: property.id,
      plan: PROMOTION_PLANS[0],
    });
  });

  it('says so when no listing was passed, and links to /posts', async () => {
    signIn();
    serveCheckout();
    await renderApp(null, { routes, url: '/promote' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No listing chosen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your posts' })).toHaveAttribute(
      'href',
      '/posts',
    );
    expect(screen.queryByTestId('plan-card')).not.toBeInTheDocument();
  });
});
