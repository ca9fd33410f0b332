import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { until } from '@makazi/e2e/until';

/*
 * HAProxy in front of API processes, configured as an SRE would run it in production, started in
 * the foreground (-db) as a child of the test. Every frontend listens on a loopback port of its own
 * and sends to a backend of the same name that lists its servers.
 */

export interface ProxyServer {
  /** The server's name in HAProxy's stats and log (a, b, c …). */
  name: string;
  port: number;
}

export interface ProxyFrontend {
  /** Also the backend's name. */
  name: string;
  port: number;
  servers: readonly ProxyServer[];
}

/**
 * The configuration, with the reason for each setting an SRE would insist on:
 *
 * - health checks every 500 ms against /api/health (which answers 200 only when the process can
 *   reach the database), two failures take a server out, one success puts it back: a killed
 *   process (its port refuses at once) leaves the rotation within a second, a restarted one is
 *   back within half a second. A check may take up to 2 s (`timeout check`; by default it would
 *   be `inter`): a process that is merely busy under load answers its check late, and taking it
 *   out for that only piles its load onto the others;
 * - a restarted process is given its share of requests gradually, over 10 s (`slowstart`): its code
 *   is not yet optimised and its caches are empty. Given its third of the load at once, its first
 *   second's answers were the slowest of the run on a quiet machine (p95 199 ms, the others 26–28
 *   ms), and in a CI run of 2026-12-07 the browsing p95 of the 5 s after it came back was 588 ms,
 *   against 66–185 ms in the rest of the run;
 * - a request whose connection is refused or reset before an answer is retried, on another server
 *   each time (`option redispatch 1`: the servers share everything, so there is no reason to wait
 *   for the dead one, which the default redispatch on the last retry would do for a second per
 *   try);
 * - only GET, HEAD and OPTIONS are retried once sent (`disable-l7-retry` for the rest): HAProxy
 *   2.6 retries any method on empty-response or response-timeout, and a POST replayed on another
 *   server would create a second listing or a second payment. A POST whose connection could not
 *   even be made (conn-failure) is still retried: nothing was sent;
 * - X-Forwarded-For gets the address HAProxy saw appended: the API trusts that one hop
 *   (TRUST_PROXY=1), so what a client writes there itself counts for nothing;
 * - finite timeouts everywhere: 2 s to connect, 30 s of silence on either side, 10 s for a client to
 *   send its request headers (a slowloris holds no slot for longer);
 * - idle server connections are never shared between client connections (`http-reuse never`).
 *   With the default (`safe`), a request may be sent over a pooled connection to a process that
 *   has just died; a GET is then retried, but a POST cannot be, and HAProxy closes the client's
 *   connection without an answer (and without a log line) so that a browser may resend it: a
 *   POST sent after the crash fails, or is resent by the client. Measured on this machine with
 *   stand-ins: 8 such POSTs reset over 10 crashes with `safe`, 2 with `aggressive`, none over 45
 *   with `never`. A server connection per client connection costs a connect per client connection.
 *
 * Every request is logged (backend, server, status, method, URI, retries, termination state, time
 * taken and the moment it was accepted), so a spec can tell which server answered what, and how.
 */
