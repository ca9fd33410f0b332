import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '@makazi/bench/app-process';

/** The machine's PostgreSQL server, as the README and CI use it (trust auth, user postgres). */
export const serverAdminUrl =
  process.env.RESILIENCE_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function databaseUrl(adminUrl: string, database: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withClient<T>(
  url: string,
  fn: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

/**
 * An empty database `name` on a server, or a copy of `template` (which nobody may be connected
 * to); dropped first if a crashed run left it.
 */
export async function freshDatabase(
  adminUrl: string,
  name: string,
  template?: string,
): Promise<FreshDatabase> {
  await withClient(adminUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    const copy = template === undefined ? '' : ` TEMPLATE ${quoteIdent(template)}`;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}${copy}`);
  });
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => dropDatabase(adminUrl, name),
  };
}

export async function databaseExists(adminUrl: string, name: string): Promise<boolean> {
  return withClient(adminUrl, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return rowCount === 1;
  });
}

export async function renameDatabase(adminUrl: string, from: string, to: string): Promise<void> {
  await withClient(adminUrl, (client) =>
    client.query(`ALTER DATABASE ${quoteIdent(from)} RENAME TO ${quoteIdent(to)}`),
  );
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await withClient(adminUrl, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}

/** The newest installed server's programs (Debian: /usr/lib/postgresql/<major>/bin). */
function serverBinDir(): string {
  if (process.env.PG_BIN_DIR) return process.env.PG_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const majors = existsSync(root)
    ? readdirSync(root)
        .filter((entry) => existsSync(path.join(root, entry, 'bin', 'pg_ctl')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0] === undefined) {
    throw new Error('no PostgreSQL server programs found: install postgresql or set PG_BIN_DIR');
  }
  return path.join(root, majors[0], 'bin');
}

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, so a test can
 * stop and restart it without touching the machine's server that other suites use. The machine's
 * programs are used; as root (PostgreSQL refuses to run as root) they run as the `postgres` user.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly dir: string,
    readonly port: number,
    private readonly runAs: string | undefined,
  ) {}

  static async create(): Promise<PrivatePostgres> {
    const bin = serverBinDir();
    const dir = mkdtempSync(path.join(tmpdir(), 'makazi-private-pg-'));
    const runAs = process.getuid?.() === 0 ? 'postgres' : undefined;
    if (runAs) {
      const uid = Number(execFileSync('id', ['-u', runAs], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', runAs], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    const server = new PrivatePostgres(bin, dir, await freePort(), runAs);
    await server.run('initdb', [
      '-D',
      server.dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await server.start();
    return server;
  }

  private get dataDir(): string {
    return path.join(this.dir, 'data');
  }

  /** Runs one of the server's programs (as `postgres` when we are root); never blocks the loop. */
  private async run(program: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, program);
    const [file, argv] = this.runAs
      ? ['runuser', ['-u', this.runAs, '--', command, ...args]]
      : [command, args];
    try {
      await promisify(execFile)(file, argv, { encoding: 'utf8' });
    } catch (err) {
      const { stderr, stdout } = err as { stderr?: string; stdout?: string };
      throw new Error(`${program} failed: ${stderr || stdout || String(err)}`);
    }
  }

  /** postgres://… for a database on this server. */
  url(database = 'postgres'): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  /** Starts the server and waits until it accepts connections. */
  async start(): Promise<void> {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=60`;
    await this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      path.join(this.dir, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ]);
  }

  /**
   * Stops the server the way an operator's restart or a failover does: `fast` ends every session
   * at once (their queries fail with 57P01), and new connections are refused until start().
   */
  async stop(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the server if it runs and removes its files. */
  async destroy(): Promise<void> {
    try {
      await this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
