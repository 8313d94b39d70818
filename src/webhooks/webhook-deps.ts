import type { Logger } from 'pino';
import type { AppConfig } from '../config/config';
import { loadSecretBox } from '../secrets/secrets-key';
import { DeliveryQueue } from './delivery/delivery-queue';
import type { DestinationPolicy } from './destination-guard';
import type { WebhookDeps } from './webhook.service';

export function destinationPolicy(config: Pick<AppConfig, 'nodeEnv' | 'webhooks'>): DestinationPolicy {
  return { allowPrivateNetworks: config.webhooks.allowPrivateNetworks, requireHttps: config.nodeEnv === 'production' };
}

/** The secrets key, the destination policy and the job queue (opened on first use), from the settings. */
export async function webhookDeps(
  config: Pick<AppConfig, 'nodeEnv' | 'webhooks' | 'secretsKey' | 'dataDir' | 'worker'>,
  databaseUrl: string,
  logger: Logger,
): Promise<WebhookDeps> {
  return {
    secrets: await loadSecretBox(config),
    policy: destinationPolicy(config),
    queue: new DeliveryQueue(databaseUrl, logger, { supervise: config.worker, poolSize: config.worker ? 10 : 3 }),
  };
}
