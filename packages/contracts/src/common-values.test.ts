import { describe, expect, it } from 'vitest';
import { ZErrorCode, ZLocale } from './common';
import { ERROR_CODES, LOCALES, isErrorCode, isLocale } from './common-values';

describe('common values', () => {
  it('are the options of the zod enums built from them', () => {
    expect(ZLocale.options).toEqual([...LOCALES]);
    expect(ZErrorCode.options).toEqual([...ERROR_CODES]);
  });

  it('guards accept exactly the listed values', () => {
    expect(isLocale('sw')).toBe(true);
    for (const value of ['fr', 'SW', '', null, undefined, 1, {}])
      expect(isLocale(value)).toBe(false);
    expect(isErrorCode('NOT_FOUND')).toBe(true);
    for (const value of ['not_found', 'toString', 'constructor', null, 404]) {
      expect(isErrorCode(value)).toBe(false);
    }
  });
});
