import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { HOUSE_FOR_SALE } from './listing';
import {
  PARALLEL_UPLOADS,
  UPLOAD_CHUNK_BYTES,
  UPLOADS_PATH,
} from '@makazi/contracts/upload-values';
import type { PhotoPart } from './multipart';

/*
 * Virtual visitors for the load and fault specs. Each holds one keep-alive connection of its own
 * (so N visitors are N concurrent connections, as N phones would be), comes from an address of its
 * own (X-Forwarded-For; the server runs with TRUST_PROXY=1, as behind the production proxy) or,
 * behind a real proxy, from a carrier's address shared with other phones (sourceAddresses), and
 * repeats: pick an action, do it, think. Every request's latency and answer is recorded.
 */

export type RequestKind =
  | 'page'
  | 'list'
  | 'next page'
  | 'detail'
  | 'search'
  | 'filter'
  | 'signup'
  | 'login'
  | 'verify'
  | 'profile'
  | 'photo'
  | 'create'
  | 'address'
  | 'upload'
  | 'attach'
  | 'replace'
  | 'plans'
  | 'pay'
  | 'payment';

type Method = 'GET' | 'POST' | 'PATCH';

/** The catalogue's reads: pages, lists and their next pages, details, searches, filters. */
const CATALOGUE_READS = [
  'page',
  'list',
  'next page',
  'detail',
  'search',
  'filter',
] as const satisfies readonly RequestKind[];

/** What every mix does: browsing, search and signing in. A run that lacks one proves less. */
export const EVERY_RUN_KINDS = [
  ...CATALOGUE_READS,
  'verify',
] as const satisfies readonly RequestKind[];

/**
 * The reads every visitor makes all run long, hundreds every few seconds: their latency is what a
 * moment of the run costs visitors. A few publications (an upload and attach taking a second each)
 * landing in one window move that window's p95 of every request by their number alone.
 */
const BROWSING_KINDS: readonly RequestKind[] = [...CATALOGUE_READS, 'photo'];

export const isBrowsing = (sample: Sample): boolean => BROWSING_KINDS.includes(sample.kind);

export interface Sample {
  kind: RequestKind;
  method: Method;
  /** Milliseconds from the run's start to the request's start. */
  startMs: number;
  ms: number;
  /** HTTP status; 0 when no answer came (refused, reset, timed out). */
  status: number;
  /** The AppError code of an error answer, or the transport error. */
  error?: string;
  retryAfter?: string;
}

export interface LoadPlan {
  baseUrl: string;
  users: number;
  durationMs: number;
  /** Think time between a visitor's actions, drawn uniformly from [min, max]. */
  thinkMs: readonly [number, number];
  /** The app's DATA_DIR, whose SMS outbox the sign-ins read their codes from. */
  dataDir: string;
  /** Words visitors search for (regions, districts, streets of the seeded catalogue). */
  searchTerms: readonly string[];
  /** A request that gets no answer in this long counts as hung. */
  requestTimeoutMs?: number;
  /** Share of actions that are a full sign-in (signup, code, verify, profile); default 0.1. */
  signInShare?: number;
  /**
   * Every sign-in from an address of its own. For specs about something else than the per-address
   * sign-in limits (10 signups an hour), whose visitors sign in more often than people do.
   */
  addressPerSignIn?: boolean;
  /**
   * Carrier addresses behind a real proxy: visitor i connects from sourceAddresses[i % n] (its
   * socket bound to that loopback address) and writes no X-Forwarded-For, which the proxy fills in
   * with the address it saw. Several phones share each address, as behind a carrier's NAT.
   */
  sourceAddresses?: readonly string[];
  /** After reading a listing's details, the visitor's phone loads its first photo (/media/…). */
  readPhotos?: boolean;
  /**
   * Signed-in visitors who publish a house for sale with its photos, sent as the wizard sends
   * them (tus, then the attach); unset: nobody publishes.
   */
  publishing?: {
    /** Share of sign-ins followed by a listing. */
    share: number;
    /** The photos a house for sale needs, one per required label. */
    photos: readonly PhotoPart[];
    /** Uploaded afterwards into a label that has a photo already, replacing it. */
    replacement: PhotoPart;
    /** The listing's address (regionId, districtId, wardId, streetId, houseNumber). */
    address: Record<string, number | string>;
  };
  /** Signed-in visitors who buy a viewing subscription; unset: nobody pays. */
  paying?: {
    /** Share of sign-ins followed by a payment. */
    share: number;
    /** How often the phone asks how the payment went (the web app's PAYMENT_POLL_MS). */
    pollMs: number;
  };
}

