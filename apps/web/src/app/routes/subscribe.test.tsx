import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  LISTING_ID,
  SUBSCRIPTION_PLANS,
  serveCheckout,
} from '../../features/checkout/testing/checkout-api';
import { LocationProbe, renderApp } from '../../testing/test-utils';
import { SubscribeRoute } from './subscribe';

function StateProbe() {
  const location = useLocation();
  return <output data-testid="state">{JSON.stringify(location.state)}</output>;
}

const routes: RouteObject[] = [
  { path: '/subscribe', element: <SubscribeRoute /> },
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

describe('/subscribe', () => {
  it('Select Plan goes to /plan/{days} with the plan and the origin in state', async () => {
    serveCheckout();
    const user = userEvent.setup();
    const from = { pathname: `/lease/${LISTING_ID}`, search: '?tab=1', hash: '' };
    await renderApp(null, { routes, url: '/subscribe', state: { from } });
    expect(
      await screen.findByRole('heading', {
        level: 1,
        name: 'Choose Property Viewing Subscription',
      }),
    ).toBeInTheDocument();
    const cards = await screen.findAllByTestId('plan-card');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      '1 Day',
      '30 Days',
    ]);
    expect(cards[1]).toHaveTextContent('TZS 20,000');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute(
      'href',
      `/lease/${LISTING_ID}?tab=1`,
    );

    await user.click(within(cards[1]!).getByRole('link', { name: 'Select Plan' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/plan/30'));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      plan: SUBSCRIPTION_PLANS[1],
      from: `/lease/${LISTING_ID}?tab=1`,
    });
  });

  it('passes no origin when there is none, and goes Back home', async () => {
    serveCheckout();
    const user = userEvent.setup();
    await renderApp(null, {
      routes,
      url: '/subscribe',
      state: { from: { pathname: '//evil.example' } },
    });
    const cards = await screen.findAllByTestId('plan-card');
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/home');
    await user.click(within(cards[0]!).getByRole('link', { name: 'Select Plan' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/plan/1'));
    expect(JSON.parse(screen.getByTestId('state').textContent ?? 'null')).toEqual({
      plan: SUBSCRIPTION_PLANS[0],
    });
  });
});
