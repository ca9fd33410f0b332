/*
 * `npm run admin -- create <username>`, `… reset-password <username>` and `… reset-two-step
 * <username>`: admin accounts for the configured database (embedded PGlite in DATA_DIR, or DATABASE_URL), migrated
 * first so it works on a fresh install. See ADMIN_CLI_USAGE for where the password comes from.
 */
import path from 'node:path';
import { loadConfig, readAdminNewPassword } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { systemClock } from '../lib/clock';
import { createAdminAuthRepository } from '../modules/admin-auth/admin-auth.repository';
import {
  ADMIN_CLI_USAGE,
  AdminUsageError,
  parseAdminArgs,
  runAdminCommand,
  type AdminCommand,
} from './admin-command';

/** The first line piped in, without its line ending; undefined for a terminal or nothing piped. */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const [line] = Buffer.concat(chunks).toString('utf8').split(/\r?\n/);
  return line ? line : undefined;
}

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(ADMIN_CLI_USAGE);
    return 0;
  }
  let command: AdminCommand;
  try {
    command = parseAdminArgs(argv);
  } catch (err) {
    if (err instanceof AdminUsageError) {
      console.error(`admin: ${err.message}\n\n${ADMIN_CLI_USAGE}`);
      return 2;
    }
    throw err;
  }

  const config = loadConfig();
  const password = readAdminNewPassword() ?? (await passwordFromStdin());
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  try {
    console.log(
      handle.kind === 'postgres'
        ? `admin: PostgreSQL server (${new URL(config.databaseUrl ?? '').host})`
        : `admin: embedded PGlite in ${path.join(config.dataDir, 'pglite')}`,
    );
    await migrateDatabase(handle);
    return await runAdminCommand(command, {
      repository: createAdminAuthRepository(handle.db),
      clock: systemClock,
      password,
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (err: unknown) => {
    console.error('admin: failed:', err instanceof Error ? err.message : err);
    process.exitCode = 1;
  },
);
