import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chromiumPath } from './browser-path';

/**
 * Headless Chromium (from the `@sparticuz/chromium` npm package, unpacked by the global setup)
 * that may reach the loopback server only. Every other request is aborted and recorded, so a test
 * can fail on it: a page that asks for anything outside this server would not work offline.
 */

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Bounded waits: generous for a busy CI machine, short enough that a broken page fails the test rather than hangs it. */
export const BROWSER_TIMEOUT_MS = 20_000;

export interface OfflineBrowser {
  context: BrowserContext;
  /** Requests to anywhere but 127.0.0.1, aborted. */
  externalRequests: string[];
  /** Console errors and uncaught exceptions of every page, to show why a page broke. */
  pageErrors: string[];
  newPage(): Promise<Page>;
  /** Where screenshots go (a fresh directory under the OS temp directory). */
  screenshotDir: string;
  close(): Promise<void>;
}

function isLoopback(url: string): boolean {
  try {
    return new URL(url).hostname === '127.0.0.1';
  } catch {
    return false;
  }
}

export async function launchOfflineBrowser(): Promise<OfflineBrowser> {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'cpa-chromium-profile-'));
  const screenshotDir = await mkdtemp(path.join(os.tmpdir(), 'cpa-explorer-screenshots-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
    headless: true,
    viewport: { width: 1400, height: 900 },
    timeout: BROWSER_TIMEOUT_MS,
  });
  context.setDefaultTimeout(BROWSER_TIMEOUT_MS);
  const externalRequests: string[] = [];
  const pageErrors: string[] = [];
  // data: and blob: URLs never reach the network; everything else must be the loopback server.
  await context.route(
    (url) => url.protocol !== 'data:' && url.protocol !== 'blob:',
    (route) => {
      const url = route.request().url();
      if (isLoopback(url)) return route.continue();
      externalRequests.push(url);
      return route.abort('blockedbyclient');
    },
  );
  context.on('request', (request) => {
    const url = request.url();
    if (!isLoopback(url) && !url.startsWith('data:') && !url.startsWith('blob:') && !externalRequests.includes(url)) externalRequests.push(url);
  });
  context.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
  });
  context.on('weberror', (error) => pageErrors.push(`uncaught: ${error.error().message}`));

  return {
    context,
    externalRequests,
    pageErrors,
    screenshotDir,
    newPage: () => context.newPage(),
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
