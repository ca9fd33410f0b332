import { randomUUID } from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/*
 * The abuse bench's load generator (bench/abuse.ts): the normal visitor, which the bench runs in
 * its own process, and the attackers, which it runs in a child process of this file so that
 * neither's event loop delays the other's requests. Every client keeps its connections open
 * (keep-alive), so connection setup is never measured, and plays a client address through
 * X-Forwarded-For (the bench server trusts 127.0.0.1 as its proxy).
 */

/** Answers by HTTP status ("200", "429" …); "error" counts requests that got no answer. */
export type StatusCounts = Record<string, number>;

export interface ClientResult {
  connections: number;
  /** Answers and errors, counted when they completed within the run. */
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: StatusCounts;
  /** Answers 200 that completed before the first 429 (the reveal harvest's figure). */
  okBeforeFirstLimit?: number;
  /** The slowest request, to tell a slow query from a stalled machine. */
  slowest?: { path: string; status: number | 'error'; ms: number };
}

/** What an attacker child does; sent as JSON on its standard input. */
export type AttackSpec =
  | {
      /** GET /api/properties with a 2-letter search and a new maxPrice each time. */
      kind: 'short-search';
      baseUrl: string;
      connections: number;
      durationSec: number;
      /** One address for every request (a carrier's), or a fresh one per request (a botnet). */
      address: { fixed: string } | 'random';
    }
  | {
      /** POST /api/subscription/create as one signed-in user, a new idempotency key each time. */
      kind: 'push-flood';
      baseUrl: string;
      connections: number;
      durationSec: number;
      token: string;
      body: { userId: string; planId: string; phoneNumber: string; provider: string };
    }
  | {
      /**
       * GET of sitemap files in turn, each request from a fresh address (a botnet under the
       * per-address limit): the widest files the index names, and ranges nobody signed.
       */
      kind: 'sitemap-flood';
      baseUrl: string;
      connections: number;
      durationSec: number;
      paths: string[];
    }
  | {
      /** POST /api/properties/{id}/reports for each listing once, as one signed-in person. */
      kind: 'report-flood';
      baseUrl: string;
      connections: number;
      durationSec: number;
      token: string;
      listingIds: string[];
    }
  | {
      /** GET /api/properties/{id}/contact for each listing once, until the ids or the time run out. */
      kind: 'reveal-harvest';
      baseUrl: string;
      connections: number;
      durationSec: number;
      token: string;
      listingIds: string[];
    };

interface Answer {
  status: number | 'error';
  ms: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

interface Call {
  method: 'GET' | 'POST';
  path: string;
  address?: string;
  token?: string;
  body?: unknown;
  /** Keep the body (the visitor reads its pages); attackers drop it. */
  keepBody?: boolean;
}

/** A caller of one server over a keep-alive pool of `connections` sockets. */
export function httpClient(baseUrl: string, connections: number) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const send = (call: Call): Promise<Answer> =>
    new Promise((resolve) => {
      const started = performance.now();
      const payload = call.body === undefined ? undefined : JSON.stringify(call.body);
      const headers: Record<string, string> = {};
      if (call.address) headers['x-forwarded-for'] = call.address;
      if (call.token) headers.authorization = `Bearer ${call.token}`;
      if (payload !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(payload));
      }
      const failed = () =>
        resolve({ status: 'error', ms: performance.now() - started, body: '', headers: {} });
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          method: call.method,
          path: call.path,
          agent,
          headers,
          timeout: 30_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            if (call.keepBody) chunks.push(chunk);
          });
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              ms: performance.now() - started,
              body: Buffer.concat(chunks).toString('utf8'),
              headers: res.headers,
            }),
          );
          res.on('error', failed);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', failed);
      req.end(payload);
    });
  /** Opens every connection before the clock starts: connection setup is not what is measured. */
  const open = async (): Promise<void> => {
    await Promise.all(
      Array.from({ length: connections }, () => send({ method: 'GET', path: '/api/health' })),
    );
  };
  return { send, open, close: () => agent.destroy() };
}

