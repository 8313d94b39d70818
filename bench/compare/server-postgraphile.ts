import { countPgStatements, runServerProcess } from './child-runtime';
import { startPostGraphile } from './postgraphile-server';
import { POSTGRAPHILE_SCHEMA } from './protocol';

/**
 * Server B: PostGraphile v5 over the workspace-scoped views of `bench_postgraphile`; the key's
 * workspace goes to PostgreSQL as the transaction-local setting `bench.organisation_id` through
 * pgSettings (a transaction per request), which every view filters on.
 */
const statements = countPgStatements();

runServerProcess(() => startPostGraphile(POSTGRAPHILE_SCHEMA, 'pgSettings'), statements);
