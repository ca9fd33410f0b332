import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TClaim, TContactReveal, TReport } from '@makazi/contracts/trust';
import type { TReportReason } from '@makazi/contracts/trust-values';
import {
  apiErrorResponse,
  requestsTo,
  sentAuthorization,
  sentBody,
  signIn,
} from '../../../testing/account';
import { FALLBACK_IMAGE_SRC } from '../../../components/responsive-image';
import { jsonResponse, mockFetch, renderApp, requestedUrls } from '../../../testing/test-utils';
import { ContactsViewedPage, canClaim } from './contacts-viewed-page';

const HOUR = 60 * 60 * 1000;
const REVEALS_PATH = '/api/me/contact-reveals';
const OWNER = { ownerName: 'Juma Hamisi', phoneNumber: '+255712345678' };

function report(propertyId: string, reason: TReportReason, claim: TClaim | null = null): TReport {
  return {
    id: crypto.randomUUID(),
    propertyId,
    reason,
    note: null,
    status: 'open',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    claim,
  };
}

function reveal(
  title: string,
  overrides: Partial<TContactReveal> & {
    availability?: TContactReveal['property']['availability'];
  } = {},
): TContactReveal {
  const { availability = 'available', ...rest } = overrides;
  const available = availability === 'available';
  return {
    property: {
      id: crypto.randomUUID(),
      title,
      type: 'Rent',
      price: 450_000,
      availability,
      coverUrl: `/media/${title.replace(/\s/g, '-')}-320.webp`,
    },
    revealedAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    claimableUntil: new Date(Date.now() + 70 * HOUR).toISOString(),
    report: null,
    // As the API answers a subscriber whose subscription runs: the owner of a listing still public.
    contact: available ? OWNER : null,
    contactWithheld: available ? null : 'listing_unavailable',
    ...rest,
  };
}

const upheld: TClaim = {
  status: 'upheld',
  revealedAt: '2026-03-09T12:00:00.000Z',
  decidedAt: '2026-03-10T12:00:00.000Z',
  decision: 'taken_before_reveal',
  credited: true,
};