/** Latencies and answers of one party (the visitor, or all attacker connections together). */
class Tally {
  readonly latencies: number[] = [];
  readonly statuses: StatusCounts = {};
  okBeforeFirstLimit = 0;
  private limited = false;
  private slowest: ClientResult['slowest'];

  add(answer: Answer, path: string): void {
    this.latencies.push(answer.ms);
    if (!this.slowest || answer.ms > this.slowest.ms) {
      this.slowest = { path, status: answer.status, ms: answer.ms };
    }
    const key = String(answer.status);
    this.statuses[key] = (this.statuses[key] ?? 0) + 1;
    if (answer.status === 429) this.limited = true;
    if (answer.status === 200 && !this.limited) this.okBeforeFirstLimit++;
  }

  result(connections: number, seconds: number): ClientResult {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? 0;
    const ms = (value: number) => Math.round(value * 10) / 10;
    return {
      connections,
      requests: sorted.length,
      seconds: ms(seconds),
      reqPerSec: Math.round(sorted.length / seconds),
      p50Ms: ms(at(0.5)),
      p99Ms: ms(at(0.99)),
      maxMs: ms(sorted.at(-1) ?? 0),
      statuses: this.statuses,
      okBeforeFirstLimit: this.okBeforeFirstLimit,
      ...(this.slowest ? { slowest: { ...this.slowest, ms: ms(this.slowest.ms) } } : {}),
    };
  }
}

const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A public-looking IPv4 address outside the visitor's 10/8 and loopback. */
function randomAddress(): string {
  let first = randomInt(11, 223);
  if (first === 127) first = 128;
  return `${first}.${randomInt(0, 255)}.${randomInt(0, 255)}.${randomInt(1, 254)}`;
}

const letters = 'abcdefghijklmnopqrstuvwxyz';
const randomLetters = (n: number) =>
  Array.from({ length: n }, () => letters[randomInt(0, letters.length - 1)]).join('');

/**
 * Runs an attack for its duration with `connections` requests in flight at all times; `onStart`
 * is told once the connections are open, just before the first request.
 */
export async function runAttack(spec: AttackSpec, onStart: () => void): Promise<ClientResult> {
  const client = httpClient(spec.baseUrl, spec.connections);
  await client.open();
  onStart();
  const tally = new Tally();
  const started = performance.now();
  const deadline = started + spec.durationSec * 1000;
  let nextListing = 0;
  let nextPath = 0;

  const nextCall = (): Call | undefined => {
    switch (spec.kind) {
      case 'short-search':
        // A new price each time: no two requests share a page of the catalogue cache.
        return {
          method: 'GET',
          path: `/api/properties?search=${randomLetters(2)}&maxPrice=${randomInt(100_000, 999_999_999)}`,
          address: spec.address === 'random' ? randomAddress() : spec.address.fixed,
        };
      case 'push-flood':
        return {
          method: 'POST',
          path: '/api/subscription/create',
          token: spec.token,
          body: { ...spec.body, idempotencyKey: randomUUID() },
        };
      case 'sitemap-flood': {
        const path = spec.paths[nextPath++ % spec.paths.length];
        return path === undefined ? undefined : { method: 'GET', path, address: randomAddress() };
      }
      case 'report-flood': {
        const id = spec.listingIds[nextListing++];
        return id === undefined
          ? undefined
          : {
              method: 'POST',
              path: `/api/properties/${id}/reports`,
              token: spec.token,
              body: { reason: 'fake' },
            };
      }
      case 'reveal-harvest': {
        const id = spec.listingIds[nextListing++];
        return id === undefined
          ? undefined
          : { method: 'GET', path: `/api/properties/${id}/contact`, token: spec.token };
      }
    }
  };

  const connection = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const call = nextCall();
      if (!call) return;
      const answer = await client.send(call);
      if (performance.now() <= deadline) tally.add(answer, call.path);
    }
  };
  await Promise.all(Array.from({ length: spec.connections }, connection));
  const seconds = Math.min(performance.now(), deadline) - started;
  client.close();
  return tally.result(spec.connections, seconds / 1000);
}

// ── The normal visitor ───────────────────────────────────────────────────────────────────────

