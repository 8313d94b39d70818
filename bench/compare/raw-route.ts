import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pg from 'pg';

/** What the raw-SQL servers (C and D) share: reading the key and the page parameters as the project does. */

/**
 * pg's parsers with `date` columns left as PostgreSQL writes them (`2026-03-31`), as the project's
 * records carry them; pg's default makes a JavaScript Date at local midnight of them.
 */
export const DATE_AS_TEXT = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === pg.types.builtins.DATE ? (value: string) => value : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** SHA-256 hex of a well-formed API key, or null (the project's key check hashes the same way). */
export function hashKey(request: FastifyRequest): string | null {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || !key.startsWith('cpk_') || key.length > 128) return null;
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function positiveInteger(value: unknown, fallback: number, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

/** Page and per page of a v2 list request, or null when either is not acceptable. */
export function pageParameters(query: Record<string, string | undefined>): { page: number; perPage: number } | null {
  const page = positiveInteger(query.page, 1);
  const perPage = positiveInteger(query.per_page, DEFAULT_PER_PAGE, MAX_PER_PAGE);
  return page === null || perPage === null ? null : { page, perPage };
}

export async function listenOnLoopback(app: FastifyInstance, name: string): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error(`${name} has no TCP address`);
  return address.port;
}

/**
 * Runs one statement that returns the finished body in a column `body` (no row: the key is not a
 * live one) and sends that text as it is.
 */
export function bodyFromSql(pool: pg.Pool): (reply: FastifyReply, text: string, values: unknown[]) => Promise<FastifyReply> {
  return async (reply, text, values) => {
    const { rows } = await pool.query<{ body: string }>(text, values);
    if (rows.length === 0) return reply.code(401).send({ error: 'API key is invalid' });
    return reply.type('application/json; charset=utf-8').send(rows[0].body);
  };
}
