import { describe, expect, it } from 'vitest';
import { phoneFromState, returnPath } from './return-path';

describe('returnPath', () => {
  it.each([
    [{ from: { pathname: '/posts', search: '', hash: '' } }, '/posts'],
    [{ from: { pathname: '/lease/1', search: '?a=1', hash: '#b' } }, '/lease/1?a=1#b'],
    [{ from: { pathname: '/posts' } }, '/posts'],
    [{ from: '/land/2?x=1' }, '/land/2?x=1'],
  ])('accepts a path of this app: %j', (state, path) => {
    expect(returnPath(state)).toBe(path);
  });

  it.each([
    undefined,
    null,
    'x',
    {},
    { from: '//evil.com' },
    { from: 'https://x' },
    { from: 'javascript:alert(1)' },
    { from: '/\\evil.com' },
    { from: { pathname: '//evil.com' } },
    { from: { pathname: 'https://x' } },
    { from: { pathname: '/\\evil.com' } },
    { from: { pathname: '/posts', search: 'a=1' } },
    { from: { pathname: '/posts', hash: 'x' } },
    { from: { pathname: '/po\nsts' } },
    { from: { pathname: '/login' } },
    { from: { pathname: '/register/' } },
    { from: 42 },
  ])('refuses %j', (state) => {
    expect(returnPath(state)).toBeNull();
  });
});

describe('phoneFromState', () => {
  it('reads a short string only', () => {
    expect(phoneFromState({ phoneNumber: '0712345678' })).toBe('0712345678');
    expect(phoneFromState({ phoneNumber: 712345678 })).toBeUndefined();
    expect(phoneFromState({ phoneNumber: '0'.repeat(21) })).toBeUndefined();
    expect(phoneFromState(null)).toBeUndefined();
  });
});
