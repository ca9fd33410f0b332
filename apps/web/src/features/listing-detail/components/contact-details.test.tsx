import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useParams, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TProperty } from '@makazi/contracts/properties';
import { ContactsToggle } from '../../../components/contacts-toggle';
import { USER_SUB, apiErrorResponse, authorizationsTo, signIn } from '../../../testing/account';
import { makeRent } from '../../../testing/fixtures';
import { LocationProbe, jsonResponse, mockFetch, renderApp } from '../../../testing/test-utils';
import { ContactDetails } from './contact-details';
import { ListingDetailView } from './listing-detail-view';

/*
 * View Contacts as a subscriber meets it. The app puts ContactDetails behind the subscription
 * guard (app/routes/detail.tsx; the guard's own answers are tested in app/routes/guards.test.tsx),
 * so here the visitor is signed in and the API is the judge: 200, 402 or a failure.
 */

const LISTING = makeRent({ title: 'Nyumba ya kupanga Sinza', ownerName: 'Juma Hamisi' });
const CONTACT_PATH = `/api/properties/${LISTING.id}/contact`;
const CHAT_TEXT = 'Hello, I am interested in your listing on Makazi: Nyumba ya kupanga Sinza';

function renderContacts(property: TProperty) {
  return (
    <ContactsToggle>
      <ContactDetails id={property.id} title={property.title} />
    </ContactsToggle>
  );
}

function Detail() {
  const { id = '' } = useParams();
  return <ListingDetailView type="Rent" id={id} renderContacts={renderContacts} />;
}

function FromProbe() {
  const { state } = useLocation() as { state: unknown };
  return <output data-testid="subscribe-state">{JSON.stringify(state)}</output>;
}

const routes: RouteObject[] = [
  {
    path: '/lease/:id',
    element: (
      <>
        <Detail />
        <LocationProbe />
      </>
    ),
  },
  {
    path: '/subscribe',
    element: (
      <>
        <FromProbe />
        <LocationProbe />
      </>
    ),
  },
  { path: '*', element: <LocationProbe /> },
];

/** The listing, and the contact endpoint answering with `contact()` each time it is asked. */
function serve(contact: () => Response | Promise<Response>) {
  return mockFetch((url) => {
    if (url.pathname === `/api/properties/${LISTING.id}`) return jsonResponse(LISTING);
    if (url.pathname === CONTACT_PATH) return contact();
    return apiErrorResponse(404, 'NOT_FOUND');
  });
}

const OWNER = { ownerName: 'Juma Hamisi', phoneNumber: '+255712345678' };

async function openContacts() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'View Contacts' }));
  return user;
}

