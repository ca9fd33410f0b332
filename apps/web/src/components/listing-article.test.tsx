import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  makeApartment,
  makeHouseForSale,
  makeLand,
  makeRent,
  type TProperty,
} from '../testing/fixtures';
import { renderApp } from '../testing/test-utils';
import { ListingArticle, type ListingArticleProps } from './listing-article';

const ADDRESS =
  'House No. 12, Street Mikocheni A, Ward Mikocheni, District Kinondoni, Region Dar es Salaam';
const SW_ADDRESS =
  'Nyumba Na. 12, Mtaa Mikocheni A, Kata Mikocheni, Wilaya Kinondoni, Mkoa Dar es Salaam';

function renderArticle(
  property: TProperty,
  { address = 'details', ...rest }: Partial<Omit<ListingArticleProps, 'property'>> = {},
) {
  return renderApp(
    <ListingArticle
      property={property}
      testId="article"
      photos={<p>photos</p>}
      address={address}
      {...rest}
    />,
  );
}

/** The details as the reader meets them: label and value, in order. */
function rows(): [string, string][] {
  const list = screen.getByRole('heading', { name: 'Details' }).nextElementSibling;
  if (!list) throw new Error('no details list');
  return [...list.querySelectorAll('dt')].map((term) => [
    term.textContent ?? '',
    term.nextElementSibling?.textContent ?? '',
  ]);
}

