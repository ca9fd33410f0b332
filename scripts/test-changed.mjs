#!/usr/bin/env node
// `npm run test:changed`: the contracts, API and web tests that the working tree's changes (against
// HEAD, new files included) can affect, the API's on embedded PGlite only. The inner loop; `npm
// test` is the whole check.
//
// Affected is decided on the import graph, as `vitest --changed` does, with one difference: the
// API's composition root (src/app.ts) imports every module, so through it every test would depend
// on every file. The walk therefore does not pass through it: a change reaches the tests that
// import the changed file by any other path, and the tests in the changed file's own module
// folder. A change to app.ts itself, to a test helper or to a test setup still reaches everything
// that depends on it. Decision 046.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const WORKSPACES = [
  { dir: 'packages/contracts', everything: ['vitest.config.ts', 'package.json'] },
  {
    dir: 'apps/api',
    // The composition root: importing it is not depending on every module.
    through: ['src/app.ts'],
    // A module's own folder holds the tests of its routes, which reach it through app.ts.
    ownFolder: /^src\/modules\/[^/]+\//,
    everything: ['vitest.config.ts', 'package.json', 'src/test/forbid-database.ts'],
  },
  {
    dir: 'apps/web',
    ownFolder: /^src\/features\/[^/]+\//,
    everything: ['vitest.config.ts', 'package.json', 'src/testing/setup.ts'],
  },
];

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.test\.tsx?$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function git(args) {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
}

/** Files changed against HEAD, staged or not, and new files git does not ignore. */
function changedFiles() {
  const changed = [
    ...git(['diff', '--name-only', 'HEAD']),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ];
  return [...new Set(changed)].filter((file) => existsSync(path.join(root, file)));
}

function walk(dir, files = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (SOURCE.test(entry.name)) files.push(path.relative(root, full));
  }
  return files;
}

/** The file an import names, repository-relative, when it is one of ours. */
function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.join(path.dirname(from), specifier);
  else if (specifier.startsWith('@makazi/contracts/')) {
    base = path.join('packages/contracts/src', specifier.slice('@makazi/contracts/'.length));
  } else return undefined;
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mjs', '.js'].map((ext) => base + ext),
    path.join(base, 'index.ts'),
  ];
  return candidates.find(
    (file) => existsSync(path.join(root, file)) && statSync(path.join(root, file)).isFile(),
  );
}

const files = WORKSPACES.flatMap(({ dir }) => walk(path.join(root, dir, 'src')));
/** For each file, the files that import it. */
const importers = new Map();
for (const file of files) {
  const source = readFileSync(path.join(root, file), 'utf8');
  for (const [, specifier] of source.matchAll(IMPORT)) {
    const target = resolveImport(file, specifier);
    if (!target) continue;
    if (!importers.has(target)) importers.set(target, new Set());
    importers.get(target).add(file);
  }
}

const workspaceOf = (file) => WORKSPACES.find(({ dir }) => file.startsWith(`${dir}/`));
const inWorkspace = (file, workspace) => file.slice(workspace.dir.length + 1);
const passesThrough = (file) => {
  const workspace = workspaceOf(file);
  return workspace?.through?.includes(inWorkspace(file, workspace)) ?? false;
};

const changed = changedFiles();
const changedSet = new Set(changed);
const selected = new Set();
const seen = new Set(changedSet);
const pending = [...changed];
while (pending.length > 0) {
  const file = pending.pop();
  const workspace = workspaceOf(file);
  if (!workspace) continue;
  const local = inWorkspace(file, workspace);
  if (workspace.everything.includes(local)) {
    for (const other of files)
      if (workspaceOf(other) === workspace && TEST.test(other)) selected.add(other);
    continue;
  }
  if (TEST.test(file)) selected.add(file);
  const folder = workspace.ownFolder?.exec(local)?.[0];
  if (folder && changedSet.has(file)) {
    for (const other of files) {
      if (other.startsWith(`${workspace.dir}/${folder}`) && TEST.test(other)) selected.add(other);
    }
  }
  // A change to the root itself reaches its importers; one that only passes through it stops.
  if (passesThrough(file) && !changedSet.has(file)) continue;
  for (const importer of importers.get(file) ?? []) {
    if (seen.has(importer)) continue;
    seen.add(importer);
    pending.push(importer);
  }
}

if (selected.size === 0) {
  console.log(`[test:changed] ${changed.length} changed files reach no test`);
  process.exit(0);
}

let status = 0;
for (const workspace of WORKSPACES) {
  const tests = [...selected].filter((file) => workspaceOf(file) === workspace).sort();
  if (tests.length === 0) continue;
  console.log(`\n[test:changed] ${workspace.dir}: ${tests.length} test files`);
  const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');
  const result = spawnSync(
    process.execPath,
    [vitest, 'run', ...tests.map((f) => inWorkspace(f, workspace))],
    {
      cwd: path.join(root, workspace.dir),
      stdio: 'inherit',
      env: { ...process.env, MAKAZI_TEST_DB: 'pglite' },
    },
  );
  if (result.status !== 0) status = result.status ?? 1;
}
process.exit(status);
