import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_ADMIN_USERNAME } from '../../config';
import type { Clock } from '../../lib/clock';
import type { AdminAuthRepository } from './admin-auth.repository';
import { normaliseUsername } from './admin-auth.service';
import { generateAdminPassword, hashAdminPassword, verifyAdminPassword } from './admin-passwords';

/*
 * Admin accounts are made outside the HTTP API: by the start-up bootstrap (ADMIN_USERNAME and
 * ADMIN_PASSWORD, or a generated first admin) and by the admin CLI. Each change writes an audit
 * entry as 'system' in the transaction that makes it; passwords never reach the log or the audit.
 */

/** Where the generated first password is kept, in DATA_DIR (mode 600). */
export const INITIAL_PASSWORD_FILE = 'admin-initial-password.txt';

/** Lower-case letters, digits and . _ @ -, starting with a letter or digit. */
const USERNAME = /^[a-z0-9][a-z0-9._@-]{0,63}$/;

/** A refusal meant for the operator (unknown or taken username, unusable name). */
export class AdminAccountError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminAccountError';
  }
}

/** The stored form of a username typed by an operator, or an AdminAccountError. */
export function parseUsername(input: string): string {
  const username = normaliseUsername(input);
  if (!USERNAME.test(username)) {
    throw new AdminAccountError(
      'A username is 1 to 64 letters, digits, dots, dashes, underscores or @, starting with a letter or digit.',
    );
  }
  return username;
}

export interface AccountChange {
  adminId: string;
  username: string;
}

/** A new admin; AdminAccountError when the username is taken. */
export async function createAdminAccount(
  repository: AdminAuthRepository,
  input: { username: string; password: string; clock: Clock },
): Promise<AccountChange> {
  const username = parseUsername(input.username);
  const passwordHash = await hashAdminPassword(input.password);
  const now = input.clock();
  return repository.transaction(async (tx) => {
    const created = await tx.insertAdmin({ username, passwordHash, now });
    if (!created) throw new AdminAccountError(`An admin named "${username}" already exists.`);
    await tx.recordAudit({
      adminId: null,
      actor: 'system',
      action: 'admin.create',
      targetType: 'admin',
      targetId: created.id,
      after: { username },
      at: now,
    });
    return { adminId: created.id, username };
  });
}

/** A new password for an existing admin, ending all their sessions; AdminAccountError when unknown. */
export async function resetAdminPassword(
  repository: AdminAuthRepository,
  input: { username: string; password: string; clock: Clock },
): Promise<AccountChange> {
  const username = normaliseUsername(input.username);
  const account = await repository.findAdminByUsername(username);
  if (!account) throw new AdminAccountError(`No admin is named "${username}".`);
  const passwordHash = await hashAdminPassword(input.password);
  const now = input.clock();
  await repository.transaction(async (tx) => {
    await tx.setPassword(account.id, passwordHash, now);
    await tx.recordAudit({
      adminId: null,
      actor: 'system',
      action: 'admin.password-reset',
      targetType: 'admin',
      targetId: account.id,
      at: now,
    });
  });
  return { adminId: account.id, username };
}

/**
 * Two-step sign-in off for an admin who lost both their authenticator and their recovery codes,
 * by the operator (the CLI): nobody is locked out for good. Outside production they may sign in
 * with the password alone; in production they sign in and set it up again before anything else.
 */
export async function resetAdminTwoStep(
  repository: AdminAuthRepository,
  input: { username: string; clock: Clock },
): Promise<AccountChange> {
  const username = normaliseUsername(input.username);
  const account = await repository.findAdminByUsername(username);
  if (!account) throw new AdminAccountError(`No admin is named "${username}".`);
  const now = input.clock();
  await repository.transaction(async (tx) => {
    await tx.disableTotp(account.id, now);
    await tx.recordAudit({
      adminId: null,
      actor: 'system',
      action: 'admin.two-step-reset',
      targetType: 'admin',
      targetId: account.id,
      at: now,
    });
  });
  return { adminId: account.id, username };
}

export interface BootstrapOptions {
  /** ADMIN_USERNAME and ADMIN_PASSWORD, when both are set. */
  configured: { username: string; password: string } | undefined;
  /** Where a generated first password is written. */
  dataDir: string;
  clock: Clock;
  /** Operator-facing lines (the server prints them to its console). */
  print: (line: string) => void;
}

export type BootstrapOutcome =
  'created' | 'password-updated' | 'unchanged' | 'generated' | 'admins-exist';

/**
 * Run at start-up, after migrations. With ADMIN_USERNAME and ADMIN_PASSWORD, that admin exists
 * with that password afterwards (created, or its password changed and its sessions ended). Without
 * them and without any admin, an 'admin' with a random password is created; the password is
 * printed once and written to DATA_DIR/admin-initial-password.txt, because nobody could sign in
 * to a fresh install otherwise.
 */
export async function bootstrapAdmins(
  repository: AdminAuthRepository,
  options: BootstrapOptions,
): Promise<BootstrapOutcome> {
  const { configured, clock, print } = options;
  if (configured) {
    const username = parseUsername(configured.username);
    const existing = await repository.findAdminByUsername(username);
    if (!existing) {
      try {
        await createAdminAccount(repository, { ...configured, clock });
        print(`admin "${username}" created from ADMIN_USERNAME and ADMIN_PASSWORD`);
        return 'created';
      } catch (err) {
        // Another process starting on the same database created it first: check its password.
        if (!(err instanceof AdminAccountError)) throw err;
        return bootstrapAdmins(repository, options);
      }
    }
    if (await verifyAdminPassword(existing.passwordHash, configured.password)) return 'unchanged';
    await resetAdminPassword(repository, { ...configured, clock });
    print(`password of admin "${username}" set from ADMIN_PASSWORD; its sessions were ended`);
    return 'password-updated';
  }

  if ((await repository.countAdmins()) > 0) return 'admins-exist';
  const password = generateAdminPassword();
  const passwordHash = await hashAdminPassword(password);
  const now = clock();
  const file = path.join(options.dataDir, INITIAL_PASSWORD_FILE);
  const created = await repository.transaction(async (tx) => {
    const admin = await tx.insertAdmin({ username: DEFAULT_ADMIN_USERNAME, passwordHash, now });
    // Another process made the first admin meanwhile: theirs stands and prints its own password.
    if (!admin) return false;
    await tx.recordAudit({
      adminId: null,
      actor: 'system',
      action: 'admin.create',
      targetType: 'admin',
      targetId: admin.id,
      after: { username: DEFAULT_ADMIN_USERNAME, generatedPassword: true },
      at: now,
    });
    // Inside the transaction: if the file cannot be written, no admin exists with a lost password.
    await writePrivateFile(file, `${password}\n`);
    return true;
  });
  if (!created) return 'admins-exist';
  print(
    `admin "${DEFAULT_ADMIN_USERNAME}" created with the password ${password} ` +
      `(shown once; also in ${file}). Change it with: npm run admin -- reset-password ${DEFAULT_ADMIN_USERNAME}`,
  );
  return 'generated';
}

/** Replaces `file` with `text`, readable by its owner alone (0600 from the moment it exists). */
async function writePrivateFile(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  // A stale file from an earlier database goes first: 'wx' then creates it with mode 0600, never
  // reusing whatever mode an existing file had.
  await rm(file, { force: true });
  const handle = await open(file, 'wx', 0o600);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}
