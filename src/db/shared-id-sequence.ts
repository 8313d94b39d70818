/**
 * Contents and distributions draw ids from this one sequence, so `/v2/distributions/{id}` can
 * tell a content id (list its distributions) from a distribution id (show it). Created by a
 * migration; TypeORM does not manage sequences.
 */
export const CONTENT_DISTRIBUTION_ID_SEQUENCE = 'content_distribution_id_seq';

// Written as PostgreSQL reports it back (without ::regclass), so schema diffs stay empty.
export const CONTENT_DISTRIBUTION_ID_DEFAULT = (): string => `nextval('${CONTENT_DISTRIBUTION_ID_SEQUENCE}')`;
