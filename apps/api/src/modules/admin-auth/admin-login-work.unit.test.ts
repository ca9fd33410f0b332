import type * as Argon2 from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import type { AdminAuthRepository, AdminAccount, LoginFailures } from './admin-auth.repository';
import { createAdminAuthService } from './admin-auth.service';
import { hashAdminPassword } from './admin-passwords';

/** The PHC strings argon2 verified, in order: the real library, watched. */
const argon2Verifications: string[] = [];
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    verify: (...args: Parameters<typeof argon2.verify>) => {
      argon2Verifications.push(String(args[0]));
      return argon2.verify(...args);
    },
  };
});

const NOW = new Date('2026-05-04T06:00:00.000Z');
const PASSWORD = 'mlima kilimanjaro 5895';

/** Only what a refused login reads and writes; anything else is not expected here. */
function repositoryWith(
  account: AdminAccount | undefined,
  failures: LoginFailures | undefined,
): AdminAuthRepository {
  const tx = {
    recordLoginFailure: () => Promise.resolve(failures),
    recordAudit: () => Promise.resolve(),
  };
  return {
    findLoginFailures: () => Promise.resolve(failures),
    findAdminByUsername: () => Promise.resolve(account),
    transaction: (work: (t: typeof tx) => Promise<unknown>) => work(tx),
  } as unknown as AdminAuthRepository;
}

/*
 * The work is counted, not timed: on a shared CI machine a timing comparison failed while the
 * rule held. The rule is "one argon2 verification of the same cost whatever the answer", so the
 * time says nothing of whether the name exists or the pair is locked.
 */
describe('an admin login refused', () => {
  it('verifies one argon2 hash of the same cost for a wrong password, an unknown name and a locked pair', async () => {
    const account: AdminAccount = {
      id: '00000000-0000-4000-8000-000000000001',
      username: 'baraka',
      passwordHash: await hashAdminPassword(PASSWORD),
      passwordChangedAt: NOW,
      totpSecret: null,
      totpEnabledAt: null,
    };
    const locked = { failures: 0, lockedUntil: new Date(NOW.getTime() + 60_000) };
    const costOf = (phc: string) => /\$argon2id\$v=\d+\$(m=\d+,t=\d+,p=\d+)\$/.exec(phc)?.[1];
    const verificationsFor = async (
      found: AdminAccount | undefined,
      failures: LoginFailures | undefined,
      password: string,
    ) => {
      const service = createAdminAuthService({
        repository: repositoryWith(found, failures),
        jwtSecret: 'x'.repeat(32),
        clock: () => NOW,
        requireTwoStep: false,
      });
      argon2Verifications.length = 0;
      await expect(
        service.login({ username: 'baraka', password }, { ip: '198.51.100.7', userAgent: 'test' }),
      ).rejects.toMatchObject({ statusCode: 401 });
      return argon2Verifications.map(costOf);
    };
    const wrong = await verificationsFor(account, undefined, 'not the password');
    expect(wrong).toHaveLength(1);
    expect(wrong[0]).toMatch(/^m=\d+,t=\d+,p=\d+$/);
    expect(await verificationsFor(undefined, undefined, 'not the password')).toEqual(wrong);
    // Locked: refused even with the right password, after the same work.
    expect(await verificationsFor(account, locked, PASSWORD)).toEqual(wrong);
  });
});
