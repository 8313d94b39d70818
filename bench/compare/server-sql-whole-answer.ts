import Fastify from 'fastify';
import pg from 'pg';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, POOL_SIZE } from './protocol';
import { bodyFromSql, hashKey, listenOnLoopback, pageParameters } from './raw-route';
import { WHOLE_NESTED_SQL, WHOLE_V2_CAMPAIGNS_SQL, WHOLE_V2_CONTENTS_SQL } from './whole-answer-sql';

/**
 * Server D, the whole answer in SQL: bare Fastify 5 and a pg Pool, one statement per request
 * (bench/compare/whole-answer-sql.ts, json_build_object and json_agg over LATERAL subqueries) that
 * checks the key and returns the finished body, page links included, sent as it is.
 *
 *   GET /nested          the nested GraphQL query's answer (the project's JSON, with PostgreSQL's spaces)
 *   GET /v2/campaigns    the project's GET /v2/campaigns (page, per_page)
 *   GET /v2/contents     the project's GET /v2/contents (page, per_page)
 */
const statements = countPgStatements();

runServerProcess(async () => {
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE });
  const app = Fastify({ logger: false });

  const answer = bodyFromSql(pool);

  app.get('/nested', async (request, reply) => {
    const hash = hashKey(request);
    if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
    return answer(reply, WHOLE_NESTED_SQL, [hash]);
  });

  for (const [path, sql] of [
    ['/v2/campaigns', WHOLE_V2_CAMPAIGNS_SQL],
    ['/v2/contents', WHOLE_V2_CONTENTS_SQL],
  ] as const) {
    app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const hash = hashKey(request);
      if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
      const parameters = pageParameters(request.query);
      if (!parameters) return reply.code(422).send({ error: 'page and per_page must be positive integers (per_page at most 100)' });
      // The request as it came: SQL writes the page links from it.
      const question = request.url.indexOf('?');
      const pathname = question === -1 ? request.url : request.url.slice(0, question);
      const query = question === -1 ? '' : request.url.slice(question + 1);
      return answer(reply, sql, [hash, parameters.page, parameters.perPage, `${request.protocol}://${request.host}${pathname}`, query]);
    });
  }

  const port = await listenOnLoopback(app, 'whole-answer server');
  return {
    port,
    stop: async () => {
      await app.close();
      await pool.end();
    },
  };
}, statements);
