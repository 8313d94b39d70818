/**
 * The admin CLI's key options: `--scopes a,b`, `--expires-at <ISO 8601>`, `--expires-in <90d|12h|30m>`,
 * `--overlap <24h|0>`. Their values become the service's inputs, which the service judges again.
 */

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION = /^(\d{1,6})([smhd])$/;

/** A duration such as `90d`, `12h`, `30m`, `45s`, or `0`; null when it is none of these. */
export function durationMs(text: string): number | null {
  if (text === '0') return 0;
  const match = DURATION.exec(text.trim());
  return match ? Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS] : null;
}

/** `campaigns:read,events:read` (spaces allowed) as a list; an empty option is no scope at all. */
export function scopeList(text: string): string[] {
  return text
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '');
}

/** When a key given `--expires-at` or `--expires-in` expires; undefined when neither; the problem when they are malformed or both given. */
export function expiryOf(options: { expiresAt?: string; expiresIn?: string }, now = Date.now()): Date | undefined | string {
  if (options.expiresAt !== undefined && options.expiresIn !== undefined) return 'give --expires-at or --expires-in, not both';
  if (options.expiresAt !== undefined) {
    // A date and time with its zone: a key's end is an instant, not a local time.
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(options.expiresAt)) {
      return `--expires-at must be an ISO 8601 date and time with its zone (2027-01-31T00:00:00Z), got "${options.expiresAt}"`;
    }
    const at = new Date(options.expiresAt);
    return Number.isNaN(at.getTime()) ? `--expires-at is not a valid time: "${options.expiresAt}"` : at;
  }
  if (options.expiresIn !== undefined) {
    const ms = durationMs(options.expiresIn);
    if (ms === null || ms === 0) return `--expires-in must be a duration such as 90d, 12h or 30m, got "${options.expiresIn}"`;
    return new Date(now + ms);
  }
  return undefined;
}
