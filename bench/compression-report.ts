import type { LoadResult, LoadSettings } from './load';

/** How the client asks: nothing compressed, gzip alone, or what a browser sends. */
export type EncodingRequest = 'identity' | 'gzip' | 'browser';

export interface EncodingRun extends LoadResult {
  request: EncodingRequest;
  /** The Accept-Encoding header sent. */
  acceptEncoding: string;
  /** The Content-Encoding the server answered with ('identity' when none). */
  contentEncoding: string;
  /** The probed page's body as sent, compressed or not. */
  bodyBytes: number;
}

export interface ZlibTiming {
  /** gzip or br. */
  encoder: 'gzip' | 'br';
  /** The settings, e.g. "level 6". */
  settings: string;
  /** true: what @fastify/compress does by default; false: what compressing once at write time could afford. */
  pluginDefault: boolean;
  bytes: number;
  /** Median time to compress the page once, in microseconds. */
  usPerPage: number;
}

export interface CompressionDataset {
  dataset: string;
  database: 'pglite' | 'postgres';
  listings: number;
  serverVersion?: string;
  /** The list page the in-process timings compress, and its size uncompressed. */
  page: { path: string; bytes: number };
  runs: EncodingRun[];
  zlib: ZlibTiming[];
}

export interface CompressionReport {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; os: string; node: string };
  settings: LoadSettings;
  /** @fastify/compress as the API registers it (apps/api/src/app.ts) and its defaults. */
  plugin: {
    version: string;
    threshold: number;
    gzipLevel: number;
    brotliQuality: number;
    /** Bodies up to this size are compressed synchronously, larger ones on libuv's thread pool. */
    syncThresholdBytes?: number;
  };
  datasets: CompressionDataset[];
}

const n = (value: number): string => value.toLocaleString('en-US');

function signed(value: number): string {
  return `${value >= 0 ? '+' : '−'}${n(Math.abs(value))}`;
}

/**
 * Whether the probed page's body as the server compressed it is as long as node:zlib's output at
 * the plugin's default settings: a check that the settings timed in process are the ones it uses.
 */
function settingsCheck(report: CompressionReport): string[] {
  const checks = report.datasets.flatMap((d) =>
    d.runs.flatMap((r) => {
      const z = d.zlib.find((t) => t.pluginDefault && t.encoder === r.contentEncoding);
      return z ? [{ dataset: d.dataset, served: r.bodyBytes, zlib: z }] : [];
    }),
  );
  if (checks.length === 0) return [];
  const same = checks.every((c) => c.served === c.zlib.bytes);
  return [
    '',
    same
      ? `The page the server compressed (the \`page body bytes\` column) is exactly as long as node:zlib's output at gzip level ${report.plugin.gzipLevel} and brotli quality ${report.plugin.brotliQuality}: those are the settings it uses.`
      : `The page as the server compressed it differs in length from node:zlib's output at the plugin's default settings: ${checks.map((c) => `${c.dataset} ${c.zlib.encoder} ${n(c.served)} served against ${n(c.zlib.bytes)}`).join('; ')}.`,
  ];
}

export function compressionSection(report: CompressionReport): string {
  const { settings, plugin } = report;
  const rows = report.datasets.flatMap((d) => {
    const identity = d.runs.find((r) => r.request === 'identity');
    return d.runs.map((r) => {
      const extraCpu =
        identity?.serverCpuUsPerReq !== undefined && r.serverCpuUsPerReq !== undefined
          ? signed(r.serverCpuUsPerReq - identity.serverCpuUsPerReq)
          : '';
      const saved =
        identity?.bytesPerResponse !== undefined && r.bytesPerResponse !== undefined
          ? `${Math.round((100 * (identity.bytesPerResponse - r.bytesPerResponse)) / identity.bytesPerResponse)} %`
          : '';
      return `| ${d.dataset} | \`${r.acceptEncoding}\` | ${r.contentEncoding} | ${n(r.reqPerSec)} | ${r.p50Ms} / ${r.p99Ms} | ${Number.isFinite(r.singleP50Ms) ? r.singleP50Ms : ''} | ${r.serverCpuUsPerReq !== undefined ? n(r.serverCpuUsPerReq) : ''} | ${r.request === 'identity' ? '' : extraCpu} | ${n(r.bodyBytes)} | ${r.bytesPerResponse !== undefined ? n(r.bytesPerResponse) : ''} | ${r.request === 'identity' ? '' : saved} |`;
    });
  });
  const zlibRows = report.datasets.flatMap((d) =>
    d.zlib.map(
      (z) =>
        `| ${d.dataset} | ${n(d.page.bytes)} | ${z.encoder} ${z.settings}${z.pluginDefault ? ' (what the catalogue routes use)' : ''} | ${n(z.bytes)} | ${(d.page.bytes / z.bytes).toFixed(1)} | ${z.usPerPage.toLocaleString('en-US', { maximumFractionDigits: 0 })} |`,
    ),
  );
  const sync =
    plugin.syncThresholdBytes !== undefined
      ? ` Bodies up to ${n(plugin.syncThresholdBytes)} bytes are compressed synchronously on the event loop, larger ones on libuv's thread pool (the plugin's default on ${report.machine.cpus} cores); both count in the server's CPU.`
      : '';
  return [
    '### Compression',
    '',
    `Measured ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${report.machine.cpus} cores (${report.machine.cpuModel}), Node ${report.machine.node}; @fastify/compress ${plugin.version} as the API registers it (threshold ${n(plugin.threshold)} bytes; on the catalogue routes gzip level ${plugin.gzipLevel} and brotli quality ${plugin.brotliQuality}, compressed in one call up to 1 MiB, where its defaults are 6 and 4 and a zlib stream above its sync threshold).${sync} The list case with distinct URLs (\`/api/properties?limit=24&minPrice=<k>\`, page cache misses) per Accept-Encoding: a ${settings.warmupSec} s warm-up, ${settings.connections} connections × ${settings.durationSec} s, then 1 connection × ${settings.singleSec} s. A browser sends \`gzip, deflate, br\`; the server picks by its own order of preference. Bytes per response are what the load generator read per answer, status line and headers included.`,
    '',
    '| dataset | Accept-Encoding | served | req/s | p50 / p99 ms | p50 ms, 1 conn | server CPU µs/req | CPU vs identity | page body bytes | bytes/response | saved |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows,
    '',
    'One real list page (24 cards), compressed in process with `node:zlib` (synchronous calls, the median of 15 batches of about 30 ms): at the plugin’s settings, the cost of every response it compresses; at gzip level 9 and brotli quality 11, what compressing once when a page is written could afford.',
    '',
    '| dataset | page bytes | encoder | bytes | ratio | µs per page |',
    '|---|--:|---|--:|--:|--:|',
    ...zlibRows,
    ...settingsCheck(report),
  ].join('\n');
}
