import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { Distribution } from '../distributions/distribution.entity';
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

export const ENTITIES = [Organisation, ApiKey, OutboxEvent, AdvertiserAccount, Campaign, Phase, Content, Distribution, PrimaryLink, MediaItem, OrganisationUser, Member, PublisherProfile, PublisherTitle, ReferenceEntry];
