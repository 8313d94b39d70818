import type { FastifyInstance } from 'fastify';
import { advertiserAccountRoutes } from '../../advertiser-accounts/advertiser-account.routes';
import { campaignRoutes } from '../../campaigns/campaign.routes';
import { contentRoutes } from '../../contents/content.routes';
import { distributionRoutes } from '../../distributions/distribution.routes';
import { memberRoutes } from '../../members/member.routes';
import { organisationUserRoutes } from '../../organisation-users/organisation-user.routes';
import { organisationRoutes } from '../../organisations/organisation.routes';
import { phaseRoutes } from '../../phases/phase.routes';
import { publisherProfileRoutes } from '../../publisher-profiles/publisher-profile.routes';
import { referenceLibraryRoutes } from '../../reference-libraries/reference-library.routes';
import { eventRoutes } from '../../events/event.routes';
import { webhookRoutes } from '../../webhooks/webhook.routes';
import type { RestDeps } from './rest-deps';
import { registerDeclaredRoutes, type V2Route } from './v2-route';

/** Every declared /v2 operation, in the order of the document. */
export const V2_ROUTES: readonly V2Route[] = [...organisationRoutes, ...organisationUserRoutes, ...advertiserAccountRoutes, ...memberRoutes, ...campaignRoutes, ...phaseRoutes, ...contentRoutes, ...distributionRoutes, ...publisherProfileRoutes, ...referenceLibraryRoutes, ...webhookRoutes, ...eventRoutes];

/** Every /v2 route module; each resource group registers its own paths. */
export function registerV2Routes(app: FastifyInstance, deps: RestDeps): void {
  registerDeclaredRoutes(app, V2_ROUTES, deps);
}
