import type { Services } from '../app/services';
import type { RequestContext } from '../common/request-context';
import type DataLoader from 'dataloader';
import { byId } from '../graphql/loader-kit';
import type { Campaign } from './campaign.entity';

export interface CampaignLoaders {
  campaignById: DataLoader<number, Campaign | null>;
}

export function campaignLoaders(services: Services, ctx: RequestContext): CampaignLoaders {
  return { campaignById: byId((ids: readonly number[]) => services.campaigns.findByIds(ctx, ids)) };
}
