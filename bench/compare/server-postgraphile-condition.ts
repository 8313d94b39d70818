import { countPgStatements, runServerProcess } from './child-runtime';
import { startPostGraphile } from './postgraphile-server';
import { POSTGRAPHILE_CONDITION_SCHEMA } from './protocol';

/**
 * Server B′: PostGraphile v5 over the live-row views of `bench_postgraphile_live`; the key's
 * workspace is the GraphQL variable `$org`, which the query gives its connections as
 * `condition: { organisationId: $org }` (answers.ts). No pgSettings, hence no transaction per request.
 */
const statements = countPgStatements();

runServerProcess(() => startPostGraphile(POSTGRAPHILE_CONDITION_SCHEMA, 'condition'), statements);