describe('ListingArticle', () => {
  it('shows a lease: its type, title, price per month, every lease field and the description', async () => {
    await renderArticle(
      makeRent({
        title: 'Nyumba ya kupanga Sinza',
        description: 'Vyumba viwili na sebule.',
        ownerName: 'Juma Hamisi',
        price: 450_000,
        leaseTerm: 1,
        numberOfBedrooms: 2,
        numberOfBathrooms: 1,
      }),
    );
    const article = screen.getByTestId('article');
    expect(article).toHaveAttribute('data-type', 'Rent');
    expect(within(article).getByText('Rent', { selector: 'span' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Nyumba ya kupanga Sinza' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('property-price')).toHaveTextContent(/^TZS 450,000 per month$/);
    expect(screen.getByTestId('property-price')).toHaveAttribute('data-price', '450000');
    expect(rows()).toEqual([
      ['Type', 'Rent'],
      ['Address', ADDRESS],
      ['Bedrooms', '2'],
      ['Bathrooms', '1'],
      ['Lease term', '1 month'],
      ['Owner', 'Juma Hamisi'],
    ]);
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent(
      'Vyumba viwili na sebule.',
    );
  });

  it('shows land: the lot, its status and the services, with a price and no per month', async () => {
    await renderArticle(
      makeLand({
        price: 40_000_000,
        lotWidth: 1_250,
        lotLength: 15,
        lotStatus: 'Not surveyed',
        distanceFromMainRoad: '50 m',
        isWaterServiceAvailable: false,
        isElectricityServiceAvailable: true,
        ownerName: 'Halima Said',
      }),
    );
    expect(screen.getByTestId('property-price')).toHaveTextContent(/^TZS 40,000,000$/);
    expect(rows()).toEqual([
      ['Type', 'Land'],
      ['Address', ADDRESS],
      ['Lot width', '1,250 m'],
      ['Lot length', '15 m'],
      ['Lot status', 'Not surveyed'],
      ['Distance from main road', '50 m'],
      ['Water', 'Not available'],
      ['Electricity', 'Available'],
      ['Owner', 'Halima Said'],
    ]);
  });

  it.each([
    ['12', '12 months'],
    [' 1 ', '1 month'],
    ['per year', 'per year'],
    ['  ', '--'],
  ])("reads an apartment's price term %j as %j", async (appartmentPriceTerm, shown) => {
    await renderArticle(makeApartment({ appartmentPriceTerm, numberOfBedrooms: 5 }));
    expect(rows()).toEqual([
      ['Type', 'Apartment'],
      ['Address', ADDRESS],
      ['Bedrooms', '5'],
      ['Bathrooms', '1'],
      ['Price term', shown],
      ['Owner', 'Amina Juma'],
    ]);
  });

  it.each([
    [null, '--'],
    [2_400, '2,400 m²'],
  ])('shows a house for sale with floor area %j as %j', async (squareFootage, shown) => {
    await renderArticle(
      makeHouseForSale({
        squareFootage,
        numberOfBedrooms: 6,
        numberOfBathrooms: 4,
        distanceFromMainRoad: '3 km',
        isWaterServiceAvailable: false,
        isElectricityServiceAvailable: false,
      }),
    );
    expect(rows()).toEqual([
      ['Type', 'House for Sale'],
      ['Address', ADDRESS],
      ['Bedrooms', '6'],
      ['Bathrooms', '4'],
      ['Floor area', shown],
      ['Distance from main road', '3 km'],
      ['Water', 'Not available'],
      ['Electricity', 'Not available'],
      ['Owner', 'Amina Juma'],
    ]);
  });

  it("puts the address under the price on the owner's page, not among the details", async () => {
    await renderArticle(makeRent({ ownerName: 'Juma Hamisi' }), { address: 'heading' });
    expect(screen.getByTestId('property-address')).toHaveTextContent(`Address: ${ADDRESS}`);
    expect(rows().map(([label]) => label)).toEqual([
      'Type',
      'Bedrooms',
      'Bathrooms',
      'Lease term',
      'Owner',
    ]);
  });

  it("shows '--' for what is blank and 'No title' for a listing without one", async () => {
    await renderArticle(
      makeLand({
        title: '   ',
        description: ' ',
        ownerName: '',
        lotStatus: ' ',
        distanceFromMainRoad: '',
        propertyAddress: null,
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'No title' })).toBeInTheDocument();
    expect(rows()).toEqual(
      expect.arrayContaining([
        ['Address', '--'],
        ['Lot status', '--'],
        ['Distance from main road', '--'],
        ['Owner', '--'],
      ]),
    );
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent(
      /^Description--$/,
    );
  });

  it('shows the badge beside the type chip, and what the page adds between the price and the details', async () => {
    await renderArticle(makeRent(), {
      badge: <span data-testid="badge">Badge</span>,
      children: <p data-testid="added">Added</p>,
    });
    const chip = screen.getByText('Rent', { selector: 'span' });
    expect(chip.nextElementSibling).toBe(screen.getByTestId('badge'));
    const added = screen.getByTestId('added');
    expect(
      added.compareDocumentPosition(screen.getByTestId('property-price')) &
        Node.DOCUMENT_POSITION_PRECEDING,
    ).toBeTruthy();
    expect(
      added.compareDocumentPosition(screen.getByRole('heading', { name: 'Details' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('speaks Swahili', async () => {
    await renderApp(
      <ListingArticle
        property={makeRent({ leaseTerm: 6 })}
        testId="article"
        photos={null}
        address="details"
      />,
      { language: 'sw' },
    );
    expect(screen.getByTestId('property-price')).toHaveTextContent(/kwa mwezi$/);
    const list = screen.getByRole('heading', { name: 'Maelezo ya mali' }).nextElementSibling;
    expect(list).toHaveTextContent('Nyumba ya kupanga');
    expect(list).toHaveTextContent('Muda wa kupangaMiezi 6');
    expect(list).toHaveTextContent(SW_ADDRESS);
    expect(list).not.toHaveTextContent(/House No\.|Street|Ward|District|Region/);
  });

  it("words the address in Swahili under the price on the owner's page too", async () => {
    await renderApp(
      <ListingArticle property={makeRent()} testId="article" photos={null} address="heading" />,
      { language: 'sw' },
    );
    expect(screen.getByTestId('property-address')).toHaveTextContent(`Anwani: ${SW_ADDRESS}`);
  });
});
