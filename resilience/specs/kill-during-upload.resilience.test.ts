import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, startApp, type RunningApp } from '@makazi/bench/app-process';
import { expectApi, signUpAndIn, type SignedIn } from '../support/api-client';
import { Cleanup } from '../support/cleanup';
import { killHard } from '../support/crash';
import { draftHouseForSale, HOUSE_FOR_SALE } from '../support/listing';
import { mediaFiles } from '../support/media-files';
import { heldBody, photoForm, type PhotoPart } from '../support/multipart';
import { phoneJpeg } from '../support/photos';
import { freshDatabase, serverAdminUrl, withClient, type FreshDatabase } from '../support/postgres';
import { until } from '@makazi/e2e/until';
import { REQUIRED_PICTURE_LABELS } from '@makazi/contracts/property-values';

/*
 * The API process killed with SIGKILL in the middle of a photo upload, at two moments: while the
 * request body is still arriving (some photos already stored, the rest not sent), and while the
 * server is storing the variants of a body it has. The service promises (media.service.ts, docs/
 * architecture.md): all or nothing per request; never a photo row without its files; never a
 * file that no row or journal entry names, and the sweeper deletes journaled leftovers once they
 * are older than any upload can take (ORPHAN_AFTER_MS, an hour). After each kill the server is
 * restarted on the same data directory and database, and a retried upload must then succeed.
 */

/** The eight photos a house for sale needs, in the wizard's order. */
const LABELS = REQUIRED_PICTURE_LABELS.HouseForSale;

interface PhotoRow {
  id: string;
  label: string;
  keys: string[];
}

interface OwnerView {
  status: string;
  title: string;
  housePrice: number;
  missingPictureLabels?: string[];
  photos: { id: string; label: string; variants: { url: string }[] }[];
}

/**
 * The key a disk store's temp file belongs to (a put writes `<dir>/.<name>.<uuid>.tmp`, then
 * renames it to `<dir>/<name>`; a kill in between leaves it), or undefined for any other file.
 */
function tempFileKey(file: string): string | undefined {
  const match =
    /^(.*\/)?\.([^/]+)\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/.exec(
      file,
    );
  return match ? `${match[1] ?? ''}${match[2]}` : undefined;
}

function report(moment: string, leftovers: readonly string[]): void {
  const temp = leftovers.filter((file) => tempFileKey(file) !== undefined).length;
  console.info(
    `[resilience] killed ${moment}: ${leftovers.length} files of the request on disk (${temp} half-written temp files)`,
  );
}

