#!/usr/bin/env node
// `npm test -w @makazi/api`: the suite on embedded PGlite, then, when TEST_DATABASE_URL names a
// PostgreSQL server, the same suite once more against it. Extra arguments go to both vitest runs.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
// vitest exports only its package.json among its files; its CLI sits beside it.
const vitestPackage = require.resolve('vitest/package.json');
const vitest = path.join(path.dirname(vitestPackage), require(vitestPackage).bin.vitest);
const args = process.argv.slice(2);

function run(label, env) {
  console.log(`\n[api tests] ${label}`);
  const result = spawnSync(process.execPath, [vitest, 'run', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

let status = run('embedded PGlite', { MAKAZI_TEST_DB: 'pglite' });
if (status === 0 && process.env.TEST_DATABASE_URL) {
  status = run('PostgreSQL server (TEST_DATABASE_URL)', { MAKAZI_TEST_DB: 'server' });
} else if (status === 0) {
  console.log('[api tests] TEST_DATABASE_URL not set: skipped the PostgreSQL server run');
}
process.exit(status);
