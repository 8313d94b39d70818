import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Content } from '../contents/content.entity';
import { Distribution } from '../distributions/distribution.entity';
import { MediaItem } from '../distributions/media-item.entity';
import { PrimaryLink } from '../distributions/primary-link.entity';
import { Organisation } from '../organisations/organisation.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { Phase } from '../phases/phase.entity';

export const ENTITIES = [Organisation, ApiKey, OutboxEvent, AdvertiserAccount, Campaign, Phase, Content, Distribution, PrimaryLink, MediaItem];
