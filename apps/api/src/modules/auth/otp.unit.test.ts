import { describe, expect, it } from 'vitest';
import { createOtpHasher, generateOtpCode } from './otp';

const USER = '6f1c2a52-8d3b-4e2f-9a51-0c7b1d2e3f40';
const OTHER = '0b9e8d7c-6a5b-4c3d-8e2f-1a0b9c8d7e6f';
const SECRET = 'a-server-secret-that-is-long-enough-1234';

describe('generateOtpCode', () => {
  it('gives six digits, leading zeros kept, different each time', () => {
    const codes = Array.from({ length: 2000 }, generateOtpCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(1990);
    // Small values appear padded, not shortened (about 200 of 2000 start with 0).
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });
});

describe('createOtpHasher', () => {
  it('hashes a code so that it matches only for the same user and server secret', () => {
    const hasher = createOtpHasher(SECRET);
    const stored = hasher.hash(USER, '042917');
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('042917');
    expect(hasher.matches(USER, '042917', stored)).toBe(true);
    expect(hasher.matches(USER, '042918', stored)).toBe(false);
    expect(hasher.matches(OTHER, '042917', stored)).toBe(false);
    expect(createOtpHasher(`${SECRET}x`).matches(USER, '042917', stored)).toBe(false);
  });

  it('is not a plain SHA-256 of the code, which a table of a million entries would reverse', async () => {
    const { createHash } = await import('node:crypto');
    const stored = createOtpHasher(SECRET).hash(USER, '123456');
    expect(stored).not.toBe(createHash('sha256').update('123456').digest('hex'));
    expect(stored).not.toBe(createHash('sha256').update(`${USER}:123456`).digest('hex'));
  });

  it('treats a malformed stored hash as no match', () => {
    const hasher = createOtpHasher(SECRET);
    expect(hasher.matches(USER, '123456', '')).toBe(false);
    expect(hasher.matches(USER, '123456', 'zz')).toBe(false);
  });
});
