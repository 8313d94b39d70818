import Fastify, { type FastifyRequest } from 'fastify';
import pg from 'pg';
import { DATE_AS_TEXT } from './raw-route';
import { NESTED_SQL, V2_CAMPAIGNS_SQL, V2_CONTENTS_SQL } from './bare-sql';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, POOL_SIZE } from './protocol';
import { bodyFromSql, hashKey, listenOnLoopback, pageParameters } from './raw-route';

/**
 * Server C, bare SQL: bare Fastify 5 and a pg Pool, one hand-written statement per request
 * (bench/compare/bare-sql.ts) that checks the key. The nested query's statement returns the
 * finished JSON, sent as it is; a list's returns the page's rows, and the route writes the
 * envelope around them with one JSON.stringify: nothing else happens between the pool and the socket.
 *
 *   GET /nested          the nested GraphQL query's answer, byte for byte as the project gives it
 *   GET /v2/campaigns    the same bytes as the project's GET /v2/campaigns (page, per_page)
 *   GET /v2/contents     the same bytes as the project's GET /v2/contents (page, per_page)
 */
const statements = countPgStatements();

/** The project's page links (src/http/rest/pagination.ts): the request URL with `page` set. */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(`${request.protocol}://${request.host}${request.url}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

runServerProcess(async () => {
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE, types: DATE_AS_TEXT });
  const app = Fastify({ logger: false });

  const answer = bodyFromSql(pool);

  app.get('/nested', async (request, reply) => {
    const hash = hashKey(request);
    if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
    return answer(reply, NESTED_SQL, [hash]);
  });

  for (const [path, sql, key, message] of [
    ['/v2/campaigns', V2_CAMPAIGNS_SQL, 'campaigns', 'Campaigns retrieved successfully'],
    ['/v2/contents', V2_CONTENTS_SQL, 'contents', 'Contents retrieved successfully'],
  ] as const) {
    app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const hash = hashKey(request);
      if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
      const parameters = pageParameters(request.query);
      if (!parameters) return reply.code(422).send({ error: 'page and per_page must be positive integers (per_page at most 100)' });
      const { page, perPage } = parameters;
      const offset = (page - 1) * perPage;
      const { rows } = await pool.query<Record<string, unknown>>(sql, [hash, offset, perPage]);
      if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
      // An empty page is the one row of nulls of the statement's LEFT JOIN.
      const records = Object.values(rows[0])[0] === null ? [] : rows;
      const shown = records.slice(0, perPage);
      const body = {
        success: true,
        message,
        data: {
          [key]: {
            current_page: page,
            data: shown,
            from: shown.length === 0 ? null : offset + 1,
            next_page_url: records.length > perPage ? pageUrl(request, page + 1) : null,
            per_page: perPage,
            prev_page_url: page > 1 ? pageUrl(request, page - 1) : null,
            to: shown.length === 0 ? null : offset + shown.length,
          },
        },
      };
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(body));
    });
  }

  const port = await listenOnLoopback(app, 'bare server');
  return {
    port,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}, statements);
