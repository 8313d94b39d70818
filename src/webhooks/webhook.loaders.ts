import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { groupedBy } from '../graphql/loader-kit';
import type { WebhookDeliveryAttempt } from './webhook-delivery-attempt.entity';

export interface WebhookLoaders {
  /** Keyed by delivery id (a bigint, as a string); each delivery's attempts oldest first. */
  attemptsByDeliveryId: DataLoader<string, WebhookDeliveryAttempt[]>;
}

export function webhookLoaders(services: Services, ctx: RequestContext): WebhookLoaders {
  return {
    attemptsByDeliveryId: groupedBy((attempt: WebhookDeliveryAttempt) => attempt.deliveryId, (ids: readonly string[]) => services.webhooks.attemptsOf(ctx, ids)),
  };
}
