import type { Clock } from '../lib/clock';
import {
  AdminAccountError,
  createAdminAccount,
  parseUsername,
  resetAdminPassword,
  resetAdminTwoStep,
} from '../modules/admin-auth/admin-accounts';
import type { AdminAuthRepository } from '../modules/admin-auth/admin-auth.repository';
import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_PASSWORD_MIN_LENGTH,
  generateAdminPassword,
} from '../modules/admin-auth/admin-passwords';

/*
 * The admin CLI's work, apart from the process around it (cli/admin.ts opens the database and
 * reads the password), so tests run it against a test database.
 */

export const ADMIN_CLI_USAGE = `Usage:
  npm run admin -- create <username>           a new admin
  npm run admin -- reset-password <username>   a new password; their sessions end at once
  npm run admin -- reset-two-step <username>   two-step sign-in off (a lost phone and lost
                                               recovery codes); they set it up again

The password is read from ADMIN_NEW_PASSWORD, else from standard input when it is piped in
(at least ${ADMIN_PASSWORD_MIN_LENGTH} characters); with neither, one is generated and printed once.
Stop the server first when it uses the embedded database (one process per data directory).`;

export type AdminCommand = {
  kind: 'create' | 'reset-password' | 'reset-two-step';
  username: string;
};

/** Exit status 2: the command line itself is wrong. */
export class AdminUsageError extends Error {}

export function parseAdminArgs(argv: readonly string[]): AdminCommand {
  const [command, username, ...rest] = argv;
  if (command !== 'create' && command !== 'reset-password' && command !== 'reset-two-step') {
    throw new AdminUsageError(
      command === undefined ? 'a command is required' : `unknown command "${command}"`,
    );
  }
  if (username === undefined || rest.length > 0) {
    throw new AdminUsageError(`${command} takes exactly one username`);
  }
  try {
    return { kind: command, username: parseUsername(username) };
  } catch (err) {
    if (err instanceof AdminAccountError) throw new AdminUsageError(err.message);
    throw err;
  }
}

export interface AdminCommandDeps {
  repository: AdminAuthRepository;
  clock: Clock;
  /** From ADMIN_NEW_PASSWORD or standard input; undefined: generate one. */
  password: string | undefined;
  out: (line: string) => void;
  err: (line: string) => void;
}

/** Runs one command; the process exit status: 0 done, 1 refused (taken or unknown username), 2 usage. */
export async function runAdminCommand(
  command: AdminCommand,
  deps: AdminCommandDeps,
): Promise<number> {
  const { repository, clock, out, err } = deps;
  if (command.kind === 'reset-two-step') {
    try {
      const { username } = await resetAdminTwoStep(repository, {
        username: command.username,
        clock,
      });
      out(`admin: two-step sign-in is off for "${username}"; they can set it up again`);
      return 0;
    } catch (e) {
      if (e instanceof AdminAccountError) {
        err(`admin: ${e.message}`);
        return 1;
      }
      throw e;
    }
  }
  const given = deps.password;
  if (
    given !== undefined &&
    (given.length < ADMIN_PASSWORD_MIN_LENGTH || given.length > ADMIN_PASSWORD_MAX_LENGTH)
  ) {
    err(
      `admin: the password must be ${ADMIN_PASSWORD_MIN_LENGTH} to ${ADMIN_PASSWORD_MAX_LENGTH} characters long`,
    );
    return 2;
  }
  const password = given ?? generateAdminPassword();
  const input = { username: command.username, password, clock };
  try {
    if (command.kind === 'create') {
      await createAdminAccount(repository, input);
      out(`admin: created admin "${command.username}"`);
    } else {
      await resetAdminPassword(repository, input);
      out(`admin: new password set for "${command.username}"; their sessions have ended`);
    }
  } catch (e) {
    if (e instanceof AdminAccountError) {
      err(`admin: ${e.message}`);
      return 1;
    }
    throw e;
  }
  // A generated password exists nowhere else: this line is the only copy.
  if (given === undefined) out(`admin: password (shown once): ${password}`);
  return 0;
}
