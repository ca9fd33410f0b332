#!/usr/bin/env node
// Bundles the API into dist/server.js (ESM, Node 20). npm packages stay external and load from
// node_modules at run time; the workspace's own TypeScript (@makazi/*) is compiled into the bundle.
// Run from anywhere: paths are relative to this file.
import { cp, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

/** Bare imports are external unless they are our workspace packages, which ship as .ts sources. */
const externalizeNodeModules = {
  name: 'externalize-node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@makazi/') || args.kind === 'entry-point') return undefined;
      return { path: args.path, external: true };
    });
  },
};

const started = Date.now();
await rm(dist, { recursive: true, force: true });

const result = await build({
  absWorkingDir: here,
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Keep function and class names: stack traces and pino's error serialisation read them.
  keepNames: true,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externalizeNodeModules],
}).catch(() => {
  // esbuild has already printed each error with its source location; a stack would only bury them.
  console.error('[api build] failed');
  process.exit(1);
});

// migrate.ts and the seed resolve these folders next to the module that uses them; in the bundle
// that module is dist/server.js, so they sit beside it.
const assets = [
  ['src/db/migrations', 'dist/migrations'],
  ['src/db/seed/data', 'dist/data'],
];
for (const [from, to] of assets) {
  await cp(path.join(here, from), path.join(here, to), { recursive: true });
}

const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
const { size } = await stat(path.join(dist, 'server.js'));
console.log(
  `[api build] dist/server.js ${(size / 1024).toFixed(0)} KiB (+ map, ${((bytes - size) / 1024).toFixed(0)} KiB), ` +
    `migrations and seed data copied, in ${Date.now() - started} ms`,
);
