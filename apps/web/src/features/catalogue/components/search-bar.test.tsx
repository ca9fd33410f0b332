import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@makazi/contracts/common';
import { makeRent } from '../../../testing/fixtures';
import { jsonResponse, mockFetch, renderApp, requestedUrls } from '../../../testing/test-utils';
import { CatalogueHome } from './catalogue-home';
import { CatalogueList } from './catalogue-list';

/*
 * The price boxes (issue 41): what is typed is read as people write prices, shown as the search
 * will use it, and refused with the reason when it cannot be searched, never rewritten.
 */

function listingServer() {
  return mockFetch((url) =>
    url.pathname === '/api/properties'
      ? jsonResponse([makeRent({ title: 'A house' })])
      : jsonResponse({}, { status: 404 }),
  );
}

const listingRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  requestedUrls(fetchMock).filter((url) => url.pathname === '/api/properties');

const TEXT: Record<
  TLocale,
  { min: string; max: string; submit: string; unreadable: string; range: string; fix: string }
> = {
  en: {
    min: 'Min price (TZS)',
    max: 'Max price (TZS)',
    submit: 'Search',
    unreadable: 'Write a price in shillings, for example 800,000, 800k or 1.2m.',
    range: 'The minimum price is higher than the maximum. Lower the minimum or raise the maximum.',
    fix: 'Correct the price range above to see listings.',
  },
  sw: {
    min: 'Bei ya chini (TZS)',
    max: 'Bei ya juu (TZS)',
    submit: 'Tafuta',
    unreadable: 'Andika bei kwa shilingi, kwa mfano 800,000, 800k au milioni 1.2.',
    range: 'Bei ya chini ni kubwa kuliko bei ya juu. Punguza bei ya chini au ongeza bei ya juu.',
    fix: 'Rekebisha bei hapo juu ili uone matangazo.',
  },
};

