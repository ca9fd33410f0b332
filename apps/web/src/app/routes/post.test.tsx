import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createI18n } from '../../lib/i18n';
import { signIn } from '../../testing/account';
import {
  LocationProbe,
  createTestQueryClient,
  jsonResponse,
  renderApp,
} from '../../testing/test-utils';
import {
  LISTING_ID,
  callsBesideAccount,
  ownListing,
  servePublishing,
} from '../../features/create-listing/testing/publish-api';
import { AppProvider } from '../provider';
import { PostRoute } from './post';

function renderPost(url: string) {
  return renderApp(<PostRoute />, { url, path: '/post' });
}

beforeEach(() => {
  window.sessionStorage.clear();
  signIn();
});

describe('/post', () => {
  it('opens the create wizard on step 1', async () => {
    const fetchMock = servePublishing('Land');
    await renderPost('/post');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post a property' }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });

  it('opens the edit wizard on the listing named by ?edit', async () => {
    servePublishing('Land', { get: [jsonResponse(ownListing('Land'))] });
    await renderPost(`/post?edit=${LISTING_ID}`);

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Edit your property' }),
    ).toBeInTheDocument();
    expect(await screen.findByLabelText('Title')).toHaveValue('Kiwanja Kigamboni');
  });

  it('creates a new listing when ?edit is not a listing id', async () => {
    const fetchMock = servePublishing('Land');
    await renderPost('/post?edit=../../admin');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Post a property' }),
    ).toBeInTheDocument();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });

  it('shows a loading bar until the publishing texts have downloaded', async () => {
    servePublishing('Land');
    // The real loader: 'publish' is a lazy namespace, fetched when this page asks for it.
    const i18n = await createI18n({ language: 'sw' });
    expect(i18n.hasLoadedNamespace('publish')).toBe(false);
    const router = createMemoryRouter(
      [
        {
          path: '/post',
          element: (
            <>
              <PostRoute />
              <LocationProbe />
            </>
          ),
        },
      ],
      { initialEntries: ['/post'] },
    );
    render(
      <AppProvider i18n={i18n} queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProvider>,
    );

    expect(screen.getByRole('progressbar', { name: 'Inapakia…' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tangaza mali' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });
});
