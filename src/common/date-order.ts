import type { ErrorSink } from './validation';

/** An earliest/latest pair of calendar-date properties and how to name the latest in a message. */
export type DatePair<T> = readonly [earliest: keyof T & string, latest: keyof T & string, latestName: string];

/**
 * Each earliest date is on or before its latest date, checked on the record as it would be saved
 * (so a partial update cannot break it). ISO calendar dates order correctly as strings.
 */
export function checkDateOrder<T>(record: Partial<Record<keyof T, unknown>>, pairs: readonly DatePair<T>[], errors: ErrorSink): void {
  for (const [earliest, latest, latestName] of pairs) {
    const from = record[earliest];
    const to = record[latest];
    if (typeof from === 'string' && typeof to === 'string' && from > to) errors.add(earliest, `must be on or before ${latestName}`);
  }
}
