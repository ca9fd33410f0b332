import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/*
 * ClickPesa as the API meets it (docs.clickpesa.com, the shapes of clickpesa-payments.unit.test.ts): a
 * token, USSD pushes, status queries by order reference, and webhooks signed with the checksum
 * key. The checksum is computed here independently of the API's code, as ClickPesa computes it:
 * HMAC-SHA256 over the payload's JSON with every object's keys sorted, hex.
 */

export const CLICKPESA_CREDENTIALS = {
  clientId: 'resilience-client',
  apiKey: 'resilience-api-key',
  checksumKey: 'resilience-checksum-key-0123456789',
};

const TOKEN = `Bearer stand-in-${randomUUID()}`;

function sortedJson(value: unknown): string {
  const sort = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(sort);
    if (typeof v === 'object' && v !== null) {
      const object = v as Record<string, unknown>;
      return Object.fromEntries(
        Object.keys(object)
          .sort()
          .map((key) => [key, sort(object[key])]),
      );
    }
    return v;
  };
  return JSON.stringify(sort(value));
}

function checksum(payload: Record<string, unknown>): string {
  return createHmac('sha256', CLICKPESA_CREDENTIALS.checksumKey)
    .update(sortedJson(payload))
    .digest('hex');
}

/** A push the API asked for: what ClickPesa holds about one payment. */
export interface StandInPayment {
  /** ClickPesa's id of the transaction. */
  id: string;
  /** Our payment id without its dashes, as the API sends it. */
  orderReference: string;
  amount: string;
  phoneNumber: string;
  /** What the status query answers; the payer confirming on their phone makes it SUCCESS. */
  status: 'PROCESSING' | 'SUCCESS';
}

export interface ClickPesaStandIn {
  url: string;
  /** Every push received, in order (a second push for one payment would be a double charge). */
  pushes: StandInPayment[];
  /** Order references the API asked the status of. */
  statusQueries: string[];
  /** The push for our payment id; throws when none came. */
  paymentFor(paymentId: string): StandInPayment;
  /** The body of the PAYMENT RECEIVED webhook for a payment, signed. */
  successWebhook(payment: StandInPayment): string;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

export async function startClickPesaStandIn(): Promise<ClickPesaStandIn> {
  const pushes: StandInPayment[] = [];
  const statusQueries: string[] = [];
  let sequence = 0;

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    if (request.method === 'POST' && url.pathname === '/third-parties/generate-token') {
      const known =
        request.headers['client-id'] === CLICKPESA_CREDENTIALS.clientId &&
        request.headers['api-key'] === CLICKPESA_CREDENTIALS.apiKey;
      if (!known) return answer(response, 401, { message: 'Invalid client-id or api-key' });
      return answer(response, 200, { success: true, token: TOKEN });
    }
    if (request.headers.authorization !== TOKEN) {
      return answer(response, 401, { message: 'Unauthorized' });
    }
    if (
      request.method === 'POST' &&
      url.pathname === '/third-parties/payments/initiate-ussd-push-request'
    ) {
      const body = JSON.parse(await readBody(request)) as Record<string, unknown>;
      const { checksum: given, ...payload } = body;
      if (given !== checksum(payload)) return answer(response, 400, { message: 'Bad checksum' });
      sequence += 1;
      const payment: StandInPayment = {
        id: `CP-RES-${sequence}`,
        orderReference: String(payload.orderReference),
        amount: String(payload.amount),
        phoneNumber: String(payload.phoneNumber),
        status: 'PROCESSING',
      };
      pushes.push(payment);
      return answer(response, 200, {
        id: payment.id,
        status: 'PROCESSING',
        channel: 'M-PESA',
        orderReference: payment.orderReference,
        collectedAmount: payment.amount,
        collectedCurrency: 'TZS',
        createdAt: new Date().toISOString(),
        clientId: CLICKPESA_CREDENTIALS.clientId,
      });
    }
    const query = /^\/third-parties\/payments\/([A-Za-z0-9]+)$/.exec(url.pathname);
    if (request.method === 'GET' && query?.[1]) {
      statusQueries.push(query[1]);
      const matches = pushes.filter((p) => p.orderReference === query[1]);
      return answer(
        response,
        200,
        matches.map((p) => ({
          id: p.id,
          status: p.status,
          orderReference: p.orderReference,
          collectedAmount: p.amount,
          collectedCurrency: 'TZS',
        })),
      );
    }
    answer(response, 404, { message: 'Not found' });
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      answer(response, 500, { message: error instanceof Error ? error.message : String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `http://127.0.0.1:${port}`,
    pushes,
    statusQueries,
    paymentFor(paymentId) {
      const orderReference = paymentId.replaceAll('-', '');
      const found = pushes.filter((p) => p.orderReference === orderReference);
      if (found.length !== 1) {
        throw new Error(`${found.length} pushes for payment ${paymentId}, expected one`);
      }
      return found[0]!;
    },
    successWebhook(payment) {
      const payload = {
        event: 'PAYMENT RECEIVED',
        data: {
          id: payment.id,
          status: 'SUCCESS',
          paymentReference: `MP${payment.id.replace(/\D/g, '')}`,
          orderReference: payment.orderReference,
          collectedAmount: payment.amount,
          collectedCurrency: 'TZS',
          channel: 'M-PESA',
          customer: { customerName: 'Resilience', customerPhoneNumber: payment.phoneNumber },
        },
      };
      return JSON.stringify({ ...payload, checksum: checksum(payload) });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