export function haproxyConfig(frontends: readonly ProxyFrontend[], socket: string): string {
  const lines = [
    'global',
    '  log stdout format raw local0',
    `  stats socket ${socket} mode 600 level admin`,
    '  maxconn 4096',
    '',
    'defaults',
    '  mode http',
    '  log global',
    '  log-format "%ci %b %s %ST %HM %HU %rc %tsc %Ta %tr"',
    '  option dontlognull',
    '  option forwardfor',
    '  option redispatch 1',
    '  retries 3',
    '  retry-on conn-failure empty-response response-timeout',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout check 2s',
    '  http-reuse never',
  ];
  for (const frontend of frontends) {
    lines.push(
      '',
      `frontend ${frontend.name}`,
      `  bind 127.0.0.1:${frontend.port}`,
      `  default_backend ${frontend.name}`,
      '',
      `backend ${frontend.name}`,
      '  balance roundrobin',
      '  http-request disable-l7-retry unless METH_GET or METH_OPTIONS',
      '  option httpchk GET /api/health',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 1 slowstart 10s',
      ...frontend.servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check`),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** One row of `show stat`: a frontend, a backend or a server, with its counters as text. */
export type HaproxyStat = Record<string, string>;

export interface LoggedRequest {
  client: string;
  backend: string;
  /** `<NOSRV>` when no server could take it. */
  server: string;
  status: number;
  method: string;
  uri: string;
  /** Retries; a leading + means the last one went to another server. */
  retries: string;
  /** HAProxy's termination state (four characters; ---- for a normal end). */
  termination: string;
  /** Milliseconds from the request's first byte to the answer's last. */
  ms: number;
  /** When HAProxy accepted the request (its log's own format). */
  acceptedAt: string;
}

export interface RunningHaproxy {
  /** http://127.0.0.1:<port> of a frontend. */
  url(frontend: string): string;
  /** `show stat` over the stats socket. */
  stats(): Promise<HaproxyStat[]>;
  /** The `show stat` row of one server of a backend. */
  server(backend: string, server: string): Promise<HaproxyStat>;
  /** A command on the stats socket (`disable server api/b` …), answering HAProxy's reply. */
  command(line: string): Promise<string>;
  /** Every request logged so far. */
  requests(): LoggedRequest[];
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends one command to the stats socket and answers everything HAProxy writes back. */
function socketCommand(socket: string, line: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const client = connect(socket, () => client.end(`${line}\n`));
    client.setTimeout(5_000, () => client.destroy(new Error(`no answer to "${line}"`)));
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    client.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    client.on('error', reject);
  });
}

function parseStats(csv: string): HaproxyStat[] {
  const [header, ...rows] = csv.split('\n').filter((line) => line.trim() !== '');
  if (!header?.startsWith('# ')) throw new Error(`not a show stat answer: ${csv.slice(0, 200)}`);
  const names = header.slice(2).split(',');
  return rows.map((row) => {
    const values = row.split(',');
    return Object.fromEntries(names.map((name, i) => [name, values[i] ?? '']));
  });
}

function parseLog(text: string): LoggedRequest[] {
  const requests: LoggedRequest[] = [];
  for (const line of text.split('\n')) {
    const match = /^(\S+) (\S+) (\S+) (-?\d+) (\S+) (\S+) (\S+) (\S{4}) (-?\d+) (\S+)$/.exec(
      line.trim(),
    );
    if (!match) continue;
    const [, client, backend, server, status, method, uri, retries, termination, ms, acceptedAt] =
      match;
    requests.push({
      client: client!,
      backend: backend!,
      server: server!,
      status: Number(status),
      method: method!,
      uri: uri!,
      retries: retries!,
      termination: termination!,
      ms: Number(ms),
      acceptedAt: acceptedAt!,
    });
  }
  return requests;
}

/**
 * Writes the configuration into `dir`, checks it (`haproxy -c`), starts HAProxy and resolves once
 * the stats socket answers and every frontend accepts connections.
 */
export async function startHaproxy(
  frontends: readonly ProxyFrontend[],
  dir: string,
): Promise<RunningHaproxy> {
  const socket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  const logFile = path.join(dir, 'haproxy.log');
  writeFileSync(configFile, haproxyConfig(frontends, socket));
  const log = createWriteStream(logFile);
  const child = spawn('haproxy', ['-f', configFile, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const spawned = new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', reject);
  });
  await spawned;
  const dead = exited(child);

  const stop = async (): Promise<void> => {
    child.kill('SIGTERM');
    await dead;
  };

  const portAnswers = (port: number): Promise<boolean> =>
    new Promise((resolve) => {
      const probe = connect(port, '127.0.0.1', () => {
        probe.destroy();
        resolve(true);
      });
      probe.on('error', () => resolve(false));
    });

  try {
    await until(
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`haproxy exited: ${readFileSync(logFile, 'utf8')}`);
        }
        await socketCommand(socket, 'show info');
        const listening = await Promise.all(frontends.map((f) => portAnswers(f.port)));
        return listening.every(Boolean) ? true : undefined;
      },
      'HAProxy to listen',
      { timeoutMs: 10_000 },
    );
  } catch (error) {
    await stop();
    throw error;
  }

  const stats = async (): Promise<HaproxyStat[]> =>
    parseStats(await socketCommand(socket, 'show stat'));
  return {
    url(name) {
      const frontend = frontends.find((f) => f.name === name);
      if (!frontend) throw new Error(`no frontend ${name}`);
      return `http://127.0.0.1:${frontend.port}`;
    },
    stats,
    async server(backend, server) {
      const row = (await stats()).find((s) => s.pxname === backend && s.svname === server);
      if (!row) throw new Error(`no server ${backend}/${server} in HAProxy's stats`);
      return row;
    },
    command: (line) => socketCommand(socket, line),
    requests: () => parseLog(readFileSync(logFile, 'utf8')),
    stop,
  };
}
