/**
 * Part of the composition root (src/app/): the service registry. Every service of the layer both
 * faces and the admin CLI call is constructed here, and only here; a new service is added to
 * `Services` and `createServices`.
 */
import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { AdvertiserAccountService } from '../advertiser-accounts/advertiser-account.service';
import { ApiKeyService } from '../api-keys/api-key.service';
import { CampaignService } from '../campaigns/campaign.service';
import { ContentService } from '../contents/content.service';
import { DistributionService } from '../distributions/distribution.service';
import { MemberService } from '../members/member.service';
import { OrganisationUserService } from '../organisation-users/organisation-user.service';
import { OrganisationService } from '../organisations/organisation.service';
import { PhaseService } from '../phases/phase.service';
import { PublisherProfileService } from '../publisher-profiles/publisher-profile.service';
import { ReferenceLibraryService } from '../reference-libraries/reference-library.service';
import { EventService } from '../events/event.service';
import { IdempotencyKeyStore } from '../http/idempotency/idempotency';
import { type WebhookDeps, WebhookService } from '../webhooks/webhook.service';

/** The service layer: both faces and the admin CLI call these and nothing below them. */
export interface Services {
  organisations: OrganisationService;
  apiKeys: ApiKeyService;
  advertiserAccounts: AdvertiserAccountService;
  campaigns: CampaignService;
  phases: PhaseService;
  contents: ContentService;
  distributions: DistributionService;
  organisationUsers: OrganisationUserService;
  members: MemberService;
  publisherProfiles: PublisherProfileService;
  referenceLibraries: ReferenceLibraryService;
  webhooks: WebhookService;
  events: EventService;
  /** Idempotency-Key answers of both faces (src/http/idempotency). */
  idempotencyKeys: IdempotencyKeyStore;
}

export function createServices(dataSource: DataSource, webhookDeps: WebhookDeps): Services {
  const contents = new ContentService(dataSource);
  return {
    organisations: new OrganisationService(dataSource),
    apiKeys: new ApiKeyService(dataSource),
    advertiserAccounts: new AdvertiserAccountService(dataSource),
    campaigns: new CampaignService(dataSource),
    phases: new PhaseService(dataSource),
    contents,
    distributions: new DistributionService(dataSource, contents),
    organisationUsers: new OrganisationUserService(dataSource),
    members: new MemberService(dataSource),
    publisherProfiles: new PublisherProfileService(dataSource),
    referenceLibraries: new ReferenceLibraryService(dataSource),
    webhooks: new WebhookService(dataSource, webhookDeps),
    events: new EventService(dataSource),
    idempotencyKeys: new IdempotencyKeyStore(dataSource),
  };
}
