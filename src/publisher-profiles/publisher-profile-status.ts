import { registerEnumType } from 'type-graphql';

/** v2 sends and returns these lower-case strings in `status`. */
export enum PublisherProfileStatus {
  ACTIVE = 'active',
  INACTIVE = 'inactive',
}

registerEnumType(PublisherProfileStatus, {
  name: 'PublisherProfileStatus',
  description: 'Whether the workspace currently books placements with the publisher. v2 spells the values in lower case.',
  valuesConfig: {
    ACTIVE: { description: 'Placements may be booked.' },
    INACTIVE: { description: 'Kept for history; no new placements.' },
  },
});
