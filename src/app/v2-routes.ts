/**
 * Part of the composition root (src/app/): every declared /v2 operation, in the order of the
 * OpenAPI document. The server registers this list and openapi.json is generated from it; a new
 * resource group's routes (`*.routes.ts`) are added here.
 */
import 'reflect-metadata';
import { advertiserAccountRoutes } from '../advertiser-accounts/advertiser-account.routes';
import { apiKeyRoutes } from '../api-keys/api-key.routes';
import { campaignRoutes } from '../campaigns/campaign.routes';
import { contentRoutes } from '../contents/content.routes';
import { distributionRoutes } from '../distributions/distribution.routes';
import { eventRoutes } from '../events/event.routes';
import type { V2Route } from '../http/rest/v2-route';
import { memberRoutes } from '../members/member.routes';
import { organisationUserRoutes } from '../organisation-users/organisation-user.routes';
import { organisationRoutes } from '../organisations/organisation.routes';
import { phaseRoutes } from '../phases/phase.routes';
import { publisherProfileRoutes } from '../publisher-profiles/publisher-profile.routes';
import { referenceLibraryRoutes } from '../reference-libraries/reference-library.routes';
import { webhookRoutes } from '../webhooks/webhook.routes';

export const V2_ROUTES: readonly V2Route[] = [...organisationRoutes, ...apiKeyRoutes, ...organisationUserRoutes, ...advertiserAccountRoutes, ...memberRoutes, ...campaignRoutes, ...phaseRoutes, ...contentRoutes, ...distributionRoutes, ...publisherProfileRoutes, ...referenceLibraryRoutes, ...webhookRoutes, ...eventRoutes];
