import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  PAYMENT_ID,
  PROMOTION_PLANS,
  payment,
  serveCheckout,
} from '../../features/checkout/testing/checkout-api';
import { showToast } from '../../lib/toast';
import { apiErrorResponse, requestsTo, sentBody, signIn } from '../../testing/account';
import { makeRent } from '../../testing/fixtures';
import { LocationProbe, jsonResponse, renderApp } from '../../testing/test-utils';
import { PromotionPlanRoute } from './promotion-plan';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const routes: RouteObject[] = [
  {
    path: '/promotion-plan/:days',
    element: (
      <>
        <PromotionPlanRoute />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

const WEEK = PROMOTION_PLANS[0]!;

async function pay(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Mobile money network'), 'mpesa');
  const input = screen.getByLabelText('Phone number to pay from');
  await user.clear(input);
  await user.type(input, '0754000111');
  await user.click(screen.getByRole('button', { name: 'Pay TZS 5,000' }));
}

describe('/promotion-plan/{days}', () => {
  it('promotes the listing it was given, then goes to /posts with the success toast', async () => {
    signIn();
    const property = makeRent({ title: 'Nyumba Sinza' });
    const promotePath = `/api/properties/${property.id}/promote`;
    const fetchMock = serveCheckout({
      payments: [
        jsonResponse(
          payment('succeeded', {
            purpose: 'promotion',
            amount: WEEK.price,
            planId: WEEK.id,
            propertyId: property.id,
          }),
        ),
      ],
    });
    const user = userEvent.setup();
    await renderApp(null, {
      routes,
      url: '/promotion-plan/7',
      state: { property, plan: WEEK },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Promote your listing' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('promoted-listing')).toHaveTextContent('Listing: Nyumba Sinza');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('ListingNyumba Sinza');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('Plan7 Days');
    expect(screen.getByTestId('order-what')).toHaveTextContent(
      'Your listing is shown first in Newest, with a “Promoted” badge, for 7 days.',
    );

    await pay(user);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/posts'));
    const sent = requestsTo(fetchMock, promotePath, 'POST').map(sentBody);
    expect(sent).toEqual([
      {
        promotionPlanId: WEEK.id,
        phoneNumber: '0754000111',
        provider: 'mpesa',
        idempotencyKey: expect.stringMatching(UUID) as unknown,
      },
    ]);
    expect(requestsTo(fetchMock, '/api/subscription/create', 'POST')).toHaveLength(0);
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT_ID}`)).toHaveLength(1);
    expect(vi.mocked(showToast).mock.calls).toContainEqual(['Promoted successiful!', 'success']);
  });

  it("shows the server's reason when the listing cannot be promoted", async () => {
    signIn();
    const property = makeRent({ title: 'Nyumba Sinza' });
    serveCheckout({
      checkout: [
        apiErrorResponse(
          409,
          'CONFLICT',
          'Only approved listings can be promoted. Wait for the review, then try again.',
        ),
      ],
    });
    const user = userEvent.setup();
    await renderApp(null, { routes, url: '/promotion-plan/7', state: { property } });
    await pay(user);
    expect(
      await screen.findByText(
        'Only approved listings can be promoted. Wait for the review, then try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/promotion-plan/7');
  });

  it('says so when opened without a listing, and links to /posts', async () => {
    signIn();
    const fetchMock = serveCheckout();
    await renderApp(null, { routes, url: '/promotion-plan/7' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No listing chosen' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your posts' })).toHaveAttribute(
      'href',
      '/posts',
    );
    expect(screen.queryByLabelText('Mobile money network')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
