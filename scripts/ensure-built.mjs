#!/usr/bin/env node
// Builds the web app and the server when either output is missing or older than its sources.
// Used by `npm start` and the benchmark; run directly it exits non-zero when the build fails.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

export const serverEntry = at('apps/api/dist/server.js');
export const webEntry = at('apps/web/dist/index.html');

const shared = [at('packages/contracts/src'), at('packages/contracts/package.json')];
const targets = [
  {
    output: webEntry,
    inputs: [
      ...shared,
      at('apps/web/src'),
      at('apps/web/index.html'),
      at('apps/web/public'),
      at('apps/web/package.json'),
      at('apps/web/vite.config.ts'),
      at('apps/web/vite.config.mjs'),
      at('apps/web/vite.config.js'),
    ],
  },
  {
    output: serverEntry,
    // apps/api/src covers the migrations and the seed data the build copies.
    inputs: [...shared, at('apps/api/src'), at('apps/api/build.mjs'), at('apps/api/package.json')],
  },
];

// Tests are not part of either bundle, so editing one must not force a rebuild.
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time under a file or directory; 0 when it does not exist. */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === '.tmp') continue;
    if (isTestFile(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or undefined when both outputs are up to date. */
export function staleReason() {
  for (const { output, inputs } of targets) {
    const builtAt = newestMtime(output);
    const rel = path.relative(root, output);
    if (builtAt === 0) return `${rel} is missing`;
    const changedAt = Math.max(...inputs.map(newestMtime));
    if (changedAt > builtAt) return `${rel} is older than its sources`;
  }
  return undefined;
}

/** Runs the root build when needed; true when the outputs are usable afterwards. */
export function ensureBuilt() {
  const reason = staleReason();
  if (!reason) return true;
  console.log(`[build] ${reason}: npm run build`);
  // Under npm reuse the npm that launched us; run directly, fall back to the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] =
    npmCli && npmCli.endsWith('.js')
      ? [process.execPath, [npmCli, 'run', 'build']]
      : ['npm', ['run', 'build']];
  const build = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    // Called from a test runner, NODE_ENV is 'test', and Vite would then bundle React's
    // development build into what `npm start` serves: a build is always a production build.
    env: { ...process.env, NODE_ENV: 'production' },
    shell: process.platform === 'win32',
  });
  if (build.error) {
    console.error(`[build] could not run the build: ${build.error.message}`);
    return false;
  }
  if (build.status !== 0) {
    console.error(`[build] failed (exit ${build.status ?? build.signal})`);
    return false;
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exit(ensureBuilt() ? 0 : 1);
}
