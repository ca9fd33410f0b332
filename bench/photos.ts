import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { REQUIRED_PICTURE_LABELS } from '@makazi/contracts/property-values';
import { createDiskStorage } from '../apps/api/src/gateways/storage/disk-storage';
import { createConcurrencyLimit } from '../apps/api/src/lib/concurrency-limit';
import { processPhoto, storePhotoVariants } from '../apps/api/src/modules/media/photo-processing';
import { repoRoot, startApp, type RunningApp } from './app-process';
import { browserCompressedPhotos, cameraOriginals, type PhotoInput } from './photo-inputs';
import type { Machine } from './report';
import type { HttpCase, PhotoReport, PipelineCase } from './photo-report';
import { signInThroughOutbox } from './sign-in';

/*
 * The photo pipeline: how many photos per second processPhoto + the disk store get through on
 * this machine, in process, one and two at a time (the upload route processes two at a time);
 * then a whole 8-photo house listing uploaded through the built server over HTTP (multipart,
 * sharp, journal, disk, database), and the server's memory afterwards.
 */

const HOUSE_LABELS = REQUIRED_PICTURE_LABELS.HouseForSale;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const kib = (bytes: number) => Math.round(bytes / 1024);

async function pipelineOnce(
  inputs: PhotoInput[],
  concurrency: number,
  storeDir: string,
): Promise<number> {
  const storage = createDiskStorage(storeDir);
  const limit = createConcurrencyLimit(concurrency);
  const started = performance.now();
  await Promise.all(
    inputs.map(async (input) => {
      const release = await limit.acquire();
      try {
        await storePhotoVariants(storage, await processPhoto(input.data));
      } finally {
        release();
      }
    }),
  );
  return (performance.now() - started) / 1000;
}

async function pipelineCase(
  label: string,
  inputs: PhotoInput[],
  concurrency: number,
  runs: number,
  workDir: string,
): Promise<PipelineCase> {
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const dir = path.join(workDir, `store-${label.replace(/\W+/g, '-')}-${concurrency}-${run}`);
    times.push(await pipelineOnce(inputs, concurrency, dir));
    rmSync(dir, { recursive: true, force: true });
  }
  const seconds = median(times);
  const result: PipelineCase = {
    input: label,
    photos: inputs.length,
    averageInputKiB: kib(inputs.reduce((sum, p) => sum + p.data.length, 0) / inputs.length),
    concurrency,
    seconds: round(seconds),
    photosPerSecond: round(inputs.length / seconds, 1),
  };
  console.log(
    `[bench] photos ${label}, ${concurrency} at a time: ${result.photosPerSecond} photos/s (${result.photos} in ${result.seconds} s)`,
  );
  return result;
}

// ── Through the server ───────────────────────────────────────────────────────────────────────

async function call<T>(
  baseUrl: string,
  method: string,
  url: string,
  body: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as T };
}

/** A house for sale through the listings route; undefined when the server has no such route. */
async function createHouse(baseUrl: string, token: string): Promise<string | undefined> {
  const created = await call<{ id: string }>(
    baseUrl,
    'POST',
    '/api/properties/house-for-sale',
    {
      type: 'HouseForSale',
      title: 'Nyumba ya vyumba vinne Mbezi',
      description: 'Nyumba nzuri yenye bustani, maji na umeme.',
      ownerName: 'Bench Photos',
      ownerPhoneNumber: '0713000000',
      housePrice: 250_000_000,
      numberOfBedrooms: 4,
      numberOfBathrooms: 3,
      squareFootage: 240,
      distanceFromMainRoad: '300 m',
      isWaterServiceAvailable: true,
      isElectricityServiceAvailable: true,
    },
    token,
  );
  if (created.status === 404) return undefined;
  if (created.status !== 201) {
    throw new Error(
      `creating a listing answered ${created.status}: ${JSON.stringify(created.json)}`,
    );
  }
  return created.json.id;
}

