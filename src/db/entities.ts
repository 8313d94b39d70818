import { AdvertiserAccount } from '../advertiser-accounts/advertiser-account.entity';
import { ApiKey } from '../api-keys/api-key.entity';
import { Campaign } from '../campaigns/campaign.entity';
import { Organisation } from '../organisations/organisation.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';

export const ENTITIES = [Organisation, ApiKey, OutboxEvent, AdvertiserAccount, Campaign];
