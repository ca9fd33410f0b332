import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The rule in eslint.config.js that keeps module mocks out of the API's database test files: they
 * share their worker's modules (isolate: false in vitest.config.ts), so a mock made in one would
 * still be in place in the next file. Run on files that exist only in memory; type-aware parsing
 * is off for them, as the rule is about names, not types.
 */

const REPO_ROOT = path.join(import.meta.dirname, '..', '..', '..', '..');
const RULE = 'no-restricted-properties';

const eslint = new ESLint({
  cwd: REPO_ROOT,
  overrideConfig: [tseslint.configs.disableTypeChecked],
  ruleFilter: ({ ruleId }) => ruleId === RULE,
});

async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(REPO_ROOT, file) });
  return (result?.messages ?? []).map((message) => message.message);
}

const MOCKING = `import { vi } from 'vitest';
vi.mock('../db/client');
vi.doMock('../config');
export const fake = vi.hoisted(() => 1);
`;

describe('module mocks in API test files', () => {
  it('are refused in a database test file, each of vi.mock, vi.doMock and vi.hoisted', async () => {
    const messages = await lint('apps/api/src/modules/trust/mocking.test.ts', MOCKING);
    expect(messages).toHaveLength(3);
    for (const message of messages) expect(message).toMatch(/share their worker's modules/);
  });

  it('are allowed in a *.unit.test.ts file, which runs isolated', async () => {
    expect(await lint('apps/api/src/modules/trust/mocking.unit.test.ts', MOCKING)).toEqual([]);
  });

  it('leave the configuration rule in force in database test files', async () => {
    const messages = await lint(
      'apps/api/src/modules/trust/env.test.ts',
      'export const port = process.env.PORT;\n',
    );
    expect(messages).toEqual([
      "'process.env' is restricted from being used. Read configuration from config.ts.",
    ]);
  });
});
