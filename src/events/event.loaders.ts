import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId } from '../graphql/loader-kit';
import type { OutboxEvent } from '../outbox/outbox-event.entity';

export interface EventLoaders {
  /** Keyed by event id (a bigint, as a string); null once the event has left the feed. */
  eventById: DataLoader<string, OutboxEvent | null>;
}

export function eventLoaders(services: Services, ctx: RequestContext): EventLoaders {
  return {
    eventById: byId((ids: readonly string[]) => services.events.findByIds(ctx, ids)),
  };
}
