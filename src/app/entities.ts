/**
 * Part of the composition root (src/app/): every TypeORM entity of the application, the list
 * ormconfig.ts gives the DataSource. A new entity is added here.
 */
import 'reflect-metadata';
import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { Distribution } from '../distributions/distribution.entity';
import { IdempotencyKey } from '../http/idempotency/idempotency-key.entity';
import { MediaItem } from '../distributions/media-item.entity';
import { PrimaryLink } from '../distributions/primary-link.entity';
import { Organisation } from '../organisations/organisation.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { Member } from '../members/member.entity';
import { OrganisationUser } from '../organisation-users/organisation-user.entity';
import { Phase } from '../phases/phase.entity';
import { PublisherProfile } from '../publisher-profiles/publisher-profile.entity';
import { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { ReferenceEntry } from '../reference-libraries/reference-entry.entity';
import { WebhookDeliveryAttempt } from '../webhooks/webhook-delivery-attempt.entity';
import { WebhookDelivery } from '../webhooks/webhook-delivery.entity';
import { WebhookServiceConfig } from '../webhooks/webhook-service.entity';
import { Webhook } from '../webhooks/webhook.entity';

export const ENTITIES = [Organisation, ApiKey, OutboxEvent, AdvertiserAccount, Campaign, Phase, Content, Distribution, PrimaryLink, MediaItem, OrganisationUser, Member, PublisherProfile, PublisherTitle, ReferenceEntry, WebhookServiceConfig, Webhook, WebhookDelivery, WebhookDeliveryAttempt, IdempotencyKey];
