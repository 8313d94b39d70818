/** Longest a receiver's Retry-After is honoured; beyond it the schedule's own delay applies. */
const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;

/**
 * When the attempt after failed attempt `attempt` (1-based) is due, or null when the schedule is
 * spent. ±10% jitter keeps receivers that failed together from being retried together; a
 * receiver's Retry-After (seconds or an HTTP date) stretches the delay, never shortens it.
 */
export function nextAttemptDelaySeconds(schedule: readonly number[], attempt: number, retryAfter: string | null, now = Date.now(), random = Math.random): number | null {
  const base = schedule[attempt - 1];
  if (base === undefined) return null;
  const jittered = base * (0.9 + 0.2 * random());
  return Math.max(jittered, retryAfterSeconds(retryAfter, now) ?? 0);
}

export function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const seconds = /^\s*\d+\s*$/.test(header) ? Number(header) : (Date.parse(header) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return null;
  return Math.min(seconds, MAX_RETRY_AFTER_SECONDS);
}
