import { createHash } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { isDev } from 'postgraphile/grafast';
import { grafserv } from 'postgraphile/grafserv/fastify/v5';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { DEFAULT_LIMITS } from '../../src/config/config-defaults';
import { requiredEnv } from './child-runtime';
import { ENV_DATABASE_URL, ORGANISATION_SETTING, POOL_SIZE } from './protocol';

/**
 * How the API key's workspace reaches PostgreSQL:
 *
 * - `pgSettings`: as the transaction-local setting `bench.organisation_id`, which every view of the
 *   schema filters on (PostGraphile then wraps each request in a transaction: `begin`,
 *   `set_config`, the query, `commit`);
 * - `condition`: as the GraphQL variable `$org`, set by the server from the key (a client's own
 *   `org` is overwritten), which the query passes to the root connection's `condition` argument;
 *   no pgSettings, so no transaction.
 */
export type WorkspaceScope = 'pgSettings' | 'condition';

/** The GraphQL variable the `condition` server fills with the key's workspace. */
export const ORGANISATION_VARIABLE = 'org';

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function ignore(): void {}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * PostGraphile v5 over the views of `schema` (bench/compare/postgraphile-views.ts), used as a
 * library (grafserv on Fastify 5), configured as its documentation advises for production:
 *
 * - production mode: NODE_ENV and GRAPHILE_ENV both `production` (compare.ts), as the deployment
 *   guides set them (postgraphile.org/postgraphile/5/deploying-docker, …/deploying-heroku); in
 *   development mode Grafast adds checks and "planning will be significantly more expensive"
 *   (grafast's own warning), so the server refuses to start in it;
 * - the Amber preset ("Every production schema should include Amber", postgraphile.org/postgraphile/5/config/presets);
 * - `schema.dontSwallowErrors` ("recommended that you set this option to true in your production
 *   configuration", postgraphile.org/postgraphile/5/config/reference);
 * - no explain ("Disable Explain in production!", postgraphile.org/postgraphile/5/debugging), no
 *   GraphiQL, no watch mode, no websockets (nothing here subscribes);
 * - a statement timeout set once per connection rather than per request, on a pg.Pool handed to
 *   makePgService, with an error listener on the pool and its clients ("Production Considerations",
 *   Statement Timeout, postgraphile.org/postgraphile/5/production). The timeout goes in the
 *   connection's startup parameters, as the project's pool sends its own (ormconfig.ts), which
 *   costs no statement of its own; same length as the project's, same pool size (POOL_SIZE);
 * - planning and execution timeouts, which the Grafast production considerations advise when
 *   trusted documents are not used (grafast.org/grafast/production-considerations, Timeouts; the
 *   values are theirs);
 * - static queries with variables, which let Grafast plan each document once (same page, Static
 *   queries): answers.ts.
 *
 * The API key is checked the way the project checks it (SHA-256, one indexed read of a live key,
 * no cache), in a preHandler, which hands its workspace on as `scope` says.
 */
export async function startPostGraphile(schema: string, scope: WorkspaceScope): Promise<{ port: number; stop: () => Promise<void> }> {
  if (isDev) throw new Error('Grafast runs in development mode: start PostGraphile with GRAPHILE_ENV=production (or unset) and NODE_ENV=production');
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE, statement_timeout: DEFAULT_LIMITS.statementTimeoutMs });
  // A connection that fails while idle is dropped by the pool; unheard, its error would end the process.
  pool.on('error', ignore);
  pool.on('connect', (client) => client.on('error', ignore));
  const organisations = new WeakMap<FastifyRequest, number>();

  const preset: GraphileConfig.Preset = {
    extends: [PostGraphileAmberPreset],
    pgServices: [
      makePgService({
        pool,
        schemas: [schema],
        pgSettings:
          scope === 'pgSettings'
            ? (requestContext) => {
                const request = requestContext.fastifyv5?.request;
                const organisationId = request ? organisations.get(request) : undefined;
                return { [ORGANISATION_SETTING]: organisationId === undefined ? undefined : String(organisationId) };
              }
            : undefined,
      }),
    ],
    schema: { dontSwallowErrors: true },
    grafserv: { graphqlPath: '/graphql', graphiql: false, websockets: false, watch: false },
    grafast: { explain: false, timeouts: { planning: 500, execution: 30_000 } },
  };
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);

  const app = Fastify({ logger: false });
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !key.startsWith('cpk_') || key.length > 128) return reply.code(401).send({ error: 'API key is missing or invalid' });
    const { rows } = await pool.query<{ organisation_id: number }>('SELECT organisation_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hashKey(key)]);
    if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
    const organisationId = rows[0].organisation_id;
    if (scope === 'pgSettings') {
      organisations.set(request, organisationId);
      return;
    }
    // grafserv reads the body Fastify has parsed: the workspace goes in as a variable no client chooses.
    const body = request.body;
    if (!isObject(body)) return reply.code(400).send({ error: 'expected a JSON GraphQL request' });
    body.variables = { ...(isObject(body.variables) ? body.variables : {}), [ORGANISATION_VARIABLE]: organisationId };
  });
  await serv.addTo(app);
  // Builds the schema (introspection) before the first request is timed.
  await pgl.getSchema();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('PostGraphile server has no TCP address');
  return {
    port: address.port,
    stop: async () => {
      await app.close();
      await pgl.release();
      await pool.end();
    },
  };
}
