#!/usr/bin/env node
// `npm test`: every check, stage by stage, each step timed. Two tracks of stages run at once (the
// checks and the vitest suites; the browser specs); within a track a stage starts once the one
// before passed, and the steps of one stage may run side by side. Each step's output is held and
// printed whole when it ends. A failed step stops the whole run. Prints a table of the steps at
// the end and, when TEST_STEPS_FILE names a file, appends the steps to it (.ci/run's own summary
// reads it). Decisions 046 and 048 say why these stages and tracks.
import { spawn } from 'node:child_process';
import { appendFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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
    yields: true,
    alongside: 'resilience',
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
  {
    // The built server under load, restarts and kills (resilience/README.md): with the PostgreSQL
    // server and its programs, which .ci/run finds and says so by TEST_RESILIENCE=1.
    name: 'resilience',
    parallel: 1,
    enabled: process.env.TEST_RESILIENCE === '1',
    steps: [['test resilience', ['run', 'test:resilience']]],
  },
];

/**
 * Stages in tracks: the tracks run at the same time, each its stages one after another. The
 * vitest suites use both cores, and the browser specs nearly as much (Chromium, the app, the
 * workers: 1.5 cores on average, more at times), so those run one after another. The resilience
 * specs leave a core idle for much of their five minutes (between loads, around kills and
 * restarts), and the static checks keep no time: the checks wait for them (`alongside`) and run
 * beside them yielding the cores (`yields`: niceness 19, the lowest priority, where the specs
 * have 0), so the specs' latencies stay about what they are alone. Without the resilience specs
 * the checks run once the browser specs are done. Decision 048.
 */
const TRACKS = [['unit', 'browser', 'resilience'], ['checks']];

const YIELDING_NICENESS = 19;

/**
 * Lowers a step's scheduling priority: its session's autogroup (Linux), which is what the kernel
 * weighs when sessions compete, and the process itself, for kernels without autogroups.
 */
function yieldCores(pid) {
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(YIELDING_NICENESS));
  } catch {
    // No autogroups here (or not Linux): the process's own niceness below still applies.
  }
  try {
    os.setPriority(pid, YIELDING_NICENESS);
  } catch {
    // Not permitted: the step runs at the usual priority.
  }
}

const clock = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[test ${clock()}] ${line}`);

/** Steps under way, so a failure elsewhere can stop them. */
const running = new Set();
let failed = false;

/**
 * Runs one step, its output kept and printed in one piece when it ends (steps run side by side).
 * Each is a process group of its own: stopping it stops its vitest, browsers and servers too.
 */
function runStep([name, args], { yields = false } = {}) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    say(`start ${name}: npm ${args.join(' ')}`);
    const child = spawn(npm, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    running.add(child);
    if (yields) yieldCores(child.pid);
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    let stopped = false;
    child.stopStep = () => {
      stopped = true;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    };
    let finished = false;
    // 'error' (the spawn failed) may be followed by 'close': the step ends once.
    const finish = (code) => {
      if (finished) return;
      finished = true;
      running.delete(child);
      const seconds = (Date.now() - startedAt) / 1000;
      if (chunks.length > 0) process.stdout.write(Buffer.concat(chunks));
      const result = { name, seconds, ok: code === 0, stopped };
      say(`${result.ok ? 'end' : outcome(result)} ${name} (${seconds.toFixed(0)} s)`);
      resolve(result);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

/** How a step ended, for the log and the tables. */
const outcome = (result) => (result.ok ? 'ok' : result.stopped ? 'STOPPED' : 'FAILED');

/** Stops every other step once one failed: the run has failed, and its time is the developer's. */
function failRun() {
  if (failed) return;
  failed = true;
  for (const child of running) child.stopStep();
}

async function runStage(stage) {
  const stageStart = Date.now();
  say(`stage ${stage.name}`);
  const pending = [...stage.steps];
  const results = [];
  const lane = async () => {
    for (let step = pending.shift(); step && !failed; step = pending.shift()) {
      const result = await runStep(step, { yields: stage.yields });
      results.push(result);
      if (!result.ok) failRun();
    }
  };
  await Promise.all(Array.from({ length: stage.parallel }, lane));
  say(`stage ${stage.name} took ${((Date.now() - stageStart) / 1000).toFixed(0)} s`);
  return results;
}

/** Resolves when a stage starts, or when it is known it will not run in this invocation. */
const begun = new Map(
  STAGES.map((stage) => {
    let resolve;
    const promise = new Promise((done) => {
      resolve = done;
    });
    return [stage.name, { promise, resolve }];
  }),
);

async function runTrack(stageNames) {
  const results = [];
  for (const name of stageNames) {
    const stage = STAGES.find((each) => each.name === name);
    // A stage named on the command line runs whatever its default.
    const runs = !failed && (stage.enabled !== false || chosen.includes(name));
    if (runs && stage.alongside) await begun.get(stage.alongside).promise;
    begun.get(name).resolve();
    if (!runs || failed) continue;
    results.push(...(await runStage(stage)));
  }
  return results;
}

function table(rows) {
  const width = Math.max(...rows.map((r) => r.name.length));
  return rows
    .map((r) => `${r.name.padEnd(width)}  ${r.seconds.toFixed(0).padStart(5)} s  ${outcome(r)}`)
    .join('\n');
}

const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !STAGES.some((stage) => stage.name === name));
if (unknown.length > 0) {
  console.error(`[test] no stage ${unknown.join(', ')}: ${STAGES.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

// Interrupted: the steps are process groups of their own, so they are stopped explicitly.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    failRun();
    process.exit(1);
  });
}

const startedAt = Date.now();
const tracks = TRACKS.map((names) =>
  names.filter((name) => chosen.length === 0 || chosen.includes(name)),
);
// A stage this invocation leaves out is never waited for.
for (const stage of STAGES) {
  if (!tracks.flat().includes(stage.name)) begun.get(stage.name).resolve();
}
const results = (await Promise.all(tracks.map(runTrack))).flat();
const total = {
  name: 'npm test (wall)',
  seconds: (Date.now() - startedAt) / 1000,
  ok: !failed && results.every((r) => r.ok),
};
console.log(
  `\n[test] steps (side by side within a stage, tracks at once):\n${table([...results, total])}`,
);
if (process.env.TEST_STEPS_FILE) {
  appendFileSync(
    process.env.TEST_STEPS_FILE,
    results.map((r) => `  ${r.name}\t${r.seconds.toFixed(0)}\t${outcome(r)}\n`).join(''),
  );
}
process.exit(total.ok ? 0 : 1);
