import { describe, expect, it } from 'vitest';
import {
  isCompleteCode,
  normalizeCode,
  toLocalPhone,
  validateName,
  validatePhone,
  validateRegister,
} from './validation';

describe('validatePhone', () => {
  it.each([
    ['', 'phoneRequired'],
    ['   ', 'phoneRequired'],
    ['0712345678', null],
    ['0712 345 678', null],
    ['0712-345-678', null],
    ['071234567', 'phoneFormat'],
    ['07123456789', 'phoneFormat'],
    ['7123456789', 'phoneFormat'],
    ['+255712345678', 'phoneFormat'],
    ['07l2345678', 'phoneFormat'],
  ])('%j → %s', (phone, problem) => {
    expect(validatePhone(phone)).toBe(problem);
  });
});

describe('validateName', () => {
  it.each(['Asha', 'Anna-Maria', "O'Neil", 'Mwl. Juma', 'Zoë', 'Mary Jane'])(
    'accepts %s',
    (name) => {
      expect(validateName(name)).toBeNull();
    },
  );

  it.each(['Asha2', '<b>', '-Asha', 'a_b'])('refuses %s', (name) => {
    expect(validateName(name)).toBe('nameInvalid');
  });

  it('limits a name to 50 characters', () => {
    expect(validateName('a'.repeat(50))).toBeNull();
    expect(validateName('a'.repeat(51))).toBe('nameTooLong');
  });
});

describe('validateRegister', () => {
  it('reports each empty field as missing', () => {
    expect(validateRegister({ firstName: '', lastName: ' ', phoneNumber: '' })).toEqual({
      firstName: 'missing',
      lastName: 'missing',
      phoneNumber: 'missing',
    });
  });

  it('passes a complete form', () => {
    expect(
      validateRegister({ firstName: 'Asha', lastName: 'Mushi', phoneNumber: '0712345678' }),
    ).toEqual({});
  });

  it('applies the phone and name rules to filled fields', () => {
    expect(
      validateRegister({ firstName: 'Asha1', lastName: 'Mushi', phoneNumber: '12345' }),
    ).toEqual({ firstName: 'nameInvalid', phoneNumber: 'phoneFormat' });
  });
});

describe('the code', () => {
  it('keeps six digits', () => {
    expect(normalizeCode('12 34-56')).toBe('123456');
    expect(normalizeCode('12345678')).toBe('123456');
    expect(isCompleteCode('123456')).toBe(true);
    expect(isCompleteCode('12345')).toBe(false);
  });
});

describe('toLocalPhone (checkout: +255 or 0 and nine digits)', () => {
  it.each([
    ['0712345678', '0712345678'],
    ['+255712345678', '0712345678'],
    [' +255 712 345 678 ', '0712345678'],
    ['0712-345-678', '0712345678'],
    ['', null],
    ['712345678', null],
    ['255712345678', null],
    ['+2557123456789', null],
    ['071234567', null],
    ['07123456789', null],
    ['07l2345678', null],
  ])('%j → %j', (phone, local) => {
    expect(toLocalPhone(phone)).toBe(local);
  });
});
