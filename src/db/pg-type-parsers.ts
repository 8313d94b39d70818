import { types } from 'pg';

/**
 * The driver's parsers for `timestamptz` and `date`, on the usual text, without regular
 * expressions. pg hands both to postgres-date, which runs three regular expressions a value, then
 * builds the same Date; a /v2 page of 100 contents spent about a tenth of its CPU there
 * (docs/benchmarks.md). A value in PostgreSQL's ISO output with a four-digit year from 100 on
 * (`2026-11-27 12:04:36.123+00`, any zone offset; `2026-11-27`) is read by position here; any
 * other text (`infinity`, BC dates, years of other lengths, another DateStyle) goes to
 * postgres-date. Either way a timestamp is postgres-date's to the millisecond: the same fields, the
 * same arithmetic (`1000 × parseFloat('.123')` for the fraction), the same Date constructors. A
 * date in that form is its text (below): what TypeORM makes of postgres-date's Date.
 */

const TIMESTAMPTZ_OID = 1184;
const DATE_OID = 1082;
const postgresTimestamp = types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (text: string) => unknown;
const postgresDate = types.getTypeParser(DATE_OID, 'text') as (text: string) => unknown;

const DASH = 45;
const COLON = 58;
const SPACE = 32;
const DOT = 46;
const PLUS = 43;
const ZERO = 48;
const NINE = 57;

/** The number written in `text` from `from` to `to` (exclusive), or -1 when a character is not a digit. */
function digits(text: string, from: number, to: number): number {
  let value = 0;
  for (let at = from; at < to; at += 1) {
    const code = text.charCodeAt(at);
    if (code < ZERO || code > NINE) return -1;
    value = value * 10 + (code - ZERO);
  }
  return value;
}

/** Seconds east of UTC of a zone written from `at` (`+05`, `-03:30`, `+00:19:32`), or undefined when it is not one. */
function zoneOffsetSeconds(text: string, at: number): number | undefined {
  const sign = text.charCodeAt(at);
  if (sign !== PLUS && sign !== DASH) return undefined;
  const length = text.length - at - 1;
  if (length !== 2 && length !== 5 && length !== 8) return undefined;
  const hours = digits(text, at + 1, at + 3);
  const minutes = length >= 5 && text.charCodeAt(at + 3) === COLON ? digits(text, at + 4, at + 6) : length >= 5 ? -1 : 0;
  const seconds = length === 8 && text.charCodeAt(at + 6) === COLON ? digits(text, at + 7, at + 9) : length === 8 ? -1 : 0;
  if (hours < 0 || minutes < 0 || seconds < 0) return undefined;
  const offset = hours * 3600 + minutes * 60 + seconds;
  return sign === DASH ? -offset : offset;
}

/** `YYYY-MM-DD` with a four-digit year of 100 or more: postgres-date treats years below 100 apart. */
function ymd(text: string): [number, number, number] | undefined {
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH) return undefined;
  const year = digits(text, 0, 4);
  const month = digits(text, 5, 7);
  const day = digits(text, 8, 10);
  if (year < 100 || month < 0 || day < 0) return undefined;
  return [year, month, day];
}

/** A `timestamptz` value: a Date, or what postgres-date makes of text in another form. */
export function parseTimestamptz(text: string): unknown {
  const date = text.length >= 22 && text.charCodeAt(10) === SPACE && text.charCodeAt(13) === COLON && text.charCodeAt(16) === COLON ? ymd(text) : undefined;
  if (!date) return postgresTimestamp(text);
  const hour = digits(text, 11, 13);
  const minute = digits(text, 14, 16);
  const second = digits(text, 17, 19);
  let at = 19;
  let milliseconds = 0;
  if (text.charCodeAt(at) === DOT) {
    at += 1;
    while (at < text.length && text.charCodeAt(at) >= ZERO && text.charCodeAt(at) <= NINE) at += 1;
    if (at === 20) return postgresTimestamp(text);
    milliseconds = 1000 * parseFloat(text.slice(19, at));
  }
  const offset = zoneOffsetSeconds(text, at);
  if (hour < 0 || minute < 0 || second < 0 || offset === undefined) return postgresTimestamp(text);
  const value = new Date(Date.UTC(date[0], date[1] - 1, date[2], hour, minute, second, milliseconds));
  if (offset !== 0) value.setTime(value.getTime() - offset * 1000);
  return value;
}

/**
 * A `date` value: its `YYYY-MM-DD` text as it is, which is what TypeORM hydrates a date column to
 * (entities hold dates as text; postgres-date's Date at local midnight was turned back into the
 * same text, at 6.7% of the server's CPU on a /v2 page of 100 campaigns, docs/benchmarks.md). Any
 * other text (BC dates, `infinity`, years of other lengths, a day that does not exist) is
 * postgres-date's, which TypeORM formats as before.
 */
export function parseDateColumn(text: string): unknown {
  const date = text.length === 10 ? ymd(text) : undefined;
  return date && isCalendarDay(date) ? text : postgresDate(text);
}

/** Whether a day exists (PostgreSQL writes no other; postgres-date would roll `02-30` into March). */
function isCalendarDay([year, month, day]: [number, number, number]): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/** For pg's `types` option (a pool's clients): these two parsers, pg's own for every other type. */
export const PG_TYPE_PARSERS = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): unknown {
    if (format === undefined || format === 'text') {
      if (oid === TIMESTAMPTZ_OID) return parseTimestamptz;
      if (oid === DATE_OID) return parseDateColumn;
    }
    return format === undefined ? types.getTypeParser(oid) : types.getTypeParser(oid, format);
  },
};
