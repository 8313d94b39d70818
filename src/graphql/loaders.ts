import DataLoader from 'dataloader';
import type { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import type { Campaign } from '../campaigns/campaign.entity';
import type { ConnectionRequest, ConnectionSlice } from '../common/pagination';
import type { RequestContext } from '../common/request-context';
import type { Content } from '../contents/content.entity';
import { distributionSelectionKey, type DistributionSelection } from '../distributions/distribution-queries';
import type { Distribution } from '../distributions/distribution.entity';
import type { MediaItem } from '../distributions/media-item.entity';
import type { Member } from '../members/member.entity';
import type { OrganisationUser } from '../organisation-users/organisation-user.entity';
import type { OutboxEvent } from '../outbox/outbox-event.entity';
import type { Phase } from '../phases/phase.entity';
import type { PublisherProfile } from '../publisher-profiles/publisher-profile.entity';
import type { PublisherTitle } from '../publisher-profiles/publisher-title.entity';
import { projectionKey, type Projection } from '../db/projection';
import type { Services } from '../app/services';
import type { WebhookDeliveryAttempt } from '../webhooks/webhook-delivery-attempt.entity';

/**
 * Per-request batching: every relation a query touches costs one statement per level, however
 * many parents asked. Created for each request so nothing is cached across workspaces or time.
 */
export interface Loaders {
  advertiserAccountById: DataLoader<number, AdvertiserAccount | null>;
  campaignById: DataLoader<number, Campaign | null>;
  phaseById: DataLoader<number, Phase | null>;
  contentById: DataLoader<number, Content | null>;
  /** The list loaders of the nested query read only the columns asked for: one loader per projection. */
  phasesByCampaignId(projection: Projection): DataLoader<number, Phase[]>;
  /** With `media`, each distribution's media files come in the same statement (their projection). */
  distributionsByContentId(projection: Projection, media?: { projection: Projection }): DataLoader<number, Distribution[]>;
  mediaByDistributionId(projection: Projection): DataLoader<number, MediaItem[]>;
  userById: DataLoader<number, OrganisationUser | null>;
  memberById: DataLoader<number, Member | null>;
  membersByAdvertiserAccountId: DataLoader<number, Member[]>;
  publisherProfileById: DataLoader<number, PublisherProfile | null>;
  publisherTitleById: DataLoader<number, PublisherTitle | null>;
  titlesByPublisherProfileId: DataLoader<number, PublisherTitle[]>;
  /** Keyed by delivery id (a bigint, as a string); each delivery's attempts oldest first. */
  attemptsByDeliveryId: DataLoader<string, WebhookDeliveryAttempt[]>;
  /** Keyed by event id (a bigint, as a string); null once the event has left the feed. */
  eventById: DataLoader<string, OutboxEvent | null>;
  /** One loader per parent kind and page arguments: parents asking for the same page batch together. */
  /** With `distributions`, each piece's distributions (and their link and media as selected) come in the same statement. */
  contentPages(
    parent: 'campaignId' | 'phaseId',
    request: ConnectionRequest,
    projection: Projection,
    distributions?: DistributionSelection,
  ): DataLoader<number, ConnectionSlice<Content>>;
}

/** Keys are ids: numbers, or strings for bigint ids (events, deliveries). */
type Key = number | string;

function byId<K extends Key, T extends { id: K }>(load: (ids: readonly K[]) => Promise<T[]>): DataLoader<K, T | null> {
  return new DataLoader(async (ids) => {
    const found = new Map((await load(ids)).map((row) => [row.id, row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

function groupedBy<K extends Key, T>(key: (row: T) => K, load: (ids: readonly K[]) => Promise<T[]>): DataLoader<K, T[]> {
  return new DataLoader(async (ids) => {
    const groups = new Map<K, T[]>();
    for (const row of await load(ids)) {
      const group = groups.get(key(row));
      if (group) group.push(row);
      else groups.set(key(row), [row]);
    }
    return ids.map((id) => groups.get(id) ?? []);
  });
}

/** One loader per projection (and whatever else `key` says), made on first use within the request. */
function perKey<A extends unknown[], L>(key: (...args: A) => string, make: (...args: A) => L): (...args: A) => L {
  const made = new Map<string, L>();
  return (...args) => {
    const k = key(...args);
    let loader = made.get(k);
    if (!loader) {
      loader = make(...args);
      made.set(k, loader);
    }
    return loader;
  };
}

export function createLoaders(services: Services, ctx: RequestContext): Loaders {
  return {
    advertiserAccountById: byId((ids) => services.advertiserAccounts.findByIds(ctx, ids)),
    campaignById: byId((ids) => services.campaigns.findByIds(ctx, ids)),
    phaseById: byId((ids) => services.phases.findByIds(ctx, ids)),
    contentById: byId((ids) => services.contents.findByIds(ctx, ids)),
    phasesByCampaignId: perKey(projectionKey, (projection: Projection) =>
      groupedBy((phase: Phase) => phase.campaignId, (ids) => services.phases.findByCampaignIds(ctx, ids, projection)),
    ),
    distributionsByContentId: perKey(
      (projection: Projection, media?: { projection: Projection }) => `${projectionKey(projection)}|${media ? projectionKey(media.projection) : '-'}`,
      (projection: Projection, media?: { projection: Projection }) =>
        groupedBy((distribution: Distribution) => distribution.contentId, (ids) => services.distributions.findByContentIds(ctx, ids, projection, media)),
    ),
    mediaByDistributionId: perKey(projectionKey, (projection: Projection) =>
      groupedBy((media: MediaItem) => media.distributionId, (ids) => services.distributions.findMediaByDistributionIds(ctx, ids, projection)),
    ),
    userById: byId((ids) => services.organisationUsers.findByIds(ctx, ids)),
    memberById: byId((ids) => services.members.findByIds(ctx, ids)),
    membersByAdvertiserAccountId: groupedBy((member) => member.advertiserAccountId, (ids) => services.members.findByAdvertiserAccountIds(ctx, ids)),
    publisherProfileById: byId((ids) => services.publisherProfiles.findByIds(ctx, ids)),
    publisherTitleById: byId((ids) => services.publisherProfiles.findTitlesByIds(ctx, ids)),
    titlesByPublisherProfileId: groupedBy((title) => title.publisherProfileId, (ids) => services.publisherProfiles.findTitlesByProfileIds(ctx, ids)),
    attemptsByDeliveryId: groupedBy((attempt) => attempt.deliveryId, (ids) => services.webhooks.attemptsOf(ctx, ids)),
    eventById: byId((ids) => services.events.findByIds(ctx, ids)),
    contentPages: perKey(
      (parent, request, projection, distributions) =>
        `${parent}:${request.first}:${request.after ?? ''}:${projectionKey(projection)}:${distributionSelectionKey(distributions)}`,
      (parent: 'campaignId' | 'phaseId', request: ConnectionRequest, projection: Projection, distributions?: DistributionSelection) =>
        new DataLoader<number, ConnectionSlice<Content>>(async (ids) => {
          const slices = await services.contents.connectionsByParent(ctx, parent, ids, request, projection, distributions);
          return ids.map((id) => slices.get(id)!);
        }),
    ),
  };
}
