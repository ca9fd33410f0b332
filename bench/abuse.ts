import { spawn } from 'node:child_process';
import { randomInt, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/api/src/config';
import { READY_LINE, runVisitor, type AttackSpec, type ClientResult } from './abuse-client';
import {
  ATTACKERS,
  SCENARIOS,
  scenarioTable,
  type AbuseReport,
  type AttackScenario,
  type Party,
  type PushFlood,
  type ReportFlood,
  type RevealHarvest,
  type Skipped,
} from './abuse-report';
import { appEnv, repoRoot, startApp } from './app-process';
import type { PreparedDataset } from './datasets';
import type { Machine } from './report';
import { signInThroughOutbox, type SignedIn } from './sign-in';

/*
 * The abuse bench: what the API's defences leave a normal visitor while someone abuses it, on the
 * pg-100k dataset with the default limits and the page cache on. Seven scenarios, one server:
 * the visitor alone; short searches with a new price each time (every one a catalogue query) from
 * one address, then from a fresh address each; a checkout flood from one signed-in user; a
 * subscriber reading as many owners' phone numbers as it can; sitemap files asked for from a
 * fresh address each, the widest the index names and a range nobody signed; and one person
 * reporting every listing they can (issue 34).
 */

/** Attacker connections, as the brief of the abuse bench fixes them (a small botnet's share). */
const ATTACKER_CONNECTIONS = 6;

/** How long the payment simulator's "payer" takes: short, so the harvesting subscriber pays fast. */
const SIMULATOR_DELAY_MS = 200;

const clientFile = fileURLToPath(new URL('./abuse-client.ts', import.meta.url));

export interface AbuseSettings {
  durationSec: number;
  warmupSec: number;
}

/**
 * Runs an attack in a child process of its own (bench/abuse-client.ts), so the attackers' event
 * loop never delays the visitor's requests. `onStart` runs when the child starts its attack.
 */
function attackInChild(spec: AttackSpec, onStart: () => void): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), clientFile], {
      cwd: repoRoot,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (!started && stdout.includes(READY_LINE)) {
        started = true;
        onStart();
      }
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) {
        reject(
          new Error(`the attack (${spec.kind}) exited ${String(code)}: ${stderr.slice(-500)}`),
        );
        return;
      }
      try {
        resolve(JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ClientResult);
      } catch {
        reject(new Error(`the attack (${spec.kind}) printed no result: ${stdout.slice(-200)}`));
      }
    });
    child.stdin.end(JSON.stringify(spec));
  });
}

/** The visitor alone for the warm-up (JIT, pools, page cache; the server drains the last attack). */
async function warmUp(baseUrl: string, settings: AbuseSettings): Promise<void> {
  if (settings.warmupSec > 0) await runVisitor(baseUrl, settings.warmupSec);
}

async function visitorBeside(
  baseUrl: string,
  settings: AbuseSettings,
  spec: AttackSpec,
): Promise<AttackScenario> {
  await warmUp(baseUrl, settings);
  let visitor: Promise<ClientResult> | undefined;
  const attackers = await attackInChild(spec, () => {
    visitor = runVisitor(baseUrl, settings.durationSec);
  });
  if (!visitor) throw new Error(`the attack (${spec.kind}) never started`);
  return { visitor: await visitor, attackers };
}

function printScenario(scenario: string, parties: Party[] | Skipped): void {
  console.log(`\n${scenarioTable(scenario, parties)}\n`);
}

interface Answer<T> {
  status: number;
  json: T;
  headers: Headers;
}

async function call<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<Answer<T>> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: (await response.json()) as T, headers: response.headers };
}

