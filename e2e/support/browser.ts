import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
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
  browser: Browser;
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
  } = {},
): Promise<Session> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs,
  });
  // A context first, then its page: the language and storage every spec starts from are explicit.
  const context = await browser.newContext({
    baseURL: options.baseURL ?? baseUrl(),
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1366, height: 900 },
    extraHTTPHeaders: forwardedFor(clientAddress()),
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
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
