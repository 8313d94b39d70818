import { ValidationFailedError } from '../../common/errors';

/**
 * A position in a workspace's change stream: the event's writing transaction (`txid`) and id, the
 * stream's order, and its `created_at`, so a position older than the stream keeps (the feed's 30
 * days) is known as such without a read. Opaque to clients (base64url).
 */
export interface StreamPosition {
  /** The writing transaction's id, as a bigint in digits. */
  txid: string;
  /** The event id, as a bigint in digits. */
  id: string;
  /** When the event was recorded (ms since the epoch). */
  createdAt: number;
}

const VERSION = 's1';
const DIGITS = /^\d{1,19}$/;
const MAX_BIGINT = 9223372036854775807n;

/** Digits PostgreSQL's bigint holds. */
function isBigint(text: string): boolean {
  return DIGITS.test(text) && BigInt(text) <= MAX_BIGINT;
}

export function encodeStreamCursor(position: StreamPosition): string {
  return Buffer.from(`${VERSION}.${position.txid}.${position.id}.${position.createdAt}`).toString('base64url');
}

/** An event row's position in the stream. */
export function positionOf(event: { txid: string; id: string; createdAt: Date }): StreamPosition {
  return { txid: String(event.txid), id: String(event.id), createdAt: event.createdAt.getTime() };
}

/** The cursor of an event row (the stream, the feed, deliveries and subscriptions all carry it). */
export function streamCursorOf(event: { txid: string; id: string; createdAt: Date }): string {
  return encodeStreamCursor(positionOf(event));
}

/** Negative, zero or positive as `a` comes before, at or after `b` in the stream's (txid, id) order. */
export function comparePositions(a: StreamPosition, b: StreamPosition): number {
  const byTxid = compareDigits(a.txid, b.txid);
  return byTxid !== 0 ? byTxid : compareDigits(a.id, b.id);
}

/** Non-negative integers in digits, without a BigInt each time: by length, then as text. */
function compareDigits(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The position a cursor names; anything else is refused on `field`. */
export function decodeStreamCursor(cursor: string, field: string): StreamPosition {
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('.');
  if (parts.length === 4 && parts[0] === VERSION && isBigint(parts[1]) && isBigint(parts[2]) && /^\d{1,15}$/.test(parts[3])) {
    // Without leading zeros, so positions compare as digits (comparePositions).
    return { txid: BigInt(parts[1]).toString(), id: BigInt(parts[2]).toString(), createdAt: Number(parts[3]) };
  }
  throw ValidationFailedError.single(field, 'is not a cursor of the event stream');
}
