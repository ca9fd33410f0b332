// The reporters of every vitest run in this repository: vitest's own, plus, when
// TEST_DURATIONS_DIR names a folder (.ci/run sets it), a report of where the time went per file.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The files a run reports as its slowest, on the console. */
const SLOWEST_SHOWN = 8;

/**
 * Writes `<TEST_DURATIONS_DIR>/<name>.json`, the name being TEST_DURATIONS_NAME when a runner
 * starts several vitest runs in one workspace (scripts/test-e2e.mjs), else the workspace's: per test file, its project, the tests by state,
 * and the time spent importing it (collect), in its setup files and environment, and running its
 * tests, in milliseconds. Prints the slowest files.
 */
class DurationsReporter {
  /** @param {string} dir */
  constructor(dir) {
    this.dir = dir;
    this.root = process.cwd();
    this.startedAt = Date.now();
  }

  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.root = vitest.config.root;
    this.startedAt = Date.now();
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    const files = testModules.map((module) => {
      const diagnostic = module.diagnostic();
      const tests = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') tests.passed += 1;
        else if (state === 'failed') tests.failed += 1;
        else tests.skipped += 1;
      }
      const phases = {
        environment: diagnostic.environmentSetupDuration,
        setup: diagnostic.setupDuration,
        collect: diagnostic.collectDuration,
        tests: diagnostic.duration,
      };
      const total = Object.values(phases).reduce((sum, ms) => sum + ms, 0);
      return {
        file: path.relative(this.root, module.moduleId),
        project: module.project.name,
        tests,
        totalMs: Math.round(total),
        ...Object.fromEntries(Object.entries(phases).map(([k, ms]) => [`${k}Ms`, Math.round(ms)])),
      };
    });
    files.sort((a, b) => b.totalMs - a.totalMs);
    const workspace = path.basename(this.root);
    const name = process.env.TEST_DURATIONS_NAME || workspace;
    mkdirSync(this.dir, { recursive: true });
    const report = { workspace, wallMs: Date.now() - this.startedAt, files };
    writeFileSync(path.join(this.dir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\n[durations] ${name}: slowest of ${files.length} files`);
    for (const f of files.slice(0, SLOWEST_SHOWN)) {
      const seconds = (f.totalMs / 1000).toFixed(1).padStart(6);
      console.log(`[durations] ${seconds} s  ${f.file}${f.project ? ` (${f.project})` : ''}`);
    }
  }
}

/** vitest's default reporter, with the durations report when TEST_DURATIONS_DIR is set. */
export function testReporters() {
  const dir = process.env.TEST_DURATIONS_DIR;
  return dir ? ['default', new DurationsReporter(path.resolve(dir))] : ['default'];
}
