import path from 'node:path';
import type { Page, WebSocket as BrowserSocket } from 'playwright-core';
import { EXPLORER_ASSETS_HASH, RURU_VERSION } from '../../src/http/explorer/paths';
import { launchOfflineBrowser, type OfflineBrowser } from '../support/browser';
import { createAccount } from '../support/fixtures';
import { subscribersOpen } from '../support/subscriptions';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';

/**
 * The pages a person opens, in a real (headless) browser that can reach nothing but this server:
 * each must render and work offline. Screenshots are saved under the OS temp directory and their
 * paths printed.
 */

const WORKSPACE_NAME = 'Explorer browser workspace';
// Launching Chromium and a first load of the explorer (1.2 MB of script, three workers) on a busy CI machine.
const TEST_TIMEOUT_MS = 90_000;

let app: TestApp;
let ws: Workspace;
let browser: OfflineBrowser;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace(WORKSPACE_NAME);
  browser = await launchOfflineBrowser();
}, TEST_TIMEOUT_MS);

afterAll(async () => {
  if (browser?.pageErrors.length) console.log(`errors in the pages:\n${browser.pageErrors.join('\n')}`);
  await browser?.close();
  await app?.close();
}, TEST_TIMEOUT_MS);

afterEach(() => {
  // Every page must have worked without anything from outside this server.
  if (browser) expect(browser.externalRequests).toEqual([]);
});

async function screenshot(page: Page, name: string): Promise<void> {
  const file = path.join(browser.screenshotDir, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`screenshot: ${file}`);
}

/** The text a Monaco editor shows, its non-breaking spaces made plain. */
async function editorText(page: Page, editor: string): Promise<string> {
  return (await page.locator(`${editor} .view-lines`).innerText()).replace(/\u00a0/g, ' ');
}

/**
 * Replaces the whole content of a Monaco editor by typing it, key by key, as a person would: the
 * brackets and quotes Monaco closes on its own are typed over.
 */
async function typeInEditor(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text);
  // Monaco draws the last keys on a later frame.
  await page.locator(`${editor} .view-lines`).filter({ hasText: text }).waitFor();
}

/**
 * Replaces the whole content of a Monaco editor by pasting text into it: all at once, so Monaco's
 * bracket closing and completion, which act on each key typed, leave it as it is.
 */
async function pasteInEditor(page: Page, editor: string, text: string): Promise<void> {
  await page.locator(`${editor} .view-lines`).click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.insertText(text);
  // Monaco draws the change on a later frame.
  await page.locator(`${editor} .view-lines`).filter({ hasText: text }).waitFor();
}

/**
 * Waits until GraphiQL has stored a run of an operation holding `operation`: in its history (added
 * as the run starts) and in the tabs (written half a second after each change; never the result).
 */
async function storedRun(page: Page, operation: string): Promise<void> {
  await page.waitForFunction((text) => {
    const storage = (globalThis as { localStorage?: { getItem(name: string): string | null } }).localStorage;
    const history = storage?.getItem('graphiql:queries');
    const tabs = storage?.getItem('graphiql:tabState');
    const runs = history ? (JSON.parse(history) as { queries: { query?: string }[] }).queries : [];
    return runs.some((run) => run.query?.includes(text)) && Boolean(tabs?.includes(text));
  }, operation);
}

/**
 * Everything the page's origin keeps in the browser, as one text: localStorage, sessionStorage and
 * every record of every IndexedDB database. (Evaluated in the page, where these exist.)
 */
async function everythingStored(page: Page): Promise<string> {
  return page.evaluate(`(async () => {
    const dump = (storage) => Object.fromEntries(Object.keys(storage).map((name) => [name, storage.getItem(name)]));
    const databases = [];
    for (const { name } of await indexedDB.databases()) {
      const db = await new Promise((resolve, reject) => { const open = indexedDB.open(name); open.onsuccess = () => resolve(open.result); open.onerror = () => reject(open.error); });
      const stores = {};
      for (const store of db.objectStoreNames) {
        stores[store] = await new Promise((resolve, reject) => { const all = db.transaction(store).objectStore(store).getAll(); all.onsuccess = () => resolve(all.result); all.onerror = () => reject(all.error); });
      }
      db.close();
      databases.push({ name, stores });
    }
    return JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage), databases });
  })()`);
}

