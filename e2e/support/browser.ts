import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { DATA_SAVER_COOKIE } from '@makazi/contracts/common-values';
import { clientAddress, forwardedFor } from './client-address';

const screenshotDir = fileURLToPath(new URL('../.tmp', import.meta.url));

// Flags Chromium needs to run as root in a container without a GPU, and to stay off the network.
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function baseUrl(): string {
  return inject('baseUrl');
}

export interface Session {
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}

export async function openSession(
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** False: a browser with JavaScript off, which sees only what the server rendered. */
    javaScriptEnabled?: boolean;
    /** Another app than the suite's (a spec's own server). */
    baseURL?: string;
    /**
     * 'allow' for the specs of the service worker and offline use. Every other spec runs without
     * one, as a first visit does: a worker's copies would stand between the spec and the server,
     * and its own requests do not carry the spec's client address.
     */
    serviceWorkers?: 'allow' | 'block';
    /**
     * A profile on disk, as a person's browser has: Chrome offers to install an app only outside
     * incognito, which every other context is.
     */
    persistentProfile?: boolean;
    /**
     * The data saver as if the person had chosen it. Off by default: whatever the machine's
     * network estimate (a 3G estimate turns it on), the specs see the same pages.
     */
    dataSaver?: boolean;
  } = {},
): Promise<Session> {
  const launch = {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  };
  // The language and storage every spec starts from are explicit.
  const contextOptions = {
    baseURL: options.baseURL ?? baseUrl(),
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1366, height: 900 },
    extraHTTPHeaders: forwardedFor(clientAddress()),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    serviceWorkers: options.serviceWorkers ?? 'block',
  };
  let context: BrowserContext;
  let closeBrowser: () => Promise<void>;
  if (options.persistentProfile) {
    const profile = mkdtempSync(path.join(tmpdir(), 'makazi-e2e-profile-'));
    context = await chromium.launchPersistentContext(profile, { ...launch, ...contextOptions });
    closeBrowser = () => Promise.resolve(rmSync(profile, { recursive: true, force: true }));
  } else {
    const browser: Browser = await chromium.launch(launch);
    context = await browser.newContext(contextOptions);
    closeBrowser = () => browser.close();
  }
  context.setDefaultTimeout(15_000);
  await context.addCookies([
    {
      name: DATA_SAVER_COOKIE,
      value: options.dataSaver ? 'on' : 'off',
      url: contextOptions.baseURL,
    },
  ]);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await closeBrowser();
    },
  };
}

/** Saves a full-page screenshot into e2e/.tmp for a human to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** GET a JSON API route of the running app. */
export async function apiGet<T>(route: string): Promise<T> {
  const response = await fetch(`${baseUrl()}${route}`);
  if (!response.ok) throw new Error(`GET ${route} answered ${response.status}`);
  return (await response.json()) as T;
}
