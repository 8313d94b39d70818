import { checkProjectedReads } from '../../src/db/projected-reads';

/**
 * A jest setup file (jest.config.js): in every test file, rows read narrowed to a GraphQL selection
 * throw when a column the read left out is read, so a field resolver reading a column without
 * declaring it (`@Reads`, src/graphql/field-reads.ts) fails its tests instead of answering null.
 */
checkProjectedReads();
