import type { DataSource } from 'typeorm';
import { startApp, type RunningApp } from '../../src/app/start-app';
import type { AppConfig } from '../../src/config/config';
import { ApiKeyService } from '../../src/api-keys/api-key.service';
import { createLogger } from '../../src/logging/logger';
import { OrganisationService } from '../../src/organisations/organisation.service';
import { apiClient, type ApiClient, TEST_LIMITS, TEST_SECRETS_KEY, type Workspace } from '../support/test-app';
import { freshDatabase } from '../support/test-database';

/**
 * A real server over a fresh database, like startTestApp, that also hands back what startApp
 * returns: the metrics listener's bound port is only known there.
 */
export interface MetricsTestApp {
  running: RunningApp;
  baseUrl: string;
  /** `http://127.0.0.1:<bound port>/metrics`; undefined when the app runs without METRICS_PORT. */
  metricsUrl: string | undefined;
  dataSource: DataSource;
  workspace(): Promise<Workspace>;
  close(): Promise<void>;
}

let counter = 0;

export async function startMetricsTestApp(overrides: Partial<AppConfig> = {}): Promise<MetricsTestApp> {
  const database = await freshDatabase();
  const config: AppConfig = {
    port: 0,
    host: '127.0.0.1',
    databaseUrl: database.url,
    dataDir: '/nonexistent',
    logLevel: 'silent',
    nodeEnv: 'test',
    publicUrl: undefined,
    worker: false,
    secretsKey: TEST_SECRETS_KEY,
    webhooks: { retrySchedule: [1, 1, 1], allowPrivateNetworks: true, timeoutMs: 2_000, disableAfterSeconds: 5 * 24 * 60 * 60 },
    limits: TEST_LIMITS,
    metrics: { port: 0, host: '127.0.0.1' },
    ...overrides,
  };
  const running = await startApp(config, createLogger(config.logLevel));
  const address = running.server.addresses().find((a) => typeof a === 'object');
  const baseUrl = `http://127.0.0.1:${address?.port}`;
  const dataSource = running.database.dataSource;
  return {
    running,
    baseUrl,
    metricsUrl: running.metrics?.url,
    dataSource,
    async workspace() {
      counter += 1;
      const organisation = await new OrganisationService(dataSource).create(`Metrics workspace ${counter}`);
      const issued = await new ApiKeyService(dataSource).issue(organisation, 'test');
      const api: ApiClient = apiClient(baseUrl, { 'x-api-key': issued.key });
      return { organisationId: organisation.id, organizationCode: organisation.organizationCode, key: issued.key, apiKeyId: issued.id, api };
    },
    close: async () => {
      await running.stop();
      await database.drop();
    },
  };
}
