/** Arguments of the seed CLI (cli.ts), apart so tests can check them without running it. */

export const MAX_LISTINGS = 10_000_000;

export const USAGE = `Usage: npm run seed -- --listings N [--batch-size M]

  --listings N     how many approved listings to add (1 to ${MAX_LISTINGS.toLocaleString('en')})
  --batch-size M   listings per INSERT statement (default 10,000)

The database is the one the server uses: DATABASE_URL when set, else PGlite in DATA_DIR.`;

export class UsageError extends Error {}

export interface CliArgs {
  listings: number;
  batchSize: number | undefined;
}

function parseCount(flag: string, value: string | undefined, max: number): number {
  if (value === undefined || value === '' || value.startsWith('--')) {
    throw new UsageError(`${flag} needs a number`);
  }
  // Underscores and commas allowed for readability: 1_000_000, 100,000.
  const cleaned = value.replace(/[_,]/g, '');
  if (!/^\d+$/.test(cleaned))
    throw new UsageError(`${flag} must be a whole number, got "${value}"`);
  const n = Number(cleaned);
  if (n < 1 || n > max) throw new UsageError(`${flag} must be between 1 and ${max}, got ${value}`);
  return n;
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let listings: number | undefined;
  let batchSize: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=')
      ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
      : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    switch (flag) {
      case '--listings':
        listings = parseCount('--listings', value(), MAX_LISTINGS);
        break;
      case '--batch-size':
        batchSize = parseCount('--batch-size', value(), 100_000);
        break;
      default:
        throw new UsageError(`unknown argument "${arg}"`);
    }
  }
  if (listings === undefined) throw new UsageError('--listings is required');
  return { listings, batchSize };
}
