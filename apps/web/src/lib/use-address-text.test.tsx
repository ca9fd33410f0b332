import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { TLocale } from '@makazi/contracts/common-values';
import { formatPropertyAddress, type AddressParts } from '@makazi/contracts/property-values';
import { address } from '../testing/fixtures';
import { createTestI18n } from '../testing/test-utils';
import { useAddressText } from './use-address-text';

const EVERY_PART: AddressParts = {
  ...address,
  apartmentNumber: 'B4',
  houseNumber: '88',
  plotNumber: '1021',
};

async function addressText(language: TLocale, parts: AddressParts | null): Promise<string> {
  const i18n = await createTestI18n(language);
  const { result } = renderHook(() => useAddressText(), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    ),
  });
  return result.current(parts);
}

describe('useAddressText', () => {
  it.each([
    ['every part', EVERY_PART],
    ['a house number only', address],
  ])('reads in English exactly as the search text is built, with %s', async (_case, parts) => {
    expect(await addressText('en', parts)).toBe(formatPropertyAddress(parts));
  });

  it('words every part in Swahili', async () => {
    expect(await addressText('sw', EVERY_PART)).toBe(
      'Fleti Na. B4, Nyumba Na. 88, Kiwanja Na. 1021, Mtaa Mikocheni A, Kata Mikocheni, ' +
        'Wilaya Kinondoni, Mkoa Dar es Salaam',
    );
  });

  it('leaves the absent numbers out in Swahili too', async () => {
    expect(await addressText('sw', { ...address, houseNumber: null, plotNumber: '7' })).toBe(
      'Kiwanja Na. 7, Mtaa Mikocheni A, Kata Mikocheni, Wilaya Kinondoni, Mkoa Dar es Salaam',
    );
  });

  it('is empty without an address, in either language', async () => {
    expect(await addressText('en', null)).toBe('');
    expect(await addressText('sw', null)).toBe('');
  });
});