export interface CreatedListing {
  id: string;
  userId: string;
  /** Its photos were answered 201: it has every required photo and awaits review. */
  published: boolean;
}

export interface AcceptedPayment {
  id: string;
  userId: string;
  /** The status the payer last saw. */
  status: string;
}

export interface LoadRun {
  samples: Sample[];
  /** performance.now() at the run's start: Sample.startMs counts from here. */
  startedAt: number;
  /** Wall time of the run, from the first visitor's start to the last one's end. */
  elapsedMs: number;
  /** Listings whose creation was answered 201. */
  listings: CreatedListing[];
  /** Storage keys of photos that a later upload into the same label replaced (answered 201). */
  replacedKeys: string[];
  /** Payments answered 202. */
  payments: AcceptedPayment[];
}

/** What the visitors made, as their answers told them. */
interface Made {
  listings: CreatedListing[];
  replacedKeys: string[];
  payments: AcceptedPayment[];
}

interface OwnerView {
  photos: { label: string; variants: { url: string }[] }[];
}

/** The storage key of a /media/… URL (the key's segments are percent-encoded in the URL). */
function mediaKey(url: string): string {
  return url
    .replace(/^\/media\//, '')
    .split('/')
    .map(decodeURIComponent)
    .join('/');
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

const TYPES = ['Land', 'Rent', 'Apartment', 'HouseForSale'] as const;

function pick<T>(items: readonly T[]): T {
  const item = items[Math.floor(Math.random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

function between(min: number, max: number): number {
  return min + Math.random() * (max - min);
}

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reads the SMS outbox (JSON lines) as it grows, so hundreds of sign-ins do not re-read it all. */
class OutboxReader {
  private offset = 0;
  private partial = '';
  private readonly latest = new Map<string, { code: string; at: string }>();
  private reading: Promise<void> | undefined;

  constructor(private readonly file: string) {}

  private async readMore(): Promise<void> {
    const handle = await open(this.file, 'r').catch(() => undefined);
    if (!handle) return;
    try {
      const buffer = Buffer.alloc(1 << 16);
      for (;;) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, this.offset);
        if (bytesRead === 0) break;
        this.offset += bytesRead;
        const lines = (this.partial + buffer.toString('utf8', 0, bytesRead)).split('\n');
        this.partial = lines.pop() ?? '';
        for (const line of lines.filter(Boolean)) {
          const { to, text, at } = JSON.parse(line) as { to: string; text: string; at: string };
          const code = /\b(\d{6})\b/.exec(text)?.[1];
          if (code) this.latest.set(to, { code, at });
        }
      }
    } finally {
      await handle.close();
    }
  }

  /** The code last texted to `phone` (E.164) at or after `since`, waiting up to 10 s for it. */
  async codeFor(phone: string, since: string): Promise<string> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const sent = this.latest.get(phone);
      if (sent && sent.at >= since) return sent.code;
      if (Date.now() > deadline) throw new Error(`no SMS code reached ${phone}`);
      this.reading ??= this.readMore().finally(() => (this.reading = undefined));
      await this.reading;
      if (!this.latest.get(phone)) await wait(50);
    }
  }
}

interface Session {
  token: string;
  userId: string;
  /** The phone in local form (07…), which also pays. */
  localPhone: string;
}

class Visitor {
  private readonly agent: Agent;
  /** The socket's own address behind a real proxy; unset: the address claimed in X-Forwarded-For. */
  private readonly localAddress: string | undefined;
  private address: string;
  private readonly seenIds: string[] = [];
  private nextPage: string | undefined;
  private session: Session | undefined;
  /** What this signed-in visitor still means to do before browsing on. */
  private errands: (() => Promise<void>)[] = [];

  constructor(
    private readonly index: number,
    private readonly plan: LoadPlan,
    private readonly runStart: number,
    private readonly samples: Sample[],
    private readonly outbox: OutboxReader,
    private readonly phones: () => string,
    private readonly made: Made,
  ) {
    this.address = `10.0.${(index >> 8) & 255}.${index & 255}`;
    const sources = plan.sourceAddresses;
    if (sources && plan.addressPerSignIn) {
      throw new Error(
        'addressPerSignIn writes X-Forwarded-For, which sourceAddresses leave to the proxy',
      );
    }
    this.localAddress = sources?.length ? sources[index % sources.length] : undefined;
    this.agent = new Agent({
      keepAlive: true,
      maxSockets: 1,
      ...(this.localAddress ? { localAddress: this.localAddress } : {}),
    });
  }

  private send(
    kind: RequestKind,
    method: Method,
    target: string,
    options: {
      body?: unknown;
      raw?: { contentType: string; data: Buffer };
      token?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Answer | undefined> {
    const started = performance.now();
    const url = new URL(target, this.plan.baseUrl);
    const payload =
      options.raw?.data ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    const headers: Record<string, string> = {
      'Accept-Encoding': 'br, gzip',
      'Accept-Language': this.index % 2 === 0 ? 'sw' : 'en',
    };
    // Behind a real proxy the client writes no X-Forwarded-For: the proxy adds what it saw.
    if (!this.localAddress) headers['X-Forwarded-For'] = this.address;
    if (options.raw) headers['Content-Type'] = options.raw.contentType;
    else if (payload !== undefined) headers['Content-Type'] = 'application/json';
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    Object.assign(headers, options.headers);
    const record = (status: number, extra: Partial<Sample> = {}): void => {
      this.samples.push({
        kind,
        method,
        startMs: started - this.runStart,
        ms: performance.now() - started,
        status,
        ...extra,
      });
    };
    return new Promise((resolve) => {
      const req = request(
        url,
        {
          method,
          agent: this.agent,
          headers,
          timeout: this.plan.requestTimeoutMs ?? 15_000,
          ...(this.localAddress ? { localAddress: this.localAddress } : {}),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            // Phones ask for compression, so the server pays for it here as it would in use.
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            const body = (
              encoding === 'br'
                ? brotliDecompressSync(raw)
                : encoding === 'gzip'
                  ? gunzipSync(raw)
                  : raw
            ).toString('utf8');
            const extra: Partial<Sample> = {};
            if (status >= 400) {
              extra.error = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? `HTTP ${status}`;
              const retryAfter = res.headers['retry-after'];
              if (typeof retryAfter === 'string') extra.retryAfter = retryAfter;
            }
            record(status, extra);
            resolve({ status, headers: res.headers, body });
          });
          res.on('error', (err) => {
            record(0, { error: err.message });
            resolve(undefined);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error('no answer within the timeout')));
      req.on('error', (err) => {
        record(0, { error: (err as NodeJS.ErrnoException).code ?? err.message });
        resolve(undefined);
      });
      req.end(payload);
    });
  }

  /** A catalogue read whose listings (ids) and next page the visitor may follow later. */
  private async readJson(kind: RequestKind, target: string): Promise<Answer | undefined> {
    const answer = await this.send(kind, 'GET', target);
    if (answer?.status === 200) {
      const link = answer.headers.link;
      const next = typeof link === 'string' ? /<([^>]+)>;\s*rel="next"/.exec(link)?.[1] : undefined;
      this.nextPage = next;
      const listings = JSON.parse(answer.body) as { id: string }[];
      for (const listing of listings.slice(0, 4)) {
        if (this.seenIds.length >= 50) this.seenIds.shift();
        this.seenIds.push(listing.id);
      }
    }
    return answer;
  }

  private async browse(): Promise<void> {
    const roll = Math.random();
    if (roll < 0.15) {
      await this.send('page', 'GET', pick(['/home', '/lease', '/land', '/apartment']));
    } else if (roll < 0.4) {
      await this.readJson('list', `/api/properties?type=${pick(TYPES)}&limit=24`);
    } else if (roll < 0.5 && this.nextPage) {
      await this.readJson('next page', this.nextPage);
    } else if (roll < 0.75 && this.seenIds.length > 0) {
      const detail = await this.send('detail', 'GET', `/api/properties/${pick(this.seenIds)}`);
      if (this.plan.readPhotos && detail?.status === 200) {
        const photo = (JSON.parse(detail.body) as OwnerView).photos[0]?.variants[0]?.url;
        if (photo) await this.send('photo', 'GET', photo);
      }
    } else if (roll < 0.85) {
      const min = pick([100_000, 200_000, 500_000]);
      await this.readJson(
        'filter',
        `/api/properties?type=Rent&minPrice=${min}&maxPrice=${min * 4}&sort=priceLowHigh&limit=24`,
      );
    } else {
      const term = encodeURIComponent(pick(this.plan.searchTerms));
      await this.readJson('search', `/api/properties?search=${term}&limit=24`);
    }
  }

  /** Registers a new number and signs in with the texted code, then opens the profile. */
  private async signIn(): Promise<void> {
    const phone = this.phones();
    if (this.plan.addressPerSignIn) {
      // The phone's digits make the address unique to this sign-in (10.x.y.z, x ≥ 1).
      const n = Number(phone.slice(-7));
      this.address = `10.${1 + ((n >> 16) & 127)}.${(n >> 8) & 255}.${n & 255}`;
    }
    const local = `0${phone.slice(4)}`;
    const signup = await this.send('signup', 'POST', '/api/auth/signup', {
      body: { firstName: 'Mzigo', lastName: 'Mtihani', phoneNumber: local },
    });
    if (signup?.status === 409) {
      // A proven account holds a number no other sign-in of this run used (seen once, in CI,
      // unexplained): which number, to set beside the ranges of the runs before it.
      console.warn(`load: signing up ${phone} answered 409: a proven account holds it`);
    }
    if (signup?.status !== 201 && signup?.status !== 200) return;
    const since = new Date().toISOString();
    const login = await this.send('login', 'POST', '/api/auth/login', {
      body: { phoneNumber: local },
    });
    if (login?.status !== 200) return;
    const otp = await this.outbox.codeFor(phone, since);
    const verified = await this.send('verify', 'POST', '/api/auth/verify-otp', {
      body: { phoneNumber: local, otp },
    });
    if (verified?.status !== 200) return;
    const { access_token: token, sub } = JSON.parse(verified.body) as {
      access_token: string;
      sub: string;
    };
    await this.send('profile', 'GET', `/api/users/${sub}`, { token });
    this.session = { token, userId: sub, localPhone: local };
    // What this person came for, each an action of its own with thinking in between.
    this.errands = [];
    const { publishing, paying } = this.plan;
    if (publishing && Math.random() < publishing.share) this.errands.push(() => this.publish());
    if (paying && Math.random() < paying.share) {
      const until = this.runStart + this.plan.durationMs;
      this.errands.push(() => this.pay(until));
    }
  }

  /**
   * A house for sale from the wizard: the listing, its address, its eight photos sent as the
   * wizard sends them (each with tus, then attached to its slot; PARALLEL_UPLOADS at a time), after
   * which it awaits review and the phone shows its first photo; later one photo is replaced.
   */
  private async publish(): Promise<void> {
    const { session } = this;
    const publishing = this.plan.publishing;
    if (!session || !publishing) return;
    const { token, userId } = session;
    const created = await this.send('create', 'POST', '/api/properties/house-for-sale', {
      body: HOUSE_FOR_SALE,
      token,
    });
    if (created?.status !== 201) return;
    const { id } = JSON.parse(created.body) as { id: string };
    const listing: CreatedListing = {
      id,
      userId,
      published: false,
    };
    this.made.listings.push(listing);
    const address = await this.send('address', 'POST', `/api/properties/${id}/address`, {
      body: publishing.address,
      token,
    });
    if (address?.status !== 200) return;
    const queue = [...publishing.photos];
    let view: OwnerView | undefined;
    let sent = 0;
    const worker = async (): Promise<void> => {
      for (let photo = queue.shift(); photo; photo = queue.shift()) {
        const answer = await this.sendPhoto(id, photo, token, 'attach');
        // The wizard stops at a photo that would not go.
        if (!answer) return;
        sent += 1;
        view = answer;
      }
    };
    await Promise.all(Array.from({ length: PARALLEL_UPLOADS }, worker));
    if (!view || sent !== publishing.photos.length) return;
    listing.published = true;
    const first = view.photos[0]?.variants[0]?.url;
    if (first) await this.send('photo', 'GET', first);
    const replaced = view.photos.find((photo) => photo.label === publishing.replacement.label);
    if (!replaced) return;
    this.errands.unshift(() =>
      this.replace(
        id,
        replaced.variants.map((variant) => mediaKey(variant.url)),
      ),
    );
  }

  /**
   * One photo as the wizard sends it: the upload created (tus), its bytes in UPLOAD_CHUNK_BYTES
   * pieces, then the attach, which re-encodes it into its slot. The owner view the attach
   * answered, or undefined when a step failed.
   */
  private async sendPhoto(
    listingId: string,
    photo: PhotoPart,
    token: string,
    attachKind: 'attach' | 'replace',
  ): Promise<OwnerView | undefined> {
    const tus = { 'Tus-Resumable': '1.0.0' };
    const metadata = Object.entries({
      propertyId: listingId,
      label: photo.label,
      filetype: 'image/jpeg',
      filename: photo.name,
    })
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
    const creation = await this.send('upload', 'POST', UPLOADS_PATH, {
      token,
      headers: { ...tus, 'Upload-Length': String(photo.data.length), 'Upload-Metadata': metadata },
    });
    const location = creation?.headers.location;
    if (creation?.status !== 201 || typeof location !== 'string') return undefined;
    const uploadPath = new URL(location, this.plan.baseUrl).pathname;
    for (let offset = 0; offset < photo.data.length; offset += UPLOAD_CHUNK_BYTES) {
      const chunk = await this.send('upload', 'PATCH', uploadPath, {
        token,
        raw: {
          contentType: 'application/offset+octet-stream',
          data: photo.data.subarray(offset, offset + UPLOAD_CHUNK_BYTES),
        },
        headers: { ...tus, 'Upload-Offset': String(offset) },
      });
      if (chunk?.status !== 204) return undefined;
    }
    const uploadId = uploadPath.split('/').pop() ?? '';
    const attached = await this.send(
      attachKind,
      'POST',
      `/api/properties/${listingId}/photos/uploads/${uploadId}`,
      { token },
    );
    return attached?.status === 201 ? (JSON.parse(attached.body) as OwnerView) : undefined;
  }

  /** A better photo for a label that has one: the old photo's objects must go from the store. */
  private async replace(listingId: string, oldKeys: string[]): Promise<void> {
    const { session } = this;
    const publishing = this.plan.publishing;
    if (!session || !publishing) return;
    const view = await this.sendPhoto(listingId, publishing.replacement, session.token, 'replace');
    if (view) this.made.replacedKeys.push(...oldKeys);
  }

  /**
   * A viewing subscription paid by mobile money: the plans, the push (202), then the phone asks
   * how it went every pollMs, as the web app does, until it is settled or the run is over.
   */
  private async pay(until: number): Promise<void> {
    const { session } = this;
    const paying = this.plan.paying;
    if (!session || !paying) return;
    const plans = await this.send('plans', 'GET', '/api/subscription-plan');
    if (plans?.status !== 200) return;
    const plan = pick(JSON.parse(plans.body) as { id: string }[]);
    const accepted = await this.send('pay', 'POST', '/api/subscription/create', {
      body: {
        userId: session.userId,
        planId: plan.id,
        phoneNumber: session.localPhone,
        provider: pick(['mpesa', 'airtelmoney', 'tigopesa', 'halopesa']),
        idempotencyKey: randomUUID(),
      },
      token: session.token,
    });
    if (accepted?.status !== 202) return;
    const { paymentId } = JSON.parse(accepted.body) as { paymentId: string };
    const payment: AcceptedPayment = {
      id: paymentId,
      userId: session.userId,
      status: 'pending',
    };
    this.made.payments.push(payment);
    while (payment.status === 'pending' && performance.now() + paying.pollMs < until) {
      await wait(paying.pollMs);
      const answer = await this.send('payment', 'GET', `/api/payments/${paymentId}`, {
        token: session.token,
      });
      if (answer?.status !== 200) return;
      payment.status = (JSON.parse(answer.body) as { status: string }).status;
    }
  }

  async run(until: number): Promise<void> {
    // Visitors arrive spread over the first think time, not all in the same millisecond.
    await wait(between(0, this.plan.thinkMs[1]));
    while (performance.now() < until) {
      const errand = this.errands.shift();
      if (errand) await errand();
      else if (Math.random() < (this.plan.signInShare ?? 0.1)) await this.signIn();
      else await this.browse();
      await wait(between(this.plan.thinkMs[0], this.plan.thinkMs[1]));
    }
    this.agent.destroy();
  }
}

export async function runVisitors(plan: LoadPlan): Promise<LoadRun> {
  const samples: Sample[] = [];
  const outbox = new OutboxReader(path.join(plan.dataDir, 'sms-outbox.jsonl'));
  // Unique, valid Tanzanian mobile numbers (+255 71x …) for every sign-in of the run.
  const base = Math.floor(Math.random() * 5_000_000);
  let issued = 0;
  const phoneAt = (n: number): string => `+25571${String(n).padStart(7, '0')}`;
  const phones = (): string => phoneAt(base + issued++);
  const made: Made = { listings: [], replacedKeys: [], payments: [] };
  const start = performance.now();
  const until = start + plan.durationMs;
  const visitors = Array.from(
    { length: plan.users },
    (_, index) => new Visitor(index, plan, start, samples, outbox, phones, made),
  );
  await Promise.all(visitors.map((visitor) => visitor.run(until)));
  if (issued > 0)
    console.log(`load: sign-ins used ${phoneAt(base)} to ${phoneAt(base + issued - 1)}`);
  return { samples, startedAt: start, elapsedMs: performance.now() - start, ...made };
}

export interface LatencySummary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarise(samples: readonly Sample[]): LatencySummary {
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (q: number): number =>
    sorted.length === 0
      ? 0
      : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0);
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted.at(-1) ?? 0,
  };
}

/** One line per kind and one for everything: count, p50/p95/p99/max in ms. */
export function latencyTable(samples: readonly Sample[]): string {
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const row = (label: string, rows: readonly Sample[]): string => {
    const s = summarise(rows);
    const ms = (n: number): string => n.toFixed(0).padStart(6);
    return `${label.padEnd(10)} ${String(s.count).padStart(7)} ${ms(s.p50)} ${ms(s.p95)} ${ms(s.p99)} ${ms(s.max)}`;
  };
  return [
    `${'kind'.padEnd(10)} ${'count'.padStart(7)} ${'p50'.padStart(6)} ${'p95'.padStart(6)} ${'p99'.padStart(6)} ${'max'.padStart(6)}`,
    ...kinds.map((kind) =>
      row(
        kind,
        samples.filter((s) => s.kind === kind),
      ),
    ),
    row('all', samples),
  ].join('\n');
}