/** A payer phone no earlier run used: the per-phone push limit would otherwise carry over. */
const randomPayerPhone = () => `0754${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;

async function subscriptionPlanId(baseUrl: string): Promise<string | undefined> {
  const plans = await call<{ id: string }[]>(baseUrl, 'GET', '/api/subscription-plan');
  return plans.status === 200 ? plans.json[0]?.id : undefined;
}

async function paymentsOf(databaseUrl: string, userId: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM payments WHERE user_id = $1',
      [userId],
    );
    return result.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

async function pushFlood(
  baseUrl: string,
  dataset: PreparedDataset,
  settings: AbuseSettings,
): Promise<PushFlood | Skipped> {
  const databaseUrl = dataset.env.DATABASE_URL;
  if (!databaseUrl) return { skipped: 'the dataset is not on the PostgreSQL server' };
  const flooder = await signInThroughOutbox(baseUrl, dataset.env.DATA_DIR!, 'Flood');
  const planId = await subscriptionPlanId(baseUrl);
  if (!planId) return { skipped: 'GET /api/subscription-plan lists no plan' };
  const scenario = await visitorBeside(baseUrl, settings, {
    kind: 'push-flood',
    baseUrl,
    connections: ATTACKER_CONNECTIONS,
    durationSec: settings.durationSec,
    token: flooder.access_token,
    body: { userId: flooder.sub, planId, phoneNumber: randomPayerPhone(), provider: 'mpesa' },
  });
  return { ...scenario, pushesSent: await paymentsOf(databaseUrl, flooder.sub) };
}

/** Signs a new user in and buys a subscription through the simulator; the reason when it cannot. */
async function subscriber(baseUrl: string, dataDir: string): Promise<SignedIn | Skipped> {
  const user = await signInThroughOutbox(baseUrl, dataDir, 'Harvest');
  const planId = await subscriptionPlanId(baseUrl);
  if (!planId) return { skipped: 'GET /api/subscription-plan lists no plan' };
  const accepted = await call<{ paymentId: string }>(
    baseUrl,
    'POST',
    '/api/subscription/create',
    user.access_token,
    {
      userId: user.sub,
      planId,
      phoneNumber: randomPayerPhone(),
      provider: 'mpesa',
      idempotencyKey: randomUUID(),
    },
  );
  if (accepted.status !== 202) {
    return { skipped: `buying the subscription answered ${accepted.status}` };
  }
  const deadline = Date.now() + 30_000 + SIMULATOR_DELAY_MS;
  for (;;) {
    const payment = await call<{ status: string }>(
      baseUrl,
      'GET',
      `/api/payments/${accepted.json.paymentId}`,
      user.access_token,
    );
    if (payment.json.status === 'succeeded') return user;
    if (payment.json.status !== 'pending') {
      return { skipped: `the subscription's payment ended ${payment.json.status}` };
    }
    if (Date.now() > deadline) return { skipped: 'the subscription was still unpaid after 30 s' };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Ids of `count` distinct approved listings, newest first, through the catalogue's Link pages. */
async function approvedListingIds(baseUrl: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  let next: string | undefined = '/api/properties?limit=100';
  while (next && ids.length < count) {
    const page: Answer<{ id: string }[]> = await call(baseUrl, 'GET', next);
    if (page.status !== 200) throw new Error(`GET ${next} answered ${page.status}`);
    ids.push(...page.json.map((listing) => listing.id));
    next = /<([^>]+)>;\s*rel="next"/.exec(page.headers.get('link') ?? '')?.[1];
  }
  return ids.slice(0, count);
}

/** The listing files the sitemap index names, and a range nobody signed (the widest). */
async function sitemapPaths(baseUrl: string): Promise<string[]> {
  const index = await fetch(`${baseUrl}/sitemap.xml`);
  const files = [
    ...(await index.text()).matchAll(/<loc>[^<]*?(\/sitemaps\/listings\/[^<]+)<\/loc>/g),
  ].map((match) => match[1]!);
  const forged = `/sitemaps/listings/00000000-0000-0000-0000-000000000000/ffffffff-ffff-ffff-ffff-ffffffffffff/${'A'.repeat(22)}.xml`;
  return [...files, forged];
}

