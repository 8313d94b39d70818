import { enumKey } from '../db/lists/group-keys';
import { isISO31661Alpha2 } from 'class-validator';
import { defineList } from '../db/lists/define-list';
import { custom, oneOf, textSearch } from '../db/lists/filters';
import { PublisherProfileStatus } from './publisher-profile-status';

const STATUSES = Object.values(PublisherProfileStatus);

/** The publisher profiles list of both faces (GraphQL `publisherProfiles`, `GET /v2/publisher-profiles`). */
export const publisherProfileList = defineList({
  name: 'PublisherProfile',
  records: 'publisher profiles',
  filters: {
    search: textSearch({
      description: 'Case-insensitive match anywhere in the name of the profile or of one of its titles; at most 255 characters.',
      rest: 'search',
      restDescription: "Case-insensitive match anywhere in the profile's `name` or the `name` of one of its titles.",
      // The profile's live titles, in its workspace.
      matches: (alias, param) =>
        `${alias}.name ILIKE :${param} OR EXISTS (SELECT 1 FROM publisher_titles st WHERE st.publisher_profile_id = ${alias}.id AND st.organisation_id = ${alias}.organisationId AND st.deleted_at IS NULL AND st.name ILIKE :${param})`,
    }),
    country: custom({
      type: { scalar: 'String' },
      description: 'ISO 3166-1 alpha-2 country code, any case.',
      rest: 'country',
      schema: { type: 'string', pattern: '^[A-Za-z]{2}$' },
      check: (value) => (typeof value === 'string' && isISO31661Alpha2(value) ? undefined : 'must be an ISO 3166-1 alpha-2 country code'),
      where: (alias, value, param) => ({ sql: `${alias}.country = :${param}`, parameters: { [param]: (value as string).toUpperCase() } }),
    }),
    status: oneOf({
      property: 'status',
      enum: PublisherProfileStatus,
      values: STATUSES,
      message: `must be one of: ${STATUSES.join(', ')}`,
      description: 'Only profiles with this status.',
      rest: 'status',
      restDescription: '`active` or `inactive`.',
    }),
  },
  aggregates: { groupBy: [enumKey({ property: 'status', enum: PublisherProfileStatus, description: 'By `status`.' })] },
  sort: { NAME: { property: 'name', rest: 'name', kind: 'text', description: 'By `name`.' } },
});
