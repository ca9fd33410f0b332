import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '../../../lib/toast';
import {
  PUBLISHER,
  apiErrorResponse,
  requestsTo,
  sentBody,
  signIn,
} from '../../../testing/account';
import { makeRent } from '../../../testing/fixtures';
import { listingPageRoutes, type ListingPage } from '../../../testing/listing-page';
import { jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { ListingDetailView } from './listing-detail-view';
import type { TClaim } from '@makazi/contracts/trust';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const page: ListingPage = {
  path: (slug, id) => `/${slug}/${id}`,
  render: (type, id) => <ListingDetailView type={type} id={id} />,
  answer: (property) => property,
  notFoundLink: { name: 'Browse listings', href: '/lease' },
};
const routes = listingPageRoutes(page);

/** The listing by its id, and its reports route answering a new report (with `claim`). */
function serve(property: ReturnType<typeof makeRent>, claim: TClaim | null = null) {
  return mockFetch((url, init) => {
    if (url.pathname === `/api/properties/${property.id}`) return jsonResponse(property);
    if (url.pathname === `/api/properties/${property.id}/reports` && init?.method === 'POST') {
      return jsonResponse(
        {
          id: crypto.randomUUID(),
          propertyId: property.id,
          reason: (sentBody(init) as { reason: string }).reason,
          note: null,
          status: 'open',
          createdAt: '2026-03-10T12:00:00.000Z',
          updatedAt: '2026-03-10T12:00:00.000Z',
          claim,
        },
        { status: 201 },
      );
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

beforeEach(() => {
  vi.mocked(showToast).mockClear();
});

describe('Report this listing', () => {
  it('asks an anonymous visitor to sign in, to come back to the dialog', async () => {
    const property = makeRent({ title: 'Nyumba Sinza' });
    const fetchMock = serve(property);
    const user = userEvent.setup();
    const { router } = await renderApp(null, { url: `/lease/${property.id}`, routes });
    await user.click(await screen.findByRole('button', { name: 'Report this listing' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({
      from: { pathname: `/lease/${property.id}`, search: '', hash: '#report' },
    });
    expect(vi.mocked(showToast).mock.calls).toEqual([['You must be logged in', 'warning']]);
    expect(requestsTo(fetchMock, `/api/properties/${property.id}/reports`)).toHaveLength(0);
  });

  it('opens the report dialog for a signed-in visitor, who sends a report', async () => {
    signIn();
    const property = makeRent({ title: 'Nyumba Sinza' });
    const fetchMock = serve(property);
    const user = userEvent.setup();
    await renderApp(null, { url: `/lease/${property.id}`, routes });
    const action = await screen.findByRole('button', { name: 'Report this listing' });
    await user.click(action);

    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    expect(dialog).toHaveTextContent('Nyumba Sinza');
    await user.click(within(dialog).getByRole('radio', { name: 'It is fake or a scam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'We received your report and will check the listing.',
    );
    expect(requestsTo(fetchMock, `/api/properties/${property.id}/reports`, 'POST')).toHaveLength(1);

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(action).toHaveFocus();
  });

  it('opens at once for a visitor back from signing in to report, and forgets the #report on closing', async () => {
    signIn();
    const property = makeRent({ title: 'Nyumba Sinza' });
    serve(property);
    const user = userEvent.setup();
    const { router } = await renderApp(null, { url: `/lease/${property.id}#report`, routes });
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe(`/lease/${property.id}`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is not offered to the owner on their own listing', async () => {
    signIn();
    const property = makeRent({ title: 'Yangu', publishedBy: PUBLISHER });
    serve(property);
    await renderApp(null, { url: `/lease/${property.id}#report`, routes });
    await screen.findByRole('heading', { level: 1, name: 'Yangu' });
    expect(screen.queryByRole('button', { name: 'Report this listing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  describe.each([
    {
      language: 'en' as const,
      action: 'Report this listing',
      fake: 'It is fake or a scam',
      taken: 'It is already let or sold',
      send: 'Send report',
      sent: 'We received your report and will check the listing.',
      received: 'We received your report.',
      pending: "We'll check and give you a day back if it was a dead end.",
    },
    {
      language: 'sw' as const,
      action: 'Ripoti tangazo hili',
      fake: 'Ni la uongo au la utapeli',
      taken: 'Imeshapangishwa au kuuzwa',
      send: 'Tuma ripoti',
      sent: 'Tumepokea ripoti yako na tutalikagua tangazo.',
      received: 'Tumepokea ripoti yako.',
      pending: 'Tutakagua, na kama mawasiliano hayakufaa tutakurudishia siku moja.',
    },
  ])('says it was sent once, in $language', (words) => {
    /** How many times `text` is anywhere on the page (the dialog, the page behind it). */
    const timesShown = (text: string) => (document.body.textContent ?? '').split(text).length - 1;

    async function report(reason: string, claim: TClaim | null) {
      signIn();
      const property = makeRent({ title: 'Nyumba Sinza' });
      serve(property, claim);
      const user = userEvent.setup();
      await renderApp(null, { url: `/lease/${property.id}`, routes, language: words.language });
      await user.click(await screen.findByRole('button', { name: words.action }));
      const dialog = await screen.findByRole('dialog', { name: words.action });
      // The live region is there, empty, before anything is sent: its words are announced.
      const status = within(dialog).getByRole('status');
      expect(status).toBeEmptyDOMElement();
      await user.click(within(dialog).getByRole('radio', { name: reason }));
      await user.click(within(dialog).getByRole('button', { name: words.send }));
      await waitFor(() => expect(status).not.toBeEmptyDOMElement());
      return status;
    }

    it('in the dialog the person is looking at, and nowhere else', async () => {
      const status = await report(words.fake, null);
      expect(status).toHaveTextContent(words.sent);
      expect(timesShown(words.sent)).toBe(1);
      expect(vi.mocked(showToast)).not.toHaveBeenCalled();
    });

    it('without saying twice that it will be checked when it is a dead-end claim', async () => {
      const status = await report(words.taken, {
        status: 'pending',
        revealedAt: '2026-03-09T12:00:00.000Z',
        decidedAt: null,
        decision: null,
        credited: false,
      });
      expect(status.textContent).toBe(`${words.received}${words.pending}`);
      expect(timesShown(words.received)).toBe(1);
      expect(timesShown(words.pending)).toBe(1);
      expect(timesShown(words.sent)).toBe(0);
      expect(vi.mocked(showToast)).not.toHaveBeenCalled();
    });
  });

  it('speaks Swahili', async () => {
    const property = makeRent();
    serve(property);
    await renderApp(null, { url: `/lease/${property.id}`, routes, language: 'sw' });
    expect(await screen.findByRole('button', { name: 'Ripoti tangazo hili' })).toBeInTheDocument();
  });
});