describe.each(['en', 'sw'] as const)('the price filter (%s)', (language) => {
  const text = TEXT[language];

  async function openList(url = '/lease') {
    const fetchMock = listingServer();
    const rendered = await renderApp(<CatalogueList type="Rent" />, {
      url,
      path: '/lease',
      language,
    });
    return { ...rendered, fetchMock };
  }

  const submitButton = () => screen.getByRole('button', { name: text.submit });

  it('searches 800k as 800,000 shillings and shows it so', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openList();
    await screen.findByText('A house');

    await user.type(screen.getByLabelText(text.min), '800k{Enter}');

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease\?minPrice=800000$/);
    expect(screen.getByLabelText(text.min)).toHaveValue('800,000');
    await screen.findByText('A house');
    expect(listingRequests(fetchMock).at(-1)?.searchParams.get('minPrice')).toBe('800000');
  });

  it('searches 1.2m as 1,200,000 shillings', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openList();
    await screen.findByText('A house');

    await user.type(screen.getByLabelText(text.max), '1.2m');
    await user.click(submitButton());

    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease\?maxPrice=1200000$/);
    expect(screen.getByLabelText(text.max)).toHaveValue('1,200,000');
    await screen.findByText('A house');
    expect(listingRequests(fetchMock).at(-1)?.searchParams.get('maxPrice')).toBe('1200000');
  });

  it('shows the price it read when the box is left, before any search', async () => {
    const user = userEvent.setup();
    await openList();
    const min = screen.getByLabelText(text.min);

    await user.type(min, 'TZS 800 000');
    await user.tab();

    expect(min).toHaveValue('800,000');
    expect(min).not.toHaveAttribute('aria-invalid');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
  });

  it('refuses a minimum above the maximum, says why next to the boxes, and searches nothing', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openList();
    await screen.findByText('A house');
    const asked = listingRequests(fetchMock).length;
    const min = screen.getByLabelText(text.min);
    const max = screen.getByLabelText(text.max);

    await user.type(min, '900k');
    await user.type(max, '100');
    await user.click(submitButton());

    expect(screen.getByRole('alert')).toHaveTextContent(text.range);
    for (const box of [min, max]) {
      expect(box).toHaveAttribute('aria-invalid', 'true');
      expect(box).toHaveAccessibleDescription(text.range);
    }
    // Neither bound was dropped or changed, and the first box to fix has the focus.
    expect(min).toHaveValue('900,000');
    expect(max).toHaveValue('100');
    expect(min).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
    expect(listingRequests(fetchMock)).toHaveLength(asked);

    // Fixing a bound takes the message away; the search then goes out with both bounds.
    await user.clear(max);
    await user.type(max, '2m{Enter}');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/lease\?minPrice=900000&maxPrice=2000000$/,
    );
  });

  it('refuses text that is not a price and keeps it as typed, searching neither bound', async () => {
    const user = userEvent.setup();
    const { fetchMock } = await openList();
    await screen.findByText('A house');
    const asked = listingRequests(fetchMock).length;
    const min = screen.getByLabelText(text.min);
    const max = screen.getByLabelText(text.max);

    await user.type(min, '300k');
    await user.type(max, 'eight hundred{Enter}');

    expect(screen.getByRole('alert')).toHaveTextContent(text.unreadable);
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription(text.unreadable);
    expect(max).toHaveValue('eight hundred');
    expect(max).toHaveFocus();
    expect(min).not.toHaveAttribute('aria-invalid');
    // Not a search by the minimum alone, with the maximum quietly left out.
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lease$/);
    expect(listingRequests(fetchMock)).toHaveLength(asked);
  });

  it('shows an inverted range from the URL as it is, with the reason, and asks for no listings', async () => {
    const { fetchMock } = await openList('/lease?minPrice=900000&maxPrice=100');

    const min = screen.getByLabelText(text.min);
    const max = screen.getByLabelText(text.max);
    expect(min).toHaveValue('900,000');
    expect(max).toHaveValue('100');
    expect(screen.getByRole('alert')).toHaveTextContent(text.range);
    expect(max).toHaveAttribute('aria-invalid', 'true');
    expect(max).toHaveAccessibleDescription(text.range);
    expect(screen.getByText(text.fix)).toBeInTheDocument();
    expect(screen.queryByTestId('listing-grid')).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/lease\?minPrice=900000&maxPrice=100$/,
    );
    expect(listingRequests(fetchMock)).toHaveLength(0);
  });
});

describe('the price filter on the home page', () => {
  it('refuses a price that is too high, with the largest one the search takes', async () => {
    const user = userEvent.setup();
    listingServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });

    await user.type(screen.getByLabelText('Min price (TZS)'), '2,000,000,000,000{Enter}');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'The highest price you can search for is TZS 1,000,000,000,000.',
    );
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
  });

  it('does not apply a type while a price cannot be read, rather than dropping the price', async () => {
    const user = userEvent.setup();
    listingServer();
    await renderApp(<CatalogueHome />, { url: '/home', path: '/home' });

    await user.type(screen.getByLabelText('Max price (TZS)'), '5x');
    await user.selectOptions(screen.getByLabelText('Property type'), 'Land');

    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.en.unreadable);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);

    await user.clear(screen.getByLabelText('Max price (TZS)'));
    await user.type(screen.getByLabelText('Max price (TZS)'), '5m{Enter}');
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/home\?type=Land&maxPrice=5000000$/,
    );
  });

  it('offers no saving and no results for an inverted range in the URL', async () => {
    const fetchMock = listingServer();
    await renderApp(
      <CatalogueHome renderSaveSearch={() => <button type="button">Save this search</button>} />,
      { url: '/home?minPrice=900000&maxPrice=100', path: '/home' },
    );

    const results = screen.getByRole('region', { name: 'Search results' });
    expect(within(results).getByText(TEXT.en.fix)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save this search' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TEXT.en.range);
    expect(listingRequests(fetchMock)).toHaveLength(0);
  });
});
