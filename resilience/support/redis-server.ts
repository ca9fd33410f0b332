import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '@makazi/bench/app-process';
import { until } from '@makazi/e2e/until';

/** PING over RESP: true when a Redis server answers +PONG on the port. */
function pong(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect(port, '127.0.0.1', () => socket.write('PING\r\n'));
    socket.setTimeout(1_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('utf8');
      if (answer.includes('\r\n')) {
        socket.destroy();
        resolve(answer.startsWith('+PONG'));
      }
    });
    socket.on('error', () => resolve(false));
    socket.on('close', () => resolve(false));
  });
}

/** Sends inline commands and QUIT, answering everything the server wrote before closing. */
function inlineCommands(port: number, commands: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(port, '127.0.0.1', () => {
      socket.write([...commands, 'QUIT'].map((command) => `${command}\r\n`).join(''));
    });
    socket.setTimeout(2_000, () => socket.destroy(new Error('Redis did not answer')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * A Redis server of the test's own (the machine's `redis-server`) in a temporary directory on a
 * free port, keeping nothing on disk (`--save '' --appendonly no`), so a spec can stop and start
 * it without touching the machine's Redis on 6379 that other software may use.
 */
export class PrivateRedis {
  private child: ChildProcess | undefined;
  private starts = 0;

  private constructor(
    private readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<PrivateRedis> {
    const dir = mkdtempSync(path.join(tmpdir(), 'makazi-private-redis-'));
    const server = new PrivateRedis(dir, await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, on the same port) and waits until it answers PING. */
  async start(): Promise<void> {
    if (this.child) throw new Error('the private Redis runs already');
    this.starts += 1;
    const logFile = path.join(this.dir, `redis-${this.starts}.log`);
    const log = createWriteStream(logFile);
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    this.child = child;
    await until(
      async () => {
        if (child.exitCode !== null) {
          throw new Error(`redis-server exited: ${readFileSync(logFile, 'utf8')}`);
        }
        return (await pong(this.port)) ? true : undefined;
      },
      'the private Redis to answer PING',
      { timeoutMs: 10_000 },
    );
  }

  /** Clients connected now, the asking one not counted: the API processes' connections. */
  async connectedClients(): Promise<number> {
    const info = await inlineCommands(this.port, ['INFO clients']);
    const count = /connected_clients:(\d+)/.exec(info)?.[1];
    if (count === undefined) throw new Error(`INFO clients answered ${info}`);
    return Number(count) - 1;
  }

  /** Stops the server as an operator's restart does (SIGTERM) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = undefined;
    child.kill('SIGTERM');
    await exited(child);
  }

  /** Stops the server if it runs and removes its directory. */
  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}
