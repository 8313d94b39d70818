import { registerEnumType } from 'type-graphql';

/** v2 sends and returns these lower-case strings in `status`. */
export enum AdvertiserAccountStatus {
  ACTIVE = 'active',
  INACTIVE = 'inactive',
}

/** v2 sends and returns these lower-case strings in `type`. */
export enum AdvertiserAccountType {
  BRAND = 'brand',
  AGENCY = 'agency',
}

registerEnumType(AdvertiserAccountStatus, {
  name: 'AdvertiserAccountStatus',
  description: 'Whether the account can run campaigns. v2 spells the values in lower case.',
  valuesConfig: {
    ACTIVE: { description: 'The account is in use.' },
    INACTIVE: { description: 'The account is switched off; `deactivationReason` says why.' },
  },
});

registerEnumType(AdvertiserAccountType, {
  name: 'AdvertiserAccountType',
  description: 'Who the account represents. v2 spells the values in lower case.',
  valuesConfig: {
    BRAND: { description: 'A brand advertising its own products.' },
    AGENCY: { description: 'An agency buying on behalf of brands.' },
  },
});
