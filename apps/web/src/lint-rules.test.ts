/// <reference types="node" />
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The web app's folder rules in eslint.config.js (the import walls, the api file names), run on
 * files that exist only in memory, so no fixture on disk joins the lint or typecheck run.
 * Type-aware parsing is off for them: it accepts only files a tsconfig lists, and these rules are
 * about paths, not types.
 */

const SRC = import.meta.dirname;
const REPO_ROOT = path.join(SRC, '..', '..', '..');
const RULE = 'import-x/no-restricted-paths';
const NAMING_RULE = 'check-file/filename-blocklist';
const FEATURE_WALL = 'Web features never import each other';
const SHARED_WALL = 'Shared code (components/, lib/) imports no feature and not app/';

const features = readdirSync(path.join(SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** A real module of `dir` (relative to src/, no extension): the resolver must find the import. */
function someModule(dir: string): string {
  const walk = (relative: string): string | undefined => {
    const entries = readdirSync(path.join(SRC, relative), { withFileTypes: true });
    const file = entries.find(
      (entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.test.'),
    );
    if (file) return `${relative}/${file.name.replace(/\.tsx?$/, '')}`;
    for (const entry of entries) {
      const found = entry.isDirectory() ? walk(`${relative}/${entry.name}`) : undefined;
      if (found) return found;
    }
    return undefined;
  };
  const found = walk(dir);
  if (!found) throw new Error(`no module under ${dir}`);
  return found;
}

const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE || ruleId === NAMING_RULE,
});

/** What lint says of a file at `file` (relative to src/) with `code` in it. */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(SRC, file) });
  return (result?.messages ?? []).map(
    (message) => `${message.ruleId ?? 'fatal'}: ${message.message}`,
  );
}

/** What lint says of a file at `file` (relative to src/) that imports the module `target`. */
async function lintImport(file: string, target: string): Promise<string[]> {
  let specifier = path.posix.relative(path.posix.dirname(file), target);
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  return lint(file, `import * as target from '${specifier}';\nexport const used = target;\n`);
}

describe('the import walls of the web app', () => {
  it('stop checkout importing another feature', async () => {
    const messages = await lintImport(
      'features/checkout/wall-probe.ts',
      someModule('features/auth'),
    );
    expect(messages).toEqual([expect.stringContaining(`${RULE}: `)]);
    expect(messages[0]).toContain(FEATURE_WALL);
  });

  it.each(features)('stop %s importing another feature', async (feature) => {
    const other = features.find((name) => name !== feature) ?? '';
    const messages = await lintImport(
      `features/${feature}/wall-probe.ts`,
      someModule(`features/${other}`),
    );
    expect(messages).toEqual([expect.stringContaining(FEATURE_WALL)]);
  });

  it('let a feature import its own modules and shared code', async () => {
    expect(
      await lintImport('features/checkout/wall-probe.ts', someModule('features/checkout/api')),
    ).toEqual([]);
    expect(await lintImport('features/checkout/wall-probe.ts', someModule('components'))).toEqual(
      [],
    );
  });

  it.each([
    ['components/wall-probe.tsx', 'features/listing-detail'],
    ['components/wall-probe.tsx', 'app'],
    ['lib/wall-probe.ts', 'features/profile'],
    ['lib/wall-probe.ts', 'app'],
  ])('stop %s importing %s', async (file, dir) => {
    const messages = await lintImport(file, someModule(dir));
    expect(messages).toEqual([expect.stringContaining(SHARED_WALL)]);
  });

  it('let app/ compose features and shared code', async () => {
    expect(await lintImport('app/wall-probe.tsx', someModule('features/checkout'))).toEqual([]);
    expect(await lintImport('app/wall-probe.tsx', someModule('lib'))).toEqual([]);
  });
});

describe('the names of the web api modules', () => {
  it.each(['features/checkout/api/get-plans.ts', 'features/auth/api/auth-api.ts'])(
    'refuse %s: a module is named after the resource it calls',
    async (file) => {
      expect(await lint(file, 'export const plans = 1;\n')).toEqual([
        expect.stringContaining(`${NAMING_RULE}: A features/*/api module is named after`),
      ]);
    },
  );

  it.each(['features/checkout/api/plans.ts', 'features/checkout/testing/checkout-api.ts'])(
    'accept %s',
    async (file) => {
      expect(await lint(file, 'export const plans = 1;\n')).toEqual([]);
    },
  );
});