/** The API: the user's reveals (`list()` as it is now) and the reports route, which files a claim. */
function serve(list: () => TContactReveal[] | Response) {
  return mockFetch((url, init) => {
    if (url.pathname === REVEALS_PATH) {
      const answer = list();
      return answer instanceof Response ? answer : jsonResponse(answer);
    }
    const id = /^\/api\/properties\/([^/]+)\/reports$/.exec(url.pathname)?.[1];
    if (id && init?.method === 'POST') {
      const { reason } = sentBody(init) as { reason: TReportReason };
      return jsonResponse(
        report(id, reason, {
          status: 'pending',
          revealedAt: '2026-03-10T10:00:00.000Z',
          decidedAt: null,
          decision: null,
          credited: false,
        }),
        { status: 201 },
      );
    }
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

function card(title: string) {
  const heading = screen.getByRole('heading', { level: 2, name: title });
  const article = heading.closest('article');
  if (!article) throw new Error(`no card titled ${title}`);
  return article;
}

const formatted = (iso: string, language = 'en') =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );

beforeEach(() => {
  signIn();
});

describe('Contacts you viewed', () => {
  it('lists each listing with its link, photo, price, availability, when it was viewed and the report', async () => {
    const fresh = reveal('Nyumba Sinza');
    const taken = reveal('Nyumba Mbezi', {
      availability: 'taken',
      claimableUntil: null,
      revealedAt: new Date(Date.now() - 100 * HOUR).toISOString(),
    });
    taken.report = report(taken.property.id, 'already_taken', upheld);
    const reported = reveal('Kiwanja Kigamboni', { availability: 'unavailable' });
    reported.property.type = 'Land';
    reported.property.coverUrl = null;
    reported.report = report(reported.property.id, 'wrong_price');
    const fetchMock = serve(() => [fresh, taken, reported]);
    await renderApp(<ContactsViewedPage />, { url: '/contacts-viewed', path: '/contacts-viewed' });

    expect(
      screen.getByRole('heading', { level: 1, name: 'Contacts you viewed' }),
    ).toBeInTheDocument();
    await screen.findByRole('heading', { level: 2, name: 'Nyumba Sinza' });
    const [request] = requestsTo(fetchMock, REVEALS_PATH);
    expect(sentAuthorization(request)).toBe('Bearer access-token-1');
    expect(requestedUrls(fetchMock)[0]?.searchParams.get('limit')).toBe('100');

    const first = card('Nyumba Sinza');
    expect(within(first).getByRole('link', { name: 'Nyumba Sinza' })).toHaveAttribute(
      'href',
      `/lease/${fresh.property.id}`,
    );
    expect(within(first).getByRole('img', { name: 'Photo of Nyumba Sinza' })).toHaveAttribute(
      'src',
      '/media/Nyumba-Sinza-320.webp',
    );
    expect(within(first).getByTestId('property-price')).toHaveTextContent('TZS 450,000 per month');
    expect(within(first).getByTestId('reveal-availability')).toHaveTextContent('Still listed');
    expect(first).toHaveTextContent(`Viewed ${formatted(fresh.revealedAt)}`);
    expect(first).toHaveTextContent(
      `You can say it was a dead end until ${formatted(fresh.claimableUntil ?? '')}.`,
    );
    expect(
      within(first).getByRole('button', { name: 'It was a dead end' }),
    ).toHaveAccessibleDescription('Nyumba Sinza');
    expect(within(first).queryByTestId('reveal-report')).not.toBeInTheDocument();

    const second = card('Nyumba Mbezi');
    expect(within(second).getByTestId('reveal-availability')).toHaveTextContent(
      'Taken: let or sold',
    );
    expect(within(second).getByTestId('reveal-report')).toHaveTextContent(
      'You reported it: It is already let or sold',
    );
    expect(within(second).getByTestId('reveal-report')).toHaveTextContent(
      'A day was added to your subscription.',
    );
    expect(within(second).queryByRole('button')).not.toBeInTheDocument();

    const third = card('Kiwanja Kigamboni');
    expect(within(third).getByRole('link', { name: 'Kiwanja Kigamboni' })).toHaveAttribute(
      'href',
      `/land/${reported.property.id}`,
    );
    expect(within(third).getByRole('img')).toHaveAttribute('src', FALLBACK_IMAGE_SRC);
    expect(within(third).getByTestId('reveal-availability')).toHaveTextContent('No longer listed');
    expect(within(third).getByTestId('reveal-report')).toHaveTextContent(
      'You reported it: The price is wrong We are checking it.',
    );
    // Reported for another reason: the API would not turn that into a claim.
    expect(within(third).queryByRole('button')).not.toBeInTheDocument();
  });

  it('files a dead-end claim with the shared dialog, restricted to already taken and fake', async () => {
    const target = reveal('Nyumba Sinza');
    let list = [target];
    const fetchMock = serve(() => list);
    const user = userEvent.setup();
    await renderApp(<ContactsViewedPage />);
    await user.click(await screen.findByRole('button', { name: 'It was a dead end' }));

    const dialog = await screen.findByRole('dialog', { name: 'Was this contact a dead end?' });
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['It is already let or sold', 'It is fake or a scam']);
    await user.click(within(dialog).getByRole('radio', { name: 'It is already let or sold' }));
    list = [
      {
        ...target,
        report: report(target.property.id, 'already_taken', {
          status: 'pending',
          revealedAt: target.revealedAt,
          decidedAt: null,
          decision: null,
          credited: false,
        }),
      },
    ];
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await within(dialog).findByTestId('report-claim')).toHaveTextContent(
      "We'll check and give you a day back if it was a dead end.",
    );
    const [sent] = requestsTo(fetchMock, `/api/properties/${target.property.id}/reports`, 'POST');
    expect(sentBody(sent)).toEqual({ reason: 'already_taken' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    // The list is asked for again and shows the claim; the button has gone.
    await waitFor(() =>
      expect(within(card('Nyumba Sinza')).getByTestId('reveal-report')).toHaveTextContent(
        "We'll check and give you a day back if it was a dead end.",
      ),
    );
    expect(requestsTo(fetchMock, REVEALS_PATH)).toHaveLength(2);
    expect(
      within(card('Nyumba Sinza')).queryByRole('button', { name: 'It was a dead end' }),
    ).not.toBeInTheDocument();
  });

  it('says when nothing was viewed yet, with a way to the listings', async () => {
    serve(() => []);
    await renderApp(<ContactsViewedPage />);
    expect(
      await screen.findByText("You have not viewed any owner's contacts yet."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse listings' })).toHaveAttribute('href', '/home');
  });

  it('shows an error with a retry that loads the list', async () => {
    let fail = true;
    serve(() => (fail ? apiErrorResponse(500, 'INTERNAL') : [reveal('Nyumba Sinza')]));
    const user = userEvent.setup();
    await renderApp(<ContactsViewedPage />);
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Nyumba Sinza' }),
    ).toBeInTheDocument();
  });

  it('speaks Swahili', async () => {
    const viewed = reveal('Nyumba Sinza');
    serve(() => [viewed]);
    await renderApp(<ContactsViewedPage />, { language: 'sw' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Mawasiliano uliyoyaona' }),
    ).toBeInTheDocument();
    const first = await screen.findByRole('article');
    expect(within(first).getByTestId('reveal-availability')).toHaveTextContent('Bado linapatikana');
    expect(first).toHaveTextContent(`Ulionyeshwa ${formatted(viewed.revealedAt, 'sw')}`);
    expect(
      within(first).getByRole('button', { name: 'Mawasiliano hayakufaa' }),
    ).toBeInTheDocument();
  });
});

describe('the owners on Contacts you viewed', () => {
  /** One listing still shown, one of an ended subscription, one no longer public. */
  function threeReveals() {
    return [
      reveal('Nyumba Sinza'),
      reveal('Nyumba Mbezi', { contact: null, contactWithheld: 'subscription_ended' }),
      reveal('Kiwanja Kigamboni', { availability: 'taken' }),
    ];
  }

  it.each([
    {
      language: 'en',
      owner: 'Owner: Juma Hamisi',
      phone: 'Phone: +255 712 345 678',
      call: 'Call',
      chat: 'Chat',
      chatText: 'Hello, I am interested in your listing on Makazi: Nyumba Sinza',
      ended: "Your subscription has ended, so the owner's number is hidden.",
      subscribe: 'Subscribe to see it again',
      gone: "This listing is no longer available, so the owner's number is hidden.",
    },
    {
      language: 'sw',
      owner: 'Mmiliki: Juma Hamisi',
      phone: 'Simu: +255 712 345 678',
      call: 'Piga simu',
      chat: 'Chati',
      chatText: 'Habari, ninavutiwa na tangazo lako kwenye Makazi: Nyumba Sinza',
      ended: 'Kifurushi chako kimeisha, kwa hiyo namba ya mmiliki imefichwa.',
      subscribe: 'Nunua kifurushi uione tena',
      gone: 'Tangazo hili halipatikani tena, kwa hiyo namba ya mmiliki imefichwa.',
    },
  ] as const)(
    'shows the owner paid for with Call and WhatsApp while the API gives them, and why not otherwise ($language)',
    async ({ language, ...text }) => {
      const fetchMock = serve(threeReveals);
      await renderApp(<ContactsViewedPage />, { language });
      await screen.findByRole('heading', { level: 2, name: 'Nyumba Sinza' });

      const shown = within(card('Nyumba Sinza')).getByTestId('reveal-contact');
      expect(shown).toHaveTextContent(text.owner);
      expect(shown).toHaveTextContent(text.phone);
      const call = within(shown).getByRole('link', { name: text.call });
      expect(call).toHaveAttribute('href', 'tel:+255712345678');
      // Several cards each have Call and Chat: each says whose it is.
      expect(call).toHaveAccessibleDescription('Nyumba Sinza');
      const chat = within(shown).getByRole('link', { name: text.chat });
      expect(chat).toHaveAttribute(
        'href',
        `https://wa.me/255712345678?text=${encodeURIComponent(text.chatText)}`,
      );
      expect(chat).toHaveAccessibleDescription('Nyumba Sinza');

      const ended = card('Nyumba Mbezi');
      expect(within(ended).queryByTestId('reveal-contact')).not.toBeInTheDocument();
      expect(within(ended).getByTestId('reveal-contact-withheld')).toHaveTextContent(text.ended);
      expect(within(ended).getByRole('link', { name: text.subscribe })).toHaveAttribute(
        'href',
        '/subscribe',
      );
      expect(within(ended).queryByRole('link', { name: text.call })).not.toBeInTheDocument();

      const gone = card('Kiwanja Kigamboni');
      expect(within(gone).queryByTestId('reveal-contact')).not.toBeInTheDocument();
      expect(within(gone).getByTestId('reveal-contact-withheld')).toHaveTextContent(text.gone);
      // Subscribing again would not bring a listing back: no such offer.
      expect(within(gone).queryByRole('link', { name: text.subscribe })).not.toBeInTheDocument();

      // The list is all it takes: no listing's contact route, which would record a reveal.
      expect(requestedUrls(fetchMock).map((url) => url.pathname)).toEqual([REVEALS_PATH]);
    },
  );

  it('brings the subscriber back to this page after subscribing again', async () => {
    serve(threeReveals);
    const user = userEvent.setup();
    const { router } = await renderApp(<ContactsViewedPage />, {
      url: '/contacts-viewed',
      path: '/contacts-viewed',
    });
    await user.click(await screen.findByRole('link', { name: 'Subscribe to see it again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe'));
    expect(router.state.location.state).toEqual({ from: '/contacts-viewed' });
  });

  it('refuses an answer with both a phone and a reason to hide it, as an error', async () => {
    serve(() => [reveal('Nyumba Sinza', { contactWithheld: 'subscription_ended' })]);
    await renderApp(<ContactsViewedPage />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('+255 712 345 678')).not.toBeInTheDocument();
  });
});

describe('canClaim', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  const base = reveal('x', { claimableUntil: '2026-03-10T12:00:01.000Z' });

  it('is true within the window, unreported or reported as a dead end without a claim', () => {
    expect(canClaim(base, now)).toBe(true);
    expect(canClaim({ ...base, report: report(base.property.id, 'fake') }, now)).toBe(true);
  });

  it('is false once the window has passed, once claimed, or reported for another reason', () => {
    expect(canClaim({ ...base, claimableUntil: '2026-03-10T12:00:00.000Z' }, now)).toBe(false);
    expect(canClaim({ ...base, claimableUntil: null }, now)).toBe(false);
    expect(canClaim({ ...base, report: report(base.property.id, 'fake', upheld) }, now)).toBe(
      false,
    );
    expect(canClaim({ ...base, report: report(base.property.id, 'duplicate') }, now)).toBe(false);
  });
});
