import type { FastifyInstance } from 'fastify';
import { registerAdvertiserAccountRoutes } from '../../advertiser-accounts/advertiser-account.routes';
import { campaignRoutes } from '../../campaigns/campaign.routes';
import { registerContentRoutes } from '../../contents/content.routes';
import { registerDistributionRoutes } from '../../distributions/distribution.routes';
import { registerMemberRoutes } from '../../members/member.routes';
import { registerOrganisationUserRoutes } from '../../organisation-users/organisation-user.routes';
import { registerOrganisationRoutes } from '../../organisations/organisation.routes';
import { registerPhaseRoutes } from '../../phases/phase.routes';
import { registerPublisherProfileRoutes } from '../../publisher-profiles/publisher-profile.routes';
import { registerReferenceLibraryRoutes } from '../../reference-libraries/reference-library.routes';
import { registerEventRoutes } from '../../events/event.routes';
import { registerWebhookRoutes } from '../../webhooks/webhook.routes';
import type { RestDeps } from './rest-deps';
import { registerDeclaredRoutes, type V2Route } from './v2-route';

/** Every declared /v2 operation, in the order of the document. */
export const V2_ROUTES: readonly V2Route[] = [...campaignRoutes];

/** Every /v2 route module; each resource group registers its own paths. */
export function registerV2Routes(app: FastifyInstance, deps: RestDeps): void {
  registerOrganisationRoutes(app, deps);
  registerOrganisationUserRoutes(app, deps);
  registerAdvertiserAccountRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerPhaseRoutes(app, deps);
  registerContentRoutes(app, deps);
  registerDistributionRoutes(app, deps);
  registerPublisherProfileRoutes(app, deps);
  registerReferenceLibraryRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerDeclaredRoutes(app, V2_ROUTES, deps);
}
