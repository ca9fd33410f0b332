import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PROPERTY_TYPES, type TPropertyType } from '@makazi/contracts/property-values';
import { USER_SUB, requestsTo, sentAuthorization, signIn } from '../../../testing/account';
import { showToast } from '../../../lib/toast';
import { userQueryOptions } from '../../../lib/user';
import { clearDraft, storedDraft } from '../testing/draft';
import { jsonResponse } from '../../../testing/test-utils';
import {
  LISTING_ID,
  accountAnswer,
  apiError,
  bodiesTo,
  callsBesideAccount,
  createdListing,
  servePublishing,
} from '../testing/publish-api';
import {
  TYPE_NAMES,
  VALID_DETAILS,
  chooseType,
  completeDetails,
  fillDetails,
  next,
  renderWizard,
} from '../testing/wizard';

vi.mock(import('../../../lib/toast'), async (importOriginal) => ({
  ...(await importOriginal()),
  showToast: vi.fn(() => Promise.resolve()),
}));

const CREATE_PATH = {
  Land: '/api/properties/land',
  Rent: '/api/properties/lease',
  Apartment: '/api/properties/apartment',
  HouseForSale: '/api/properties/house-for-sale',
} as const;

/** The labels of each type's required inputs (the owner's name is pre-filled from the session). */
const REQUIRED_LABELS: Record<TPropertyType, string[]> = {
  Land: [
    'Title',
    'Description',
    "Owner's name",
    "Owner's phone number",
    'Price (TZS)',
    'Lot width (m)',
    'Lot length (m)',
    'Lot status',
    'Distance from the main road',
  ],
  Rent: [
    'Title',
    'Description',
    "Owner's name",
    "Owner's phone number",
    'Rent per month (TZS)',
    'Bedrooms',
    'Bathrooms',
    'Lease term (months)',
  ],
  Apartment: [
    'Title',
    'Description',
    "Owner's name",
    "Owner's phone number",
    'Rent (TZS)',
    'Bedrooms',
    'Bathrooms',
    'Payment term',
  ],
  HouseForSale: [
    'Title',
    'Description',
    "Owner's name",
    "Owner's phone number",
    'Price (TZS)',
    'Bedrooms',
    'Bathrooms',
    'Distance from the main road',
  ],
};

beforeEach(async () => {
  vi.mocked(showToast).mockClear();
  await clearDraft();
  signIn();
});

