import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId, groupedBy } from '../graphql/loader-kit';
import type { Webhook } from './webhook.entity';
import type { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';
import type { WebhookDelivery } from './webhook-delivery.entity';
import type { WebhookServiceConfig } from './webhook-service.entity';

export interface WebhookLoaders {
  webhookById: DataLoader<number, Webhook | null>;
  webhookServiceById: DataLoader<number, WebhookServiceConfig | null>;
  /** Keyed by delivery id (a bigint, as a string). */
  deliveryById: DataLoader<string, WebhookDelivery | null>;
  /** Keyed by delivery id (a bigint, as a string); each delivery's attempts oldest first. */
  attemptsByDeliveryId: DataLoader<string, WebhookDeliveryAttempt[]>;
}

export function webhookLoaders(services: Services, ctx: RequestContext): WebhookLoaders {
  return {
    webhookById: byId((ids: readonly number[]) => services.webhooks.findByIds(ctx, ids)),
    webhookServiceById: byId((ids: readonly number[]) => services.webhookServices.findByIds(ctx, ids)),
    deliveryById: byId((ids: readonly string[]) => services.webhookDeliveries.findDeliveriesByIds(ctx, ids)),
    attemptsByDeliveryId: groupedBy((attempt: WebhookDeliveryAttempt) => attempt.deliveryId, (ids: readonly string[]) => services.webhookDeliveries.attemptsOf(ctx, ids)),
  };
}