async function sitemapFlood(
  baseUrl: string,
  settings: AbuseSettings,
): Promise<AttackScenario | Skipped> {
  const paths = await sitemapPaths(baseUrl);
  if (paths.length < 2) return { skipped: 'the sitemap index names no listing file' };
  return visitorBeside(baseUrl, settings, {
    kind: 'sitemap-flood',
    baseUrl,
    connections: ATTACKER_CONNECTIONS,
    durationSec: settings.durationSec,
    paths,
  });
}

/** Reports one person filed, and the listings among `ids` that left the catalogue held. */
async function reportsOf(
  databaseUrl: string,
  userId: string,
  ids: string[],
): Promise<{ filed: number; held: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const filed = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM listing_reports WHERE reporter_id = $1',
      [userId],
    );
    const held = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM properties WHERE id = ANY($1::uuid[]) AND held_for_reports_at IS NOT NULL',
      [ids],
    );
    return { filed: filed.rows[0]?.n ?? 0, held: held.rows[0]?.n ?? 0 };
  } finally {
    await client.end();
  }
}

async function reportFlood(
  baseUrl: string,
  dataset: PreparedDataset,
  settings: AbuseSettings,
  reportsPerDay: number,
): Promise<ReportFlood | Skipped> {
  const databaseUrl = dataset.env.DATABASE_URL;
  if (!databaseUrl) return { skipped: 'the dataset is not on the PostgreSQL server' };
  const reporter = await signInThroughOutbox(baseUrl, dataset.env.DATA_DIR!, 'Report');
  // Many times the day's cap, each listing once: enough to see where the flood is stopped.
  const listingIds = await approvedListingIds(baseUrl, reportsPerDay * 10);
  const scenario = await visitorBeside(baseUrl, settings, {
    kind: 'report-flood',
    baseUrl,
    connections: ATTACKER_CONNECTIONS,
    durationSec: settings.durationSec,
    token: reporter.access_token,
    listingIds,
  });
  const { filed, held } = await reportsOf(databaseUrl, reporter.sub, listingIds);
  return { ...scenario, reportsFiled: filed, listingsHeld: held };
}

async function revealHarvest(
  baseUrl: string,
  dataset: PreparedDataset,
  settings: AbuseSettings,
  revealsPerDay: number,
): Promise<RevealHarvest | Skipped> {
  const user = await subscriber(baseUrl, dataset.env.DATA_DIR!);
  if ('skipped' in user) return user;
  // Many times the day's cap: enough to see where the harvest is stopped.
  const listingIds = await approvedListingIds(baseUrl, revealsPerDay * 10);
  const attackers = await attackInChild(
    {
      kind: 'reveal-harvest',
      baseUrl,
      connections: ATTACKER_CONNECTIONS,
      durationSec: settings.durationSec,
      token: user.access_token,
      listingIds,
    },
    () => undefined,
  );
  return { attackers, listings: listingIds.length };
}

