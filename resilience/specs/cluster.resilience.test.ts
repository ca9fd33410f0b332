import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, repoRoot, startApp, type RunningApp } from '@makazi/bench/app-process';
import { CLIENT_PHOTO_MAX_SIDE } from '@makazi/contracts/listing-values';
import { REQUIRED_PICTURE_LABELS } from '@makazi/contracts/property-values';
import { firstAddress } from '@makazi/e2e/locations';
import { uniquePhone } from '@makazi/e2e/sms-outbox';
import { until } from '@makazi/e2e/until';
import { callFrom, expectFrom, signUpAndInFrom } from '../support/bound-client';
import { Cleanup } from '../support/cleanup';
import { killHard } from '../support/crash';
import { startHaproxy, type ProxyServer, type RunningHaproxy } from '../support/haproxy';
import { HOUSE_FOR_SALE } from '../support/listing';
import {
  EVERY_RUN_KINDS,
  isBrowsing,
  latencyTable,
  runVisitors,
  summarise,
  type LoadPlan,
  type LoadRun,
  type Sample,
} from '../support/load-users';
import { photoForm, type PhotoPart } from '../support/multipart';
import { phoneJpeg } from '../support/photos';
import { withClient, type FreshDatabase } from '../support/postgres';
import { PrivateRedis } from '../support/redis-server';
import { startS3Server, type S3Server } from '../support/s3-server';
import { CATALOGUE_LISTINGS, copyOfSeededCatalogue } from '../support/seeded-catalogue';

/*
 * Makazi as production scales it out: three API processes behind HAProxy, sharing one PostgreSQL
 * database, one Redis and one S3 bucket. The cluster must behave as one process would: the same
 * load answered without errors, a process killed mid-load costing nothing but the requests it held,
 * no payment or listing lost or doubled, and every limit, cache and periodic job holding across
 * processes as it holds inside one.
 *
 * Visitors come from carrier addresses (about ten phones share each, as behind carrier-grade NAT):
 * their sockets are bound to loopback addresses, HAProxy appends the address it saw to
 * X-Forwarded-For, and the API trusts that one hop. Nobody writes the header themselves.
 */

const VISITORS = 200;
const LOAD_MS = 60_000;
/** About ten phones per carrier address. */
const CARRIER_ADDRESSES = 20;
const KILL_AT_MS = 20_000;
/** How long the killed process stays dead before it is started again on its port. */
const DEAD_FOR_MS = 3_000;
/** The kill's cost is compared over this long on each side of it: past DOWN, restart and UP. */
const KILL_WINDOW_MS = 10_000;
const BACK_IN_ROTATION_LIMIT_MS = 5_000;
const REDIS_LOAD_MS = 20_000;
const REDIS_DOWN_AT_MS = 6_000;
const REDIS_DOWN_FOR_MS = 4_000;
const SIMULATOR_DELAY_MS = 500;
/**
 * A payment still pending after this long is settled by the payment-expiry job's status query,
 * which any process can answer for the simulator: what settles a payment whose callback died with
 * the process that took its push (the simulator's timers live in that process).
 */
const PAYMENT_TIMEOUT_MS = 5_000;
/** The web app's PAYMENT_POLL_MS. */
const PAYMENT_POLL_MS = 2_000;
/** CATALOGUE_CACHE_MS's default: how long a process answers a catalogue page from memory. */
const CATALOGUE_CACHE_MS = 5_000;
/** POST /api/admin/login: at most 20 tries per address in 15 minutes (admin-auth.routes.ts). */
const ADMIN_LOGINS_PER_ADDRESS = 20;
const ADMIN = { username: 'cluster-admin', password: 'cluster-admin-password-0123' };
const JOBS = { 'payment-expiry': 30_000, 'upload-sweep': 60 * 60_000 } as const;

/** Photos as the publishing wizard uploads them: shrunk in the browser to its longest side. */
const AS_THE_WIZARD_SENDS = {
  width: CLIENT_PHOTO_MAX_SIDE,
  height: (CLIENT_PHOTO_MAX_SIDE * 3) / 4,
};

/** The eight photos a house for sale needs. */
const LABELS = REQUIRED_PICTURE_LABELS.HouseForSale;

type ProcessName = 'a' | 'b' | 'c';

/** The scenario's clock (when to kill, how long to stay down); conditions are polled with until(). */
const wait = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Loopback addresses 127.0.<block>.1 … 127.0.<block>.<count>: one block per run, fresh limits. */
function carrierAddresses(block: number, count = CARRIER_ADDRESSES): string[] {
  return Array.from({ length: count }, (_, i) => `127.0.${block}.${i + 1}`);
}

const failed = (sample: Sample): boolean => sample.status === 0 || sample.status >= 400;

