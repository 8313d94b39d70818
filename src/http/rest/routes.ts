import type { FastifyInstance } from 'fastify';
import { registerAdvertiserAccountRoutes } from '../../advertiser-accounts/advertiser-account.routes';
import { registerCampaignRoutes } from '../../campaigns/campaign.routes';
import { registerContentRoutes } from '../../contents/content.routes';
import { registerDistributionRoutes } from '../../distributions/distribution.routes';
import { registerPhaseRoutes } from '../../phases/phase.routes';
import type { RestDeps } from './rest-deps';

/** Every /v2 route module; each resource group registers its own paths. */
export function registerV2Routes(app: FastifyInstance, deps: RestDeps): void {
  registerAdvertiserAccountRoutes(app, deps);
  registerCampaignRoutes(app, deps);
  registerPhaseRoutes(app, deps);
  registerContentRoutes(app, deps);
  registerDistributionRoutes(app, deps);
}
