import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** Kernel clock ticks per second, the unit of /proc/<pid>/stat's CPU times. */
export const CLOCK_TICKS_PER_SEC = clockTicks();

function clockTicks(): number {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    if (Number.isInteger(ticks) && ticks > 0) return ticks;
  } catch {
    // No getconf: Linux has used 100 on every common architecture for decades.
  }
  return 100;
}

interface ProcStat {
  comm: string;
  /** utime + stime: CPU the process itself used, all its threads (libuv's pool, PGlite) included. */
  own: number;
  /** cutime + cstime: CPU of its children that ended and were waited for. */
  children: number;
}

function procStat(pid: number | string): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // Gone between the listing and the read.
  }
  // `pid (comm) state ...`: comm may hold spaces and parentheses, so split after the last `)`.
  const open = text.indexOf('(');
  const close = text.lastIndexOf(')');
  const fields = text.slice(close + 2).split(' ');
  // Fields 14–17 of proc(5) (utime, stime, cutime, cstime) are 12–15 here: 1–2 were cut off.
  const [utime, stime, cutime, cstime] = fields.slice(11, 15).map(Number);
  return {
    comm: text.slice(open + 1, close),
    own: (utime ?? 0) + (stime ?? 0),
    children: (cutime ?? 0) + (cstime ?? 0),
  };
}

/**
 * CPU ticks used so far by every process named `postgres`: the server's postmaster, its
 * backends and background workers. The postmaster's children's times are counted too, so a
 * backend or parallel worker that ends during a run still counts (its ticks move from it to the
 * postmaster's cutime/cstime when it is waited for).
 */
function postgresTicks(): number | undefined {
  let found = false;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(entry);
    if (stat?.comm !== 'postgres') continue;
    found = true;
    ticks += stat.own + stat.children;
  }
  return found ? ticks : undefined;
}

export interface CpuSample {
  /** The API server process. */
  server: number;
  /** Every `postgres` process on this machine; absent where PostgreSQL is not measured. */
  postgres?: number;
}

/** What a measured run reads before and after itself. */
export type CpuProbe = () => CpuSample;

/**
 * A probe of the API server (its pid, as startApp answers it) and, with `postgres`, of the local
 * PostgreSQL server's processes. PGlite runs inside the API process: its work is the server's.
 */
export function cpuProbe(serverPid: number, postgres: boolean): CpuProbe {
  return () => {
    const server = procStat(serverPid);
    if (!server) throw new Error(`the API server (pid ${serverPid}) is gone`);
    const pg = postgres ? postgresTicks() : undefined;
    return { server: server.own, ...(pg !== undefined ? { postgres: pg } : {}) };
  };
}

export interface CpuPerRequest {
  /** The API server's CPU time per request, in microseconds. */
  serverCpuUsPerReq: number;
  /** PostgreSQL's, where it is a server of its own on this machine. */
  postgresCpuUsPerReq?: number;
  /** The raw readings: ticks used during the run, at CLOCK_TICKS_PER_SEC. */
  cpuTicks: { server: number; postgres?: number; perSec: number };
}

export function cpuPerRequest(
  before: CpuSample,
  after: CpuSample,
  requests: number,
): CpuPerRequest {
  const usPerTick = 1e6 / CLOCK_TICKS_PER_SEC;
  const perRequest = (ticks: number) =>
    requests > 0 ? Math.round((ticks * usPerTick) / requests) : Number.NaN;
  const server = after.server - before.server;
  const postgres =
    before.postgres !== undefined && after.postgres !== undefined
      ? after.postgres - before.postgres
      : undefined;
  return {
    serverCpuUsPerReq: perRequest(server),
    ...(postgres !== undefined ? { postgresCpuUsPerReq: perRequest(postgres) } : {}),
    cpuTicks: {
      server,
      ...(postgres !== undefined ? { postgres } : {}),
      perSec: CLOCK_TICKS_PER_SEC,
    },
  };
}
