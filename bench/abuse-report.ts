import type { ClientResult, StatusCounts } from './abuse-client';

/*
 * The abuse bench's result (bench/abuse.ts) as stored in bench/results/<date>-abuse.json and
 * shown in bench/README.md.
 */

/** A normal visitor's p99 must stay under this whatever an attacker does. */
export const VISITOR_P99_TARGET_MS = 100;

/** The server's limits during the run: its defaults (apps/api/src/config.ts). */
export interface AbuseLimits {
  catalogueReadsPerAddressPerMinute: number;
  catalogueStatementTimeoutMs: number;
  pushesPerPayerPhonePerHour: number;
  checkoutsPerUserPerHour: number;
  contactRevealsPerDay: number;
  /** New reports one person (one number) may file an East Africa day. */
  reportsPerUserPerDay?: number;
}

export interface AttackScenario {
  visitor: ClientResult;
  attackers: ClientResult;
}

export interface PushFlood extends AttackScenario {
  /** Payments the server recorded for the flooding user: each one a push it asked the provider for. */
  pushesSent: number;
}

export interface RevealHarvest {
  attackers: ClientResult;
  /** Distinct approved listings the subscriber had to ask for. */
  listings: number;
}

export interface ReportFlood extends AttackScenario {
  /** Reports the server recorded for the flooding person. */
  reportsFiled: number;
  /** Of the listings reported, those the reports took out of the catalogue (held). */
  listingsHeld: number;
}

/** A scenario that could not be set up, and why. */
export interface Skipped {
  skipped: string;
}

export interface AbuseReport {
  kind: 'abuse';
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; postgres?: string };
  dataset: string;
  listings: number;
  settings: { durationSec: number; warmupSec: number; attackerConnections: number };
  /** What the server ran with beyond the dataset's own settings. */
  serverEnv: Record<string, string>;
  limits: AbuseLimits;
  baseline: { visitor: ClientResult };
  oneAddress: AttackScenario;
  manyAddresses: AttackScenario;
  pushFlood: PushFlood | Skipped;
  revealHarvest: RevealHarvest | Skipped;
  /** Since issue 34; absent from earlier results. */
  sitemapFlood?: AttackScenario | Skipped;
  reportFlood?: ReportFlood | Skipped;
}

const isSkipped = (value: object): value is Skipped => 'skipped' in value;

/** The scenarios' names in tables and verdicts, in the order they run. */
export const SCENARIOS = {
  baseline: 'no attack',
  oneAddress: 'short searches, one address',
  manyAddresses: 'short searches, many addresses',
  pushFlood: 'push flood',
  revealHarvest: 'reveal harvest',
  sitemapFlood: 'sitemap flood, many addresses',
  reportFlood: 'report flood',
} as const;

/** Who the attackers of each scenario are, in the tables' "who" column. */
export const ATTACKERS = {
  oneAddress: 'attackers, one address',
  manyAddresses: 'attackers, an address each',
  pushFlood: 'one user, one payer phone',
  revealHarvest: 'one subscriber',
  sitemapFlood: 'attackers, an address each',
  reportFlood: 'one person',
} as const;

const SHOWN_STATUSES = ['200', '202', '409', '429', '503'] as const;

const count = (n: number) => n.toLocaleString('en-US');

function otherStatuses(statuses: StatusCounts): string {
  return Object.entries(statuses)
    .filter(([status]) => !(SHOWN_STATUSES as readonly string[]).includes(status))
    .map(([status, n]) => `${status}×${count(n)}`)
    .join(', ');
}

const HEADER = [
  '| scenario | who | connections | req/s | p50 ms | p99 ms | max ms | 200 | 202 | 409 | 429 | 503 | other |',
  '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
];

/** A party of a scenario: the visitor, or the attackers' connections together. */
export type Party = [who: string, result: ClientResult];

function partyRow(scenario: string, [who, r]: Party): string {
  const statuses = SHOWN_STATUSES.map((s) => count(r.statuses[s] ?? 0)).join(' | ');
  return `| ${scenario} | ${who} | ${r.connections} | ${count(r.reqPerSec)} | ${r.p50Ms} | ${r.p99Ms} | ${r.maxMs} | ${statuses} | ${otherStatuses(r.statuses)} |`;
}

