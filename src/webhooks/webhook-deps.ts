import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { defaultQueuePoolSize } from '../config/config-input';
import type { Database } from '../db/database';
import { assertSecretsKeyMatches } from '../secrets/secrets-key-check';
import { loadSecretBox } from '../secrets/secrets-key';
import { DeliveryQueue } from './delivery/delivery-queue';
import type { DestinationPolicy } from './destination-guard';
import type { WebhookDeps } from './webhook.service';

export function destinationPolicy(config: Pick<AppConfig, 'nodeEnv' | 'webhooks'>): DestinationPolicy {
  return { allowPrivateNetworks: config.webhooks.allowPrivateNetworks, requireHttps: config.nodeEnv === 'production' };
}

/** The secrets key (checked against the database's), the destination policy and the job queue (opened on first use). */
export async function webhookDeps(
  config: Pick<AppConfig, 'nodeEnv' | 'webhooks' | 'secretsKey' | 'dataDir' | 'worker' | 'queuePoolSize'>,
  database: Pick<Database, 'dataSource' | 'directUrl'>,
  logger: Logger,
): Promise<WebhookDeps> {
  const secrets = await loadSecretBox(config);
  await assertSecretsKeyMatches(database.dataSource, secrets);
  return {
    secrets,
    policy: destinationPolicy(config),
    queue: new DeliveryQueue(database.directUrl, logger, { supervise: config.worker, poolSize: config.queuePoolSize ?? defaultQueuePoolSize(config.worker) }),
  };
}