// GraphiQL's Monaco editors, told apart by the model each edits.
const QUERY_EDITOR = '.monaco-editor[data-uri$="-operation.graphql"]';
const HEADERS_EDITOR = '.monaco-editor[data-uri$="-request-headers.json"]';
const RESULT_EDITOR = '.monaco-editor[data-uri$="-response.json"]';

describe('GET /graphql (the explorer)', () => {
  it(
    'shows the docs without a key, and runs a query with the key typed in the Headers tab',
    async () => {
      const page = await browser.newPage();
      const loaded: string[] = [];
      page.on('response', (response) => loaded.push(`${response.status()} ${new URL(response.url()).pathname}`));
      const answer = await page.goto(`${app.baseUrl}/graphql`);
      expect(answer?.status()).toBe(200);

      // Ruru has started: the operation editor is a Monaco editor holding our default operation.
      await page.locator(QUERY_EDITOR).waitFor();
      expect(await editorText(page, QUERY_EDITOR)).toContain('organisation');

      // The Headers tab is open and holds the placeholder.
      await page.locator(HEADERS_EDITOR).waitFor();
      const headers = await editorText(page, HEADERS_EDITOR);
      expect(headers).toContain('"X-API-Key": "<your workspace API key>"');

      // The docs come from the schema, before any key was given.
      await page.getByRole('button', { name: 'Show Documentation Explorer' }).click();
      const docs = page.locator('.graphiql-doc-explorer');
      await docs.getByText('Query', { exact: true }).first().waitFor();
      await docs.getByText('Query', { exact: true }).first().click();
      await docs.getByText('organisation', { exact: true }).first().waitFor();
      await screenshot(page, 'explorer-docs');

      const headersWithKey = JSON.stringify({ 'X-API-Key': ws.key });
      await typeInEditor(page, HEADERS_EDITOR, headersWithKey);
      expect(await editorText(page, HEADERS_EDITOR)).toBe(headersWithKey);
      // The operation is the page's own example: { organisation { id name organizationCode } }.
      await page.locator('.graphiql-execute-button').click();

      await page.locator(RESULT_EDITOR).getByText(WORKSPACE_NAME).waitFor();
      const shown = await editorText(page, RESULT_EDITOR);
      expect(shown).toContain(`"name": "${WORKSPACE_NAME}"`);
      // (A long line may be wrapped on screen.)
      expect(shown).toContain('"organizationCode":');
      expect(shown).toContain(`"${ws.organizationCode}"`);
      expect(shown).toContain(`"gid://partner-api/Organisation/${ws.organisationId}"`);
      await screenshot(page, 'explorer-result');

      // All of it ran from the page's own modules (served under a hash of their content), which
      // also gave Monaco its web workers from Ruru's files (assets/ruru-start.js).
      const pageAssets = `/graphql/explorer/page-${EXPLORER_ASSETS_HASH}/`;
      expect(loaded).toEqual(expect.arrayContaining([`200 ${pageAssets}explorer.js`, `200 ${pageAssets}subscriptions.js`, `200 ${pageAssets}key-free-storage.js`]));
      const workers = page.workers().map((worker) => new URL(worker.url()).pathname);
      expect(workers).toEqual(expect.arrayContaining([`/graphql/explorer/ruru-${RURU_VERSION}/graphqlWorker.js`, `/graphql/explorer/ruru-${RURU_VERSION}/jsonWorker.js`]));

      // Run again: GraphiQL's history keeps each run with the headers it was sent with (the first
      // may still carry the placeholder: the tab takes the Headers editor's text 100 ms late; runs
      // alike make one entry). No storage of the page holds the key: not the history, not the
      // tabs, not sessionStorage, not IndexedDB.
      await page.locator('.graphiql-execute-button').click();
      await page.locator(RESULT_EDITOR).getByText(WORKSPACE_NAME).waitFor();
      await storedRun(page, 'organizationCode');
      const stored = await everythingStored(page);
      expect(stored).toContain('organizationCode');
      expect(stored).not.toContain(ws.key);
      expect(stored).not.toContain(ws.key.slice(4, 20));

      expect(browser.pageErrors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('a subscription in the explorer', () => {
  const SUBSCRIPTION = 'subscription { events { id type data } }';

  /** Opens the explorer with this key in the Headers tab and `SUBSCRIPTION` in the operation editor. */
  async function explorerWith(key: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${app.baseUrl}/graphql`);
    await page.locator(QUERY_EDITOR).waitFor();
    await page.locator(HEADERS_EDITOR).waitFor();
    await typeInEditor(page, HEADERS_EDITOR, JSON.stringify({ 'X-API-Key': key }));
    await pasteInEditor(page, QUERY_EDITOR, SUBSCRIPTION);
    expect(await editorText(page, QUERY_EDITOR)).toBe(SUBSCRIPTION);
    return page;
  }

  it(
    'streams each event of the workspace into the result pane over graphql-ws, until stopped; no key is stored',
    async () => {
      const page = await explorerWith(ws.key);
      const sockets: BrowserSocket[] = [];
      page.on('websocket', (socket) => sockets.push(socket));
      // (The page tells a subscription from the text it sends, not from GraphiQL's parse of the
      // editor, which lags 100 ms behind typing.)
      await page.locator('.graphiql-execute-button').click();
      // Running, the button stops the operation; the server holds the subscription before the write.
      await page.getByRole('button', { name: /^Stop query/ }).waitFor();
      await subscribersOpen(app, 1);
      // One socket, to this server's /graphql.
      expect(sockets.map((socket) => socket.url())).toEqual([`${app.baseUrl.replace(/^http/, 'ws')}/graphql`]);

      await createAccount(ws, 'Streamed to the explorer');
      await page.locator(RESULT_EDITOR).getByText('Streamed to the explorer').waitFor();
      const first = await editorText(page, RESULT_EDITOR);
      expect(first).toContain('"type": "advertiser_account_created"');
      expect(first).not.toContain('"errors"');

      // The next event replaces it, on the same subscription.
      await createAccount(ws, 'Second over the same socket');
      await page.locator(RESULT_EDITOR).getByText('Second over the same socket').waitFor();
      expect(await editorText(page, RESULT_EDITOR)).toContain('"type": "advertiser_account_created"');
      await screenshot(page, 'explorer-subscription');

      // Stop completes the subscription on the server, and the socket, serving nothing more, closes.
      await page.getByRole('button', { name: /^Stop query/ }).click();
      await page.getByRole('button', { name: /^Execute query/ }).waitFor();
      await subscribersOpen(app, 0);
      if (!sockets[0].isClosed()) await sockets[0].waitForEvent('close');
      expect(sockets).toHaveLength(1);

      await storedRun(page, 'events { id type data }');
      const stored = await everythingStored(page);
      expect(stored).toContain('events');
      expect(stored).not.toContain(ws.key);
      expect(stored).not.toContain(ws.key.slice(4, 20));
      expect(browser.pageErrors.filter((error) => /Content Security Policy/i.test(error))).toEqual([]);
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows why the server refused the socket: a key it does not know closes it with 4403',
    async () => {
      const page = await explorerWith('cpk_not_a_key_the_server_issued');
      await page.locator('.graphiql-execute-button').click();
      await page.locator(RESULT_EDITOR).getByText('4403').waitFor();
      // (A long line may be wrapped on screen.)
      expect((await editorText(page, RESULT_EDITOR)).replace(/\s+/g, ' ')).toContain('"message": "The WebSocket closed (4403): Forbidden: API key is invalid"');
      await page.getByRole('button', { name: /^Execute query/ }).waitFor();
      await screenshot(page, 'explorer-subscription-refused');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('GET / (the landing page)', () => {
  it(
    'lists the explorer, the REST reference, the OpenAPI document and the schema',
    async () => {
      const page = await browser.newPage();
      const answer = await page.goto(`${app.baseUrl}/`);
      expect(answer?.status()).toBe(200);
      await page.getByRole('heading', { name: 'Campaign partner API' }).waitFor();
      for (const href of ['/graphql', '/docs', '/v2/openapi.json', '/schema.graphql']) {
        await expect(page.locator(`a[href="${href}"]`).isVisible()).resolves.toBe(true);
      }
      await screenshot(page, 'landing');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});

describe('GET /docs (the REST reference)', () => {
  it(
    'renders its title and the list of operations',
    async () => {
      const page = await browser.newPage();
      const answer = await page.goto(`${app.baseUrl}/docs`);
      expect(answer?.status()).toBe(200);
      await page.locator('.swagger-ui .info .title').waitFor();
      await page.locator('.swagger-ui .opblock').first().waitFor();
      await screenshot(page, 'docs');
      await page.close();
    },
    TEST_TIMEOUT_MS,
  );
});
