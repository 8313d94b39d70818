import { operatorContext } from '../../src/common/request-context';
import { createServices } from '../../src/app/services';
import { seedDemo } from '../../src/cli/seed-demo';
import { loadConfig } from '../../src/config/config';
import { openDatabase } from '../../src/db/database';
import { createLogger } from '../../src/logging/logger';
import { webhookDeps } from '../../src/webhooks/webhook-deps';
import { WebhookInput } from '../../src/webhooks/webhook.input';

export interface BenchWorkspace {
  key: string;
  organisationId: number;
  campaigns: number;
}

/**
 * Migrates PostgreSQL directly, seeds the demo workspace (`campaigns` campaigns × 3 phases × 4
 * contents × 2 distributions) with its key, and points a webhook for `advertiser_account_created`
 * at the receiver; then runs ANALYZE, as a long-running database has its statistics.
 */
export async function seedWorkspace(directUrl: string, secretsKey: string, receiverUrl: string, campaigns: number): Promise<BenchWorkspace> {
  const logger = createLogger('warn', process.stderr);
  // The receiver is on loopback over http: allowed outside production, as for the workers.
  const config = loadConfig({ DATABASE_URL: directUrl, SECRETS_KEY: secretsKey, LOG_LEVEL: 'silent', NODE_ENV: 'development', WORKER: 'false', WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' });
  const database = await openDatabase(config, logger);
  const deps = await webhookDeps(config, database, logger);
  try {
    const services = createServices(database.dataSource, deps);
    const demo = await seedDemo(services, campaigns);
    const organisation = await services.organisations.findByCode(demo.organization_code);
    const ctx = operatorContext(organisation.id, organisation.organizationCode, 'bench:cluster');
    await services.webhooks.create(ctx, Object.assign(new WebhookInput(), { name: 'bench:cluster receiver', url: receiverUrl, events: ['advertiser_account_created'] }));
    await database.dataSource.query('ANALYZE');
    return { key: demo.key, organisationId: organisation.id, campaigns: demo.campaigns };
  } finally {
    await deps.queue.stop();
    await database.close();
  }
}
