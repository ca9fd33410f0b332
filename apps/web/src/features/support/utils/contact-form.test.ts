import { describe, expect, it } from 'vitest';
import {
  isMobileNumber,
  problemsFromApi,
  toMessageBody,
  validateContact,
  type ContactValues,
} from './contact-form';

const VALID: ContactValues = {
  name: 'Zawadi',
  phone: '0712345678',
  email: '',
  topic: 'listing',
  message: 'My listing is still waiting.',
};

describe('validateContact', () => {
  it('accepts a complete message', () => {
    expect(validateContact(VALID, false)).toEqual({});
  });

  it('finds every problem of an empty form', () => {
    expect(
      validateContact({ name: ' ', phone: '', email: '', topic: '', message: '' }, false),
    ).toEqual({
      name: 'nameRequired',
      phone: 'contactRequired',
      topic: 'topicRequired',
      message: 'messageTooShort',
    });
  });

  it('needs no phone or email from a signed-in sender', () => {
    expect(validateContact({ ...VALID, phone: '' }, true)).toEqual({});
  });

  it('checks the lengths the API checks', () => {
    expect(validateContact({ ...VALID, name: 'n'.repeat(81) }, false).name).toBe('nameTooLong');
    expect(validateContact({ ...VALID, name: 'n'.repeat(80) }, false).name).toBeUndefined();
    expect(validateContact({ ...VALID, message: ' 123456789 ' }, false).message).toBe(
      'messageTooShort',
    );
    expect(validateContact({ ...VALID, message: 'm'.repeat(2001) }, false).message).toBe(
      'messageTooLong',
    );
    expect(validateContact({ ...VALID, message: 'Hello\u0000there!' }, false).message).toBe(
      'invalidText',
    );
  });

  it('checks a phone or an email that was given', () => {
    expect(validateContact({ ...VALID, phone: '12345' }, false).phone).toBe('phoneFormat');
    expect(validateContact({ ...VALID, email: 'zawadi@' }, false).email).toBe('emailFormat');
    expect(validateContact({ ...VALID, phone: '', email: 'z@example.co.tz' }, false)).toEqual({});
  });
});

describe('isMobileNumber', () => {
  it.each(['0712345678', '0612 345 678', '+255 712-345-678', '255712345678', '(0712) 345.678'])(
    'accepts %s',
    (phone) => expect(isMobileNumber(phone)).toBe(true),
  );
  it.each(['0222123456', '071234567', '+254712345678', 'zero seven'])('refuses %s', (phone) =>
    expect(isMobileNumber(phone)).toBe(false),
  );
});

describe('toMessageBody', () => {
  it('trims, and leaves out an empty phone or email', () => {
    expect(
      toMessageBody({
        ...VALID,
        name: ' Zawadi ',
        phone: ' ',
        email: ' z@example.com ',
        topic: 'scam',
      }),
    ).toEqual({
      name: 'Zawadi',
      email: 'z@example.com',
      topic: 'scam',
      message: 'My listing is still waiting.',
    });
  });
});

describe('problemsFromApi', () => {
  it('reads both contact fields named as no contact given', () => {
    expect(problemsFromApi(['phone', 'email'])).toEqual({ phone: 'contactRequired' });
    expect(problemsFromApi(['email'])).toEqual({ email: 'emailFormat' });
    expect(problemsFromApi(['name', 'message', 'topic'])).toEqual({
      name: 'invalidText',
      message: 'invalidText',
      topic: 'topicRequired',
    });
  });
});
