import { checkProjectedReads } from '../../src/db/projected-reads';
import { checkStatementTexts } from '../../src/db/statement-texts';

/**
 * A jest setup file (jest.config.js): in every test file, rows read narrowed to a GraphQL selection
 * throw when a column the read left out is read, so a field resolver reading a column without
 * declaring it (`@Reads`, src/graphql/field-reads.ts) fails its tests instead of answering null;
 * and every statement text reused for a shape of query is compared with the one TypeORM builds
 * (src/db/statement-texts.ts), so a shape leaving out what its text depends on fails them too.
 */
checkProjectedReads();
checkStatementTexts();
