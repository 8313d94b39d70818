import type { DataSource } from 'typeorm';
import { OutboxEvent } from '../../outbox/outbox-event.entity';
import { liveReadSql } from './committed-events';

/** Events read per statement; a wake reads until a batch comes back short. */
export const READ_BATCH = 1_000;

/** A row of the live read: an event's columns by property name (all null when none came), its stream position again, and `held`. */
export interface LiveRow extends Record<string, unknown> {
  streamTxid: string | null;
  streamId: string | null;
  held: boolean;
}

/** What one live read found. */
export interface LiveRead {
  events: OutboxEvent[];
  /** Committed events wait behind an older transaction still running. */
  held: boolean;
}

/**
 * The hub's read (committed-events.ts, liveReadSql) for the event entity's columns, named as its
 * properties, so a row becomes an OutboxEvent as TypeORM would build it (the session's types are
 * pg's defaults, as the data source's: bigint as text, timestamptz as Date, json parsed).
 */
export function liveReadOf(dataSource: DataSource): string {
  const columns = dataSource.getMetadata(OutboxEvent).columns.filter((column) => !column.relationMetadata || column.propertyName !== column.relationMetadata.propertyName);
  return liveReadSql(columns.map((column) => `e."${column.databaseName}" AS "${column.propertyName}"`).join(', '), READ_BATCH);
}

export function liveRead(rows: LiveRow[]): LiveRead {
  const held = rows[0]?.held ?? false;
  if (rows.length === 0 || rows[0].streamId === null) return { events: [], held };
  return {
    held,
    events: rows.map(({ streamTxid: _txid, streamId: _id, held: _held, ...columns }) => Object.assign(new OutboxEvent(), columns)),
  };
}
