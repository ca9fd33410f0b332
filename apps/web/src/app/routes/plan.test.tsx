import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  CHECKOUT_LIMIT_MESSAGE,
  PAYER_PHONE_LIMIT_MESSAGE,
} from '@makazi/contracts/payment-values';
import {
  LISTING_ID,
  PAYMENT_ID,
  SUBSCRIPTION_PLANS,
  WAITING_ID,
  accepted,
  payment,
  refusedForWaiting,
  serveCheckout,
  waitingPayment,
} from '../../features/checkout/testing/checkout-api';
import { PENDING_PAYMENT_KEY } from '../../features/checkout/utils/pending-payment';
import { showToast } from '../../lib/toast';
import { accountQueryKey } from '../../lib/sign-out';
import { USER_SUB, apiErrorResponse, requestsTo, sentBody, signIn } from '../../testing/account';
import { LocationProbe, jsonResponse, renderApp } from '../../testing/test-utils';
import {
  LOGIN_ANSWER,
  SIGNUP_ANSWER,
  USER_ID as AUTH_USER_ID,
  VERIFY_ANSWER,
} from '../../features/auth/testing/auth-api';
import { PlanRoute } from './plan';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

vi.mock(import('../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const routes: RouteObject[] = [
  {
    path: '/plan/:days',
    element: (
      <>
        <PlanRoute />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

const MONTH = SUBSCRIPTION_PLANS[1]!;
const FROM = `/lease/${LISTING_ID}`;
const CREATE = '/api/subscription/create';
const STATUS_KEY = [...accountQueryKey(USER_SUB), 'subscription-status'];

function renderPlan(days = 30, state: unknown = { plan: MONTH, from: FROM }) {
  return renderApp(null, { routes, url: `/plan/${days}`, state });
}

function toasts() {
  return vi.mocked(showToast).mock.calls;
}

async function fillAndPay(user: ReturnType<typeof userEvent.setup>, phone = '0754000111') {
  await user.selectOptions(await screen.findByLabelText('Mobile money network'), 'airtelmoney');
  const input = screen.getByLabelText('Phone number to pay from');
  await user.clear(input);
  await user.type(input, phone);
  await user.click(screen.getByRole('button', { name: /^Pay TZS/ }));
}

function createBodies(fetchMock: ReturnType<typeof serveCheckout>) {
  return requestsTo(fetchMock, CREATE, 'POST').map(
    (init) => sentBody(init) as Record<string, unknown>,
  );
}

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('/plan/{days} for an anonymous visitor', () => {
  it('shows step 1, contact details, and no payment form', async () => {
    serveCheckout();
    await renderPlan();
    const step = await screen.findByTestId('checkout-contact-step');
    expect(within(step).getByText('Step 1 of 2')).toBeInTheDocument();
    expect(within(step).getByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByLabelText('Mobile money network')).not.toBeInTheDocument();
  });

  it.each([
    {
      language: 'en' as const,
      days: 30,
      // The plan the list page passed, drawn before the list arrives.
      state: { plan: MONTH, from: FROM },
      summary: 'Order summary',
      what: "View owners' phone numbers for 30 days.",
      plan: 'Plan30 Days',
      price: 'PriceTZS 20,000',
      total: 'TZS 20,000',
      contact: 'Your contact details',
    },
    {
      language: 'sw' as const,
      days: 1,
      // Opened without state (typed in, reloaded): the plan comes from the list.
      state: null,
      summary: 'Muhtasari wa oda',
      what: 'Ona namba za wamiliki kwa siku 1.',
      plan: 'KifurushiSiku 1',
      price: 'BeiTZS 1,000',
      total: 'TZS 1,000',
      contact: 'Taarifa zako za mawasiliano',
    },
  ])(
    'says on step 1 what is being bought, the plan and its price ($language)',
    async ({ language, days, state, ...text }) => {
      serveCheckout();
      await renderApp(null, { routes, url: `/plan/${days}`, state, language });
      const step = await screen.findByTestId('checkout-contact-step');
      const summary = within(step).getByRole('region', { name: text.summary });
      expect(
        within(summary).getByRole('heading', { level: 2, name: text.summary }),
      ).toBeInTheDocument();
      expect(within(summary).getByText(text.what)).toBeVisible();
      expect(within(summary).getByTestId('order-summary')).toHaveTextContent(text.plan);
      expect(within(summary).getByTestId('order-summary')).toHaveTextContent(text.price);
      expect(within(summary).getByTestId('order-total')).toHaveTextContent(text.total);
      // The summary comes before the contact details, which stay step 1's form.
      const contact = within(step).getByRole('region', { name: text.contact });
      expect(
        summary.compareDocumentPosition(contact) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(screen.queryByLabelText(/^(Mobile money network|Mtandao)/)).not.toBeInTheDocument();
    },
  );

  it('moves on to step 2, focused, once step 1 has signed the visitor in', async () => {
    const fetchMock = serveCheckout({
      otherwise: (url) => {
        if (url.pathname === '/api/auth/signup')
          return jsonResponse(SIGNUP_ANSWER, { status: 201 });
        if (url.pathname === '/api/auth/login') return jsonResponse(LOGIN_ANSWER);
        if (url.pathname === '/api/auth/verify-otp') return jsonResponse(VERIFY_ANSWER);
        return apiErrorResponse(404, 'NOT_FOUND');
      },
    });
    const user = userEvent.setup();
    await renderPlan();
    await user.type(await screen.findByLabelText('First name'), 'Asha');
    await user.type(screen.getByLabelText('Last name'), 'Mushi');
    await user.type(screen.getByLabelText('Phone number'), '0712345678');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { name: 'Step 2 of 2: Payment' })).toHaveFocus();
    expect(screen.queryByTestId('checkout-contact-step')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Mobile money network'), 'mpesa');
    const input = screen.getByLabelText('Phone number to pay from');
    await user.clear(input);
    await user.type(input, '0712345678');
    await user.click(screen.getByRole('button', { name: 'Pay TZS 20,000' }));
    await screen.findByText('Check your phone and enter your PIN');
    expect(createBodies(fetchMock)[0]).toMatchObject({ userId: AUTH_USER_ID, planId: MONTH.id });
  });
});

describe('/plan/{days} for a signed-in user', () => {
  it('goes straight to payment: networks, phone pre-filled, summary and method', async () => {
    signIn();
    serveCheckout();
    await renderPlan();
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-contact-step')).not.toBeInTheDocument();
    const network = screen.getByLabelText('Mobile money network');
    expect(
      within(network)
        .getAllByRole('option')
        .slice(1)
        .map((option) => [option.getAttribute('value'), option.textContent]),
    ).toEqual([
      ['mpesa', 'M-Pesa'],
      ['halopesa', 'Halopesa'],
      ['airtelmoney', 'Airtel Money'],
      ['tpesa', 'T-pesa'],
      ['tigopesa', 'Tigo Pesa'],
    ]);
    // The user's own number, as Tanzanians type it.
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number to pay from')).toHaveValue('0712345678'),
    );
    const summary = screen.getByTestId('order-summary');
    expect(summary).toHaveTextContent('Plan30 Days');
    expect(summary).toHaveTextContent('PriceTZS 20,000');
    expect(summary).toHaveTextContent('Discount 0%');
    expect(screen.getByTestId('order-total')).toHaveTextContent('TZS 20,000');
    expect(screen.getByRole('radio', { name: 'Mobile Payment' })).toBeChecked();
  });

  it('refuses a bad phone with a message naming both formats and sends nothing', async () => {
    signIn();
    const fetchMock = serveCheckout();
    const user = userEvent.setup();
    await renderPlan();
    await fillAndPay(user, '12345');
    const input = screen.getByLabelText('Phone number to pay from');
    const message = await screen.findByText(
      'Invalid phone number format. Please use +255xxxxxxxxx or 0xxxxxxxxx.',
    );
    expect(message).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.getAttribute('aria-describedby')).toContain(message.id);
    expect(input).toHaveFocus();
    expect(requestsTo(fetchMock, CREATE, 'POST')).toHaveLength(0);
  });

  it('sends the network, phone, plan, user and one idempotency key; a double tap sends once', async () => {
    signIn();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = serveCheckout({ checkout: [() => held.then(accepted)] });
    const user = userEvent.setup();
    await renderPlan();
    await user.selectOptions(await screen.findByLabelText('Mobile money network'), 'halopesa');
    const input = screen.getByLabelText('Phone number to pay from');
    await user.clear(input);
    await user.type(input, '+255754000111');
    await user.dblClick(screen.getByRole('button', { name: 'Pay TZS 20,000' }));
    await user.click(screen.getByRole('button', { name: 'Sending request…' }));
    release();

    expect(await screen.findByText('Check your phone and enter your PIN')).toBeInTheDocument();
    const bodies = createBodies(fetchMock);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      userId: USER_SUB,
      planId: MONTH.id,
      phoneNumber: '+255754000111',
      provider: 'halopesa',
      idempotencyKey: expect.stringMatching(UUID) as unknown,
    });
  });

  it('retries a submit lost on the network with the same key, and says creation failed', async () => {
    signIn();
    const fetchMock = serveCheckout({
      checkout: [() => Promise.reject(new TypeError('Failed to fetch')), accepted],
    });
    const user = userEvent.setup();
    await renderPlan();
    await fillAndPay(user);
    const alert = await screen.findByText('Failed to create subscription. Please try again.');
    expect(alert.closest('[role="alert"]')).toHaveTextContent(/No connection/);
    expect(toasts()).toContainEqual(['Failed to create subscription. Please try again.', 'error']);

    await user.click(screen.getByRole('button', { name: 'Pay TZS 20,000' }));
    expect(await screen.findByText('Check your phone and enter your PIN')).toBeInTheDocument();
    const [first, second] = createBodies(fetchMock);
    expect(second?.idempotencyKey).toBe(first?.idempotencyKey);
  });

  it("shows the server's words for a refused checkout and its field errors by field", async () => {
    signIn();
    serveCheckout({
      checkout: [
        jsonResponse(
          {
            statusCode: 400,
            code: 'VALIDATION_FAILED',
            message: 'phoneNumber: bad',
            details: [
              {
                field: 'phoneNumber',
                message: 'Invalid phone number format. Please use +255xxxxxxxxx or 0xxxxxxxxx.',
              },
            ],
          },
          { status: 400 },
        ),
        apiErrorResponse(429, 'RATE_LIMITED', 'Too many requests'),
      ],
    });
    const user = userEvent.setup();
    await renderPlan();
    await fillAndPay(user);
    expect(
      await screen.findByText(
        'Invalid phone number format. Please use +255xxxxxxxxx or 0xxxxxxxxx.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number to pay from')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Pay TZS 20,000' }));
    expect(
      await screen.findByText('Too many attempts. Wait a moment, then try again.'),
    ).toBeInTheDocument();
  });

  it('waits for the PIN, polling until the payment succeeds, then returns to the origin', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetchMock = serveCheckout({
      payments: [
        jsonResponse(payment('pending', { provider: 'airtelmoney' })),
        jsonResponse(payment('succeeded', { provider: 'airtelmoney' })),
      ],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const { queryClient } = await renderPlan();
    queryClient.setQueryData(STATUS_KEY, { isActive: false, endsAt: null });
    await fillAndPay(user);

    const status = await screen.findByTestId('payment-wait');
    expect(status).toHaveTextContent('Check your phone and enter your PIN');
    expect(status).toHaveTextContent('TZS 20,000');
    expect(status).toHaveTextContent('Airtel Money');
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_PAYMENT_KEY) ?? '{}')).toMatchObject({
      paymentId: PAYMENT_ID,
      kind: 'subscription',
      returnTo: FROM,
    });
    await waitFor(() =>
      expect(requestsTo(fetchMock, `/api/payments/${PAYMENT_ID}`)).toHaveLength(1),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/plan/30');

    await act(() => vi.advanceTimersByTimeAsync(2_000));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(FROM));
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT_ID}`)).toHaveLength(2);
    expect(queryClient.getQueryState(STATUS_KEY)?.isInvalidated).toBe(true);
    expect(toasts()).toContainEqual(['Payment received. Your subscription is active.', 'success']);
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
  });

  it('keeps waiting through a failed check, saying it is checking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    serveCheckout({
      payments: [
        () => Promise.reject(new TypeError('Failed to fetch')),
        jsonResponse(payment('pending')),
      ],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await renderPlan();
    await fillAndPay(user);
    expect(await screen.findByTestId('payment-checking')).toHaveTextContent('Checking…');
    expect(screen.getByText('Check your phone and enter your PIN')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() => expect(screen.queryByTestId('payment-checking')).not.toBeInTheDocument());
    expect(screen.getByText('Check your phone and enter your PIN')).toBeInTheDocument();
  });

  it('shows why a payment failed, and Try again starts a new attempt with a new key', async () => {
    signIn();
    const fetchMock = serveCheckout({
      payments: [
        jsonResponse(
          payment('failed', { reason: 'Insufficient balance.', failure: 'insufficient_funds' }),
        ),
      ],
    });
    const user = userEvent.setup();
    const { queryClient } = await renderPlan();
    queryClient.setQueryData(STATUS_KEY, { isActive: false, endsAt: null });
    await fillAndPay(user);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment failed' })).toHaveFocus();
    // Our words for why, never the provider's.
    expect(alert).toHaveTextContent(
      'There was not enough money in the mobile money account. Nothing was charged.',
    );
    expect(alert).not.toHaveTextContent('Insufficient balance.');
    expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    expect(screen.getByRole('link', { name: 'Choose another plan' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(queryClient.getQueryState(STATUS_KEY)?.isInvalidated).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toHaveFocus();
    // The network chosen before is chosen again.
    expect(screen.getByLabelText('Mobile money network')).toHaveValue('airtelmoney');
    await fillAndPay(user);
    await screen.findByRole('alert');
    const [first, second] = createBodies(fetchMock);
    expect(second?.idempotencyKey).toMatch(UUID);
    expect(second?.idempotencyKey).not.toBe(first?.idempotencyKey);
  });

  it('says why in Swahili on a Swahili screen, whatever words the provider used', async () => {
    signIn();
    serveCheckout({
      payments: [
        jsonResponse(
          payment('failed', { reason: 'Declined by the payer (simulated)', failure: 'declined' }),
        ),
      ],
    });
    const user = userEvent.setup();
    await renderApp(null, {
      routes,
      url: '/plan/30',
      state: { plan: MONTH, from: FROM },
      language: 'sw',
    });
    await user.selectOptions(await screen.findByLabelText('Mtandao wa pesa ya simu'), 'mpesa');
    const phone = screen.getByLabelText('Namba ya simu ya kulipia');
    await user.clear(phone);
    await user.type(phone, '0754000111');
    await user.click(screen.getByRole('button', { name: /^Lipa TZS/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Malipo yalikataliwa kwenye simu. Hakuna kilichokatwa.');
    expect(alert).not.toHaveTextContent('Declined');
  });

  it('resumes waiting after a reload instead of offering to pay again', async () => {
    signIn();
    window.sessionStorage.setItem(
      PENDING_PAYMENT_KEY,
      JSON.stringify({
        paymentId: PAYMENT_ID,
        kind: 'subscription',
        userId: USER_SUB,
        returnTo: FROM,
        amount: 20000,
        provider: 'tigopesa',
        durationInDays: 30,
      }),
    );
    const fetchMock = serveCheckout({
      payments: [jsonResponse(payment('succeeded', { provider: 'tigopesa' }))],
    });
    // A reload keeps the URL but not necessarily the state.
    await renderPlan(30, null);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(FROM));
    expect(requestsTo(fetchMock, `/api/payments/${PAYMENT_ID}`)).toHaveLength(1);
    expect(requestsTo(fetchMock, CREATE, 'POST')).toHaveLength(0);
  });

  it('shows the waiting screen, not the form, for a stored pending payment', async () => {
    signIn();
    window.sessionStorage.setItem(
      PENDING_PAYMENT_KEY,
      JSON.stringify({
        paymentId: PAYMENT_ID,
        kind: 'subscription',
        userId: USER_SUB,
        returnTo: FROM,
        amount: 1000,
        provider: 'tigopesa',
        durationInDays: 1,
      }),
    );
    serveCheckout({
      payments: [jsonResponse(payment('pending', { amount: 1000, provider: 'tigopesa' }))],
    });
    await renderPlan(30, null);
    expect(await screen.findByText('Check your phone and enter your PIN')).toBeInTheDocument();
    expect(screen.getByTestId('payment-wait')).toHaveTextContent('Tigo Pesa');
    expect(screen.queryByLabelText('Mobile money network')).not.toBeInTheDocument();
  });

  it('lets the user switch to another plan, which replaces the page', async () => {
    signIn();
    serveCheckout();
    const user = userEvent.setup();
    await renderPlan();
    const others = await screen.findByRole('navigation', { name: 'Other plans' });
    await user.click(within(others).getByRole('link', { name: '1 Day · TZS 1,000' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/plan/1'));
    expect(await screen.findByTestId('order-total')).toHaveTextContent('TZS 1,000');
    expect(screen.getByRole('button', { name: 'Pay TZS 1,000' })).toBeInTheDocument();
  });

  it.each([['/plan/5'], ['/plan/abc']])(
    'says %s is not a plan, with a link to the plans',
    async (url) => {
      signIn();
      serveCheckout();
      await renderApp(null, { routes, url, state: null });
      const missing = await screen.findByTestId('plan-not-found');
      expect(within(missing).getByRole('heading', { name: 'Plan not found' })).toBeInTheDocument();
      expect(within(missing).getByRole('link', { name: 'See the plans' })).toHaveAttribute(
        'href',
        '/subscribe',
      );
    },
  );

  it('speaks Swahili: the phone message and the waiting screen', async () => {
    signIn();
    serveCheckout({ user: apiErrorResponse(404, 'NOT_FOUND') });
    const user = userEvent.setup();
    await renderApp(null, {
      routes,
      url: '/plan/30',
      state: { plan: MONTH },
      language: 'sw',
    });
    await user.selectOptions(await screen.findByLabelText('Mtandao wa pesa ya simu'), 'mpesa');
    const input = screen.getByLabelText('Namba ya simu ya kulipia');
    await user.type(input, '0712');
    await user.click(screen.getByRole('button', { name: 'Lipa TZS 20,000' }));
    expect(
      await screen.findByText(
        'Muundo wa namba ya simu si sahihi. Tafadhali tumia +255xxxxxxxxx au 0xxxxxxxxx.',
      ),
    ).toBeInTheDocument();
    await user.type(input, '345678');
    await user.click(screen.getByRole('button', { name: 'Lipa TZS 20,000' }));
    expect(await screen.findByText('Angalia simu yako na uweke PIN yako')).toBeInTheDocument();
  });
});

describe('/plan/{days} while another payment waits for the payer', () => {
  it('says so, cancels that payment at once, and then the user can pay', async () => {
    signIn();
    const fetchMock = serveCheckout({ checkout: [refusedForWaiting, accepted] });
    const user = userEvent.setup();
    await renderPlan();
    await fillAndPay(user);

    const notice = await screen.findByTestId('payment-waiting');
    expect(
      within(notice).getByRole('heading', { name: 'A payment is already waiting' }),
    ).toHaveFocus();
    await waitFor(() =>
      expect(within(notice).getByTestId('payment-waiting-text')).toHaveTextContent(
        'A payment of TZS 5,000 (Tigo Pesa) is waiting for your answer on your phone.',
      ),
    );
    expect(screen.queryByText('Failed to create subscription. Please try again.')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Pay TZS/ })).not.toBeInTheDocument();
    // Not before that payment has ended: the button says why it waits.
    const tryAgain = within(notice).getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveAttribute('aria-disabled', 'true');
    expect(tryAgain).toHaveAccessibleDescription(
      'Try again becomes possible once that payment has ended.',
    );
    await user.click(tryAgain);
    expect(createBodies(fetchMock)).toHaveLength(1);

    await user.click(within(notice).getByRole('button', { name: 'Cancel that payment' }));
    expect(await screen.findByTestId('payment-notice')).toHaveTextContent(
      'The waiting payment was cancelled. You can pay now.',
    );
    expect(requestsTo(fetchMock, `/api/payments/${WAITING_ID}/cancel`, 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    const pay = screen.getByRole('button', { name: 'Pay TZS 20,000' });
    expect(pay).toHaveFocus();

    await user.click(pay);
    expect(await screen.findByText('Check your phone and enter your PIN')).toBeInTheDocument();
    const [refused, sent] = createBodies(fetchMock);
    // The refused attempt recorded nothing: its key is this attempt's.
    expect(sent?.idempotencyKey).toBe(refused?.idempotencyKey);
  });

  it('offers Try again once the waiting payment has ended, asking about it every 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const fetchMock = serveCheckout({
      checkout: [refusedForWaiting, accepted],
      waiting: [jsonResponse(waitingPayment('pending')), jsonResponse(waitingPayment('expired'))],
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    await renderPlan();
    await fillAndPay(user);
    const notice = await screen.findByTestId('payment-waiting');
    await waitFor(() =>
      expect(requestsTo(fetchMock, `/api/payments/${WAITING_ID}`)).toHaveLength(1),
    );
    expect(within(notice).getByRole('button', { name: 'Try again' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );

    await act(() => vi.advanceTimersByTimeAsync(2_000));
    await waitFor(() =>
      expect(within(notice).getByTestId('payment-waiting-text')).toHaveTextContent(
        'That payment has ended: not approved in time. You can try again now.',
      ),
    );
    expect(within(notice).queryByRole('button', { name: 'Cancel that payment' })).toBeNull();
    const tryAgain = within(notice).getByRole('button', { name: 'Try again' });
    expect(tryAgain).not.toHaveAttribute('aria-disabled');
    await user.click(tryAgain);
    expect(await screen.findByText('Check your phone and enter your PIN')).toBeInTheDocument();
    expect(createBodies(fetchMock)).toHaveLength(2);
  });

  it('shows how the waiting payment ended when it could no longer be cancelled', async () => {
    signIn();
    serveCheckout({
      checkout: [refusedForWaiting],
      waiting: [jsonResponse(waitingPayment('pending')), jsonResponse(waitingPayment('succeeded'))],
      cancel: [
        apiErrorResponse(
          409,
          'CONFLICT',
          'Only a payment waiting for an answer can be cancelled; this one is succeeded.',
        ),
      ],
    });
    const user = userEvent.setup();
    await renderPlan();
    await fillAndPay(user);
    const notice = await screen.findByTestId('payment-waiting');
    await user.click(within(notice).getByRole('button', { name: 'Cancel that payment' }));
    await waitFor(() =>
      expect(within(notice).getByTestId('payment-waiting-text')).toHaveTextContent(
        'That payment has ended: paid. You can try again now.',
      ),
    );
    expect(screen.queryByTestId('payment-notice')).not.toBeInTheDocument();
  });

  it('speaks Swahili while a payment waits', async () => {
    signIn();
    serveCheckout({ checkout: [refusedForWaiting], user: apiErrorResponse(404, 'NOT_FOUND') });
    const user = userEvent.setup();
    await renderApp(null, { routes, url: '/plan/30', state: { plan: MONTH }, language: 'sw' });
    await user.selectOptions(await screen.findByLabelText('Mtandao wa pesa ya simu'), 'mpesa');
    const phone = screen.getByLabelText('Namba ya simu ya kulipia');
    await user.clear(phone);
    await user.type(phone, '0754000111');
    await user.click(screen.getByRole('button', { name: 'Lipa TZS 20,000' }));
    const notice = await screen.findByTestId('payment-waiting');
    expect(
      within(notice).getByRole('heading', { name: 'Tayari kuna malipo yanayosubiri' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(notice).getByTestId('payment-waiting-text')).toHaveTextContent(
        'Malipo ya TZS 5,000 (Tigo Pesa) yanasubiri jibu lako kwenye simu yako.',
      ),
    );
    expect(within(notice).getByRole('button', { name: 'Ghairi malipo hayo' })).toBeInTheDocument();
    expect(within(notice).getByRole('button', { name: 'Jaribu tena' })).toBeInTheDocument();
  });
});

describe('/plan/{days} refused by a limit of the hour', () => {
  it.each([
    {
      language: 'en' as const,
      message: `${PAYER_PHONE_LIMIT_MESSAGE} Try again in 48 minutes.`,
      retryAfter: '2880',
      shown: 'Too many payment requests were sent to this phone. Try again in 48 minutes.',
    },
    {
      language: 'en' as const,
      message: `${CHECKOUT_LIMIT_MESSAGE} Try again in 1 hour.`,
      retryAfter: '3600',
      shown: 'You have started too many payments. Try again in 1 hour.',
    },
    {
      language: 'sw' as const,
      message: `${PAYER_PHONE_LIMIT_MESSAGE} Try again in 45 seconds.`,
      retryAfter: '45',
      shown: 'Maombi mengi mno ya malipo yametumwa kwa simu hii. Jaribu tena baada ya sekunde 45.',
    },
    {
      language: 'sw' as const,
      message: `${CHECKOUT_LIMIT_MESSAGE} Try again in 50 minutes.`,
      retryAfter: '3000',
      shown: 'Umeanzisha malipo mengi mno. Jaribu tena baada ya dakika 50.',
    },
  ])(
    'says "$shown" in the reader’s language ($language)',
    async ({ language, message, retryAfter, shown }) => {
      signIn();
      serveCheckout({
        checkout: [
          jsonResponse(
            { statusCode: 429, code: 'RATE_LIMITED', message },
            { status: 429, headers: { 'Retry-After': retryAfter } },
          ),
        ],
        user: apiErrorResponse(404, 'NOT_FOUND'),
      });
      const user = userEvent.setup();
      await renderApp(null, { routes, url: '/plan/30', state: { plan: MONTH }, language });
      const sw = language === 'sw';
      await user.selectOptions(
        await screen.findByLabelText(sw ? 'Mtandao wa pesa ya simu' : 'Mobile money network'),
        'mpesa',
      );
      await user.type(
        screen.getByLabelText(sw ? 'Namba ya simu ya kulipia' : 'Phone number to pay from'),
        '0754000111',
      );
      await user.click(screen.getByRole('button', { name: /^(Lipa|Pay) TZS 20,000$/ }));
      expect(await screen.findByText(shown)).toBeInTheDocument();
      expect(screen.queryByTestId('payment-waiting')).not.toBeInTheDocument();
    },
  );
});

describe('/plan/{days} for a payment cancelled or held for review', () => {
  function storePending() {
    window.sessionStorage.setItem(
      PENDING_PAYMENT_KEY,
      JSON.stringify({
        paymentId: PAYMENT_ID,
        kind: 'subscription',
        userId: USER_SUB,
        returnTo: FROM,
        amount: 20000,
        provider: 'mpesa',
        durationInDays: 30,
      }),
    );
  }

  it.each([
    {
      language: 'en' as const,
      status: 'needs_review' as const,
      title: 'We are checking this payment',
      text: 'The payment provider reported a payment that does not match the price',
      action: 'Contact support',
    },
    {
      language: 'sw' as const,
      status: 'needs_review' as const,
      title: 'Tunakagua malipo haya',
      text: 'Mtoa huduma wa malipo ameripoti malipo yasiyolingana na bei',
      action: 'Wasiliana na msaada',
    },
    {
      language: 'en' as const,
      status: 'cancelled' as const,
      title: 'Payment cancelled',
      text: 'You cancelled this payment.',
      action: 'Try again',
    },
    {
      language: 'sw' as const,
      status: 'cancelled' as const,
      title: 'Malipo yameghairiwa',
      text: 'Umeghairi malipo haya.',
      action: 'Jaribu tena',
    },
  ])(
    'says what $status means in words ($language)',
    async ({ language, status, title, text, action }) => {
      signIn();
      storePending();
      serveCheckout({
        payments: [
          jsonResponse(
            payment(status, { reason: 'The payment provider reported a different amount.' }),
          ),
        ],
      });
      await renderApp(null, { routes, url: '/plan/30', state: null, language });
      const result = await screen.findByTestId('payment-result');
      expect(within(result).getByRole('heading', { name: title })).toHaveFocus();
      expect(result).toHaveTextContent(text);
      // The server's reason is for the finance records; the reader gets words of their own.
      expect(result).not.toHaveTextContent('The payment provider reported a different amount.');
      if (status === 'needs_review') {
        expect(screen.getByRole('link', { name: action })).toHaveAttribute('href', '/support');
        // Paying again is not offered while the money is being checked.
        expect(screen.queryByRole('button', { name: /Try again|Jaribu tena/ })).toBeNull();
      } else {
        expect(screen.getByRole('button', { name: action })).toBeInTheDocument();
      }
      expect(window.sessionStorage.getItem(PENDING_PAYMENT_KEY)).toBeNull();
    },
  );
});
