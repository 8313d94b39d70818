import type { ObjectLiteral, QueryRunner, SelectQueryBuilder } from 'typeorm';
import type { QueryExpressionMap } from 'typeorm/query-builder/QueryExpressionMap';
import { PerDriverCache } from './per-driver-cache';

/**
 * The raw rows of a select query, its SQL text built by TypeORM once per shape of query. Reads
 * are built the same few ways request after request (a /v2 page, a connection page, a loader's
 * batch), and building the text anew (aliases escaped, every property name replaced by a regular
 * expression over the whole statement) cost 6% of the server's CPU on a 100-row /v2 page
 * (docs/benchmarks.md). The shape is what TypeORM writes the text from: selections, joins,
 * conditions, order, paging. Values are parameters, bound per request as TypeORM binds them, so a shape's text serves every workspace and every filter
 * value. A query using what the shape does not describe (common table expressions, relation ids,
 * a lock, a subquery as its source, index hints, a result cache, a transaction of its own) goes to
 * `getRawMany`, built as TypeORM builds it every time. Running the reused text here also skips
 * `loadRawResults`, which stringifies every statement's parameters for a result cache never used.
 * Under the tests' check (`checkStatementTexts`) every reused text is compared with the one
 * TypeORM builds, so a shape that leaves out what its text depends on fails the tests.
 */

/**
 * Texts by shape. Shapes come from the code, but a /v2 page's number is in its text (TypeORM
 * writes LIMIT and OFFSET as numbers), so a client paging far makes one per page: about 2 KB each.
 */
const texts = new PerDriverCache<string>(1000);

let checking = false;

/** Turns the comparison of reused texts with TypeORM's own on (the test suite) or off. */
export function checkStatementTexts(on = true): void {
  checking = on;
}

/** A reused text differs from the one TypeORM builds: the shape leaves out something the text depends on. */
export class StatementTextMismatchError extends Error {
  constructor(reused: string, built: string) {
    super(`a reused statement text differs from TypeORM's for the same shape:\nreused: ${reused}\nbuilt:  ${built}`);
    this.name = 'StatementTextMismatchError';
  }
}

/** Thrown by the replacer below: a shape holding a function cannot be written down, so its query is not cached. */
const UNWRITABLE = new Error('unwritable shape');

function refuseFunctions(_key: string, value: unknown): unknown {
  if (typeof value === 'function') throw UNWRITABLE;
  return value;
}

/** What TypeORM writes the text of `map` from, as a key; undefined for what it does not describe. */
function shapeOf(map: QueryExpressionMap): string | undefined {
  const main = map.mainAlias;
  if (!main?.hasMetadata || main.subQuery || map.queryType !== 'select') return undefined;
  if (map.commonTableExpressions.length || map.relationIdAttributes.length) return undefined;
  if (map.lockMode || map.useIndex?.length || map.timeTravel || map.useTransaction || map.cache) return undefined;
  const joins: unknown[] = [];
  for (const join of map.joinAttributes) {
    if (!join.alias.hasMetadata || join.alias.subQuery) return undefined;
    const target = typeof join.entityOrProperty === 'string' ? join.entityOrProperty : join.alias.metadata.name;
    joins.push([join.direction, join.alias.name, join.alias.metadata.name, target, join.condition, join.mapToProperty, join.isMappingMany]);
  }
  try {
    return JSON.stringify(
      [
        main.name,
        main.metadata.name,
        map.comment,
        map.selects,
        map.selectDistinct,
        map.selectDistinctOn,
        joins,
        map.wheres,
        map.havings,
        map.groupBys,
        map.orderBys,
        map.limit,
        map.offset,
        map.take,
        map.skip,
        map.withDeleted,
        map.subQuery,
        map.aliasNamePrefixingEnabled,
        map.queryEntity,
        map.extraAppendedAndWhereCondition,
      ],
      refuseFunctions,
    );
  } catch (error) {
    if (error === UNWRITABLE) return undefined;
    throw error;
  }
}

/** The shape of `query`, unless a result cache (which keys on the bound text) may answer it. */
function shapeOfQuery<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): string | undefined {
  return query.connection.queryResultCache ? undefined : shapeOf(query.expressionMap);
}

/** The text of `shape`'s queries (before their parameters are bound), TypeORM's own, built from `query` the first time. */
function textOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>, shape: string): string {
  const driver = query.connection.driver;
  const reused = texts.get(driver, shape);
  if (reused !== undefined) {
    if (checking) {
      const built = query.getQuery();
      if (built !== reused) throw new StatementTextMismatchError(reused, built);
    }
    return reused;
  }
  const text = query.getQuery();
  texts.set(driver, shape, text);
  return text;
}

/** The text of `query` before its parameters are bound, as `getQuery` gives it: reused for a shape seen before. */
export function statementTextOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): string {
  const shape = shapeOfQuery(query);
  return shape === undefined ? query.getQuery() : textOf(query, shape);
}

/**
 * What `getRawMany` answers, on the connection it would use (the query's own runner, or one the
 * DataSource gives: the request's, src/db/request-transaction.ts, or the pool's, released after).
 */
export async function rawRowsOf<T extends ObjectLiteral>(query: SelectQueryBuilder<T>): Promise<Record<string, unknown>[]> {
  // As getRawMany does: raw rows, not entities, are what the text selects.
  query.expressionMap.queryEntity = false;
  const shape = shapeOfQuery(query);
  if (shape === undefined) return query.getRawMany();
  const [sql, parameters] = query.connection.driver.escapeQueryWithParameters(textOf(query, shape), query.getParameters());
  const own = (query as unknown as { queryRunner?: QueryRunner }).queryRunner;
  const runner = own ?? query.connection.createQueryRunner();
  try {
    return (await runner.query(sql, parameters, true)).records as Record<string, unknown>[];
  } finally {
    if (runner !== own) await runner.release();
  }
}
