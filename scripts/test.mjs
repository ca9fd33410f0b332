#!/usr/bin/env node
// `npm test`: every check, stage by stage, each step timed. Steps of one stage run side by side
// (their output is held and printed whole when each ends); a stage starts once the one before
// passed. Prints a table of the steps at the end and, when TEST_STEPS_FILE names a file, appends
// the steps to it (.ci/run's own summary reads it). Decision 046 says why these stages.
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const root = fileURLToPath(new URL('..', import.meta.url));
const readPackage = (dir) => JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));

/**
 * `tsc` of every workspace that has a typecheck script, as `npm run typecheck --workspaces` runs
 * them: a workspace added later is checked without editing this file.
 */
const typecheckSteps = readPackage('.')
  .workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? readdirSync(path.join(root, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => path.join(pattern.slice(0, -2), entry.name))
      : [pattern],
  )
  .map(readPackage)
  .filter((pkg) => pkg.scripts?.typecheck)
  .map((pkg) => [
    `typecheck ${pkg.name.replace('@makazi/', '')}`,
    ['run', 'typecheck', '-w', pkg.name],
  ]);

/**
 * The stages, by name (`node scripts/test.mjs unit` runs one: `npm run test:unit`). The static
 * checks are single-threaded programs, so two run at once on two cores; the vitest suites each use
 * both cores themselves, so they run one after another.
 */
const STAGES = [
  {
    name: 'checks',
    parallel: 2,
    // ESLint is the slowest: first, in a lane of its own while the others share the second.
    steps: [['lint', ['run', 'lint']], ...typecheckSteps, ['format', ['run', 'format:check']]],
  },
  {
    name: 'unit',
    parallel: 1,
    steps: [
      ['test contracts', ['run', 'test', '-w', '@makazi/contracts']],
      ['test api', ['run', 'test', '-w', '@makazi/api']],
      ['test web', ['run', 'test', '-w', '@makazi/web']],
    ],
  },
  { name: 'browser', parallel: 1, steps: [['test e2e', ['run', 'test:e2e']]] },
];

const clock = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[test ${clock()}] ${line}`);

/** Runs one step; with `hold`, its output is kept and printed in one piece when it ends. */
function runStep([name, args], hold) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    say(`start ${name}: npm ${args.join(' ')}`);
    const child = spawn(npm, args, { stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    const chunks = [];
    if (hold) {
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
    }
    const finish = (code) => {
      const seconds = (Date.now() - startedAt) / 1000;
      if (hold && chunks.length > 0) process.stdout.write(Buffer.concat(chunks));
      const ok = code === 0;
      say(`${ok ? 'end' : 'FAILED'} ${name} (${seconds.toFixed(0)} s)`);
      resolve({ name, seconds, ok });
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

async function runStage(stage) {
  const pending = [...stage.steps];
  const results = [];
  const hold = stage.parallel > 1;
  const lane = async () => {
    for (let step = pending.shift(); step; step = pending.shift()) {
      const result = await runStep(step, hold);
      results.push(result);
      // A failed step ends the stage once the steps already running have ended.
      if (!result.ok) pending.length = 0;
    }
  };
  await Promise.all(Array.from({ length: stage.parallel }, lane));
  return results;
}

function table(rows) {
  const width = Math.max(...rows.map((r) => r.name.length));
  return rows
    .map(
      (r) =>
        `${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${r.ok ? 'ok' : 'FAILED'}`,
    )
    .join('\n');
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`[test] no stage ${unknown.join(', ')}: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

const startedAt = Date.now();
const results = [];
for (const stage of STAGES.filter((s) => chosen.length === 0 || chosen.includes(s.name))) {
  const stageStart = Date.now();
  say(`stage ${stage.name}`);
  const stageResults = await runStage(stage);
  results.push(...stageResults);
  say(`stage ${stage.name} took ${((Date.now() - stageStart) / 1000).toFixed(0)} s`);
  if (stageResults.some((r) => !r.ok)) break;
}
const total = {
  name: 'npm test (wall)',
  seconds: (Date.now() - startedAt) / 1000,
  ok: results.every((r) => r.ok),
};
console.log(`\n[test] steps (side by side within a stage):\n${table([...results, total])}`);
if (process.env.TEST_STEPS_FILE) {
  appendFileSync(
    process.env.TEST_STEPS_FILE,
    results
      .map((r) => `  ${r.name}\t${r.seconds.toFixed(0)}\t${r.ok ? 'ok' : 'FAILED'}\n`)
      .join(''),
  );
}
process.exit(total.ok ? 0 : 1);