export async function benchAbuse(
  dataset: PreparedDataset,
  machine: Machine,
  settings: AbuseSettings,
): Promise<AbuseReport> {
  // The client address is what the nearest trusted proxy (the bench, on 127.0.0.1) says it is:
  // X-Forwarded-For then plays the visitor's and the attackers' addresses.
  const serverEnv = {
    LOG_LEVEL: 'warn',
    TRUST_PROXY: '127.0.0.1',
    SMS_PROVIDER: 'outbox',
    PAYMENT_PROVIDER: 'simulator',
    PAYMENT_SIMULATOR_DELAY_MS: String(SIMULATOR_DELAY_MS),
  };
  const env = { ...dataset.env, ...serverEnv };
  // The limits the server reads from the same environment: its defaults unless the shell set some.
  const { limits, catalogueStatementTimeoutMs, trust } = loadConfig(appEnv(env), false);
  mkdirSync(path.join(repoRoot, 'bench/.tmp'), { recursive: true });
  const app = await startApp(env, path.join(repoRoot, 'bench/.tmp', 'abuse-server.log'));
  try {
    const base = app.baseUrl;
    const attack = (address: { fixed: string } | 'random'): AttackSpec => ({
      kind: 'short-search',
      baseUrl: base,
      connections: ATTACKER_CONNECTIONS,
      durationSec: settings.durationSec,
      address,
    });

    console.log(`[bench] abuse: ${SCENARIOS.baseline} …`);
    await warmUp(base, settings);
    const baseline = { visitor: await runVisitor(base, settings.durationSec) };
    printScenario(SCENARIOS.baseline, [['visitor', baseline.visitor]]);

    console.log(`[bench] abuse: ${SCENARIOS.oneAddress} …`);
    // 198.18.0.0/15 is set aside for benchmarks; a new one each run in case Redis keeps counts.
    const carrier = `198.18.${randomInt(0, 256)}.${randomInt(1, 255)}`;
    const oneAddress = await visitorBeside(base, settings, attack({ fixed: carrier }));
    printScenario(SCENARIOS.oneAddress, [
      ['visitor', oneAddress.visitor],
      [ATTACKERS.oneAddress, oneAddress.attackers],
    ]);

    console.log(`[bench] abuse: ${SCENARIOS.manyAddresses} …`);
    const manyAddresses = await visitorBeside(base, settings, attack('random'));
    printScenario(SCENARIOS.manyAddresses, [
      ['visitor', manyAddresses.visitor],
      [ATTACKERS.manyAddresses, manyAddresses.attackers],
    ]);

    console.log(`[bench] abuse: ${SCENARIOS.pushFlood} …`);
    const flood = await pushFlood(base, dataset, settings);
    printScenario(
      SCENARIOS.pushFlood,
      'skipped' in flood
        ? flood
        : [
            ['visitor', flood.visitor],
            [ATTACKERS.pushFlood, flood.attackers],
          ],
    );

    console.log(`[bench] abuse: ${SCENARIOS.revealHarvest} …`);
    const harvest = await revealHarvest(base, dataset, settings, limits.contactRevealsPerDay);
    printScenario(
      SCENARIOS.revealHarvest,
      'skipped' in harvest ? harvest : [[ATTACKERS.revealHarvest, harvest.attackers]],
    );

    console.log(`[bench] abuse: ${SCENARIOS.sitemapFlood} …`);
    const sitemaps = await sitemapFlood(base, settings);
    printScenario(
      SCENARIOS.sitemapFlood,
      'skipped' in sitemaps
        ? sitemaps
        : [
            ['visitor', sitemaps.visitor],
            [ATTACKERS.sitemapFlood, sitemaps.attackers],
          ],
    );

    console.log(`[bench] abuse: ${SCENARIOS.reportFlood} …`);
    const reports = await reportFlood(base, dataset, settings, trust.reportsPerUserPerDay);
    printScenario(
      SCENARIOS.reportFlood,
      'skipped' in reports
        ? reports
        : [
            ['visitor', reports.visitor],
            [ATTACKERS.reportFlood, reports.attackers],
          ],
    );

    return {
      kind: 'abuse',
      date: new Date().toISOString(),
      machine,
      dataset: dataset.id,
      listings: dataset.listings,
      settings: { ...settings, attackerConnections: ATTACKER_CONNECTIONS },
      serverEnv,
      limits: {
        catalogueReadsPerAddressPerMinute: limits.catalogueReadsPerAddressPerMinute,
        catalogueStatementTimeoutMs,
        pushesPerPayerPhonePerHour: limits.pushesPerPayerPhonePerHour,
        checkoutsPerUserPerHour: limits.checkoutsPerUserPerHour,
        contactRevealsPerDay: limits.contactRevealsPerDay,
        reportsPerUserPerDay: trust.reportsPerUserPerDay,
      },
      baseline,
      oneAddress,
      manyAddresses,
      pushFlood: flood,
      revealHarvest: harvest,
      sitemapFlood: sitemaps,
      reportFlood: reports,
    };
  } finally {
    await app.stop();
  }
}