describe('ContactDetails', () => {
  it('shows the owner and the phone with Call and Chat to a subscriber, and hides them again', async () => {
    signIn();
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = serve(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    const { queryClient } = await renderApp(null, { url: `/lease/${LISTING.id}`, routes });
    // Nothing is asked for until the visitor asks to see the contacts.
    await screen.findByRole('heading', { level: 1, name: LISTING.title });
    expect(authorizationsTo(fetchMock, CONTACT_PATH)).toEqual([]);

    const user = await openContacts();
    const details = screen.getByTestId('contact-details');
    expect(within(details).getByRole('status')).toHaveTextContent(
      "Loading the publisher's contacts…",
    );
    answer(jsonResponse(OWNER));

    const call = await within(details).findByRole('link', { name: 'Call' });
    expect(call).toHaveAttribute('href', 'tel:+255712345678');
    const chat = within(details).getByRole('link', { name: 'Chat' });
    expect(chat).toHaveAttribute(
      'href',
      `https://wa.me/255712345678?text=${encodeURIComponent(CHAT_TEXT)}`,
    );
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
    expect(details).toHaveTextContent('Owner: Juma Hamisi');
    expect(details).toHaveTextContent('Phone: +255 712 345 678');
    expect(within(details).queryByRole('status')).not.toBeInTheDocument();

    expect(authorizationsTo(fetchMock, CONTACT_PATH)).toEqual(['Bearer access-token-1']);
    // Kept under the account scope, so signing out forgets the number.
    expect(queryClient.getQueryData(['account', USER_SUB, 'contact', LISTING.id])).toEqual(OWNER);

    const hide = screen.getByRole('button', { name: 'Hide Contacts' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    await user.click(hide);
    expect(screen.queryByTestId('contact-details')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    expect(screen.queryByText(/712 345 678/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Contacts' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('says when the subscription ended meanwhile, with a link to /subscribe that brings the visitor back', async () => {
    signIn();
    serve(() => apiErrorResponse(402, 'PAYMENT_REQUIRED', 'Subscription required'));
    await renderApp(null, { url: `/lease/${LISTING.id}`, routes });
    const user = await openContacts();

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your subscription has ended, so the contacts are hidden.');
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    const subscribe = within(notice).getByRole('link', { name: 'Subscribe to see them' });
    expect(subscribe).toHaveAttribute('href', '/subscribe');

    await user.click(subscribe);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/subscribe$/);
    expect(JSON.parse(screen.getByTestId('subscribe-state').textContent ?? 'null')).toEqual({
      from: { pathname: `/lease/${LISTING.id}`, search: '', hash: '' },
    });
  });

  it('says when the day’s cap of listings is reached, and how long until more, without a retry', async () => {
    signIn();
    serve(() =>
      jsonResponse(
        {
          statusCode: 429,
          code: 'RATE_LIMITED',
          message:
            'You have viewed the contacts of 50 listings today, the most allowed in a day. You can view more in 13 hours.',
        },
        { status: 429, headers: { 'Retry-After': String(12 * 3600 + 60) } },
      ),
    );
    await renderApp(null, { url: `/lease/${LISTING.id}`, routes });
    await openContacts();

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(
      'You have viewed the contacts of as many listings as allowed in a day. You can view more in 13 hours.',
    );
    expect(within(notice).queryByRole('button')).toBeNull();
    expect(within(notice).queryByRole('link')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
  });

  it('says the cap is reached in Swahili, also when no wait is given', async () => {
    signIn();
    let withWait = true;
    serve(() =>
      jsonResponse(
        { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many' },
        { status: 429, headers: withWait ? { 'Retry-After': '45' } : {} },
      ),
    );
    const { unmount } = await renderApp(null, {
      url: `/lease/${LISTING.id}`,
      routes,
      language: 'sw',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ona Mawasiliano' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Umeshaona mawasiliano ya matangazo mengi kadiri inavyoruhusiwa kwa siku moja. Utaweza kuona mengine baada ya sekunde 45.',
    );
    unmount();

    withWait = false;
    await renderApp(null, { url: `/lease/${LISTING.id}`, routes, language: 'sw' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ona Mawasiliano' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Umeshaona mawasiliano ya matangazo mengi kadiri inavyoruhusiwa kwa siku moja. Utaweza kuona mengine kesho.',
    );
  });

  it('offers another try after a failure, and shows the contacts when it succeeds', async () => {
    signIn();
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1 ? apiErrorResponse(500, 'INTERNAL') : jsonResponse(OWNER);
    });
    await renderApp(null, { url: `/lease/${LISTING.id}`, routes });
    const user = await openContacts();

    const alert = await screen.findByRole('alert');
    expect(within(alert).queryByRole('link', { name: 'Subscribe to see them' })).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Call' })).toHaveAttribute(
      'href',
      'tel:+255712345678',
    );
    expect(calls).toBe(2);
  });

  it('speaks Swahili', async () => {
    signIn();
    serve(() => jsonResponse(OWNER));
    await renderApp(null, { url: `/lease/${LISTING.id}`, routes, language: 'sw' });
    await userEvent.click(await screen.findByRole('button', { name: 'Ona Mawasiliano' }));

    expect(await screen.findByRole('link', { name: 'Piga simu' })).toHaveAttribute(
      'href',
      'tel:+255712345678',
    );
    expect(screen.getByRole('link', { name: 'Chati' })).toHaveAttribute(
      'href',
      `https://wa.me/255712345678?text=${encodeURIComponent(
        'Habari, ninavutiwa na tangazo lako kwenye Makazi: Nyumba ya kupanga Sinza',
      )}`,
    );
    expect(screen.getByTestId('contact-details')).toHaveTextContent('Mmiliki: Juma Hamisi');
    expect(screen.getByRole('button', { name: 'Ficha Mawasiliano' })).toBeInTheDocument();
  });
});
