import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { defaultQueuePoolSize } from '../config/config-defaults';
import type { Database } from '../db/database';
import { assertSecretsKeyMatches } from '../secrets/secrets-key-check';
import { loadSecretBox } from '../secrets/secrets-key';
import { DeliveryQueue } from './delivery/delivery-queue';
import type { DestinationPolicy } from './destination-guard';
import type { WebhookDeps } from './webhook.service';

export function destinationPolicy(config: Pick<AppConfig, 'nodeEnv' | 'webhooks'>): DestinationPolicy {
  return { allowPrivateNetworks: config.webhooks.allowPrivateNetworks, requireHttps: config.nodeEnv === 'production' };
}

type WebhookDepsConfig = Pick<AppConfig, 'nodeEnv' | 'webhooks' | 'secretsKey' | 'dataDir' | 'worker' | 'queuePoolSize'>;

/** The secrets key (checked against the database's), the destination policy and the job queue (opened on first use). */
export async function webhookDeps(config: WebhookDepsConfig, database: Pick<Database, 'dataSource' | 'directUrl'>, logger: Logger): Promise<WebhookDeps> {
  const deps = await uncheckedWebhookDeps(config, database, logger);
  await assertSecretsKeyMatches(database.dataSource, deps.secrets);
  return deps;
}

/**
 * The same, the key not yet checked: for a server that starts on a database still without its
 * schema (MIGRATE_ON_START=false), which checks the key (assertSecretsKeyMatches) once the
 * migrations are in, before it serves anything that seals or opens a secret.
 */
export async function uncheckedWebhookDeps(config: WebhookDepsConfig, database: Pick<Database, 'directUrl'>, logger: Logger): Promise<WebhookDeps> {
  const secrets = await loadSecretBox(config);
  return {
    secrets,
    policy: destinationPolicy(config),
    queue: new DeliveryQueue(database.directUrl, logger, { supervise: config.worker, poolSize: config.queuePoolSize ?? defaultQueuePoolSize(config.worker) }),
  };
}
