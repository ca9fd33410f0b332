import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/test-utils';
import { LISTING_ID, PROMOTION_PLANS, SUBSCRIPTION_PLANS } from '../testing/checkout-api';
import { OrderSummary } from './order-summary';

const DAY = SUBSCRIPTION_PLANS[0]!;
const WEEK = PROMOTION_PLANS[0]!;

describe('the order summary', () => {
  it('says what a subscription gives, for how long, and its price', async () => {
    await renderApp(<OrderSummary plan={DAY} kind="subscription" />);
    const summary = screen.getByRole('region', { name: 'Order summary' });
    // Under the payment step's own heading by default.
    expect(within(summary).getByRole('heading', { level: 3 })).toHaveTextContent('Order summary');
    expect(screen.getByTestId('order-what')).toHaveTextContent(
      "View owners' phone numbers for 1 day.",
    );
    expect(screen.getByTestId('order-summary')).toHaveTextContent('Plan1 Day');
    expect(screen.getByTestId('order-summary')).toHaveTextContent('PriceTZS 1,000');
    expect(screen.getByTestId('order-summary')).not.toHaveTextContent('Listing');
    expect(screen.getByTestId('order-total')).toHaveTextContent('TZS 1,000');
  });

  it.each([
    {
      language: 'en' as const,
      title: 'Nyumba Sinza',
      what: 'Your listing is shown first in Newest, with a “Promoted” badge, for 7 days.',
      rows: ['ListingNyumba Sinza', 'Plan7 Days', 'PriceTZS 5,000'],
    },
    {
      language: 'sw' as const,
      title: '',
      what: 'Tangazo lako linakaa juu kabisa kwenye Mapya zaidi, likiwa na alama ya “Imepandishwa”, kwa siku 7.',
      rows: ['TangazoTangazo lisilo na kichwa', 'KifurushiSiku 7', 'BeiTZS 5,000'],
    },
  ])(
    'names the promoted listing and how long it is promoted ($language)',
    async ({ language, title, what, rows }) => {
      await renderApp(
        <OrderSummary
          plan={WEEK}
          kind="promotion"
          listing={{ id: LISTING_ID, title }}
          headingLevel={2}
        />,
        { language },
      );
      expect(screen.getByRole('heading', { level: 2 })).toBeInTheDocument();
      expect(screen.getByTestId('order-what')).toHaveTextContent(what);
      for (const row of rows) expect(screen.getByTestId('order-summary')).toHaveTextContent(row);
      expect(screen.getByTestId('order-total')).toHaveTextContent('TZS 5,000');
    },
  );
});
