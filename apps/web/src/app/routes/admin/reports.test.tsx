import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse } from '../../../testing/test-utils';
import {
  currentPath,
  makeDashboard,
  page,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

describe('/admin/reports', () => {
  it('is in the drawer beside the moderation queue, and opens the reports queue', async () => {
    serveAdmin({
      'GET /api/admin/dashboard': () => jsonResponse(makeDashboard()),
      'GET /api/admin/reports': () => jsonResponse(page([])),
    });
    const user = userEvent.setup();
    const { router } = await renderAdmin('/admin/dashboard');
    const links = (await screen.findAllByRole('link')).map((link) => link.textContent);
    expect(links.indexOf('Reports')).toBe(links.indexOf('Properties') + 1);

    await user.click(screen.getByRole('link', { name: 'Reports' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reported listings' }),
    ).toBeVisible();
    expect(currentPath(router)).toBe('/admin/reports');
    expect(screen.getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No listing has open reports or claims waiting.')).toBeVisible();
  });
});
