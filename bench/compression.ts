/**
 * What response compression costs the server against what it saves on the wire: the list case
 * with distinct URLs (page cache misses) asked with Accept-Encoding identity, gzip and a browser's
 * `gzip, deflate, br`; then one real list page compressed in process with node:zlib at
 * @fastify/compress's default settings and at the strongest ones (what compressing once, when a
 * page is written, could afford).
 */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { repoRoot } from './app-process';
import { listPaths, startCatalogueApp } from './catalogue-cases';
import type {
  CompressionDataset,
  CompressionReport,
  EncodingRequest,
  EncodingRun,
  ZlibTiming,
} from './compression-report';
import type { PreparedDataset } from './datasets';
import { measure, type LoadSettings } from './load';

/** The datasets the compression part runs on. */
export const COMPRESSION_DATASETS = ['pglite-10k', 'pg-100k'] as const;

const ACCEPT: Record<EncodingRequest, string> = {
  identity: 'identity',
  gzip: 'gzip',
  browser: 'gzip, deflate, br',
};

/** As apps/api/src/app.ts registers it. */
const THRESHOLD = 1024;
/**
 * What the catalogue routes compress at (apps/api properties.routes.ts, CATALOGUE_COMPRESSION),
 * and @fastify/compress's defaults, which the other routes keep: brotli quality 4 (its
 * `recommendedDefaultBrotliOptions`; zlib's own default is 11) and zlib's default gzip level 6.
 */
const CATALOGUE_BROTLI_QUALITY = 3;
const CATALOGUE_GZIP_LEVEL = 4;
const PLUGIN_BROTLI_QUALITY = 4;
const PLUGIN_GZIP_LEVEL = 6;

/** The plugin the API loads: its version, and the size up to which it compresses synchronously. */
function pluginInfo(): CompressionReport['plugin'] {
  const requireFromApi = createRequire(path.join(repoRoot, 'apps/api/package.json'));
  const entry = requireFromApi.resolve('@fastify/compress');
  const root = path.dirname(entry);
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  let syncThresholdBytes: number | undefined;
  try {
    // Not part of its public interface: read where it exists (9.2 and later).
    const utils = requireFromApi(path.join(root, 'lib/utils.js')) as {
      computeSyncThreshold?: () => number;
    };
    syncThresholdBytes = utils.computeSyncThreshold?.();
  } catch {
    syncThresholdBytes = undefined;
  }
  return {
    version,
    threshold: THRESHOLD,
    gzipLevel: CATALOGUE_GZIP_LEVEL,
    brotliQuality: CATALOGUE_BROTLI_QUALITY,
    ...(syncThresholdBytes !== undefined ? { syncThresholdBytes } : {}),
  };
}

/** One GET with the given Accept-Encoding: the body as sent (not decoded) and its encoding. */
function rawGet(url: string, acceptEncoding: string): Promise<{ body: Buffer; encoding: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== 200) {
          reject(new Error(`GET ${url} answered ${String(res.statusCode)}`));
          return;
        }
        const encoding = res.headers['content-encoding'];
        resolve({ body: Buffer.concat(chunks), encoding: encoding ?? 'identity' });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Median time of one call, in microseconds: 15 batches of about 30 ms after a warm-up, so a
 * moment when another process has the core moves one batch, not the figure.
 */
function timeUs(fn: () => unknown): number {
  for (let i = 0; i < 5; i++) fn();
  const once = performance.now();
  fn();
  const perBatch = Math.max(1, Math.round(30 / Math.max(performance.now() - once, 0.001)));
  const samples: number[] = [];
  for (let batch = 0; batch < 15; batch++) {
    const started = performance.now();
    for (let i = 0; i < perBatch; i++) fn();
    samples.push(((performance.now() - started) * 1000) / perBatch);
  }
  samples.sort((a, b) => a - b);
  return Math.round(samples[Math.floor(samples.length / 2)] ?? Number.NaN);
}

function zlibTimings(page: Buffer): ZlibTiming[] {
  const gzip = (level: number, pluginDefault: boolean): ZlibTiming => ({
    encoder: 'gzip',
    settings: `level ${level}`,
    pluginDefault,
    bytes: gzipSync(page, { level }).length,
    usPerPage: timeUs(() => gzipSync(page, { level })),
  });
  const brotli = (quality: number, pluginDefault: boolean): ZlibTiming => {
    const options = { params: { [constants.BROTLI_PARAM_QUALITY]: quality } };
    return {
      encoder: 'br',
      settings: `quality ${quality}`,
      pluginDefault,
      bytes: brotliCompressSync(page, options).length,
      usPerPage: timeUs(() => brotliCompressSync(page, options)),
    };
  };
  return [
    gzip(CATALOGUE_GZIP_LEVEL, true),
    brotli(CATALOGUE_BROTLI_QUALITY, true),
    gzip(PLUGIN_GZIP_LEVEL, false),
    brotli(PLUGIN_BROTLI_QUALITY, false),
    brotli(1, false),
    gzip(9, false),
    brotli(11, false),
  ];
}