/** The reason takes the "who" column; the others stay empty. */
const skippedRow = (scenario: string, reason: string) =>
  `| ${scenario} | skipped: ${reason} |${' |'.repeat(HEADER[1]!.split('|').length - 4)}`;

/** One scenario's table, as the bench prints it once the scenario is over. */
export function scenarioTable(scenario: string, parties: Party[] | Skipped): string {
  const rows = isSkipped(parties)
    ? [skippedRow(scenario, parties.skipped)]
    : parties.map((party) => partyRow(scenario, party));
  return [...HEADER, ...rows].join('\n');
}

function allRows(report: AbuseReport): string[] {
  const rows = [partyRow(SCENARIOS.baseline, ['visitor', report.baseline.visitor])];
  const attack = (scenario: string, s: AttackScenario | Skipped, attackers: string) =>
    rows.push(
      ...(isSkipped(s)
        ? [skippedRow(scenario, s.skipped)]
        : [
            partyRow(scenario, ['visitor', s.visitor]),
            partyRow(scenario, [attackers, s.attackers]),
          ]),
    );
  attack(SCENARIOS.oneAddress, report.oneAddress, ATTACKERS.oneAddress);
  attack(SCENARIOS.manyAddresses, report.manyAddresses, ATTACKERS.manyAddresses);
  attack(SCENARIOS.pushFlood, report.pushFlood, ATTACKERS.pushFlood);
  const harvest = report.revealHarvest;
  rows.push(
    isSkipped(harvest)
      ? skippedRow(SCENARIOS.revealHarvest, harvest.skipped)
      : partyRow(SCENARIOS.revealHarvest, [ATTACKERS.revealHarvest, harvest.attackers]),
  );
  if (report.sitemapFlood) {
    attack(SCENARIOS.sitemapFlood, report.sitemapFlood, ATTACKERS.sitemapFlood);
  }
  if (report.reportFlood) attack(SCENARIOS.reportFlood, report.reportFlood, ATTACKERS.reportFlood);
  return rows;
}

/** What the push flood and the reveal harvest got, in words. */
export function abuseOutcomes(report: AbuseReport): string[] {
  const lines: string[] = [];
  const visitors: [string, ClientResult][] = [
    [SCENARIOS.baseline, report.baseline.visitor],
    [SCENARIOS.oneAddress, report.oneAddress.visitor],
    [SCENARIOS.manyAddresses, report.manyAddresses.visitor],
    ...(isSkipped(report.pushFlood)
      ? []
      : [[SCENARIOS.pushFlood, report.pushFlood.visitor] as [string, ClientResult]]),
  ];
  const slowest = visitors.flatMap(([scenario, visitor]) =>
    visitor.slowest
      ? [
          `${scenario}: \`${visitor.slowest.path.replace(/cursor=[^&]+/, 'cursor=…')}\` ${visitor.slowest.ms} ms (${visitor.slowest.status})`,
        ]
      : [],
  );
  if (slowest.length > 0) lines.push(`The visitor's slowest request: ${slowest.join('; ')}.`);
  const flood = report.pushFlood;
  if (!isSkipped(flood)) {
    lines.push(
      `Push flood: ${count(flood.pushesSent)} pushes sent (payments the server recorded for the flooding user; ${count(flood.attackers.statuses['202'] ?? 0)} answers 202) out of ${count(flood.attackers.requests)} checkouts asked for.`,
    );
  }
  const harvest = report.revealHarvest;
  if (!isSkipped(harvest)) {
    const ok = harvest.attackers.statuses['200'] ?? 0;
    lines.push(
      `Reveal harvest: ${count(ok)} phone numbers obtained (${count(harvest.attackers.okBeforeFirstLimit ?? 0)} before the first 429), ${count(harvest.attackers.statuses['429'] ?? 0)} answers 429, from ${count(harvest.attackers.requests)} reveals asked for, each of another listing (${count(harvest.listings)} at hand).`,
    );
  }
  return lines;
}

