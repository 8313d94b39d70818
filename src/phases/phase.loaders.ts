import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import { projectionKey, type Projection } from '../db/projection';
import { byId, groupedBy, perKey } from '../graphql/loader-kit';
import type DataLoader from 'dataloader';
import type { Phase } from './phase.entity';

export interface PhaseLoaders {
  phaseById: DataLoader<number, Phase | null>;
  /** The nested query reads only the columns asked for: one loader per projection. */
  phasesByCampaignId(projection: Projection): DataLoader<number, Phase[]>;
}

export function phaseLoaders(services: Services, ctx: RequestContext): PhaseLoaders {
  return {
    phaseById: byId((ids: readonly number[]) => services.phases.findByIds(ctx, ids)),
    phasesByCampaignId: perKey(projectionKey, (projection: Projection) =>
      groupedBy((phase: Phase) => phase.campaignId, (ids: readonly number[]) => services.phases.findByCampaignIds(ctx, ids, projection)),
    ),
  };
}
