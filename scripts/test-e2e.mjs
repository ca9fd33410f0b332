#!/usr/bin/env node
// `npm run test:e2e`: the browser specs' three projects (e2e/vitest.config.ts), each a vitest run
// of its own against an app of its own, one after another (a phase may hold several runs at
// once; see PHASES). The build they share is made first, once, so
// their global setups find it fresh instead of racing to make it. Each run's output is held and
// printed whole when it ends. Arguments go to every run (a spec path, -t …); a run whose project
// holds none of the named specs passes with nothing to do. Decision 046 says why.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './ensure-built.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const e2eDir = path.join(root, 'e2e');
const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');

/*
 * One group after another. Run beside the side-by-side specs, the walks' browser filled the cores
 * those leave idle (450 s down to 334 s on a quiet machine) but, on a busy one, pushed the
 * wizard's eight-photo publication past its minute (decision 046): kept apart until that spec no
 * longer needs the machine's spare time.
 */
const PHASES = [
  [{ project: 'e2e (side by side)', durations: 'side-by-side' }],
  [{ project: 'e2e (walks)', durations: 'walks' }],
  [{ project: 'e2e (quiet)', durations: 'quiet' }],
];

const clock = () => new Date().toISOString().slice(11, 19);
const say = (line) => console.log(`[e2e ${clock()}] ${line}`);

function run({ project, durations }, args) {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    say(`start ${project}`);
    const child = spawn(
      process.execPath,
      [vitest, 'run', '--project', project, '--passWithNoTests', ...args],
      {
        cwd: e2eDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, TEST_DURATIONS_NAME: `e2e-${durations}` },
      },
    );
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    const finish = (code) => {
      process.stdout.write(Buffer.concat(chunks));
      const seconds = ((Date.now() - startedAt) / 1000).toFixed(0);
      say(`${code === 0 ? 'end' : 'FAILED'} ${project} (${seconds} s)`);
      resolve(code ?? 1);
    };
    child.on('error', (error) => {
      chunks.push(Buffer.from(`${error.message}\n`));
      finish(1);
    });
    child.on('close', finish);
  });
}

if (!ensureBuilt()) process.exit(1);
const args = process.argv.slice(2);
for (const phase of PHASES) {
  const codes = await Promise.all(phase.map((each) => run(each, args)));
  if (codes.some((code) => code !== 0)) process.exit(1);
}
