import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { jsonResponse } from '../../../testing/test-utils';
import {
  ADMIN_TOKEN,
  adminError,
  authorizationOf,
  callsTo,
  currentPath,
  makePayment,
  paymentsPage,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

const CSV = 'date,user,amount\n2026-11-21,Payer 1,10000\n';

function serveFinance(
  csv: () => Response = () =>
    new Response(CSV, {
      status: 200,
      headers: {
        'Content-Type': 'text/csv',
        'Content-Disposition': 'attachment; filename="payments-2026-11.csv"',
      },
    }),
) {
  return serveAdmin({
    'GET /api/admin/payments': () =>
      jsonResponse(
        paymentsPage([
          makePayment(1),
          makePayment(2, { status: 'failed', provider: 'mpesa', purpose: 'promotion' }),
        ]),
      ),
    'GET /api/admin/payments/export.csv': csv,
  });
}

function lastPaymentsQuery(fetchMock: ReturnType<typeof serveAdmin>) {
  return callsTo(fetchMock, 'GET', '/api/admin/payments').at(-1)?.url.searchParams;
}

describe('/admin/finance', () => {
  it('lists the payments with the network names, and the totals', async () => {
    serveFinance();
    await renderAdmin('/admin/finance');
    expect(await screen.findByRole('heading', { name: 'Financial records' })).toBeVisible();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'User', 'Purpose', 'Plan', 'Provider', 'Amount (TZS)', 'Status']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Payer 1');
    expect(rows[0]).toHaveTextContent('Subscription30 daysAirtel Money10,000Succeeded');
    // East Africa Time: 09:30 UTC is 12:30 in Dar es Salaam.
    expect(rows[1]).toHaveTextContent(
      '21 Nov 2026, 12:30Payer 2+255712000000Promotion30 daysM-Pesa20,000Failed',
    );
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(within(totals).getByTestId('total-count')).toHaveTextContent('2');
    expect(within(totals).getByTestId('total-succeeded')).toHaveTextContent('10,000');
    expect(totals).toHaveTextContent('Failed: 1');
  });

  it('builds the query from the filters', async () => {
    const fetchMock = serveFinance();
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/finance');
    await screen.findByRole('table');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await user.selectOptions(screen.getByLabelText('Status'), 'Succeeded');
    await user.selectOptions(screen.getByLabelText('Provider'), 'Tigo Pesa');
    await user.selectOptions(screen.getByLabelText('Purpose'), 'Promotion');
    await waitFor(() => {
      const query = lastPaymentsQuery(fetchMock);
      expect(Object.fromEntries(query ?? [])).toEqual({
        from: '2026-11-01',
        to: '2026-11-21',
        status: 'succeeded',
        provider: 'tigopesa',
        purpose: 'promotion',
        page: '1',
        pageSize: '20',
      });
    });
    expect(currentPath(router)).toBe(
      '/admin/finance?from=2026-11-01&to=2026-11-21&status=succeeded&provider=tigopesa&purpose=promotion',
    );
    await user.selectOptions(screen.getByLabelText('Status'), 'Any');
    await waitFor(() => expect(lastPaymentsQuery(fetchMock)?.has('status')).toBe(false));
  });

  it('filters the payments held for review and names them, in English and in Swahili', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/payments': () =>
        jsonResponse(
          paymentsPage([
            makePayment(3, {
              status: 'needs_review',
              reason: 'The payment provider reported a different amount than the price.',
            }),
          ]),
        ),
    });
    const { i18n } = await renderAdmin('/admin/finance?status=needs_review');
    const table = await screen.findByRole('table');
    expect(lastPaymentsQuery(fetchMock)?.get('status')).toBe('needs_review');
    const status = screen.getByLabelText<HTMLSelectElement>('Status');
    expect(status.selectedOptions[0]?.textContent).toBe('Needs review');
    expect(within(status).getByRole('option', { name: 'Cancelled by the payer' })).toBeTruthy();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Needs review');
    const totals = screen.getByRole('region', { name: 'Totals' });
    expect(totals).toHaveTextContent('Needs review: 1');
    expect(totals).toHaveTextContent('Cancelled by the payer: 0');

    await act(() => i18n.changeLanguage('sw'));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Yanahitaji ukaguzi');
    expect(status.selectedOptions[0]?.textContent).toBe('Yanahitaji ukaguzi');
    expect(screen.getByRole('region', { name: 'Jumla' })).toHaveTextContent(
      'Yameghairiwa na mlipaji: 0',
    );
  });

  it('lists a guarantee credit (nobody paid: no network, nothing charged) and filters the credits', async () => {
    const credit = makePayment(4, {
      purpose: 'guarantee_credit',
      provider: null,
      amount: 0,
      plan: { id: makePayment(4).plan.id, durationInDays: 1 },
      providerReference: null,
    });
    const fetchMock = serveAdmin({
      'GET /api/admin/payments': () => jsonResponse(paymentsPage([credit])),
    });
    const user = userEvent.setup();
    const { i18n } = await renderAdmin('/admin/finance');
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      '21 Nov 2026, 12:30Payer 4+255712000000Guarantee credit1 day—0Succeeded',
    );
    await user.selectOptions(screen.getByLabelText('Purpose'), 'Guarantee credit');
    await waitFor(() =>
      expect(lastPaymentsQuery(fetchMock)?.get('purpose')).toBe('guarantee_credit'),
    );
    await act(() => i18n.changeLanguage('sw'));
    expect(within(await screen.findByRole('table')).getAllByRole('row')[1]).toHaveTextContent(
      'Fidia ya dhamana',
    );
  });

  it('downloads the CSV of the same filters with the bearer token and saves it', async () => {
    const fetchMock = serveFinance();
    const saved: { name: string; href: string }[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      expect(blob.size).toBe(CSV.length);
      return 'blob:payments';
    });
    const revokeObjectURL = vi.fn();
    // jsdom has no object URLs: put fakes in for this test only.
    for (const [name, fake] of [
      ['createObjectURL', createObjectURL],
      ['revokeObjectURL', revokeObjectURL],
    ] as const) {
      const original = Object.getOwnPropertyDescriptor(URL, name);
      Object.defineProperty(URL, name, { configurable: true, writable: true, value: fake });
      onTestFinished(() => {
        if (original) Object.defineProperty(URL, name, original);
        else Reflect.deleteProperty(URL, name);
      });
    }
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    const user = userEvent.setup();
    await renderAdmin('/admin/finance?status=succeeded&provider=mpesa&page=2');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'payments-2026-11.csv', href: 'blob:payments' }]),
    );
    const [call] = callsTo(fetchMock, 'GET', '/api/admin/payments/export.csv');
    expect(authorizationOf(call?.init)).toBe(`Bearer ${ADMIN_TOKEN}`);
    expect(Object.fromEntries(call?.url.searchParams ?? [])).toEqual({
      status: 'succeeded',
      provider: 'mpesa',
    });
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:payments'));
  });

  it('says when the CSV download fails', async () => {
    serveFinance(() => adminError(400, 'VALIDATION_FAILED', 'from must not be after to'));
    const user = userEvent.setup();
    await renderAdmin('/admin/finance');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The CSV download failed: from must not be after to',
    );
  });
});