interface Figures {
  label: string;
  requests: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

function figures(label: string, run: LoadRun): Figures {
  const summary = summarise(run.samples);
  return {
    label,
    requests: summary.count,
    seconds: run.elapsedMs / 1000,
    p50: summary.p50,
    p95: summary.p95,
    p99: summary.p99,
    errors: run.samples.filter(failed).length,
  };
}

function sideBySide(rows: readonly Figures[]): string {
  const head = ['', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'];
  const lines = rows.map((f) => [
    f.label,
    String(f.requests),
    (f.requests / f.seconds).toFixed(0),
    f.p50.toFixed(0),
    f.p95.toFixed(0),
    f.p99.toFixed(0),
    String(f.errors),
  ]);
  return [head, ...lines]
    .map((cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(28) : cell.padStart(9))).join(''))
    .join('\n');
}

/** Requests, p95 and failures per window of the run: where a kill or an outage shows. */
function timeline(samples: readonly Sample[], windowMs = 5_000): string {
  const end = Math.max(0, ...samples.map((s) => s.startMs));
  const lines: string[] = [];
  for (let from = 0; from <= end; from += windowMs) {
    const inWindow = samples.filter((s) => s.startMs >= from && s.startMs < from + windowMs);
    const summary = summarise(inWindow);
    const browsing = summarise(inWindow.filter(isBrowsing));
    lines.push(
      `${(from / 1000).toFixed(0).padStart(3)}–${((from + windowMs) / 1000).toFixed(0).padEnd(3)} s ${String(summary.count).padStart(6)} requests  p95 ${summary.p95.toFixed(0).padStart(5)} ms  max ${summary.max.toFixed(0).padStart(6)} ms  ${inWindow.filter(failed).length} failed  browsing p95 ${browsing.p95.toFixed(0).padStart(5)} ms`,
    );
  }
  return lines.join('\n');
}

/** The machine's load over the last minute: figures measured while other work ran are not comparable. */
function machineLoad(): string {
  return `load average ${loadavg()[0]!.toFixed(1)} on 2 cores`;
}

function problems(samples: readonly Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of samples.filter(failed)) {
    const key = `${sample.method} ${sample.kind}: ${sample.status} ${sample.error ?? ''}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

describe('HAProxy as configured for the cluster', () => {
  const cleanup = new Cleanup();
  let proxy: RunningHaproxy;
  /** Every request the stand-in processes received: "<name> <method> <url>". */
  const arrivals: string[] = [];
  /** The stand-ins by name: crash() closes the port and every connection, as a SIGKILL does. */
  const processes = new Map<string, { crash: () => void; restart: () => Promise<void> }>();

  /**
   * A process that passes its health checks and answers requests as `behaviour` says: `dies`
   * closes the connection of every request without an answer, as a crash in the middle of it would.
   */
  async function standIn(name: string, behaviour: 'dies' | 'answers'): Promise<ProxyServer> {
    const listen = async (port: number): Promise<Server> => {
      const server = createServer((request, response) => {
        if (request.url === '/api/health') return void response.end('{"status":"ok"}');
        arrivals.push(`${name} ${request.method} ${request.url}`);
        request.resume();
        request.on('end', () => {
          if (behaviour === 'dies') request.socket.destroy();
          else response.end(`{"from":"${name}"}`);
        });
      });
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
      return server;
    };
    let server = await listen(0);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const crash = () => {
      server.close();
      server.closeAllConnections();
    };
    processes.set(name, {
      crash,
      restart: async () => {
        server = await listen(port);
      },
    });
    cleanup.add(() => crash());
    return { name, port };
  }

  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'makazi-haproxy-retries-'));
    cleanup.add(() => rmSync(dir, { recursive: true, force: true }));
    proxy = await startHaproxy(
      [
        {
          name: 'retries',
          port: await freePort(),
          servers: [await standIn('dying', 'dies'), await standIn('healthy', 'answers')],
        },
        {
          name: 'crash',
          port: await freePort(),
          servers: [await standIn('first', 'answers'), await standIn('second', 'answers')],
        },
      ],
      dir,
    );
    cleanup.add(() => proxy.stop());
    await until(
      async () =>
        (await proxy.stats()).filter((s) => s.svname !== 'FRONTEND' && s.status === 'UP').length ===
        6
          ? true
          : undefined,
      'the four stand-ins to be UP',
    );
  });

  afterAll(() => cleanup.run());

  it('retries a GET that a dying process never answered on another one, and never a POST', async () => {
    const base = proxy.url('retries');
    for (let i = 0; i < 4; i += 1) {
      const get = await fetch(`${base}/get/${i}`);
      await get.arrayBuffer();
      expect(get.status, `GET /get/${i}`).toBe(200);
      // What the client got: a status, or the connection closed without one (HAProxy closes a
      // kept-alive client connection whose request it cannot answer, as the server would have).
      const post = await fetch(`${base}/post/${i}`, { method: 'POST', body: '{}' }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 'closed',
      );
      const landed = arrivals.filter((a) => a.endsWith(` POST /post/${i}`));
      // Sent once, whatever happened to it: a second copy could be a second payment.
      expect(landed, `POST /post/${i}`).toHaveLength(1);
      if (landed[0]!.startsWith('dying')) expect([502, 'closed']).toContain(post);
      else expect(post).toBe(200);
    }
    // The dying process did receive GETs: their answers came from the other after a retry.
    expect(arrivals.filter((a) => a.startsWith('dying GET')).length).toBeGreaterThan(0);
    expect(arrivals.filter((a) => a.startsWith('dying POST')).length).toBeGreaterThan(0);
  });

  it('sends a POST made after a process crashed to a live one, never over a dead connection', async () => {
    const base = proxy.url('crash');
    // Sixty phones on kept-alive connections, served by both processes before each crash. The
    // race this guards is a matter of microseconds: with `http-reuse safe` a crash resets one of
    // these POSTs in about half the crashes on this machine, so the spec crashes three times.
    const agents = Array.from({ length: 60 }, () => new Agent({ keepAlive: true, maxSockets: 1 }));
    const call = (agent: Agent, method: string, target: string) =>
      new Promise<string>((resolve) => {
        const req = request(new URL(target, base), { method, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(String(res.statusCode)));
          res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        });
        req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        req.end(method === 'POST' ? '{}' : undefined);
      });
    const first = processes.get('first')!;
    try {
      for (const crash of [1, 2, 3]) {
        const warm = await Promise.all(
          agents.map((agent, i) => call(agent, 'GET', `/warm/${crash}/${i}`)),
        );
        expect(warm.every((status) => status === '200')).toBe(true);
        first.crash();
        const posts = await Promise.all(
          agents.map((agent, i) => call(agent, 'POST', `/after/${crash}/${i}`)),
        );
        expect(posts, `crash ${crash}`).toEqual(agents.map(() => '200'));
        for (let i = 0; i < agents.length; i += 1) {
          expect(arrivals.filter((a) => a.endsWith(` POST /after/${crash}/${i}`))).toEqual([
            `second POST /after/${crash}/${i}`,
          ]);
        }
        await first.restart();
        await until(
          async () => ((await proxy.server('crash', 'first')).status === 'UP' ? true : undefined),
          'HAProxy to take the restarted stand-in back',
        );
      }
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });
});

describe('three API processes behind HAProxy', () => {
  const cleanup = new Cleanup();
  const logDir = path.join(repoRoot, 'resilience/.tmp');
  let database: FreshDatabase;
  let dataDir: string;
  let s3: S3Server;
  let redis: PrivateRedis;
  let proxy: RunningHaproxy;
  const ports = {} as Record<ProcessName | 'single', number>;
  const apps = {} as Record<ProcessName, RunningApp | undefined>;
  let sharedEnv: Record<string, string>;
  let starts = 0;
  let searchTerms: string[];
  let photos: PhotoPart[];
  let replacement: PhotoPart;
  let address: Record<string, number | string>;
  /** The cluster run's figures, for the one-process run to be printed beside. */
  let clusterFigures: Figures | undefined;
  /** When the cluster run began and ended, on the database's (the machine's) clock. */
  let clusterWindow: { start: Date; end: Date } | undefined;

  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    withClient(database.url, async (client) => (await client.query<T>(text, values)).rows);

  const direct = (name: ProcessName): string => `http://127.0.0.1:${ports[name]}`;

  /**
   * A's simulator calls back through a frontend that lists only B and C: every payment pushed
   * through A is settled by another process. B and C call back through the visitors' frontend.
   */
  function envOf(name: ProcessName): Record<string, string> {
    return {
      ...sharedEnv,
      PUBLIC_URL: name === 'a' ? proxy.url('callbacks') : proxy.url('api'),
      // Three processes on one machine each take their share of its cores for photos, as an
      // operator sets it (the one-process comparison keeps the default: every core).
      PHOTO_THREADS: String(Math.max(1, Math.floor(availableParallelism() / 3))),
    };
  }

  async function startProcess(name: ProcessName): Promise<RunningApp> {
    starts += 1;
    const app = await startApp(envOf(name), path.join(logDir, `cluster-${name}-${starts}.log`), {
      port: ports[name],
    });
    apps[name] = app;
    return app;
  }

  function plan(baseUrl: string, block: number, durationMs: number): LoadPlan {
    return {
      baseUrl,
      users: VISITORS,
      durationMs,
      thinkMs: [1_000, 3_000],
      dataDir,
      searchTerms,
      sourceAddresses: carrierAddresses(block),
      readPhotos: true,
      publishing: { share: 0.03, photos, replacement, address },
      paying: { share: 0.1, pollMs: PAYMENT_POLL_MS },
    };
  }

  async function serverCount(backend: string, server: string, column: string): Promise<number> {
    return Number((await proxy.server(backend, server))[column] ?? 0);
  }

  /** 21 failing admin sign-ins from one address, the first 20 spread over the three processes. */
  async function adminLoginsFrom(
    source: string,
  ): Promise<{ statuses: number[]; retryAfter: unknown }> {
    const names: ProcessName[] = ['a', 'b', 'c'];
    const statuses: number[] = [];
    for (let i = 0; i < ADMIN_LOGINS_PER_ADDRESS; i += 1) {
      const answer = await callFrom(source, direct(names[i % 3]!), 'POST', '/api/admin/login', {
        // An unknown name each time: no account lockout, only the address is counted.
        body: { username: `nobody-${randomUUID().slice(0, 8)}`, password: 'wrong-password' },
      });
      statuses.push(answer.status);
    }
    const last = await callFrom(source, direct('b'), 'POST', '/api/admin/login', {
      body: { username: `nobody-${randomUUID().slice(0, 8)}`, password: 'wrong-password' },
    });
    statuses.push(last.status);
    return { statuses, retryAfter: last.headers['retry-after'] };
  }

  beforeAll(async () => {
    mkdirSync(logDir, { recursive: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-cluster-'));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    s3 = await startS3Server();
    cleanup.add(() => s3.stop());
    redis = await PrivateRedis.create();
    cleanup.add(() => redis.destroy());
    // The catalogue (migrated, with its reference data), and its photos put in the bucket.
    const catalogue = await copyOfSeededCatalogue('makazi_resilience_cluster');
    database = catalogue.database;
    cleanup.add(() => database.drop());
    await s3.putFiles(catalogue.mediaDir, catalogue.photoKeys);

    for (const name of ['a', 'b', 'c', 'single'] as const) ports[name] = await freePort();
    // Beside the processes' logs, so HAProxy's log of a failed run can be read afterwards.
    const proxyDir = path.join(logDir, 'cluster-haproxy');
    rmSync(proxyDir, { recursive: true, force: true });
    mkdirSync(proxyDir);
    const server = (name: ProcessName) => ({ name, port: ports[name] });
    proxy = await startHaproxy(
      [
        { name: 'api', port: await freePort(), servers: [server('a'), server('b'), server('c')] },
        { name: 'callbacks', port: await freePort(), servers: [server('b'), server('c')] },
        { name: 'single', port: await freePort(), servers: [{ name: 'd', port: ports.single }] },
      ],
      proxyDir,
    );
    cleanup.add(() => proxy.stop());

    sharedEnv = {
      DATABASE_URL: database.url,
      // One outbox for the three: a code is written by whichever process answered the sign-in.
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SIMULATOR_SECRET: randomBytes(32).toString('hex'),
      PAYMENT_SIMULATOR_DELAY_MS: String(SIMULATOR_DELAY_MS),
      PAYMENT_TIMEOUT_MS: String(PAYMENT_TIMEOUT_MS),
      REDIS_URL: redis.url,
      REDIS_PREFIX: `makazi-cluster-${randomUUID()}:`,
      SMS_BUDGET_PER_HOUR: '100000',
      SMS_BUDGET_PER_DAY: '100000',
      // Simulated visitors browse many times faster than people: the per-address catalogue read
      // limit is proved in the API suite (catalogue-abuse.test.ts), not by tripping it here.
      CATALOGUE_READS_PER_ADDRESS_PER_MINUTE: '1000000',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3.env,
    };
    const streets = await sql<{ street: string }>(
      `SELECT DISTINCT s.name AS street FROM properties p JOIN streets s ON s.id = p.street_id
        ORDER BY s.name LIMIT 400`,
    );
    searchTerms = [
      'Dar',
      'Arusha',
      'Mwanza',
      'Dodoma',
      'Kinondoni',
      'nyumba',
      ...streets.map((row) => row.street).filter((_, index) => index % 20 === 0),
    ];
    // Replicas start together, as an orchestrator starts them.
    cleanup.add(async () => {
      await Promise.all(Object.values(apps).flatMap((app) => (app ? [app.stop()] : [])));
    });
    await Promise.all((['a', 'b', 'c'] as const).map((name) => startProcess(name)));
    await until(async () => {
      const up = (await proxy.stats()).filter((s) => s.pxname === 'api' && s.status === 'UP');
      // Three servers and the backend itself.
      return up.length === 4 ? true : undefined;
    }, 'HAProxy to put the three processes in rotation');
    address = await firstAddress(direct('a'));
    photos = await Promise.all(
      LABELS.map(async (label, i) => ({
        label,
        name: `${label}.jpg`,
        data: await phoneJpeg(i + 1, AS_THE_WIZARD_SENDS),
      })),
    );
    replacement = {
      label: LABELS[0],
      name: 'better-front.jpg',
      data: await phoneJpeg(40, AS_THE_WIZARD_SENDS),
    };
  });

  afterAll(() => cleanup.run());

  it(`serves ${VISITORS} visitors through HAProxy as one process would, across a SIGKILL of one process`, async () => {
    const wallStart = new Date();
    const load = runVisitors(plan(proxy.url('api'), 1, LOAD_MS));

    // Process B dies 20 s in (SIGKILL: no draining), and is started again on its port 3 s later.
    const chaos = (async () => {
      await wait(KILL_AT_MS);
      const killedAt = performance.now();
      // Resolves once the process has exited: the kernel has closed its sockets.
      await killHard(apps.b!);
      const goneAt = performance.now();
      apps.b = undefined;
      const downAt = await until(
        async () =>
          ((await proxy.server('api', 'b')).status ?? '').startsWith('DOWN')
            ? performance.now()
            : undefined,
        'HAProxy to take the killed process out',
        { everyMs: 20 },
      );
      await wait(DEAD_FOR_MS);
      const answeredBefore = await serverCount('api', 'b', 'hrsp_2xx');
      await startProcess('b');
      const healthyAt = performance.now();
      const upAt = await until(
        async () =>
          (await proxy.server('api', 'b')).status === 'UP' ? performance.now() : undefined,
        'HAProxy to put the restarted process back',
        { everyMs: 20, timeoutMs: 15_000 },
      );
      const servingAt = await until(
        async () =>
          (await serverCount('api', 'b', 'hrsp_2xx')) > answeredBefore
            ? performance.now()
            : undefined,
        'the restarted process to answer visitors again',
        { everyMs: 20, timeoutMs: 15_000 },
      );
      return { killedAt, goneAt, downAt, healthyAt, upAt, servingAt };
    })();
    const [run, moments] = await Promise.all([load, chaos]);
    const wallEnd = new Date();
    clusterWindow = { start: wallStart, end: wallEnd };
    // The kill on the run's clock (Sample.startMs counts from run.startedAt).
    const killMs = moments.killedAt - run.startedAt;
    const goneMs = moments.goneAt - run.startedAt;

    /*
     * What the dead process held: requests under way when it was killed, and those that reached it
     * while the kernel was tearing it down. Until its sockets are closed the kernel still accepts
     * connections on its port, and HAProxy's requests on them are then reset; HAProxy cannot know
     * whether such a request was handled, so it retries it only if it is a GET. (Measured with a
     * stand-in on this machine: POSTs sent 2–15 ms after a SIGKILL fail so, with any reuse mode.)
     */
    const wasHeld = (s: Sample) => s.startMs <= goneMs && s.startMs + s.ms >= killMs;
    const failures = run.samples.filter(failed);
    const inFlightAtKill = run.samples.filter(wasHeld);
    const heldByTheDead = failures.filter(wasHeld);
    const backend = await proxy.server('api', 'BACKEND');
    // HAProxy writes no log line for a request whose client connection it resets (a POST the dead
    // process held): those are counted from the visitors' side above, not here.
    const abnormal: Record<string, number> = {};
    for (const r of proxy.requests()) {
      if (r.termination === '----' && r.status > 0 && r.status < 500) continue;
      const key = `${r.method} ${r.backend}/${r.server} ${r.status} ${r.termination} retries ${r.retries}`;
      abnormal[key] = (abnormal[key] ?? 0) + 1;
    }
    clusterFigures = figures('3 processes behind HAProxy', run);
    const overall = summarise(run.samples);
    const signIns = run.samples.filter((s) => s.kind === 'profile' && s.status === 200).length;
    console.log(
      [
        `cluster: ${VISITORS} visitors from ${CARRIER_ADDRESSES} carrier addresses, ${(run.elapsedMs / 1000).toFixed(1)} s, ${CATALOGUE_LISTINGS} listings, photos in S3 (s3rver); ${machineLoad()}`,
        `${overall.count} requests, ${(overall.count / (run.elapsedMs / 1000)).toFixed(0)} req/s, ${signIns} sign-ins, ${run.listings.filter((l) => l.published).length} listings published, ${run.payments.length} payments, ${failures.length} failed`,
        `process b SIGKILLed at ${(killMs / 1000).toFixed(1)} s, gone ${(goneMs - killMs).toFixed(0)} ms later; ${inFlightAtKill.length} requests in flight through HAProxy meanwhile, ${heldByTheDead.length} of them failed (${JSON.stringify(problems(heldByTheDead))})`,
        `HAProxy's log, abnormal ends: ${JSON.stringify(abnormal)}`,
        `HAProxy: b DOWN ${(moments.downAt - moments.killedAt).toFixed(0)} ms after the kill; restarted process healthy → UP in ${(moments.upAt - moments.healthyAt).toFixed(0)} ms, → answering visitors in ${(moments.servingAt - moments.healthyAt).toFixed(0)} ms; retries ${backend.wretr}, redispatches ${backend.wredis}`,
        latencyTable(run.samples),
        timeline(run.samples),
      ].join('\n'),
    );

    // Each rule is checked and reported on its own (soft), so one run shows every broken rule.
    // No error reached a visitor but the requests the killed process held: POSTs and PATCHes
    // (never resent), and GETs whose answer had begun (cut off, it cannot be replaced); a GET
    // still waiting was retried elsewhere.
    expect
      .soft(
        failures
          .filter((s) => !wasHeld(s))
          .map(
            (s) =>
              `${s.method} ${s.kind} at ${s.startMs.toFixed(0)} ms: ${s.status} ${s.error ?? ''}`,
          ),
        'failures the killed process did not hold',
      )
      .toEqual([]);
    expect
      .soft(
        heldByTheDead
          .filter((s) => s.method === 'GET' && s.error !== 'aborted')
          .map((s) => `${s.kind}: ${s.status} ${s.error ?? ''}`),
        'GETs the killed process held that were not retried',
      )
      .toEqual([]);
    expect
      .soft(heldByTheDead.length)
      .toBeLessThanOrEqual(Math.min(inFlightAtKill.length, VISITORS));
    /*
     * What the kill costs visitors, against the same run just before it: the browsing reads'
     * p95 over KILL_WINDOW_MS on each side of the kill. On this shared two-core machine the
     * absolute figures follow the neighbours (the same commit measured p95 36 ms one day and
     * 700 ms another); the ratio follows the kill. Browsing only: the run publishes about fifteen
     * listings, each eight uploads and attaches of about a second, so how many land in a window
     * sets the p95 of every request there (79 ms before a kill and 368 ms after it in one run, and
     * as far apart between windows with no kill). Hundreds of reads come every second all run
     * long, and those a retry, a cold restarted process or a flood of reconnections slow show it.
     * The absolute figures of a quiet machine are in this folder's README.
     */
    const browsingBetween = (fromMs: number, toMs: number) =>
      summarise(
        run.samples.filter((s) => isBrowsing(s) && s.startMs >= fromMs && s.startMs < toMs),
      );
    const beforeKill = browsingBetween(killMs - KILL_WINDOW_MS, killMs);
    const afterKill = browsingBetween(killMs, killMs + KILL_WINDOW_MS);
    expect
      .soft(
        afterKill.p95,
        `browsing p95 after the kill (before it: ${beforeKill.p95.toFixed(0)} ms), ms`,
      )
      .toBeLessThan(2 * beforeKill.p95 + 100);
    expect
      .soft(moments.servingAt - moments.healthyAt, 'healthy → answering visitors, ms')
      .toBeLessThan(BACK_IN_ROTATION_LIMIT_MS);
    // The mix really happened, publishing and paying included.
    for (const kind of [...EVERY_RUN_KINDS, 'photo'] as const) {
      expect.soft(run.samples.filter((s) => s.kind === kind).length, kind).toBeGreaterThan(50);
    }
    expect.soft(run.listings.filter((l) => l.published).length).toBeGreaterThan(5);
    expect.soft(run.replacedKeys.length).toBeGreaterThan(5);
    expect.soft(run.payments.length).toBeGreaterThan(20);

    // Nothing lost or doubled. A POST is never sent twice, so each 201 is one row and each row
    // beyond the 201s is one of the creations the dead process held.
    const failedPosts = (kind: Sample['kind']) =>
      heldByTheDead.filter((s) => s.kind === kind).length;
    const created = await sql<{ id: string; status: string; labels: string[]; variants: number[] }>(
      `SELECT p.id, p.status::text,
              coalesce(array_agg(ph.label::text) FILTER (WHERE ph.id IS NOT NULL), '{}') AS labels,
              coalesce(array_agg(jsonb_array_length(ph.variants)) FILTER (WHERE ph.id IS NOT NULL), '{}') AS variants
         FROM properties p LEFT JOIN property_photos ph ON ph.property_id = p.id
        WHERE p.created_at >= $1 AND p.created_at <= $2
        GROUP BY p.id`,
      [wallStart, wallEnd],
    );
    const rows = new Map(created.map((row) => [row.id, row]));
    for (const listing of run.listings) expect(rows.has(listing.id), listing.id).toBe(true);
    expect(created.length).toBeGreaterThanOrEqual(run.listings.length);
    expect(created.length).toBeLessThanOrEqual(run.listings.length + failedPosts('create'));
    for (const listing of run.listings.filter((l) => l.published)) {
      const row = rows.get(listing.id)!;
      expect(row.status, listing.id).toBe('pending');
      expect([...row.labels].sort(), listing.id).toEqual([...LABELS].sort());
      // Three WebP widths per photo.
      expect(
        row.variants.every((count) => count === 3),
        listing.id,
      ).toBe(true);
    }
    const published = run.listings.filter((l) => l.published).map((l) => l.id);
    const publishedKeys = await sql<{ key: string }>(
      `SELECT v->>'key' AS key FROM property_photos ph, jsonb_array_elements(ph.variants) AS v
        WHERE ph.property_id = ANY($1::uuid[])`,
      [published],
    );
    expect(publishedKeys).toHaveLength(published.length * LABELS.length * 3);
    expect(publishedKeys.filter((row) => !row.key.endsWith('.webp'))).toEqual([]);

    // Every photo row's objects are in the bucket, the replaced photos' objects are gone from it,
    // and every object is named by a photo row or by the upload journal (what a killed upload
    // left, for the sweeper).
    const rowKeys = new Set(
      (
        await sql<{ key: string }>(
          `SELECT DISTINCT v->>'key' AS key FROM property_photos, jsonb_array_elements(variants) AS v`,
        )
      ).map((row) => row.key),
    );
    const journal = new Set(
      (await sql<{ key: string }>('SELECT key FROM media_uploads')).map((r) => r.key),
    );
    const bucket = new Set(await s3.listKeys());
    expect(
      [...rowKeys].filter((key) => !bucket.has(key)),
      'photo objects missing from the bucket',
    ).toEqual([]);
    expect(
      run.replacedKeys.filter((key) => bucket.has(key)),
      'replaced photo objects still in the bucket',
    ).toEqual([]);
    expect(run.replacedKeys.filter((key) => rowKeys.has(key))).toEqual([]);
    expect(
      [...bucket].filter((key) => !rowKeys.has(key) && !journal.has(key)),
      'objects nothing names',
    ).toEqual([]);

    // Every payment answered 202 is settled exactly once: by its callback, or, when the callback
    // died with the process that took the push, by the status query of the payment-expiry job
    // (every 30 s, on whichever process claims it).
    const states = async () =>
      new Map(
        (
          await sql<{
            id: string;
            status: string;
            grants: number;
            events: number;
            created_at: Date;
          }>(
            `SELECT p.id, p.status::text, p.created_at,
                    (SELECT count(*)::int FROM subscriptions s WHERE s.payment_id = p.id) AS grants,
                    (SELECT count(*)::int FROM payment_events e WHERE e.payment_id = p.id) AS events
               FROM payments p`,
          )
        ).map((row) => [row.id, row]),
      );
    await until(
      async () => {
        const now = await states();
        const waiting = run.payments.filter((p) => now.get(p.id)?.status !== 'succeeded');
        if (waiting.length === 0) return true;
        throw new Error(
          `${waiting.length} payments not succeeded: ${JSON.stringify(waiting.slice(0, 5).map((p) => now.get(p.id)?.status ?? 'missing'))}`,
        );
      },
      'every payment answered 202 to be settled',
      { timeoutMs: 30_000 + PAYMENT_TIMEOUT_MS + 15_000, everyMs: 500 },
    );
    const settled = await states();
    for (const payment of run.payments) {
      const { status, grants } = settled.get(payment.id)!;
      expect({ id: payment.id, status, grants }).toEqual({
        id: payment.id,
        status: 'succeeded',
        grants: 1,
      });
    }
    for (const [id, state] of settled) {
      expect(state.grants, id).toBe(state.status === 'succeeded' ? 1 : 0);
    }
    const byQuery = run.payments.filter((p) => settled.get(p.id)!.events === 0).length;
    const madeInRun = [...settled.values()].filter(
      (s) => s.created_at >= wallStart && s.created_at <= wallEnd,
    );
    expect(madeInRun.length).toBeGreaterThanOrEqual(run.payments.length);
    expect(madeInRun.length).toBeLessThanOrEqual(run.payments.length + failedPosts('pay'));
    const callbacks = proxy.requests().filter((r) => r.uri.startsWith('/api/payments/callback/'));
    const callbackStatuses: Record<string, number> = {};
    for (const r of callbacks)
      callbackStatuses[`${r.backend}/${r.server} ${r.status}`] =
        (callbackStatuses[`${r.backend}/${r.server} ${r.status}`] ?? 0) + 1;
    console.log(
      `payments: ${run.payments.length} answered 202, all succeeded once, ${byQuery} of them settled by the status query; simulator callbacks through HAProxy: ${JSON.stringify(callbackStatuses)}`,
    );
  });

  it('serves the same load with one process behind the same HAProxy (for comparison)', async () => {
    const single = await startApp(
      { ...sharedEnv, PUBLIC_URL: proxy.url('single') },
      path.join(logDir, 'cluster-single.log'),
      { port: ports.single },
    );
    try {
      await until(
        async () => ((await proxy.server('single', 'd')).status === 'UP' ? true : undefined),
        'HAProxy to put the single process in rotation',
      );
      const run = await runVisitors(plan(proxy.url('single'), 2, LOAD_MS));
      const one = figures('1 process behind HAProxy', run);
      console.log(
        [
          `one process: the same ${VISITORS} visitors and mix for ${(run.elapsedMs / 1000).toFixed(1)} s, through HAProxy to one server; ${machineLoad()}`,
          latencyTable(run.samples),
          '',
          sideBySide(clusterFigures ? [clusterFigures, one] : [one]),
          `one process, errors: ${JSON.stringify(problems(run.samples))}`,
        ].join('\n'),
      );
      expect(run.samples.length).toBeGreaterThan(1_000);
    } finally {
      await single.stop();
    }
  });

  it('counts the resend delay of a phone in the database: a code sent through A holds on B', async () => {
    const source = '127.0.9.1';
    const phone = uniquePhone();
    await expectFrom(201, source, direct('a'), 'POST', '/api/auth/signup', {
      body: { firstName: 'Baraka', lastName: 'Mollel', phoneNumber: phone },
    });
    await expectFrom(200, source, direct('a'), 'POST', '/api/auth/login', {
      body: { phoneNumber: phone },
    });
    const again = await callFrom(source, direct('b'), 'POST', '/api/auth/login', {
      body: { phoneNumber: phone },
    });
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts an address limit of @fastify/rate-limit in Redis: the 21st admin sign-in on any process is refused', async () => {
    const { statuses, retryAfter } = await adminLoginsFrom('127.0.9.2');
    // Each process counting alone would have seen 7 and answered 401 until the 61st.
    expect(
      statuses.slice(0, ADMIN_LOGINS_PER_ADDRESS).every((status) => status === 401),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Per address: another address is still let in to try.
    const other = await callFrom('127.0.9.3', direct('c'), 'POST', '/api/admin/login', {
      body: { username: 'nobody-else', password: 'wrong-password' },
    });
    expect(other.status).toBe(401);
  });

  it("shows a listing approved through B in the catalogue read through C once its change notice arrives, within C's cache window", async () => {
    const source = '127.0.9.4';
    // A word only this listing's title has: the page read through C is the one it belongs on (the
    // seeded catalogue's running promotions fill the first page of sort=new).
    const word = `Kilima${randomBytes(4).toString('hex')}`;
    const owner = await signUpAndInFrom(source, direct('a'), dataDir);
    const { id } = await expectFrom<{ id: string }>(
      201,
      source,
      direct('a'),
      'POST',
      '/api/properties/house-for-sale',
      {
        body: { ...HOUSE_FOR_SALE, title: `${HOUSE_FOR_SALE.title} ${word}` },
        token: owner.token,
      },
    );
    await expectFrom(200, source, direct('a'), 'POST', `/api/properties/${id}/address`, {
      body: address,
      token: owner.token,
    });
    const form = photoForm(photos);
    const upload = await fetch(`${direct('a')}/api/properties/${id}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': form.contentType },
      body: Buffer.concat(form.chunks),
    });
    expect(upload.status, await upload.text()).toBe(201);
    const { access_token: admin } = await expectFrom<{ access_token: string }>(
      200,
      source,
      direct('b'),
      'POST',
      '/api/admin/login',
      {
        body: ADMIN,
      },
    );

    const newest = async () =>
      (
        await expectFrom<{ id: string }[]>(
          200,
          source,
          direct('c'),
          'GET',
          `/api/properties?sort=new&limit=24&search=${word}`,
        )
      ).map((l) => l.id);
    // C answers this page from memory for up to 5 s from now.
    const cachedAt = performance.now();
    expect(await newest()).not.toContain(id);
    await expectFrom(200, source, direct('b'), 'POST', `/api/admin/properties/${id}/approve`, {
      token: admin,
    });
    // B's change notice reaches C over PostgreSQL's LISTEN/NOTIFY after B's commit, not before
    // B answers: C forgets the page when it arrives (milliseconds; once, on a busy machine, after
    // the next read). Seen within C's cache window, it was the notice, not the page's age.
    await until(
      async () => ((await newest()).includes(id) ? true : undefined),
      'the approved listing in the catalogue read through C',
      { timeoutMs: CATALOGUE_CACHE_MS, everyMs: 20 },
    );
    expect(performance.now() - cachedAt).toBeLessThan(CATALOGUE_CACHE_MS);
  });

  it('settles a payment pushed through A by a callback that only B or C can take', async () => {
    const source = '127.0.9.5';
    const payer = await signUpAndInFrom(source, direct('a'), dataDir);
    const [plan] = await expectFrom<{ id: string }[]>(
      200,
      source,
      direct('a'),
      'GET',
      '/api/subscription-plan',
    );
    const takenBefore =
      (await serverCount('callbacks', 'b', 'hrsp_2xx')) +
      (await serverCount('callbacks', 'c', 'hrsp_2xx'));
    const { paymentId } = await expectFrom<{ paymentId: string }>(
      202,
      source,
      direct('a'),
      'POST',
      '/api/subscription/create',
      {
        body: {
          userId: payer.userId,
          planId: plan!.id,
          phoneNumber: payer.phone,
          provider: 'mpesa',
          idempotencyKey: randomUUID(),
        },
        token: payer.token,
      },
    );
    const status = await until(
      async () => {
        const payment = await expectFrom<{ status: string }>(
          200,
          source,
          direct('a'),
          'GET',
          `/api/payments/${paymentId}`,
          {
            token: payer.token,
          },
        );
        return payment.status === 'pending' ? undefined : payment.status;
      },
      'the payment to be settled',
      { timeoutMs: 15_000, everyMs: 200 },
    );
    expect(status).toBe('succeeded');
    const takenAfter =
      (await serverCount('callbacks', 'b', 'hrsp_2xx')) +
      (await serverCount('callbacks', 'c', 'hrsp_2xx'));
    expect(takenAfter).toBeGreaterThan(takenBefore);
    // Settled by the callback (recorded as a provider event), not by a status query.
    const [row] = await sql<{ grants: number; events: number }>(
      `SELECT (SELECT count(*)::int FROM subscriptions WHERE payment_id = $1) AS grants,
              (SELECT count(*)::int FROM payment_events WHERE payment_id = $1) AS events`,
      [paymentId],
    );
    expect(row).toEqual({ grants: 1, events: 1 });
  });

  it('keeps answering while Redis restarts under load, and counts its limits again once it is back', async () => {
    const clientsBefore = await redis.connectedClients();
    // Everything but publishing: re-encoding a listing's photos takes both cores for seconds, and
    // this phase measures what Redis going away costs, not what the photos do.
    const { publishing: _photosAside, ...everythingButPhotos } = plan(
      proxy.url('api'),
      3,
      REDIS_LOAD_MS,
    );
    const load = runVisitors(everythingButPhotos);
    const outage = (async () => {
      await wait(REDIS_DOWN_AT_MS);
      const downAt = performance.now();
      await redis.stop();
      await wait(REDIS_DOWN_FOR_MS);
      await redis.start();
      return { downAt, upAt: performance.now() };
    })();
    const [run, { downAt, upAt }] = await Promise.all([load, outage]);
    const during = run.samples.filter(
      (s) => s.startMs >= downAt - run.startedAt && s.startMs <= upAt - run.startedAt,
    );
    const slowest = Math.max(0, ...during.map((s) => s.ms));
    console.log(
      [
        `redis restart: down ${((downAt - run.startedAt) / 1000).toFixed(1)}–${((upAt - run.startedAt) / 1000).toFixed(1)} s; ${run.samples.length} requests, ${during.length} while Redis was down (slowest ${slowest.toFixed(0)} ms); API connections to Redis before: ${clientsBefore}; ${machineLoad()}`,
        latencyTable(run.samples),
        timeline(run.samples, 2_000),
      ].join('\n'),
    );
    expect.soft(problems(run.samples)).toEqual({});
    expect.soft(during.length).toBeGreaterThan(100);
    // What the outage costs, judged where it happens, against the same run around it (the
    // machine's neighbours move the absolute figures, not the ratio).
    const outside = summarise(run.samples.filter((s) => !during.includes(s)));
    expect
      .soft(
        summarise(during).p95,
        `p95 while Redis was down (around it: ${outside.p95.toFixed(0)} ms), ms`,
      )
      .toBeLessThan(2 * outside.p95 + 100);
    // Nobody waited on the dead Redis: the limits failed open at once (a wait on it would last
    // the whole outage, 4 s, beside the slowest answer of the rest of the run).
    expect
      .soft(
        slowest,
        `slowest answer while Redis was down (around it: ${outside.max.toFixed(0)} ms), ms`,
      )
      .toBeLessThan(Math.max(1_000, 1.5 * outside.max));

    // Every process is connected again (as many connections as before the outage) …
    await until(
      async () => ((await redis.connectedClients()) >= clientsBefore ? true : undefined),
      'the API processes to reconnect to Redis',
      { timeoutMs: 15_000, everyMs: 100 },
    );
    // … and the address limit counts across processes again, in the restarted (empty) Redis.
    const { statuses } = await adminLoginsFrom('127.0.9.6');
    expect(
      statuses.slice(0, ADMIN_LOGINS_PER_ADDRESS).every((status) => status === 401),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('ran each periodic job once per interval across the processes, never two runs at once', async () => {
    const runs = await sql<{
      job: string;
      runner: string;
      trigger: 'start-up' | 'interval';
      started_at: Date;
      finished_at: Date | null;
    }>(
      'SELECT job, runner, trigger, started_at, finished_at FROM periodic_job_runs ORDER BY job, started_at',
    );
    const byJob = new Map<string, typeof runs>();
    for (const run of runs) byJob.set(run.job, [...(byJob.get(run.job) ?? []), run]);
    console.log(
      `periodic jobs: ${[...byJob].map(([job, list]) => `${job} ${list.length} runs by ${new Set(list.map((r) => r.runner)).size} runners`).join(', ')}`,
    );
    for (const [job, intervalMs] of Object.entries(JOBS)) {
      const list = byJob.get(job) ?? [];
      for (let i = 1; i < list.length; i += 1) {
        const previous = list[i - 1]!;
        const next = list[i]!;
        const gap = next.started_at.getTime() - previous.started_at.getTime();
        // A process starting (b after its kill, d for the comparison) catches up at once; the
        // interval's runs wait for the interval after any run.
        if (next.trigger === 'interval') {
          expect(
            gap,
            `${job}: runs ${i - 1} and ${i} started ${gap} ms apart`,
          ).toBeGreaterThanOrEqual(intervalMs - 1_000);
        }
        // A run is recorded as it commits: one whose runner died mid-run left no row.
        if (previous.finished_at) {
          expect(
            previous.finished_at.getTime(),
            `${job}: run ${i - 1} overlaps run ${i}`,
          ).toBeLessThanOrEqual(next.started_at.getTime());
        }
      }
    }
    const window = clusterWindow;
    if (!window) throw new Error('the cluster run did not run');
    const duringLoad = (byJob.get('payment-expiry') ?? []).filter(
      (run) => run.started_at >= window.start && run.started_at <= window.end,
    );
    expect(duringLoad.length, 'payment-expiry runs during the cluster run').toBeGreaterThan(0);
  });
});