/** mulberry32: the same seed gives the same visits, so runs and scenarios are comparable. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

const VISIT_TYPES = ['Rent', 'HouseForSale', 'Land', 'Apartment'] as const;
const VISIT_SORTS = ['new', 'priceLowHigh', 'priceHighLow'] as const;
/**
 * Price bands a person looking at each type picks, within what the seeded listings of that type
 * cost: a band no listing of the type falls in makes the query walk the whole type, which is an
 * attacker's move (the cost guard's business), not a visitor's.
 */
const VISIT_PRICES: Record<(typeof VISIT_TYPES)[number], readonly [number, number][]> = {
  Rent: [
    [100_000, 500_000],
    [200_000, 800_000],
    [500_000, 1_500_000],
  ],
  Apartment: [
    [300_000, 1_000_000],
    [500_000, 1_500_000],
    [1_000_000, 3_000_000],
  ],
  Land: [
    [5_000_000, 20_000_000],
    [10_000_000, 50_000_000],
    [30_000_000, 150_000_000],
  ],
  HouseForSale: [
    [50_000_000, 150_000_000],
    [100_000_000, 300_000_000],
    [200_000_000, 700_000_000],
  ],
};

const pick = <T>(random: () => number, values: readonly T[]): T =>
  values[Math.floor(random() * values.length)]!;

function listingIds(answer: Answer): string[] {
  if (answer.status !== 200) return [];
  try {
    const items = JSON.parse(answer.body) as { id: string }[];
    return items.map((item) => item.id);
  } catch {
    return [];
  }
}

function nextPath(answer: Answer): string | undefined {
  const link = answer.headers.link;
  const value = Array.isArray(link) ? link[0] : link;
  return value ? /<([^>]+)>;\s*rel="next"/.exec(value)?.[1] : undefined;
}

/**
 * One connection doing what a person browsing does, back to back: the list of a type, a filtered
 * and sorted page of it, the next page through its Link header, then one listing of those pages.
 * Each visit comes from its own address in 10/8 (visit n from the nth address): one address
 * reading without pause would be a flood by the per-address limit's own measure, where a person
 * reads a page every few seconds.
 */
export async function runVisitor(baseUrl: string, durationSec: number): Promise<ClientResult> {
  const client = httpClient(baseUrl, 1);
  await client.open();
  const random = seededRandom(20_261_122);
  const tally = new Tally();
  const started = performance.now();
  const deadline = started + durationSec * 1000;
  const get = async (path: string, address: string): Promise<Answer | undefined> => {
    if (performance.now() >= deadline) return undefined;
    const answer = await client.send({ method: 'GET', path, address, keepBody: true });
    if (performance.now() <= deadline) tally.add(answer, path);
    return answer;
  };

  for (let visit = 1; performance.now() < deadline; visit++) {
    const address = `10.${(visit >> 16) & 255}.${(visit >> 8) & 255}.${visit & 255}`;
    const type = pick(random, VISIT_TYPES);
    const [minPrice, maxPrice] = pick(random, VISIT_PRICES[type]);
    const sort = pick(random, VISIT_SORTS);
    const list = await get(`/api/properties?type=${type}&limit=24`, address);
    const filtered = await get(
      `/api/properties?type=${type}&minPrice=${minPrice}&maxPrice=${maxPrice}&sort=${sort}&limit=24`,
      address,
    );
    const next = filtered && nextPath(filtered);
    const following = next ? await get(next, address) : undefined;
    const ids = [list, filtered, following].flatMap((answer) => (answer ? listingIds(answer) : []));
    if (ids.length > 0) await get(`/api/properties/${pick(random, ids)}`, address);
  }
  const seconds = Math.min(performance.now(), deadline) - started;
  client.close();
  return tally.result(1, seconds / 1000);
}

// ── Run as a child process: the attack in, its result out ────────────────────────────────────

/** Printed on standard output once the child's connections are open, as the attack starts. */
export const READY_LINE = 'abuse-client: ready';

async function main(): Promise<void> {
  let input = '';
  for await (const chunk of process.stdin) input += String(chunk);
  const spec = JSON.parse(input) as AttackSpec;
  const result = await runAttack(spec, () => console.log(READY_LINE));
  console.log(JSON.stringify(result));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
