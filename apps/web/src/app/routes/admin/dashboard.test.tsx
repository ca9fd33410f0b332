import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/test-utils';
import {
  makeDashboard,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
  serveAdmin({ 'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()) });
});

describe('/admin/dashboard', () => {
  it("gives screen readers the chart's numbers as a table", async () => {
    await renderAdmin('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'New listings and revenue per day' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByRole('rowheader', { name: '2026-10-30' })).toBeInTheDocument();
  });

  it('shows how many payments need review, linking to them only when some do', async () => {
    serveAdmin({
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard({ paymentsNeedingReview: 3 })),
    });
    await renderAdmin('/admin/dashboard');
    const card = await screen.findByTestId('card-paymentsNeedingReview');
    expect(card).toHaveTextContent('Payments to review3');
    expect(
      within(card).getByRole('link', {
        name: 'Review the payments whose amount or currency did not match',
      }),
    ).toHaveAttribute('href', '/admin/finance?status=needs_review');
  });

  it('offers no review link when no payment needs one', async () => {
    await renderAdmin('/admin/dashboard');
    const card = await screen.findByTestId('card-paymentsNeedingReview');
    expect(card).toHaveTextContent('Payments to review0');
    expect(within(card).queryByRole('link')).toBeNull();
  });

  it('hides the table in a clipped box of its own, so it takes no room on the page', async () => {
    await renderAdmin('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'New listings and revenue per day' });
    // A table grows to fit its rows whatever height it is given and ignores overflow: hidden on
    // itself, it was still 30 rows tall below the chart. A block box can be clipped to 1px.
    expect(getComputedStyle(table).position).not.toBe('absolute');
    const box = getComputedStyle(table.parentElement as HTMLElement);
    expect(box.position).toBe('absolute');
    expect(box.overflow).toBe('hidden');
    expect(box.height).toBe('1px');
  });
});
