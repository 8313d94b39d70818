import { createHash } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { NESTED_SQL, V2_CAMPAIGNS_SQL, V2_CONTENTS_SQL } from './bare-sql';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, POOL_SIZE } from './protocol';

/**
 * Server C, the raw-SQL limit: bare Fastify 5 and a pg Pool, one hand-written statement per request
 * (bench/compare/bare-sql.ts) that checks the key and returns the finished JSON, sent as it is.
 *
 *   GET /nested          the nested GraphQL query's answer, byte for byte as the project gives it
 *   GET /v2/campaigns    the same bytes as the project's GET /v2/campaigns (page, per_page)
 *   GET /v2/contents     the same bytes as the project's GET /v2/contents (page, per_page)
 */
const statements = countPgStatements();

const DEFAULT_PER_PAGE = 15;
const MAX_PER_PAGE = 100;

function hashKey(request: FastifyRequest): string | null {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || !key.startsWith('cpk_') || key.length > 128) return null;
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

function positiveInteger(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** The project's page links (src/http/rest/pagination.ts): the request URL with `page` set. */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(`${request.protocol}://${request.host}${request.url}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

runServerProcess(async () => {
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE });
  const app = Fastify({ logger: false });

  const answer = async (reply: FastifyReply, text: string, values: unknown[]): Promise<FastifyReply> => {
    const { rows } = await pool.query<{ body: string }>(text, values);
    if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
    return reply.type('application/json; charset=utf-8').send(rows[0].body);
  };

  app.get('/nested', async (request, reply) => {
    const hash = hashKey(request);
    if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
    return answer(reply, NESTED_SQL, [hash]);
  });

  for (const [path, sql] of [
    ['/v2/campaigns', V2_CAMPAIGNS_SQL],
    ['/v2/contents', V2_CONTENTS_SQL],
  ] as const) {
    app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const hash = hashKey(request);
      if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
      const page = positiveInteger(request.query.page, 1);
      const perPage = positiveInteger(request.query.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE);
      if (page === null || perPage === null) return reply.code(422).send({ error: 'page and per_page must be positive integers (per_page at most 100)' });
      const offset = (page - 1) * perPage;
      return answer(reply, sql, [hash, offset, perPage, page, pageUrl(request, page + 1), page > 1 ? pageUrl(request, page - 1) : null]);
    });
  }

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('bare server has no TCP address');
  return {
    port: address.port,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}, statements);
