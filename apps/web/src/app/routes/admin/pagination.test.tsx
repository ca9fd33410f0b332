import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TAdminSupportMessage } from '@makazi/contracts/support';
import { makeReport, makeReportedListing } from '../../../features/admin/testing/reports-api';
import { jsonResponse } from '../../../testing/test-utils';
import {
  makePayment,
  makeRow,
  makeUser,
  page,
  paymentsPage,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

/*
 * MUI's table pager speaks English of its own ('1–20 of 45', 'Go to next page'): every admin page
 * with one is checked here in both languages, so a page that draws its own pager one day, or a
 * word the admin pager leaves to MUI, shows up.
 */

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

const message: TAdminSupportMessage = {
  id: '00000000-0000-4000-9000-000000000001',
  createdAt: '2026-11-25T07:30:00.000Z',
  userId: null,
  name: 'Zawadi',
  phone: '+255712345601',
  email: null,
  topic: 'listing',
  message: 'Tangazo langu halionekani.',
  status: 'open',
  closedAt: null,
  closedBy: null,
};

/** Each paged admin page, and its list's first page of 45 rows (one drawn). */
const PAGED = [
  {
    url: '/admin/property?type=Land',
    api: 'GET /api/admin/properties',
    body: page([makeRow(1)], 45),
  },
  { url: '/admin/users', api: 'GET /api/admin/users', body: page([makeUser(1)], 45) },
  {
    url: '/admin/finance',
    api: 'GET /api/admin/payments',
    body: { ...paymentsPage([makePayment(1)]), total: 45 },
  },
  { url: '/admin/support', api: 'GET /api/admin/support-messages', body: page([message], 45) },
  {
    url: '/admin/reports',
    api: 'GET /api/admin/reports',
    body: page([makeReportedListing(1, [makeReport(1)])], 45),
  },
];

const WORDS = {
  en: {
    shown: '1–20 of 45',
    rowsPerPage: 'Rows per page',
    buttons: ['Go to previous page', 'Go to next page'],
  },
  sw: {
    shown: '1–20 kati ya 45',
    rowsPerPage: 'Safu kwa ukurasa',
    buttons: ['Nenda ukurasa uliopita', 'Nenda ukurasa unaofuata'],
  },
} as const;

describe('the admin table pager', () => {
  it.each(
    PAGED.flatMap((entry) => (['en', 'sw'] as const).map((language) => ({ ...entry, language }))),
  )('$language: $url', async ({ url, api, body, language }) => {
    serveAdmin({ [api]: () => jsonResponse(body) });
    await renderAdmin(url, { language });
    const words = WORDS[language];
    const shown = await screen.findByText(words.shown);
    const pager = shown.closest<HTMLElement>('.MuiTablePagination-root');
    if (!pager) throw new Error('no pager around the shown rows');
    expect(pager).toHaveTextContent(words.rowsPerPage);
    expect(
      within(pager)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(words.buttons);
    if (language === 'sw') {
      expect(pager.textContent).not.toMatch(/\b(of|Rows|page)\b/);
      expect(pager.innerHTML).not.toMatch(/Go to|Rows per page/);
    }
  });
});
