const pad2 = (value: number): string => (value < 10 ? `0${value}` : `${value}`);
const pad3 = (value: number): string => (value < 10 ? `00${value}` : value < 100 ? `0${value}` : `${value}`);
const pad4 = (value: number): string => (value < 1000 ? `0${pad3(value)}` : `${value}`);

/**
 * `date.toISOString()` (`2026-11-27T12:04:36.123Z`), written here for the years 0 to 9999: V8's
 * builtin formats through a call into its runtime that costs about three times as much, and a /v2
 * page of 100 records writes hundreds of timestamps (docs/benchmarks.md). Other years, and
 * invalid dates, take the builtin: the same text, or the same RangeError.
 */
export function isoTimestamp(date: Date): string {
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return date.toISOString();
  return `${pad4(year)}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}T${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}:${pad2(date.getUTCSeconds())}.${pad3(date.getUTCMilliseconds())}Z`;
}
