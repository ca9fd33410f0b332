import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TAlertsOffResponse } from '@makazi/contracts/saved-searches';
import { apiErrorResponse, requestsTo, sentAuthorization, sentBody } from '../../testing/account';
import { jsonResponse, mockFetch, renderApp } from '../../testing/test-utils';
import { AlertsOffRoute } from './alerts-off';

const CODE = 'a1B2-c3D4_e5';
const OFF_PATH = '/api/alerts/off';

const turnedOff: TAlertsOffResponse = {
  type: 'Rent',
  search: 'Kinondoni',
  minPrice: 300_000,
  maxPrice: 600_000,
  alerts: 'off',
};

function serve(answer: () => Response) {
  return mockFetch((url, init) =>
    url.pathname === OFF_PATH && init?.method === 'POST'
      ? answer()
      : apiErrorResponse(404, 'NOT_FOUND'),
  );
}

function renderPage(language: 'en' | 'sw' = 'en') {
  return renderApp(<AlertsOffRoute />, {
    url: `/alerts/off/${CODE}`,
    path: '/alerts/off/:code',
    language,
  });
}

describe('/alerts/off/{code}', () => {
  it('changes nothing until the button is pressed, then stops the alerts and says which', async () => {
    const fetchMock = serve(() => jsonResponse(turnedOff));
    await renderPage();
    const stop = await screen.findByRole('button', { name: 'Stop alerts' });
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stop text alerts for this saved search?' }),
    ).toBeInTheDocument();
    // Opening the link (an SMS app's preview does) sends nothing at all.
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex, follow',
    );

    await userEvent.click(stop);

    const heading = await screen.findByRole('heading', { level: 1, name: 'Text alerts stopped' });
    expect(heading).toHaveFocus();
    expect(
      screen.getByText(
        'You will get no more texts for: Houses for rent · ‘Kinondoni’ · TZS 300,000–600,000',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage your saved searches' })).toHaveAttribute(
      'href',
      '/saved',
    );
    const requests = requestsTo(fetchMock, OFF_PATH, 'POST');
    expect(requests).toHaveLength(1);
    expect(sentBody(requests[0])).toEqual({ code: CODE });
    // No sign-in: the code is the whole of the permission.
    expect(sentAuthorization(requests[0])).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('says which search went quiet in Swahili', async () => {
    serve(() => jsonResponse({ ...turnedOff, type: null, minPrice: null }));
    await renderPage('sw');
    await userEvent.click(await screen.findByRole('button', { name: 'Acha ujumbe' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ujumbe wa arifa umesimamishwa' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Hutapokea tena ujumbe wa: Matangazo yote · “Kinondoni” · hadi TZS 600,000'),
    ).toBeInTheDocument();
  });

  it.each([
    ['en', 'Stop alerts', 'This link is not valid'],
    ['sw', 'Acha ujumbe', 'Kiungo hiki si sahihi'],
  ] as const)('answers a link that is not valid (400) in %s', async (language, button, title) => {
    serve(() => apiErrorResponse(400, 'VALIDATION_FAILED', 'code: is not a valid link'));
    await renderPage(language);
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toHaveFocus();
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /saved|uliohifadhiwa/i })).toHaveAttribute(
      'href',
      '/saved',
    );
  });

  it.each([
    ['en', 'Stop alerts', 'This saved search was deleted'],
    ['sw', 'Acha ujumbe', 'Utafutaji huu uliohifadhiwa umefutwa'],
  ] as const)('answers a deleted saved search (404) in %s', async (language, button, title) => {
    serve(() => apiErrorResponse(404, 'NOT_FOUND', 'Saved search not found'));
    await renderPage(language);
    await userEvent.click(await screen.findByRole('button', { name: button }));
    expect(await screen.findByRole('heading', { level: 1, name: title })).toHaveFocus();
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
  });

  it('offers another try when the network fails', async () => {
    let online = false;
    const fetchMock = serve(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return jsonResponse(turnedOff);
    });
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop alerts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Check your internet and try again.',
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Stop text alerts for this saved search?' }),
    ).toBeInTheDocument();

    online = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Text alerts stopped' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(fetchMock, OFF_PATH, 'POST')).toHaveLength(2));
  });
});
