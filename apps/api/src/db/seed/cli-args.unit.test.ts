import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MAX_LISTINGS, UsageError, parseCliArgs } from './cli-args';

describe('seed CLI arguments', () => {
  it('reads --listings N and --listings=N, with optional digit separators', () => {
    expect(parseCliArgs(['--listings', '100000'])).toEqual({
      listings: 100_000,
      batchSize: undefined,
    });
    expect(parseCliArgs(['--listings=1_000_000'])).toEqual({
      listings: 1_000_000,
      batchSize: undefined,
    });
    expect(parseCliArgs(['--listings', '2,500', '--batch-size', '500'])).toEqual({
      listings: 2_500,
      batchSize: 500,
    });
  });

  it.each([
    [[]],
    [['--listings']],
    [['--listings', '--batch-size', '5']],
    [['--listings', 'abc']],
    [['--listings', '0']],
    [['--listings', '-5']],
    [['--listings', '1.5']],
    [['--listings', String(MAX_LISTINGS + 1)]],
    [['--listings', '10', '--bogus']],
    [['--listings', '10', '--batch-size', '0']],
  ])('refuses %j with a usage error', (argv) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
  });

  it('exits with status 2 and the usage text on a bad --listings, touching no database', () => {
    const cli = fileURLToPath(new URL('./cli.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', cli, '--listings', 'many'], {
      encoding: 'utf8',
      // A minimal environment whose database would fail loudly if the CLI got as far as it.
      env: { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', NODE_ENV: 'test' },
      timeout: 60_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--listings must be a whole number');
    expect(run.stderr).toContain('Usage: npm run seed -- --listings N');
  });
});
