import type { SelectQueryBuilder } from 'typeorm';
import type { OutboxEvent } from '../../outbox/outbox-event.entity';
import type { StreamPosition } from './stream-cursor';

/**
 * The change stream's order and its one rule. Events are ordered by the transaction that wrote
 * them (`txid`), then by id, and handed out only below a bound no running transaction that could
 * still write one is under: the smallest transaction id the current snapshot sees running, leaving
 * out those running in another database (pg_stat_activity says which; one it cannot place counts
 * as running here), or the snapshot's `xmax` when none is. Every transaction below the bound has
 * ended, and the snapshot sees its events if it committed; none can commit an event behind a
 * position already handed out. So resuming after a position yields every event committed later,
 * exactly once, whatever order transactions commit in. What it costs: an event waits while an
 * older write transaction of this database is still running (the API's are short; a long
 * migration or an idle-in-transaction session delays the stream, and the docs say so).
 *
 * The bound is read in the same statement as the events, so with the same snapshot.
 */
export const HANDOUT_BOUND = `COALESCE(
  (SELECT min(running.xid::text::bigint) FROM pg_snapshot_xip(pg_current_snapshot()) AS running(xid)
    WHERE NOT EXISTS (
      SELECT 1 FROM pg_stat_activity elsewhere
       WHERE elsewhere.backend_xid = xid(running.xid)
         AND elsewhere.datid <> (SELECT oid FROM pg_database WHERE datname = current_database()))),
  pg_snapshot_xmax(pg_current_snapshot())::text::bigint)`;

/**
 * `query`'s events after `after` (all when undefined) and up to `upTo` (inclusive; no bound when
 * undefined) that the stream may hand out now, in stream order, at most `limit`.
 */
export function committedAfter(query: SelectQueryBuilder<OutboxEvent>, after: StreamPosition | undefined, limit: number, upTo?: StreamPosition): SelectQueryBuilder<OutboxEvent> {
  const alias = query.alias;
  if (after) {
    query.andWhere(`(${alias}.txid, ${alias}.id) > (CAST(:streamAfterTxid AS bigint), CAST(:streamAfterId AS bigint))`, { streamAfterTxid: after.txid, streamAfterId: after.id });
  }
  if (upTo) {
    query.andWhere(`(${alias}.txid, ${alias}.id) <= (CAST(:streamUpToTxid AS bigint), CAST(:streamUpToId AS bigint))`, { streamUpToTxid: upTo.txid, streamUpToId: upTo.id });
  }
  return query.andWhere(`${alias}.txid < ${HANDOUT_BOUND}`).orderBy(`${alias}.txid`, 'ASC').addOrderBy(`${alias}.id`, 'ASC').limit(limit);
}

/**
 * One read of a follower of the whole stream (the event hub; the bench's bare fan-out): the events
 * after the position ($1 txid, $2 id) that may be handed out now, in stream order, at most
 * `limit`, with `select` naming their columns (alias `e`). Each row also says, as `held`, whether
 * committed events wait behind an older transaction still running: nothing announces its end when
 * it writes no event (or rolls back), so the follower polls while that is true. When no event may
 * be handed out, one row of nulls but `held`. One statement, so one snapshot and one round trip.
 */
export function liveReadSql(select: string, limit: number): string {
  return `WITH bound AS MATERIALIZED (SELECT ${HANDOUT_BOUND} AS txid),
  batch AS (
    SELECT ${select}, e.txid AS "streamTxid", e.id AS "streamId" FROM outbox_events e
     WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND e.txid < (SELECT txid FROM bound)
     ORDER BY e.txid, e.id LIMIT ${limit})
  SELECT batch.*, EXISTS (
      SELECT 1 FROM outbox_events e WHERE (e.txid, e.id) > ($1::bigint, $2::bigint) AND e.txid >= (SELECT txid FROM bound)) AS held
    FROM (VALUES (1)) AS one LEFT JOIN batch ON true
   ORDER BY batch."streamTxid", batch."streamId"`;
}

/** Where the stream stands now: every event the stream will ever hand out later sorts after (txid, MAX_BIGINT). */
export function streamHeadSql(): string {
  return `SELECT ((${HANDOUT_BOUND}) - 1)::text AS txid`;
}

/** The largest bigint: a position's id past every event of its transaction. */
export const MAX_BIGINT = '9223372036854775807';
