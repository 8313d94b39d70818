/**
 * Part of the composition root (src/app/): the service registry. Every service of the layer both
 * faces and the admin CLI call is constructed here, and only here; a new service is added to
 * `Services` and `createServices`.
 */
import 'reflect-metadata';
import pino from 'pino';
import type { DataSource } from 'typeorm';
import type { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions.js';
import { DEFAULT_SUBSCRIPTION_LIMITS } from '../config/config-defaults';
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
import { EventHub, type EventHubOptions } from '../events/stream/event-hub';
import { EventStreamService } from '../events/stream/event-stream.service';
import { IdempotencyKeyStore } from '../http/idempotency/idempotency-store';
import { DeliveryLogService } from '../webhooks/delivery-log.service';
import { WebhookServiceConfigService } from '../webhooks/webhook-service-config.service';
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
  /** Webhook services: the client credentials deliveries use. */
  webhookServices: WebhookServiceConfigService;
  /** Webhooks' delivery logs, test pings, redeliveries and recoveries. */
  webhookDeliveries: DeliveryLogService;
  events: EventService;
  /** The change stream in commit order (src/events/stream). */
  eventStream: EventStreamService;
  /** The change stream live: this process's one listener, fanning committed events out to subscriptions. */
  eventHub: EventHub;
  /** Idempotency-Key answers of both faces (src/http/idempotency). */
  idempotencyKeys: IdempotencyKeyStore;
}

/**
 * `live` is how the event hub listens (the server's settings); without it (the admin CLI, scripts)
 * it listens on the pool's own URL, with a silent logger, should anything subscribe.
 */
export function createServices(dataSource: DataSource, webhookDeps: WebhookDeps, live?: EventHubOptions): Services {
  const contents = new ContentService(dataSource);
  const eventStream = new EventStreamService(dataSource);
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
    webhookServices: new WebhookServiceConfigService(dataSource, webhookDeps),
    webhookDeliveries: new DeliveryLogService(dataSource, webhookDeps.queue),
    events: new EventService(dataSource),
    eventStream,
    eventHub: new EventHub(dataSource, eventStream, live ?? { listenUrl: urlOf(dataSource), logger: pino({ enabled: false }), maxBuffered: DEFAULT_SUBSCRIPTION_LIMITS.maxBuffered }),
    idempotencyKeys: new IdempotencyKeyStore(dataSource),
  };
}

function urlOf(dataSource: DataSource): string {
  const { url } = dataSource.options as PostgresDataSourceOptions;
  if (!url) throw new Error('the data source has no URL to listen on');
  return url;
}

/*
 * The faces carry the service layer to resolvers and /v2 handlers without importing it: they
 * declare empty interfaces where they use it, filled in here (declaration merging, as Fastify's
 * plugins augment FastifyInstance), so that src/graphql and src/http depend on no resource.
 */
declare module '../graphql/context' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge: the members are Services'
  interface ContextServices extends Services {}
}
declare module '../http/rest/rest-deps' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a merge: the members are Services'
  interface RestServices extends Services {}
}