/** PASS/FAIL lines: the visitor's p99 against the target, and what each defence let through. */
export function abuseVerdicts(report: AbuseReport): string[] {
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const lines: string[] = [];
  const visitors: [string, ClientResult][] = [
    ['with no attack', report.baseline.visitor],
    ['under short searches from one address', report.oneAddress.visitor],
    ['under short searches from many addresses', report.manyAddresses.visitor],
  ];
  const sitemaps = report.sitemapFlood;
  if (sitemaps && !isSkipped(sitemaps))
    visitors.push(['under the sitemap flood', sitemaps.visitor]);
  const reports = report.reportFlood;
  if (reports && !isSkipped(reports)) visitors.push(['under the report flood', reports.visitor]);
  for (const [when, visitor] of visitors) {
    lines.push(
      `${verdict(visitor.p99Ms < VISITOR_P99_TARGET_MS)} abuse: visitor p99 ${visitor.p99Ms} ms ${when} (target < ${VISITOR_P99_TARGET_MS} ms)`,
    );
  }
  const flood = report.pushFlood;
  if (!isSkipped(flood)) visitors.push(['under the push flood', flood.visitor]);
  for (const [when, visitor] of visitors) {
    const refused = Object.entries(visitor.statuses).filter(([status]) => status !== '200');
    if (refused.length > 0) {
      lines.push(
        `FAIL abuse: the visitor got answers other than 200 ${when} (${refused.map(([s, n]) => `${s}×${count(n)}`).join(', ')})`,
      );
    }
  }
  if (!isSkipped(flood)) {
    const limit = report.limits.pushesPerPayerPhonePerHour;
    lines.push(
      `${verdict(flood.pushesSent <= limit)} abuse push flood: ${count(flood.pushesSent)} pushes sent to one payer phone (limit ${limit} an hour)`,
    );
  }
  const harvest = report.revealHarvest;
  if (!isSkipped(harvest)) {
    const limit = report.limits.contactRevealsPerDay;
    const obtained = harvest.attackers.statuses['200'] ?? 0;
    lines.push(
      `${verdict(obtained <= limit)} abuse reveal harvest: ${count(obtained)} phone numbers obtained by one subscriber (limit ${limit} a day)`,
    );
  }
  const perDay = report.limits.reportsPerUserPerDay;
  if (reports && !isSkipped(reports) && perDay !== undefined) {
    lines.push(
      `${verdict(reports.reportsFiled <= perDay && reports.listingsHeld === 0)} abuse report flood: ${count(reports.reportsFiled)} reports filed by one person (limit ${perDay} a day), ${count(reports.listingsHeld)} listings held by them alone`,
    );
  }
  return lines;
}

export function abuseSection(report: AbuseReport): string {
  const m = report.machine;
  const l = report.limits;
  const s = report.settings;
  return [
    '### Abuse',
    '',
    `Measured ${report.date.slice(0, 16).replace('T', ' ')} UTC on ${m.cpus} cores (${m.cpuModel}), ${m.memoryGiB} GiB, Node ${m.node}${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}; ${report.dataset} (${count(report.listings)} listings), the default limits (${count(l.catalogueReadsPerAddressPerMinute)} catalogue reads per address a minute, ${count(l.catalogueStatementTimeoutMs)} ms statement timeout, ${l.pushesPerPayerPhonePerHour} pushes per payer phone and ${l.checkoutsPerUserPerHour} checkouts per user an hour, ${l.contactRevealsPerDay} reveals per subscriber a day), page cache on. Per scenario a ${s.warmupSec} s warm-up (the visitor alone), then ${s.durationSec} s; attackers on ${s.attackerConnections} connections in a process of their own.`,
    '',
    ...HEADER,
    ...allRows(report),
    ...abuseOutcomes(report).flatMap((line) => ['', line]),
    '',
    ...abuseVerdicts(report).map((v) => `- ${v}`),
  ].join('\n');
}
