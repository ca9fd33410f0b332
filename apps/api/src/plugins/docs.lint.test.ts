import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

/*
 * Issue 15: /api/docs/json is what partners, the mobile app and generated clients build on, so it
 * is held to the ecosystem's two standard linters, Redocly (recommended) and Spectral
 * (spectral:oas), as configured in apps/api/redocly.yaml and apps/api/.spectral.yaml, where each
 * rule turned off says why. Not one error or warning is left, so a route added without its
 * operationId, summary, description, declared tag or security fails here, not in a partner's build.
 */

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** A package's command-line script, as its package.json names it, run with this very Node. */
function cliScript(packageName: string, bin: string): string {
  const manifestPath = require.resolve(`${packageName}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: Record<string, string>;
  };
  const script = manifest.bin[bin];
  if (!script) throw new Error(`${packageName} has no ${bin} command`);
  return path.join(path.dirname(manifestPath), script);
}

/** Runs a linter; a non-zero exit (it found errors) still yields its report. */
function runLinter(script: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: API_DIR, maxBuffer: 64 * 1024 * 1024, timeout: 120_000 },
      (error, stdout, stderr) => {
        // Finding errors, a linter exits 1 and still reports; a signal or a crash is no report.
        const reported = (!error || typeof error.code === 'number') && stdout.trim() !== '';
        if (reported) resolve(stdout);
        else reject(new Error(`${script} did not report: ${error?.message ?? ''} ${stderr}`));
      },
    );
  });
}

interface Operation {
  operationId?: string;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, unknown> } | undefined>;
}

let t: TestApp;
let dir: string;
let documentFile: string;
let operations: [string, Operation][];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const document = res.json<{ paths: Record<string, Record<string, Operation>> }>();
  operations = Object.entries(document.paths).flatMap(([url, methods]) =>
    Object.entries(methods).map(([method, op]): [string, Operation] => [
      `${method.toUpperCase()} ${url}`,
      op,
    ]),
  );
  dir = await mkdtemp(path.join(os.tmpdir(), 'makazi-openapi-'));
  documentFile = path.join(dir, 'openapi.json');
  await writeFile(documentFile, res.body);
});

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the API document (/api/docs/json)', () => {
  it('passes Redocly’s recommended rules without an error or a warning', async () => {
    const report = JSON.parse(
      await runLinter(cliScript('@redocly/cli', 'redocly'), [
        'lint',
        documentFile,
        '--config',
        path.join(API_DIR, 'redocly.yaml'),
        '--format',
        'json',
      ]),
    ) as {
      problems: {
        ruleId: string;
        severity: string;
        message: string;
        location: { pointer: string }[];
      }[];
    };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`,
    );
    expect(problems).toEqual([]);
  });

  it('passes Spectral’s spectral:oas rules without an error or a warning', async () => {
    const results = JSON.parse(
      await runLinter(cliScript('@stoplight/spectral-cli', 'spectral'), [
        'lint',
        documentFile,
        '--ruleset',
        path.join(API_DIR, '.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
      ]),
    ) as { code: string; severity: number; message: string; path: string[] }[];
    // Severity 0 is an error, 1 a warning; information and hints are not failures.
    const problems = results
      .filter((r) => r.severity <= 1)
      .map(
        (r) =>
          `${r.severity === 0 ? 'error' : 'warning'} ${r.code} at ${r.path.join('.')}: ${r.message}`,
      );
    expect(problems).toEqual([]);
  });

  it('names every operation with a camelCase operationId, for generated clients', () => {
    const unnamed = operations
      .filter(([, op]) => !/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? ''))
      .map(([route, op]) => `${route}: ${op.operationId ?? '(none)'}`);
    expect(unnamed).toEqual([]);
  });

  // Instead of Redocly's operation-4xx-response (off in redocly.yaml): input can be refused.
  it('documents the 400 of every operation that takes parameters or a body', () => {
    const without400 = operations
      .filter(([, op]) => (op.parameters?.length || op.requestBody) && !op.responses['400'])
      .map(([route]) => route);
    expect(without400).toEqual([]);
  });

  it('documents each answer in the type it is sent as: the payments export is CSV', () => {
    const exportCsv = operations.find(([route]) => route === 'GET /api/admin/payments/export.csv');
    expect(exportCsv?.[1].responses['200']).toMatchObject({
      content: { 'text/csv': { schema: { type: 'string' } } },
    });
    expect(Object.keys(exportCsv?.[1].responses['200']?.content ?? {})).toEqual(['text/csv']);
  });
});