async function uploadListing(
  baseUrl: string,
  token: string,
  listingId: string,
  inputs: PhotoInput[],
): Promise<number> {
  const form = new FormData();
  inputs.forEach((input, i) => {
    form.append(
      'files',
      new Blob([new Uint8Array(input.data)], { type: 'image/jpeg' }),
      input.name,
    );
    form.append('category', HOUSE_LABELS[i % HOUSE_LABELS.length]!);
  });
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/properties/${listingId}/media`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await response.text();
  const seconds = (performance.now() - started) / 1000;
  if (response.status !== 201) throw new Error(`upload answered ${response.status}: ${body}`);
  return seconds;
}

/** Resident and peak resident memory of a process, MiB (Linux /proc). */
function memoryOf(pid: number): { rssMiB: number; peakMiB: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1]);
    return {
      rssMiB: Math.round(field('VmRSS') / 1024),
      peakMiB: Math.round(field('VmHWM') / 1024),
    };
  } catch {
    return null;
  }
}

async function httpCases(
  compressed: PhotoInput[],
  originals: PhotoInput[],
  workDir: string,
): Promise<Pick<PhotoReport, 'http' | 'httpSkipped' | 'serverMemory'>> {
  const dataDir = path.join(workDir, 'server-data');
  mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(repoRoot, 'bench/.tmp', 'photos-server.log');
  const app: RunningApp = await startApp(
    { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
    logFile,
  );
  try {
    const baseline = app.pid ? memoryOf(app.pid) : null;
    const { access_token: token } = await signInThroughOutbox(app.baseUrl, dataDir, 'Photos');
    const cases: HttpCase[] = [];
    for (const [label, inputs, runs] of [
      ['1024×768 JPEG (browser-compressed)', compressed, 5],
      ['4000×3000 JPEG (camera original)', originals, 3],
    ] as const) {
      const times: number[] = [];
      for (let run = 0; run < runs; run++) {
        const listingId = await createHouse(app.baseUrl, token);
        if (!listingId) {
          return {
            http: null,
            httpSkipped: 'POST /api/properties/house-for-sale is missing: no listing to upload to',
            serverMemory: null,
          };
        }
        times.push(await uploadListing(app.baseUrl, token, listingId, inputs));
      }
      const result: HttpCase = {
        input: label,
        photos: inputs.length,
        requestMiB: round(inputs.reduce((sum, p) => sum + p.data.length, 0) / 2 ** 20, 1),
        runs: times.map((t) => round(t)),
        medianSeconds: round(median(times)),
      };
      console.log(
        `[bench] photos over HTTP, ${label}: 8-photo listing in ${result.medianSeconds} s (median of ${runs}: ${result.runs.join(', ')})`,
      );
      cases.push(result);
    }
    const after = app.pid ? memoryOf(app.pid) : null;
    const serverMemory =
      baseline && after
        ? { baselineMiB: baseline.rssMiB, afterMiB: after.rssMiB, peakMiB: after.peakMiB }
        : null;
    if (serverMemory) {
      console.log(
        `[bench] server RSS: ${serverMemory.baselineMiB} MiB idle, ${serverMemory.afterMiB} MiB after the uploads, peak ${serverMemory.peakMiB} MiB`,
      );
    }
    return { http: cases, serverMemory };
  } finally {
    await app.stop();
  }
}

export async function benchPhotos(machine: Machine): Promise<PhotoReport> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'makazi-bench-photos-'));
  mkdirSync(path.join(repoRoot, 'bench/.tmp'), { recursive: true });
  try {
    console.log('[bench] photos: generating inputs…');
    const compressed = await browserCompressedPhotos(8);
    const originals = await cameraOriginals(8);
    // The first photo pays for loading libvips and its codecs: not part of any case.
    await pipelineOnce(compressed.slice(0, 1), 1, path.join(workDir, 'warm-up'));

    const pipeline: PipelineCase[] = [];
    for (const concurrency of [1, 2]) {
      pipeline.push(await pipelineCase('1024×768 JPEG', compressed, concurrency, 5, workDir));
    }
    for (const concurrency of [1, 2]) {
      pipeline.push(await pipelineCase('4000×3000 JPEG', originals, concurrency, 3, workDir));
    }
    const http = await httpCases(compressed, originals, workDir);
    return { kind: 'photos', date: new Date().toISOString(), machine, pipeline, ...http };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
