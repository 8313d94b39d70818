import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { startApp, type RunningApp } from '../../src/app/start-app';
import type { AppConfig, LimitSettings } from '../../src/config/config';
import { DEFAULT_LIMITS } from '../../src/config/config-defaults';
import { createLogger } from '../../src/logging/logger';
import { createServices, type Services } from '../../src/app/services';
import type { KeyOptions } from '../../src/api-keys/api-key.service';
import { webhookDeps } from '../../src/webhooks/webhook-deps';
import { assertRecordedEventsMatchCatalogue } from './event-schemas';
import { assertMatchesContract } from './openapi-contract';
import { freshDatabase } from './test-database';

export interface TestApp {
  baseUrl: string;
  /** The file's own database, for child processes (the admin CLI) that must see the same rows. */
  databaseUrl: string;
  dataSource: DataSource;
  services: Services;
  /** What startApp returned (the metrics listener, when METRICS_PORT is set, is only known there). */
  running: RunningApp;
  /** `http://127.0.0.1:<bound port>/metrics`; undefined when the app runs without a metrics listener. */
  metricsUrl: string | undefined;
  /** A new workspace with its own API key (every scope unless `key` says otherwise), made the way the admin CLI makes them. */
  workspace(name?: string, key?: KeyOptions): Promise<Workspace>;
  /** Another key of the workspace, with its own scopes or expiry. */
  keyFor(workspace: Workspace, options: KeyOptions): Promise<WorkspaceKey>;
  close(): Promise<void>;
}

export interface WorkspaceKey {
  key: string;
  apiKeyId: number;
  api: ApiClient;
}

export interface Workspace extends WorkspaceKey {
  organisationId: number;
  organizationCode: string;
}

export interface ApiResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface ApiClient {
  get<T = AnyBody>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  post<T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  put<T = AnyBody>(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  delete<T = AnyBody>(path: string, headers?: Record<string, string>): Promise<ApiResponse<T>>;
  graphql<T = AnyBody>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<ApiResponse<T>>;
}

/** Response bodies are JSON of any shape; tests assert on them field by field. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyBody = any;

let counter = 0;

/** A fixed key for the tests' sealed secrets; real deployments set SECRETS_KEY or get a generated one. */
export const TEST_SECRETS_KEY = 'a'.repeat(64);

/**
 * Limits of test apps: the suite sends many requests per key quickly, and a busy jest worker must
 * not shed requests; test/http/limits.test.ts overrides them.
 */
export const TEST_LIMITS: LimitSettings = { ...DEFAULT_LIMITS, rateLimitMax: 1_000_000, maxEventLoopDelayMs: 0, maxHeapUsedBytes: 0 };

/**
 * A real server on a free port over a fresh real database: tests go through HTTP like a partner.
 * Overrides may depend on the fresh database's URL (to reach it through a pooler, say).
 */
export async function startTestApp(settings: Partial<AppConfig> | ((databaseUrl: string) => Partial<AppConfig>) = {}): Promise<TestApp> {
  const database = await freshDatabase();
  const databaseUrl = database.url;
  const overrides = typeof settings === 'function' ? settings(databaseUrl) : settings;
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl,
    dataDir: '/nonexistent',
    logLevel: 'silent',
    nodeEnv: 'test',
    publicUrl: undefined,
    // The webhook worker runs where a test asks for it (test/webhooks): elsewhere its relay would
    // mark events relayed behind the back of tests that compare table snapshots.
    worker: false,
    secretsKey: TEST_SECRETS_KEY,
    webhooks: { retrySchedule: [1, 1, 1], allowPrivateNetworks: true, timeoutMs: 2_000, disableAfterSeconds: 5 * 24 * 60 * 60 },
    limits: TEST_LIMITS,
    ...overrides,
  };
  const running: RunningApp = await startApp(config, createLogger(config.logLevel));
  const address = running.server.addresses().find((a) => typeof a === 'object');
  const baseUrl = `http://127.0.0.1:${address?.port}`;
  const testWebhookDeps = await webhookDeps(config, running.database, createLogger('silent'));
  const services = createServices(running.database.dataSource, testWebhookDeps);

  return {
    baseUrl,
    databaseUrl,
    dataSource: running.database.dataSource,
    services,
    running,
    metricsUrl: running.metrics?.url,
    async workspace(name?: string, key: KeyOptions = {}) {
      counter += 1;
      const organisation = await services.organisations.create(name ?? `Workspace ${counter}`);
      const issued = await services.apiKeys.issue(organisation, { label: 'test', ...key });
      return {
        organisationId: organisation.id,
        organizationCode: organisation.organizationCode,
        key: issued.key,
        apiKeyId: issued.id,
        api: apiClient(baseUrl, { 'x-api-key': issued.key }),
      };
    },
    async keyFor(workspace: Workspace, options: KeyOptions) {
      const organisation = await services.organisations.findByCode(workspace.organizationCode);
      const issued = await services.apiKeys.issue(organisation, { label: 'test', ...options });
      return { key: issued.key, apiKeyId: issued.id, api: apiClient(baseUrl, { 'x-api-key': issued.key }) };
    },
    close: async () => {
      await testWebhookDeps.queue.stop();
      await running.stop();
      try {
        // Once nothing writes any more: every event the file's app recorded, against its catalogue entry.
        await assertRecordedEventsMatchCatalogue(databaseUrl);
      } finally {
        await database.drop();
      }
    },
  };
}

export function apiClient(baseUrl: string, defaultHeaders: Record<string, string> = {}): ApiClient {
  async function send<T>(method: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const init: RequestInit = { method, headers: { ...defaultHeaders, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      init.headers = { 'content-type': 'application/json', ...init.headers };
    }
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep the raw text: a test asserting JSON will fail on it visibly
    }
    assertMatchesContract(method, path, response.status, parsed);
    return { status: response.status, headers: response.headers, body: parsed as T };
  }
  return {
    get: (path, headers) => send('GET', path, undefined, headers),
    post: (path, body, headers) => send('POST', path, body ?? {}, headers),
    put: (path, body, headers) => send('PUT', path, body ?? {}, headers),
    delete: (path, headers) => send('DELETE', path, undefined, headers),
    graphql: (query, variables, headers) => send('POST', '/graphql', { query, variables }, headers),
  };
}
