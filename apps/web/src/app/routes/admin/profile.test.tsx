import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  TWO_STEP_SETUP_REQUIRED_MESSAGE,
  type TAdminTwoStepStatus,
} from '@makazi/contracts/admin-two-step';
import { jsonResponse } from '../../../testing/test-utils';
import {
  adminError,
  bodyOf,
  callsTo,
  currentPath,
  renderAdmin,
  serveAdmin,
  signInAdmin,
  signOutAdmin,
} from './testing/admin-app';

beforeEach(() => {
  signOutAdmin();
  signInAdmin();
});

const OFF: TAdminTwoStepStatus = {
  enabled: false,
  enabledAt: null,
  recoveryCodesLeft: 0,
  required: false,
};
const ON: TAdminTwoStepStatus = {
  enabled: true,
  enabledAt: '2026-11-20T08:00:00.000Z',
  recoveryCodesLeft: 7,
  required: false,
};
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR = 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=';
const CODES = Array.from(
  { length: 10 },
  (_, i) => `aaaa-bbbb-cccc-dd${String(i).padStart(2, '2')}`,
);

describe('/admin/profile, setting up two-step sign-in', () => {
  it('shows the QR code and the key, turns it on with a code, and shows the recovery codes once', async () => {
    let status = OFF;
    const fetchMock = serveAdmin({
      'GET /api/admin/me/two-step': () => jsonResponse(status),
      'POST /api/admin/me/two-step/setup': () =>
        jsonResponse({
          otpauthUri: `otpauth://totp/Makazi:moderator?secret=${SECRET}&issuer=Makazi`,
          qrCode: QR,
          secret: SECRET,
        }),
      'POST /api/admin/me/two-step/confirm': () => {
        status = { ...ON, recoveryCodesLeft: 10 };
        return jsonResponse({ recoveryCodes: CODES });
      },
    });
    await renderAdmin('/admin/profile');
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(await screen.findByText('Signed in as moderator')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', QR);
    expect(screen.getByTestId('two-step-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );
    await user.click(screen.getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);

    // Six digits are asked for before anything is sent.
    await user.type(screen.getByLabelText('Code from your app'), '12');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your app',
    );
    expect(callsTo(fetchMock, 'POST', '/api/admin/me/two-step/confirm')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Code from your app'));
    await user.type(screen.getByLabelText('Code from your app'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));

    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    const items = within(codes).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(CODES);
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/me/two-step/confirm')[0]?.init)).toEqual({
      code: '654321',
    });
    await user.click(within(codes).getByRole('button', { name: 'Copy codes' }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join('\n'));

    // Shown once: gone when the admin says they kept them.
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByRole('region', { name: 'Your recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByText('Recovery codes left: 10')).toBeInTheDocument();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('shows the server’s answer to a wrong code', async () => {
    serveAdmin({
      'GET /api/admin/me/two-step': () => jsonResponse(OFF),
      'POST /api/admin/me/two-step/setup': () =>
        jsonResponse({ otpauthUri: 'otpauth://totp/x', qrCode: QR, secret: SECRET }),
      'POST /api/admin/me/two-step/confirm': () =>
        adminError(400, 'OTP_INVALID', 'That code is not right (or was used already).'),
    });
    await renderAdmin('/admin/profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    await user.type(await screen.findByLabelText('Code from your app'), '111111');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right (or was used already).',
    );
  });
});

describe('/admin/profile, two-step sign-in on', () => {
  it('makes new recovery codes with a current code', async () => {
    const fetchMock = serveAdmin({
      'GET /api/admin/me/two-step': () => jsonResponse(ON),
      'POST /api/admin/me/two-step/recovery-codes': () => jsonResponse({ recoveryCodes: CODES }),
    });
    await renderAdmin('/admin/profile');
    expect(await screen.findByText('Recovery codes left: 7')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code from your app'), '222 333');
    await user.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);
    expect(
      bodyOf(callsTo(fetchMock, 'POST', '/api/admin/me/two-step/recovery-codes')[0]?.init),
    ).toEqual({ code: '222 333' });
  });

  it('turns it off with a current code', async () => {
    let status = ON;
    const fetchMock = serveAdmin({
      'GET /api/admin/me/two-step': () => jsonResponse(status),
      'POST /api/admin/me/two-step/disable': () => {
        status = OFF;
        return new Response(null, { status: 204 });
      },
    });
    await renderAdmin('/admin/profile');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Code from your app'), '444555');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(
      await screen.findByRole('button', { name: 'Set up two-step sign-in' }),
    ).toBeInTheDocument();
    expect(bodyOf(callsTo(fetchMock, 'POST', '/api/admin/me/two-step/disable')[0]?.init)).toEqual({
      code: '444555',
    });
  });

  it('offers no way to turn it off where the server requires it', async () => {
    serveAdmin({ 'GET /api/admin/me/two-step': () => jsonResponse({ ...ON, required: true }) });
    await renderAdmin('/admin/profile');
    expect(
      await screen.findByText('This server requires two-step sign-in: it cannot be turned off.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New recovery codes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn off' })).not.toBeInTheDocument();
  });
});

describe('where the server requires two-step sign-in (production)', () => {
  it('sends the admin from any page to the profile when the API says to set it up first', async () => {
    serveAdmin({
      'GET /api/admin/dashboard': () =>
        adminError(403, 'FORBIDDEN', TWO_STEP_SETUP_REQUIRED_MESSAGE),
      'GET /api/admin/me/two-step': () => jsonResponse({ ...OFF, required: true }),
    });
    const { router } = await renderAdmin('/admin/dashboard');
    await waitFor(() => expect(currentPath(router)).toBe('/admin/profile'));
    expect(await screen.findByRole('heading', { name: 'My profile' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Set up two-step sign-in to use the admin area: this server requires it.',
    );

    // Every other page leads back here until it is on.
    await router.navigate('/admin/users');
    await waitFor(() => expect(currentPath(router)).toBe('/admin/profile'));
  });
});