describe('SIGKILL during a photo upload', () => {
  let db: FreshDatabase;
  let dataDir: string;
  let mediaDir: string;
  const logDir = path.join(repoRoot, 'resilience/.tmp');
  let app: RunningApp | undefined;
  const cleanup = new Cleanup();
  let starts = 0;
  let owner: SignedIn;
  let listingId: string;
  let batch: PhotoPart[];
  /** The listing's photos after its first, complete upload: what every crash must leave. */
  let before: PhotoRow[];

  async function start(): Promise<RunningApp> {
    starts += 1;
    app = await startApp(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: db.url,
        MEDIA_STORAGE: 'disk',
        SEED_DEMO: 'false',
        TRUST_PROXY: '1',
        LOG_LEVEL: 'info',
      },
      path.join(logDir, `kill-during-upload-${starts}.log`),
    );
    return app;
  }

  const sql = <T extends object>(text: string, values: unknown[] = []) =>
    withClient(db.url, async (client) => (await client.query<T>(text, values)).rows);

  async function photoRows(): Promise<PhotoRow[]> {
    const rows = await sql<{ id: string; label: string; variants: { key: string }[] }>(
      'SELECT id, label, variants FROM property_photos WHERE property_id = $1 ORDER BY position',
      [listingId],
    );
    return rows.map((row) => ({
      id: row.id,
      label: row.label,
      keys: row.variants.map((v) => v.key),
    }));
  }

  async function journalKeys(): Promise<string[]> {
    const rows = await sql<{ key: string }>('SELECT key FROM media_uploads ORDER BY key');
    return rows.map((row) => row.key);
  }

  async function ownerView(running: RunningApp): Promise<OwnerView> {
    return expectApi<OwnerView>(200, running.baseUrl, 'GET', `/api/properties/${listingId}`, {
      token: owner.token,
    });
  }

  /**
   * What must hold the moment the process is gone: the photo rows are exactly those before the
   * request, every one has its files, and every file is named by a row or a journal entry (so the
   * sweeper can find it). Answers the leftovers (journaled files no row names).
   */
  async function checkCrashState(): Promise<string[]> {
    const rows = await photoRows();
    expect(rows).toEqual(before);
    const files = new Set(await mediaFiles(mediaDir));
    for (const key of rows.flatMap((row) => row.keys)) expect(files.has(key), key).toBe(true);
    const named = new Set([...rows.flatMap((row) => row.keys), ...(await journalKeys())]);
    const unnamed = [...files].filter((file) => !named.has(tempFileKey(file) ?? file));
    expect(unnamed, 'files that no photo row or journal entry names').toEqual([]);
    return [...files].filter((file) => !rows.some((row) => row.keys.includes(file)));
  }

  /**
   * The crash is made an hour old instead of waiting an hour: the sweeper leaves younger journal
   * entries alone, as they may belong to an upload still running in another process.
   */
  async function ageJournal(): Promise<void> {
    await sql("UPDATE media_uploads SET created_at = created_at - interval '2 hours'");
  }

  /** After a restart: the startup sweep leaves exactly the rows' files and an empty journal. */
  async function waitForCleanStore(): Promise<void> {
    const expected = (await photoRows()).flatMap((row) => row.keys).sort();
    await until(
      async () => {
        const [files, journal] = await Promise.all([mediaFiles(mediaDir), journalKeys()]);
        const extra = files.filter((file) => !expected.includes(file));
        const missing = expected.filter((key) => !files.includes(key));
        if (journal.length === 0 && extra.length === 0 && missing.length === 0) return true;
        throw new Error(
          `journal ${JSON.stringify(journal)}, unnamed files ${JSON.stringify(extra)}, missing ${JSON.stringify(missing)}`,
        );
      },
      'the startup sweep to delete every file no photo row names',
      { timeoutMs: 30_000 },
    );
  }

  /** The listing as its owner sees it is the one before the killed request, files and all. */
  async function checkListingUnchanged(running: RunningApp): Promise<void> {
    const view = await ownerView(running);
    expect(view.status).toBe('draft');
    expect(view.title).toBe(HOUSE_FOR_SALE.title);
    expect(view.housePrice).toBe(HOUSE_FOR_SALE.housePrice);
    expect(view.photos.map((photo) => photo.id)).toEqual(before.map((row) => row.id));
    expect(view.missingPictureLabels?.sort()).toEqual(LABELS.slice(2).sort());
    for (const photo of view.photos) {
      for (const variant of photo.variants) {
        const response = await fetch(new URL(variant.url, running.baseUrl));
        expect(response.status, variant.url).toBe(200);
        await response.arrayBuffer();
      }
    }
  }

  /** Starts the batch upload; the promise settles with the status or the transport error. */
  function upload(
    running: RunningApp,
    body: ReadableStream<Uint8Array>,
    contentType: string,
  ): Promise<number | Error> {
    return fetch(`${running.baseUrl}/api/properties/${listingId}/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
      body,
      duplex: 'half',
    }).then(
      async (response) => {
        await response.arrayBuffer();
        return response.status;
      },
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
  }

  /** Polls fast for the first file the request writes (temp or final), for a tight kill. */
  async function firstNewFile(known: readonly string[]): Promise<string> {
    return until(
      async () => (await mediaFiles(mediaDir)).find((file) => !known.includes(file)),
      'the upload to write its first file',
      { everyMs: 2 },
    );
  }

  beforeAll(async () => {
    mkdirSync(logDir, { recursive: true });
    db = await freshDatabase(serverAdminUrl, 'makazi_resilience_upload');
    cleanup.add(() => db.drop());
    dataDir = mkdtempSync(path.join(tmpdir(), 'makazi-resilience-upload-'));
    cleanup.add(() => rmSync(dataDir, { recursive: true, force: true }));
    // Whichever server runs last: the killed ones are gone already.
    cleanup.add(() => app?.stop());
    mediaDir = path.join(dataDir, 'media');
    batch = await Promise.all(
      LABELS.map(async (label, i) => ({
        label,
        name: `${label}.jpg`,
        data: await phoneJpeg(i + 1),
      })),
    );
    const running = await start();
    owner = await signUpAndIn(running.baseUrl, dataDir);
    listingId = await draftHouseForSale(running.baseUrl, owner.token);
    // Two photos already there: the killed requests would replace them (same labels).
    const first = photoForm(
      [0, 1].map((i) => ({ ...batch[i]!, data: batch[(i + 5) % batch.length]!.data })),
    );
    const status = await upload(
      running,
      heldBody(first, first.chunks.length).stream,
      first.contentType,
    );
    expect(status).toBe(201);
    before = await photoRows();
    expect(before.map((row) => row.label)).toEqual(['picha_mbele', 'picha_nyuma']);
  });

  afterAll(() => cleanup.run());

  it('keeps nothing of a request killed while its body is still arriving', async () => {
    const running = app!;
    const known = await mediaFiles(mediaDir);
    const form = photoForm(batch);
    // Three photos sent, five held back: the server stores what it has and waits for the rest.
    const body = heldBody(form, 3);
    const answer = upload(running, body.stream, form.contentType);
    await firstNewFile(known);
    await until(
      async () => ((await journalKeys()).length > 0 ? true : undefined),
      'the upload journal to name the files being written',
    );
    await killHard(running);
    body.release();
    expect(await answer).toBeInstanceOf(Error);

    const leftovers = await checkCrashState();
    // The kill hit the moment it aimed at: files of the request are on disk, in the journal.
    expect(leftovers.length).toBeGreaterThan(0);
    report('while the body was arriving', leftovers);

    await ageJournal();
    const restarted = await start();
    await waitForCleanStore();
    await checkListingUnchanged(restarted);
  });

  it('keeps nothing of a request killed while its photos are being stored', async () => {
    const running = app!;
    const known = await mediaFiles(mediaDir);
    const form = photoForm(batch);
    const body = heldBody(form, form.chunks.length);
    const answer = upload(running, body.stream, form.contentType);
    await firstNewFile(known);
    await killHard(running);
    expect(await answer).toBeInstanceOf(Error);

    const leftovers = await checkCrashState();
    expect(leftovers.length).toBeGreaterThan(0);
    report('while storing', leftovers);

    await ageJournal();
    const restarted = await start();
    await waitForCleanStore();
    await checkListingUnchanged(restarted);
  });

  it('takes the same photos again after the restarts, whole', async () => {
    const running = app!;
    const form = photoForm(batch);
    const status = await upload(
      running,
      heldBody(form, form.chunks.length).stream,
      form.contentType,
    );
    expect(status).toBe(201);

    const rows = await photoRows();
    expect(rows.map((row) => row.label)).toEqual([...LABELS]);
    // The two old photos were replaced in their slots: their rows and files are gone.
    expect(rows.map((row) => row.id)).not.toContain(before[0]!.id);
    expect(rows.map((row) => row.id)).not.toContain(before[1]!.id);
    const expected = rows.flatMap((row) => row.keys).sort();
    expect(await mediaFiles(mediaDir)).toEqual(expected);
    expect(await journalKeys()).toEqual([]);

    const view = await ownerView(running);
    // Address and every required photo: awaiting review.
    expect(view.status).toBe('pending');
    expect(view.missingPictureLabels ?? []).toEqual([]);
    expect(view.photos.map((photo) => photo.id)).toEqual(rows.map((row) => row.id));
  });
});
