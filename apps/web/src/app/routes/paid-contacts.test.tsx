import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TLocale } from '@makazi/contracts/common';
import {
  LISTING_ID,
  PAYMENT_ID,
  payment,
  serveCheckout,
} from '../../features/checkout/testing/checkout-api';
import { subscribedReturnState } from '../../lib/subscribed-return';
import { USER_SUB, apiErrorResponse, requestsTo, signIn } from '../../testing/account';
import { makeRent } from '../../testing/fixtures';
import { createTestI18n, createTestQueryClient, jsonResponse } from '../../testing/test-utils';
import { AppProvider } from '../provider';
import { createRoutes } from '../router';

/*
 * Issue 41: a visitor taps View Contacts on a listing, is sent to the plans, pays, and is brought
 * back to the listing, where the contacts show at once: the return carries the intent in history
 * state, which the page takes out once it has read it. The contacts still come through the
 * subscription guard and the API's contact route (which records the reveal and applies the cap).
 * The app's real route table, so the guard, /subscribe, /plan and the detail page are the app's.
 */

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const LISTING = makeRent({ id: LISTING_ID, title: 'Nyumba ya kupanga Sinza' });
const LISTING_PATH = `/lease/${LISTING_ID}`;
const CONTACT_PATH = `/api/properties/${LISTING_ID}/contact`;
const OWNER = { ownerName: 'Juma Hamisi', phoneNumber: '+255754111222' };

const TEXT = {
  en: {
    view: 'View Contacts',
    hide: 'Hide Contacts',
    selectPlan: 'Select Plan',
    network: 'Mobile money network',
    phone: 'Phone number to pay from',
    pay: /^Pay TZS/,
    call: 'Call',
    back: 'Back',
  },
  sw: {
    view: 'Ona Mawasiliano',
    hide: 'Ficha Mawasiliano',
    selectPlan: 'Chagua Kifurushi',
    network: 'Mtandao wa pesa ya simu',
    phone: 'Namba ya simu ya kulipia',
    pay: /^Lipa TZS/,
    call: 'Piga simu',
    back: 'Rudi',
  },
} as const;

/**
 * The API: the listing, the plans and the checkout; the subscription is inactive until the
 * payment is reported succeeded; the contact route answers the owner.
 */
function serve() {
  let paid = false;
  return serveCheckout({
    payments: [
      () => {
        paid = true;
        return jsonResponse(payment('succeeded'));
      },
    ],
    otherwise: (url) => {
      if (url.pathname === `/api/properties/${LISTING_ID}`) return jsonResponse(LISTING);
      if (url.pathname === `/api/subscription/status/${USER_SUB}`) {
        return jsonResponse({
          data: paid
            ? { isActive: true, endsAt: '2099-01-01T00:00:00.000Z' }
            : { isActive: false, endsAt: null },
        });
      }
      if (url.pathname === CONTACT_PATH) return jsonResponse(OWNER);
      if (url.pathname === '/api/properties') return jsonResponse([]);
      return apiErrorResponse(404, 'NOT_FOUND');
    },
  });
}

async function renderApp(entry: InitialEntry, language: TLocale = 'en') {
  const i18n = await createTestI18n(language);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [entry] });
  render(
    <AppProvider i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return router;
}

beforeEach(() => {
  window.sessionStorage.clear();
  signIn();
});

describe('View Contacts, subscribe, pay, and back on the listing', () => {
  it.each(['en', 'sw'] as const)(
    'shows the contacts at once, through the guard and the contact route, without a second tap (%s)',
    async (language) => {
      const text = TEXT[language];
      const fetchMock = serve();
      const user = userEvent.setup();
      const router = await renderApp(LISTING_PATH, language);

      await user.click(await screen.findByRole('button', { name: text.view }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
      await user.click((await screen.findAllByRole('link', { name: text.selectPlan }))[0]!);
      await waitFor(() => expect(router.state.location.pathname).toBe('/plan/1'));
      await user.selectOptions(await screen.findByLabelText(text.network), 'mpesa');
      const phone = screen.getByLabelText(text.phone);
      await user.clear(phone);
      await user.type(phone, '0754000111');
      await user.click(screen.getByRole('button', { name: text.pay }));

      await waitFor(() => expect(router.state.location.pathname).toBe(LISTING_PATH));
      const call = await screen.findByRole('link', { name: text.call });
      expect(call).toHaveAttribute('href', 'tel:+255754111222');
      expect(screen.getByText(OWNER.ownerName)).toBeInTheDocument();
      const toggle = screen.getByRole('button', { name: text.hide });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(requestsTo(fetchMock, `/api/payments/${PAYMENT_ID}`)).toHaveLength(1);
      // The API's own reveal, once: it records it and applies the day's cap.
      expect(requestsTo(fetchMock, CONTACT_PATH)).toHaveLength(1);
      // Read once: the history entry no longer carries the intent, so a reload is a plain visit.
      await waitFor(() => expect(router.state.location.state).toBeNull());
      expect(router.state.location.pathname).toBe(LISTING_PATH);
      expect(screen.getByRole('link', { name: text.call })).toBeInTheDocument();
    },
  );

  it('opens nothing on a listing reached without paying: Back from the plans', async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    const router = await renderApp(LISTING_PATH);
    await user.click(await screen.findByRole('button', { name: 'View Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    // The plans are on screen (not the listing, whose own Back link goes to the list).
    await screen.findAllByRole('link', { name: 'Select Plan' });
    await user.click(screen.getByRole('link', { name: 'Back' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(LISTING_PATH));
    const view = await screen.findByRole('button', { name: 'View Contacts' });
    expect(view).toHaveAttribute('aria-expanded', 'false');
    expect(requestsTo(fetchMock, CONTACT_PATH)).toHaveLength(0);
  });

  it('keeps to the guard when the mark is there but the subscription is not: the plans again, no contact asked for', async () => {
    const fetchMock = serve();
    const router = await renderApp({ pathname: LISTING_PATH, state: subscribedReturnState() });
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(requestsTo(fetchMock, CONTACT_PATH)).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
  });
});
