import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';
import pg from 'pg';
import { countPgStatements, requiredEnv, runServerProcess } from './child-runtime';
import { ENV_DATABASE_URL, POOL_SIZE } from './protocol';
import { bodyFromSql, hashKey, listenOnLoopback, pageParameters } from './raw-route';
import { type PageParameters, WHOLE_NESTED_SQL, WHOLE_V2_CAMPAIGNS_SQL, WHOLE_V2_CONTENTS_SQL } from './whole-answer-sql';

/**
 * Server D, the limit: bare Fastify 5 and a pg Pool, one statement per request
 * (bench/compare/whole-answer-sql.ts) that checks the key and writes the whole answer, the
 * project's bytes, sent as it is: Node neither parses nor writes any JSON of it. The statements are
 * named prepared statements: each pool connection parses them once and PostgreSQL keeps their plan,
 * which on the v2 lists is a third of the statement's time (bench/compare/limit-forms.ts).
 *
 *   GET /nested          the nested GraphQL query's answer
 *   GET /v2/campaigns    the project's GET /v2/campaigns (page, per_page)
 *   GET /v2/contents     the project's GET /v2/contents (page, per_page)
 */

/** The three statements a whole-answer server runs (bench/compare/limit-forms.ts serves other forms of them). */
export interface WholeAnswerStatements {
  nested: string;
  campaigns: string;
  contents: string;
  /** Run as named prepared statements: each pool connection parses them once, and PostgreSQL may keep a plan. */
  prepared?: boolean;
}

/**
 * The project's page links (src/http/rest/pagination.ts): the request URL with `page` set. Written
 * here rather than in SQL as a hand-written server would: URLSearchParams re-encodes the query
 * string as the project's does.
 */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(`${request.protocol}://${request.host}${request.url}`);
  url.searchParams.set('page', String(page));
  return url.toString();
}

/** bodyFromSql with the statement named after its text, so that each connection prepares it once. */
function preparedBodyFromSql(pool: pg.Pool): (reply: FastifyReply, text: string, values: unknown[]) => Promise<FastifyReply> {
  const names = new Map<string, string>();
  return async (reply, text, values) => {
    let name = names.get(text);
    if (name === undefined) {
      name = `whole-answer-${names.size + 1}`;
      names.set(text, name);
    }
    const { rows } = await pool.query<{ body: string }>({ name, text, values });
    if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
    return reply.type('application/json; charset=utf-8').send(rows[0].body);
  };
}

export async function startWholeAnswerServer(statements: WholeAnswerStatements): Promise<{ port: number; stop: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: requiredEnv(ENV_DATABASE_URL), max: POOL_SIZE });
  const app = Fastify({ logger: false });

  const answer = statements.prepared ? preparedBodyFromSql(pool) : bodyFromSql(pool);

  app.get('/nested', async (request, reply) => {
    const hash = hashKey(request);
    if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
    return answer(reply, statements.nested, [hash]);
  });

  for (const [path, sql] of [
    ['/v2/campaigns', statements.campaigns],
    ['/v2/contents', statements.contents],
  ] as const) {
    app.get<{ Querystring: Record<string, string | undefined> }>(path, async (request, reply) => {
      const hash = hashKey(request);
      if (!hash) return reply.code(401).send({ error: 'API key is missing or invalid' });
      const parameters = pageParameters(request.query);
      if (!parameters) return reply.code(422).send({ error: 'page and per_page must be positive integers (per_page at most 100)' });
      const { page, perPage } = parameters;
      const values: PageParameters = [hash, page, perPage, pageUrl(request, page + 1), page > 1 ? pageUrl(request, page - 1) : null];
      return answer(reply, sql, values);
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
}

// Run as a server process of the bench; imported (by bench/compare/limit-server.ts), it only lends its routes.
if (require.main === module) {
  const statements = countPgStatements();
  runServerProcess(
    () => startWholeAnswerServer({ nested: WHOLE_NESTED_SQL, campaigns: WHOLE_V2_CAMPAIGNS_SQL, contents: WHOLE_V2_CONTENTS_SQL, prepared: true }),
    statements,
  );
}
