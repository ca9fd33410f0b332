import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text as readText } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SMS_OUTBOX_FILE, createSmsGateway } from './create-sms-gateway';
import type { OutboxLine } from './outbox-sms';

let dataDir: string;
let server: Server;
let baseUrl: string;
let paths: (string | undefined)[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'makazi-sms-'));
  // One stand-in answers both providers' success replies; the tests check which path was called.
  paths = [];
  server = createServer((req, res) => {
    void readText(req).then(() => {
      paths.push(req.url);
      const body =
        req.url === '/v1/send'
          ? { successful: true, code: 100, valid: 1, invalid: 0 }
          : { SMSMessageData: { Recipients: [{ statusCode: 101, status: 'Success' }] } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dataDir, { recursive: true, force: true });
});

describe('createSmsGateway', () => {
  it('builds the outbox in DATA_DIR, logging each message', async () => {
    const logged: OutboxLine[] = [];
    const sms = createSmsGateway(
      { provider: 'outbox' },
      { dataDir, logOutbox: (line) => logged.push(line) },
    );
    expect(sms.provider).toBe('outbox');

    await sms.send({ to: '+255712345678', text: 'code 483920' });

    const content = await readFile(path.join(dataDir, SMS_OUTBOX_FILE), 'utf8');
    expect(JSON.parse(content)).toMatchObject({ to: '+255712345678', text: 'code 483920' });
    expect(logged).toHaveLength(1);
  });

  it('builds the Beem adapter from its config', async () => {
    const sms = createSmsGateway(
      { provider: 'beem', apiUrl: baseUrl, apiKey: 'k', secretKey: 's', senderId: 'INFO' },
      { dataDir },
    );
    expect(sms.provider).toBe('beem');
    await sms.send({ to: '+255712345678', text: 'code 483920' });
    expect(paths).toEqual(['/v1/send']);
  });

  it("builds the Africa's Talking adapter from its config", async () => {
    const sms = createSmsGateway(
      {
        provider: 'africastalking',
        apiUrl: baseUrl,
        username: 'u',
        apiKey: 'k',
        senderId: undefined,
      },
      { dataDir },
    );
    expect(sms.provider).toBe('africastalking');
    await sms.send({ to: '+255712345678', text: 'code 483920' });
    expect(paths).toEqual(['/version1/messaging']);
  });
});