/** The compression measurement on one prepared dataset. */
export async function compressionOnDataset(
  dataset: PreparedDataset,
  settings: LoadSettings,
): Promise<CompressionDataset> {
  const app = await startCatalogueApp(dataset, `${dataset.id}-compression`);
  try {
    const paths = listPaths();
    const probe = `${app.baseUrl}${paths[0] ?? ''}`;
    const page = await rawGet(probe, ACCEPT.identity);
    const cards = (JSON.parse(page.body.toString('utf8')) as unknown[]).length;
    console.log(`[bench] ${dataset.id} list page: ${cards} cards, ${page.body.length} bytes`);

    const requests = ['identity', 'gzip', 'browser'] as const;
    // One family for every run, each going on after the last: no run finds another's pages in
    // the page cache.
    let start = 0;
    // A warm-up in every encoding before any is measured: the first run measured would otherwise
    // also pay for the JIT (and PGlite's WebAssembly) warming up, and look dearer than the others.
    for (const request of settings.warmupSec > 0 ? requests : []) {
      const warm = await measure(
        { baseUrl: app.baseUrl, paths, start, headers: { 'accept-encoding': ACCEPT[request] } },
        { ...settings, durationSec: settings.warmupSec, warmupSec: 0, singleSec: 0 },
      );
      start += warm.urlsSent ?? 0;
    }
    const runs: EncodingRun[] = [];
    for (const request of requests) {
      const acceptEncoding = ACCEPT[request];
      const answer = await rawGet(probe, acceptEncoding);
      process.stdout.write(`[bench] ${dataset.id} list, Accept-Encoding: ${acceptEncoding} … `);
      const load = await measure(
        { baseUrl: app.baseUrl, paths, start, headers: { 'accept-encoding': acceptEncoding } },
        settings,
        app.cpu,
      );
      start += load.urlsSent ?? 0;
      console.log(
        `${answer.encoding}, ${load.reqPerSec} req/s, p50 ${load.p50Ms} ms, p99 ${load.p99Ms} ms, server CPU ${load.serverCpuUsPerReq} µs/req, ${load.bytesPerResponse} bytes/response`,
      );
      runs.push({
        request,
        acceptEncoding,
        contentEncoding: answer.encoding,
        bodyBytes: answer.body.length,
        ...load,
      });
    }
    const zlib = zlibTimings(page.body);
    for (const z of zlib) {
      console.log(
        `[bench] ${dataset.id} ${z.encoder} ${z.settings}: ${page.body.length} → ${z.bytes} bytes in ${z.usPerPage} µs`,
      );
    }
    return {
      dataset: dataset.id,
      database: dataset.database,
      listings: dataset.listings,
      ...(dataset.serverVersion ? { serverVersion: dataset.serverVersion } : {}),
      page: { path: paths[0] ?? '', bytes: page.body.length },
      runs,
      zlib,
    };
  } finally {
    await app.stop();
  }
}

export function compressionReport(
  datasets: CompressionDataset[],
  machine: CompressionReport['machine'],
  settings: LoadSettings,
): CompressionReport {
  return {
    date: new Date().toISOString(),
    machine,
    settings,
    plugin: pluginInfo(),
    datasets,
  };
}

/** Findings worth a line on the terminal: no targets, just what compression cost and saved. */
export function compressionSummary(report: CompressionReport): string[] {
  return report.datasets.flatMap((d) => {
    const identity = d.runs.find((r) => r.request === 'identity');
    if (!identity) return [];
    return d.runs
      .filter((r) => r !== identity)
      .map((r) => {
        const cpu =
          (r.serverCpuUsPerReq ?? Number.NaN) - (identity.serverCpuUsPerReq ?? Number.NaN);
        const bytes =
          (identity.bytesPerResponse ?? Number.NaN) - (r.bytesPerResponse ?? Number.NaN);
        return `[bench] ${d.dataset} ${r.contentEncoding} (Accept-Encoding: ${r.acceptEncoding}): ${cpu >= 0 ? '+' : ''}${cpu} µs server CPU and ${((100 * r.reqPerSec) / identity.reqPerSec - 100).toFixed(0)} % req/s against identity, ${bytes} bytes less per response`;
      });
  });
}
