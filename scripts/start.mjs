#!/usr/bin/env node
// `npm start`: build whatever is missing or stale, then run the server as a child and pass signals
// through. The server itself applies migrations, seeds on first run and shuts down gracefully.
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const at = (...parts) => path.join(root, ...parts);

const serverEntry = at('apps/api/dist/server.js');
const webEntry = at('apps/web/dist/index.html');

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
    if (entry.name === 'node_modules' || entry.name === 'dist' || isTestFile(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function staleReason() {
  for (const { output, inputs } of targets) {
    const builtAt = newestMtime(output);
    const rel = path.relative(root, output);
    if (builtAt === 0) return `${rel} is missing`;
    const changedAt = Math.max(...inputs.map(newestMtime));
    if (changedAt > builtAt) return `${rel} is older than its sources`;
  }
  return undefined;
}

const reason = staleReason();
if (reason) {
  console.log(`[start] building: ${reason}`);
  // Under `npm start` reuse the npm that launched us; run directly, fall back to the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] =
    npmCli && npmCli.endsWith('.js')
      ? [process.execPath, [npmCli, 'run', 'build']]
      : ['npm', ['run', 'build']];
  const build = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.error) {
    console.error(`[start] could not run the build: ${build.error.message}`);
    process.exit(1);
  }
  if (build.status !== 0) {
    console.error(`[start] build failed (exit ${build.status ?? build.signal})`);
    process.exit(build.status ?? 1);
  }
}

// Own process group: a Ctrl+C in the terminal then reaches the server once, through us, instead of
// twice (directly and forwarded), which close-with-grace would take as "force quit now".
const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

// npm and the terminal may both deliver the same Ctrl+C to us; copies that close together are one.
const duplicateWindowMs = 500;
let lastForwardedAt = 0;
function forward(signal) {
  const now = Date.now();
  if (now - lastForwardedAt < duplicateWindowMs) return;
  lastForwardedAt = now;
  if (server.exitCode === null && server.signalCode === null) server.kill(signal);
}
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
process.on('SIGHUP', forward);

server.on('error', (error) => {
  console.error(`[start] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 0));
  process.exit(code ?? 1);
});