describe('step 1: the type', () => {
  it('shows the stepper on step 1 of 3 and asks for the type before anything else', async () => {
    const fetchMock = servePublishing('Land');
    const user = userEvent.setup();
    await renderWizard();

    expect(screen.getByRole('heading', { level: 1, name: 'Post a property' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Steps' });
    expect(steps.querySelector('[aria-current="step"]')).toHaveTextContent('Type and details');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    await user.click(next());

    const land = screen.getByRole('radio', { name: 'Land' });
    expect(screen.getByText('Choose the type of property.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Property type' })).toHaveAccessibleDescription(
      'Choose the type of property.',
    );
    expect(land).toHaveFocus();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });

  it('names the four types in Swahili', async () => {
    servePublishing('Land');
    await renderWizard({ language: 'sw' });
    for (const name of ['Kiwanja', 'Nyumba ya kupanga', 'Fleti', 'Nyumba ya kuuza']) {
      expect(screen.getByRole('radio', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Endelea' })).toBeInTheDocument();
  });

  it('shows the fields of the chosen type only', async () => {
    servePublishing('Land');
    const user = userEvent.setup();
    await renderWizard();

    await chooseType(user, 'Land');
    expect(screen.getByLabelText('Lot width (m)')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Water service available' })).not.toBeChecked();
    expect(screen.queryByLabelText('Bedrooms')).not.toBeInTheDocument();

    await chooseType(user, 'Rent');
    expect(screen.getByLabelText('Lease term (months)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Lot width (m)')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await chooseType(user, 'HouseForSale');
    expect(screen.getByLabelText('Floor area (m²) (optional)')).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Electricity service available' }),
    ).toBeInTheDocument();

    await chooseType(user, 'Apartment');
    expect(screen.getByLabelText('Payment term')).toBeInTheDocument();
  });
});

describe('step 1: validation', () => {
  it.each(PROPERTY_TYPES)('%s: every detail field is required', async (type) => {
    const fetchMock = servePublishing(type);
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, type);
    await user.clear(screen.getByLabelText("Owner's name"));

    await user.click(next());

    for (const label of REQUIRED_LABELS[type]) {
      const input = screen.getByLabelText(label);
      expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(input, label).toHaveAccessibleDescription(
        expect.stringContaining('This field is required.'),
      );
    }
    expect(screen.getByLabelText('Title')).toHaveFocus();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });

  it('leaves the two service checkboxes and the floor area optional', async () => {
    const fetchMock = servePublishing('HouseForSale');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'HouseForSale');
    fillDetails('HouseForSale');

    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.HouseForSale)).toHaveLength(1);
  });

  it.each([
    ['Title', 'ab', 'Use 3 to 120 characters.'],
    ['Title', 'x'.repeat(121), 'Use 3 to 120 characters.'],
    [
      "Owner's phone number",
      '712345678',
      'Use +255 or 0 followed by 9 digits, for example 0712345678.',
    ],
    [
      "Owner's phone number",
      '+254712345678',
      'Use +255 or 0 followed by 9 digits, for example 0712345678.',
    ],
    ['Price (TZS)', '0', 'Enter a number above 0.'],
    ['Price (TZS)', '1500.50', 'Enter a whole number.'],
    ['Price (TZS)', '1000000000001', 'Enter at most 1,000,000,000,000.'],
    ['Bedrooms', '51', 'Enter at most 50.'],
    ['Bedrooms', '-1', 'Enter at least 0.'],
    ['Bedrooms', 'three', 'Enter a whole number.'],
    ['Floor area (m²) (optional)', '0', 'Enter a number above 0.'],
    ['Floor area (m²) (optional)', '1000001', 'Enter at most 1,000,000.'],
    ['Distance from the main road', 'x'.repeat(201), 'Use at most 200 characters.'],
  ])('House for sale: refuses %s = %j', async (label, value, message) => {
    const fetchMock = servePublishing('HouseForSale');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'HouseForSale');
    fillDetails('HouseForSale');
    // Long values are pasted, not typed: user.type would take a while over 200 characters.
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

    await user.click(next());

    const input = screen.getByLabelText(label);
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveFocus();
    expect(callsBesideAccount(fetchMock)).toEqual([]);
  });

  it.each([
    ['Lot width (m)', '0', 'Enter a number above 0.'],
    ['Lot length (m)', '100001', 'Enter at most 100,000.'],
    ['Lot length (m)', '12m', 'Enter a number, for example 12.5.'],
  ])('Land: refuses %s = %j', async (label, value, message) => {
    servePublishing('Land');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Land');
    fillDetails('Land');
    fireEvent.change(screen.getByLabelText(label), { target: { value } });

    await user.click(next());

    expect(screen.getByLabelText(label)).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });

  it.each([
    ['0', 'Enter at least 1.'],
    ['121', 'Enter at most 120.'],
  ])('Rent: refuses a lease term of %s months', async (value, message) => {
    servePublishing('Rent');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Rent');
    fillDetails('Rent');
    fireEvent.change(screen.getByLabelText('Lease term (months)'), { target: { value } });

    await user.click(next());

    expect(screen.getByLabelText('Lease term (months)')).toHaveAccessibleDescription(
      expect.stringContaining(message),
    );
  });

  it('speaks Swahili', async () => {
    servePublishing('Rent');
    const user = userEvent.setup();
    await renderWizard({ language: 'sw' });
    await user.click(screen.getByRole('radio', { name: 'Nyumba ya kupanga' }));
    fireEvent.change(screen.getByLabelText('Namba ya simu ya mmiliki'), {
      target: { value: '123' },
    });

    await user.click(screen.getByRole('button', { name: 'Endelea' }));

    expect(screen.getByLabelText('Kichwa cha tangazo')).toHaveAccessibleDescription(
      expect.stringContaining('Sehemu hii inahitajika.'),
    );
    expect(screen.getByLabelText('Namba ya simu ya mmiliki')).toHaveAccessibleDescription(
      expect.stringContaining('Tumia +255 au 0 ikifuatiwa na tarakimu 9'),
    );
  });
});

describe("step 1: the owner's phone", () => {
  /** Every field of a Rent listing but the phone, as fillDetails would. */
  function fillAllButPhone() {
    for (const [label, value] of Object.entries(VALID_DETAILS.Rent)) {
      if (label !== "Owner's phone number") {
        fireEvent.change(screen.getByLabelText(label), { target: { value } });
      }
    }
  }

  it("starts from the account's own phone, as people type it, and sends it as changed", async () => {
    const fetchMock = servePublishing('Rent', { account: [accountAnswer('+255754111222')] });
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Rent');

    const phone = screen.getByLabelText("Owner's phone number");
    await waitFor(() => expect(phone).toHaveValue('0754111222'));
    expect(sentAuthorization(requestsTo(fetchMock, `/api/users/${USER_SUB}`)[0])).toBe(
      'Bearer access-token-1',
    );

    await user.clear(phone);
    await user.type(phone, '0713000111');
    fillAllButPhone();
    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Rent)).toEqual([
      expect.objectContaining({ ownerPhoneNumber: '0713000111' }),
    ]);
  });

  it("starts from the account's phone in Swahili too, and sends it as it is", async () => {
    const fetchMock = servePublishing('Rent', { account: [accountAnswer('+255712345678')] });
    const user = userEvent.setup();
    await renderWizard({ language: 'sw' });
    await user.click(screen.getByRole('radio', { name: 'Nyumba ya kupanga' }));

    const phone = screen.getByLabelText('Namba ya simu ya mmiliki');
    await waitFor(() => expect(phone).toHaveValue('0712345678'));
    fireEvent.change(screen.getByLabelText('Kichwa cha tangazo'), {
      target: { value: VALID_DETAILS.Rent.Title },
    });
    fireEvent.change(screen.getByLabelText('Maelezo'), {
      target: { value: VALID_DETAILS.Rent.Description },
    });
    fireEvent.change(screen.getByLabelText('Kodi kwa mwezi (TZS)'), {
      target: { value: '450000' },
    });
    fireEvent.change(screen.getByLabelText('Vyumba vya kulala'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText('Mabafu'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Muda wa kupanga (miezi)'), { target: { value: '6' } });
    await user.click(screen.getByRole('button', { name: 'Endelea' }));

    await screen.findByRole('heading', { name: 'Hatua 2 kati ya 3: Anwani' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Rent)).toEqual([
      expect.objectContaining({ ownerPhoneNumber: '0712345678' }),
    ]);
  });

  it('keeps a number typed before the account has answered', async () => {
    let answer: (response: Response) => void = () => undefined;
    const late = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    servePublishing('Rent', { account: [() => late] });
    const user = userEvent.setup();
    const { queryClient } = await renderWizard();
    await chooseType(user, 'Rent');
    const phone = screen.getByLabelText("Owner's phone number");
    await user.type(phone, '0755');

    answer(accountAnswer());
    await waitFor(() =>
      expect(queryClient.getQueryData(userQueryOptions(USER_SUB).queryKey)).toBeDefined(),
    );

    expect(phone).toHaveValue('0755');
  });
});

describe('step 1: saving', () => {
  it.each(PROPERTY_TYPES)('%s: creates the listing with numbers as JSON numbers', async (type) => {
    const fetchMock = servePublishing(type);
    const user = userEvent.setup();
    await renderWizard();

    await completeDetails(user, type);

    const common = { type, ownerName: 'Amina Juma' };
    const expected = {
      Land: {
        ...common,
        title: 'Kiwanja Kigamboni',
        description: 'Kiwanja kizuri karibu na bahari.',
        ownerPhoneNumber: '0712345678',
        lotPrice: 25_000_000,
        lotWidth: 20,
        lotLength: 30.5,
        lotStatus: 'Surveyed',
        distanceFromMainRoad: '200 m',
        isWaterServiceAvailable: false,
        isElectricityServiceAvailable: false,
      },
      Rent: {
        ...common,
        title: 'Nyumba ya kupanga Sinza',
        description: 'Vyumba vitatu, maji na umeme.',
        ownerPhoneNumber: '+255712345678',
        leasePrice: 450_000,
        numberOfBedrooms: 3,
        numberOfBathrooms: 2,
        leaseTerm: 6,
      },
      Apartment: {
        ...common,
        title: 'Apartment Masaki',
        description: 'Ghorofa ya tatu, lifti.',
        ownerPhoneNumber: '0755000111',
        appartmentPrice: 900_000,
        numberOfBedrooms: 2,
        numberOfBathrooms: 1,
        appartmentPriceTerm: '12 months',
      },
      HouseForSale: {
        ...common,
        title: 'Nyumba inauzwa Mbezi',
        description: 'Nyumba ya vyumba vinne.',
        ownerPhoneNumber: '0712345678',
        housePrice: 180_000_000,
        numberOfBedrooms: 4,
        numberOfBathrooms: 3,
        distanceFromMainRoad: '1 km',
        isWaterServiceAvailable: false,
        isElectricityServiceAvailable: false,
      },
    }[type];
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH[type])).toEqual([expected]);
    expect(sentAuthorization(requestsTo(fetchMock, CREATE_PATH[type], 'POST')[0])).toBe(
      'Bearer access-token-1',
    );
    expect(screen.getByRole('heading', { name: 'Step 2 of 3: Address' })).toHaveFocus();
    await waitFor(async () =>
      expect(await storedDraft()).toMatchObject({
        id: LISTING_ID,
        step: 2,
        mode: 'create',
        type,
        publishing: false,
        photos: {},
      }),
    );
  });

  it('sends the ticked service checkboxes and a floor area', async () => {
    const fetchMock = servePublishing('HouseForSale');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'HouseForSale');
    fillDetails('HouseForSale');
    await user.type(screen.getByLabelText('Floor area (m²) (optional)'), '145,5');
    await user.click(screen.getByRole('checkbox', { name: 'Water service available' }));

    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.HouseForSale)[0]).toMatchObject({
      squareFootage: 145.5,
      isWaterServiceAvailable: true,
      isElectricityServiceAvailable: false,
    });
  });

  it('puts a 400 naming a field on that field and stays on step 1', async () => {
    const fetchMock = servePublishing('Rent', {
      create: [
        apiError(400, 'VALIDATION_FAILED', [
          { field: 'leaseTerm', message: 'must be at most 120 months' },
        ]),
      ],
    });
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Rent');
    fillDetails('Rent');

    await user.click(next());

    const term = screen.getByLabelText('Lease term (months)');
    await waitFor(() =>
      expect(term).toHaveAccessibleDescription('This was not accepted. Check it and try again.'),
    );
    expect(term).toHaveAttribute('aria-invalid', 'true');
    expect(term).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'Step 1 of 3: Type and details' }),
    ).toBeInTheDocument();

    // Changing the field clears the server's refusal, and the next try goes through.
    await user.clear(term);
    await user.type(term, '12');
    expect(term).not.toHaveAttribute('aria-invalid');
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Rent)).toHaveLength(1);
  });

  it('says the account may not publish on a 403, keeping everything typed', async () => {
    servePublishing('Land', { create: [apiError(403, 'FORBIDDEN')] });
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Land');
    fillDetails('Land');

    await user.click(next());

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The details could not be saved.');
    expect(alert).toHaveTextContent('Your account may not publish listings. Contact support');
    const support = within(alert).getByRole('link', { name: 'Contact support' });
    expect(support).toHaveAttribute('href', '/support');
    // Opened beside the wizard, which keeps what was typed.
    expect(support).toHaveAttribute('target', '_blank');
    expect(alert).toHaveTextContent('Everything you entered is kept.');
    for (const [label, value] of Object.entries(VALID_DETAILS.Land)) {
      expect(screen.getByLabelText(label)).toHaveValue(value);
    }
    // Typed but never saved: the draft keeps what was typed, without a listing.
    await waitFor(async () =>
      expect(await storedDraft()).toMatchObject({ id: null, step: 1, type: 'Land' }),
    );
  });

  it('explains a network failure, keeps the inputs, and creates on the next try', async () => {
    const fetchMock = servePublishing('Apartment', {
      create: [
        () => Promise.reject(new TypeError('Failed to fetch')),
        jsonResponse(createdListing('Apartment'), { status: 201 }),
      ],
    });
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Apartment');
    fillDetails('Apartment');

    await user.click(next());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No connection. Check your internet and try again.',
    );
    expect(screen.getByLabelText('Title')).toHaveValue('Apartment Masaki');
    expect(screen.getByRole('radio', { name: TYPE_NAMES.Apartment })).toBeChecked();

    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Apartment)).toHaveLength(2);
  });

  it('sends the details once however fast Next is pressed', async () => {
    const fetchMock = servePublishing('Rent');
    const user = userEvent.setup();
    await renderWizard();
    await chooseType(user, 'Rent');
    fillDetails('Rent');
    const form = next().closest('form')!;

    fireEvent.submit(form);
    fireEvent.submit(form);

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Rent)).toHaveLength(1);
  });

  it('after going back, saves only the changed fields of the created listing and keeps its type', async () => {
    const fetchMock = servePublishing('Rent');
    const user = userEvent.setup();
    await renderWizard();
    await completeDetails(user, 'Rent');

    await user.click(screen.getByRole('button', { name: 'Back' }));

    expect(screen.getByLabelText('Title')).toHaveValue('Nyumba ya kupanga Sinza');
    expect(screen.getByRole('radio', { name: 'Land' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Property type' })).toHaveAccessibleDescription(
      'The type cannot be changed once the listing is saved.',
    );
    await user.clear(screen.getByLabelText('Bedrooms'));
    await user.type(screen.getByLabelText('Bedrooms'), '4');
    await user.click(next());

    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'POST', CREATE_PATH.Rent)).toHaveLength(1);
    expect(bodiesTo(fetchMock, 'PATCH', `/api/properties/${LISTING_ID}`)).toEqual([
      { numberOfBedrooms: 4 },
    ]);

    // Nothing changed: no call at all.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(next());
    await screen.findByRole('heading', { name: 'Step 2 of 3: Address' });
    expect(bodiesTo(fetchMock, 'PATCH', `/api/properties/${LISTING_ID}`)).toHaveLength(1);
  });
});
