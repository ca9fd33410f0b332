/*
 * What a first visit to /home costs a phone in bytes, with data saver off and on: the built server
 * on a fresh embedded database with the demo listings and photos (as bench/lighthouse.ts serves
 * it), Chromium with a fresh profile emulating a mid Android phone (360×640 at DPR 2), every
 * response's bytes on the wire (CDP Network.loadingFinished encodedDataLength) summed by resource
 * type once the network has been idle.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { repoRoot, startApp } from './app-process';
import { CHROME_FLAGS } from './headless-chrome';
import type {
  FirstVisitBytesReport,
  FirstVisitMode,
  FirstVisitRun,
  ResourceBytes,
} from './first-visit-bytes-report';

const PAGE = '/home';
const DEVICE = {
  width: 360,
  height: 640,
  deviceScaleFactor: 2,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** Network idle: no request for this long (lazy images start as layout settles). */
const IDLE_MS = 1_500;

/**
 * navigator.connection as a phone that asks to save data has it, before any script runs (no CDP
 * command sets it). A string: a function would be sent as tsx compiled it, helpers and all.
 */
const EMULATE_SAVE_DATA = `(() => {
  const proto = globalThis.NetworkInformation && globalThis.NetworkInformation.prototype;
  if (proto) Object.defineProperty(proto, 'saveData', { get: () => true, configurable: true });
  else Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
})()`;

interface Pending {
  url: string;
  type: string;
}

async function visit(
  browser: Browser,
  baseUrl: string,
  mode: FirstVisitMode,
): Promise<FirstVisitRun> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setUserAgent(DEVICE.userAgent);
    await page.setViewport({
      width: DEVICE.width,
      height: DEVICE.height,
      deviceScaleFactor: DEVICE.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
    });
    if (mode === 'on') {
      await page.setExtraHTTPHeaders({ 'Save-Data': 'on' });
      await page.evaluateOnNewDocument(EMULATE_SAVE_DATA);
    }
    const cdp = await page.createCDPSession();
    await cdp.send('Network.enable');
    const pending = new Map<string, Pending>();
    const done: ResourceBytes[] = [];
    cdp.on('Network.requestWillBeSent', (event) => {
      pending.set(event.requestId, { url: event.request.url, type: event.type ?? 'Other' });
    });
    cdp.on('Network.loadingFinished', (event) => {
      const request = pending.get(event.requestId);
      if (!request) return;
      pending.delete(event.requestId);
      done.push({ ...request, bytes: event.encodedDataLength });
    });
    cdp.on('Network.loadingFailed', (event) => {
      pending.delete(event.requestId);
    });
    await page.goto(`${baseUrl}${PAGE}`, { waitUntil: 'networkidle0', timeout: 120_000 });
    await page.waitForNetworkIdle({ idleTime: IDLE_MS, timeout: 60_000 });
    if (mode === 'on') {
      const saveData = await page.evaluate('navigator.connection && navigator.connection.saveData');
      if (saveData !== true) throw new Error('navigator.connection.saveData was not emulated');
      const switchOn = await page.evaluate(
        `document.querySelector('[role="switch"]')?.getAttribute('aria-checked')`,
      );
      if (switchOn !== 'true') throw new Error('the page was not rendered for data saver');
    }
    await cdp.detach();

    const byType: FirstVisitRun['byType'] = {};
    for (const resource of done) {
      const entry = (byType[resource.type] ??= { bytes: 0, count: 0 });
      entry.bytes += resource.bytes;
      entry.count += 1;
    }
    const strip = (url: string) => url.replace(baseUrl, '');
    return {
      mode,
      how: mode === 'on' ? 'Save-Data: on, navigator.connection.saveData' : 'no signal',
      totalBytes: done.reduce((sum, resource) => sum + resource.bytes, 0),
      requests: done.length,
      byType,
      largest: [...done]
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 10)
        .map((resource) => ({ ...resource, url: strip(resource.url) })),
    };
  } finally {
    await context.close();
  }
}

/** Serves the product with demo data and measures a first visit to /home without and with data saver. */
export async function benchFirstVisitBytes(
  machine: FirstVisitBytesReport['machine'],
  chromePath: string,
): Promise<FirstVisitBytesReport> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'makazi-bench-first-visit-'));
  try {
    const dataDir = path.join(workDir, 'data');
    mkdirSync(dataDir);
    const tmpDir = path.join(repoRoot, 'bench/.tmp');
    mkdirSync(tmpDir, { recursive: true });
    const app = await startApp(
      {
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SEED_DEMO: 'true',
        MEDIA_STORAGE: 'disk',
        WEB_DIST_DIR: path.join(repoRoot, 'apps/web/dist'),
        LOG_LEVEL: 'warn',
      },
      path.join(tmpDir, 'first-visit-bytes-server.log'),
    );
    try {
      const runs: FirstVisitRun[] = [];
      for (const mode of ['off', 'on'] as const) {
        // A fresh profile for each: nothing cached, no cookie, no client hints remembered.
        const profile = mkdtempSync(path.join(workDir, `chromium-${mode}-`));
        const browser = await puppeteer.launch({
          executablePath: chromePath,
          args: CHROME_FLAGS,
          userDataDir: profile,
          headless: true,
        });
        try {
          runs.push(await visit(browser, app.baseUrl, mode));
        } finally {
          await browser.close();
        }
      }
      return {
        date: new Date().toISOString(),
        machine,
        page: PAGE,
        device: DEVICE,
        runs,
      };
    } finally {
      await app.stop();
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}
