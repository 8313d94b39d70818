import { createHash } from 'node:crypto';
import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/fastify/v5';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, ORGANISATION_SETTING, POOL_SIZE, POSTGRAPHILE_SCHEMA } from './protocol';

/**
 * Server B: PostGraphile v5 (Amber preset, production settings: no GraphiQL, no explain, no watch)
 * over the views of bench/compare/postgraphile-views.ts, mounted on Fastify 5 with grafserv.
 *
 * The API key is checked the way the project checks it (SHA-256, one indexed read of a live key,
 * no cache), in a preHandler; its workspace goes to PostgreSQL as the transaction-local setting
 * `bench.organisation_id` through pgSettings, which every view filters on.
 */
const statements = countPgStatements();

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

runServerProcess(async () => {
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE });
  const organisations = new WeakMap<FastifyRequest, number>();

  const preset: GraphileConfig.Preset = {
    extends: [PostGraphileAmberPreset],
    pgServices: [
      makePgService({
        pool,
        schemas: [POSTGRAPHILE_SCHEMA],
        pgSettings: (requestContext) => {
          const request = requestContext.fastifyv5?.request;
          const organisationId = request ? organisations.get(request) : undefined;
          return { [ORGANISATION_SETTING]: organisationId === undefined ? undefined : String(organisationId) };
        },
      }),
    ],
    grafserv: { graphqlPath: '/graphql', graphiql: false, websockets: false, watch: false },
    grafast: { explain: false },
  };
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);

  const app = Fastify({ logger: false });
  app.addHook('preHandler', async (request, reply) => {
    const key = request.headers['x-api-key'];
    if (typeof key !== 'string' || !key.startsWith('cpk_') || key.length > 128) return reply.code(401).send({ error: 'API key is missing or invalid' });
    const { rows } = await pool.query<{ organisation_id: number }>('SELECT organisation_id FROM api_keys WHERE key_hash = $1 AND revoked_at IS NULL', [hashKey(key)]);
    if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
    organisations.set(request, rows[0].organisation_id);
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
}, statements);
