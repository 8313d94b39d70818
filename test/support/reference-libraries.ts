/** What the reference library tests (REST /v2 and GraphQL) share. */

/** Every reference library, in listing order. */
export const LIBRARY_NAMES = [
  'distribution-types',
  'link-types',
  'brand-industries',
  'brand-sub-industries',
  'campaign-statuses',
  'content-statuses',
  'distribution-statuses',
  'role-types',
];

/**
 * Listed after the reference libraries by `GET /v2/libraries`: the event catalogue, which
 * `GET /v2/libraries/event-types` serves (its entries are named, not numbered) and GraphQL's
 * `referenceLibraries` does not.
 */
export const EVENT_TYPES_LIBRARY = {
  name: 'event-types',
  description: 'Event types: what `events` of a webhook may name, and `type` of a delivered or pulled event.',
};
