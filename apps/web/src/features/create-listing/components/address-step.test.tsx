import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TPropertyType } from '@makazi/contracts/property-values';
import { signIn } from '../../../testing/account';
import { jsonResponse, requestedUrls } from '../../../testing/test-utils';
import { showToast } from '../../../lib/toast';
import { clearDraft, storedDraft } from '../testing/draft';
import { LISTING_ID, apiError, bodiesTo, never, servePublishing } from '../testing/publish-api';
import { completeDetails, enabled, next, renderWizard } from '../testing/wizard';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const ADDRESS_PATH = `/api/properties/${LISTING_ID}/address`;

beforeEach(async () => {
  await clearDraft();
  vi.mocked(showToast).mockClear();
  signIn();
});

async function openAddressStep(type: TPropertyType = 'Rent', answers = {}) {
  const fetchMock = servePublishing(type, answers);
  const user = userEvent.setup();
  await renderWizard();
  await completeDetails(user, type);
  return { fetchMock, user };
}

function optionNames(label: string): string[] {
  return [...screen.getByLabelText<HTMLSelectElement>(label).options].map((o) => o.text);
}

describe('step 2: the region → district → ward → street cascade', () => {
  it('opens each level only once the level above is chosen', async () => {
    const { user } = await openAddressStep();

    const region = await enabled('Region');
    expect(optionNames('Region')).toEqual(['Choose…', 'Dar es Salaam', 'Arusha']);
    expect(screen.getByLabelText('District')).toBeDisabled();
    expect(optionNames('District')).toEqual(['Choose a region first']);
    expect(screen.getByLabelText('Ward')).toBeDisabled();
    expect(screen.getByLabelText('Street')).toBeDisabled();

    await user.selectOptions(region, 'Dar es Salaam');
    const district = await enabled('District');
    expect(optionNames('District')).toEqual(['Choose…', 'Kinondoni', 'Ilala']);
    expect(screen.getByLabelText('Ward')).toBeDisabled();
    expect(optionNames('Ward')).toEqual(['Choose a district first']);

    await user.selectOptions(district, 'Kinondoni');
    await user.selectOptions(await enabled('Ward'), 'Mikocheni');
    await user.selectOptions(await enabled('Street'), 'Mikocheni B');
    expect(screen.getByLabelText('Street')).toHaveValue('4001');
  });

  it('clears the lower levels when a level changes', async () => {
    const { user } = await openAddressStep();
    await user.selectOptions(await enabled('Region'), 'Dar es Salaam');
    await user.selectOptions(await enabled('District'), 'Kinondoni');
    await user.selectOptions(await enabled('Ward'), 'Mikocheni');
    await user.selectOptions(await enabled('Street'), 'Mikocheni A');

    await user.selectOptions(screen.getByLabelText('District'), 'Ilala');

    expect(screen.getByLabelText('District')).toHaveValue('31');
    expect(screen.getByLabelText('Ward')).toHaveValue('');
    expect(screen.getByLabelText('Street')).toHaveValue('');
    expect(screen.getByLabelText('Street')).toBeDisabled();
    await waitFor(() => expect(optionNames('Ward')).toEqual(['Choose…', 'Kariakoo']));

    await user.selectOptions(screen.getByLabelText('Region'), 'Arusha');

    expect(screen.getByLabelText('District')).toHaveValue('');
    expect(screen.getByLabelText('Ward')).toHaveValue('');
    expect(screen.getByLabelText('Ward')).toBeDisabled();
    await waitFor(() => expect(optionNames('District')).toEqual(['Choose…', 'Arusha Mjini']));
  });

  it('asks each list once: going back to a region uses the cached districts', async () => {
    const { fetchMock, user } = await openAddressStep();
    await user.selectOptions(await enabled('Region'), 'Dar es Salaam');
    await enabled('District');
    await user.selectOptions(screen.getByLabelText('Region'), 'Arusha');
    await enabled('District');
    await user.selectOptions(screen.getByLabelText('Region'), 'Dar es Salaam');
    await enabled('District');

    const asked = requestedUrls(fetchMock).map((url) => url.pathname);
    expect(asked.filter((path) => path === '/api/locations/regions/7')).toHaveLength(1);
    expect(asked.filter((path) => path === '/api/locations/regions')).toHaveLength(1);
  });

  it('says when a list could not be loaded and loads it again on request', async () => {
    const { user } = await openAddressStep('Rent', {
      districts: [
        apiError(503, 'SERVICE_UNAVAILABLE'),
        jsonResponse({ id: 7, name: 'Dar', districts: [{ id: 30, name: 'Kinondoni' }] }),
      ],
    });
    await user.selectOptions(await enabled('Region'), 'Dar es Salaam');

    await waitFor(() =>
      expect(screen.getByLabelText('District')).toHaveAccessibleDescription(
        'This list could not be loaded.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));

    await enabled('District');
    expect(optionNames('District')).toEqual(['Choose…', 'Kinondoni']);
  });
});

describe('step 2: saving the address', () => {
  it('requires the four levels, starting with the first one missing', async () => {
    const { fetchMock, user } = await openAddressStep();
    await enabled('Region');

    await user.click(next());

    expect(screen.getByLabelText('Region')).toHaveAccessibleDescription('Choose a region.');
    expect(screen.getByLabelText('Region')).toHaveFocus();
    // The levels still waiting say so in their placeholder rather than as an error.
    expect(screen.getByLabelText('District')).not.toHaveAttribute('aria-invalid');

    await user.selectOptions(screen.getByLabelText('Region'), 'Dar es Salaam');
    await user.selectOptions(await enabled('District'), 'Kinondoni');
    await user.click(next());

    expect(screen.getByLabelText('Ward')).toHaveAccessibleDescription('Choose a ward.');
    expect(screen.getByLabelText('Ward')).toHaveFocus();
    expect(bodiesTo(fetchMock, 'POST', ADDRESS_PATH)).toEqual([]);
  });

  it.each([
    ['Rent', 'House number (optional)', 'houseNumber'],
    ['HouseForSale', 'House number (optional)', 'houseNumber'],
    ['Land', 'Plot number (optional)', 'plotNumber'],
    ['Apartment', 'Apartment number (optional)', 'apartmentNumber'],
  ] as const)('%s: sends the four ids as numbers and the %s as %s', async (type, label, field) => {
    const { fetchMock, user } = await openAddressStep(type);
    await user.selectOptions(await enabled('Region'), 'Dar es Salaam');
    await user.selectOptions(await enabled('District'), 'Kinondoni');
    await user.selectOptions(await enabled('Ward'), 'Mikocheni');
    await user.selectOptions(await enabled('Street'), 'Mikocheni A');
    await user.type(screen.getByLabelText(label), ' 12B ');

    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    expect(bodiesTo(fetchMock, 'POST', ADDRESS_PATH)).toEqual([
      { regionId: 7, districtId: 30, wardId: 900, streetId: 4000, [field]: '12B' },
    ]);
    await waitFor(async () => expect(await storedDraft()).toMatchObject({ step: 3 }));
  });

  it('leaves the number out when it is empty', async () => {
    const { fetchMock, user } = await openAddressStep('Land');
    await user.selectOptions(await enabled('Region'), 'Arusha');
    await user.selectOptions(await enabled('District'), 'Arusha Mjini');
    await user.selectOptions(await enabled('Ward'), 'Sekei');
    await user.selectOptions(await enabled('Street'), 'Themi');

    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 3 of 3: Photos' });
    expect(bodiesTo(fetchMock, 'POST', ADDRESS_PATH)).toEqual([
      { regionId: 8, districtId: 40, wardId: 950, streetId: 4300 },
    ]);
  });

  it('waits for the call: a refused street stays on step 2, marked', async () => {
    const { user } = await openAddressStep('Rent', {
      address: [
        apiError(400, 'VALIDATION_FAILED', [{ field: 'streetId', message: 'is not in the ward' }]),
      ],
    });
    await user.selectOptions(await enabled('Region'), 'Dar es Salaam');
    await user.selectOptions(await enabled('District'), 'Kinondoni');
    await user.selectOptions(await enabled('Ward'), 'Mikocheni');
    await user.selectOptions(await enabled('Street'), 'Mikocheni A');

    await user.click(next());

    const street = screen.getByLabelText('Street');
    await waitFor(() =>
      expect(street).toHaveAccessibleDescription(
        'This place does not match the one above it. Choose again.',
      ),
    );
    expect(street).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Address' })).toBeInTheDocument();
  });

  it('explains a timeout and keeps the choices and the details', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const { user } = await openAddressStep('Rent', {
        address: [never],
      });
      await user.selectOptions(await enabled('Region'), 'Dar es Salaam');
      await user.selectOptions(await enabled('District'), 'Kinondoni');
      await user.selectOptions(await enabled('Ward'), 'Mikocheni');
      await user.selectOptions(await enabled('Street'), 'Mikocheni A');

      await user.click(next());
      await vi.advanceTimersByTimeAsync(10_000);

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('The address could not be saved.');
      expect(alert).toHaveTextContent('The server is taking too long to answer. Try again.');
      expect(screen.getByLabelText('Street')).toHaveValue('4000');

      await user.click(screen.getByRole('button', { name: 'Back' }));
      expect(screen.getByLabelText('Title')).toHaveValue('Nyumba ya kupanga Sinza');
      await user.click(next());
      expect(await enabled('Street')).toHaveValue('4000');
    } finally {
      vi.useRealTimers();
    }
  });
});
