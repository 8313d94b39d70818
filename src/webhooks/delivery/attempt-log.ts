import type { DataSource, EntityManager } from 'typeorm';
import { type AttemptOutcome, OPEN_ATTEMPT } from '../webhook-delivery-attempt.entity';

/**
 * An attempt's row lives twice: opened (outcome `in_progress`) before its request is sent, then
 * closed with how it ended, by the run that opened it or, when that run died, by the run that
 * takes the delivery over (`interrupted`). Readers of the log list closed attempts only.
 */

export interface OpeningAttempt {
  organisationId: number;
  deliveryId: string;
  attemptNo: number;
  /** The pg-boss job opening it: the claim a later run of the same job recognises. */
  jobId: string;
  startedAt: Date;
}

/**
 * Opens attempts in one statement; answers the jobs whose attempt was opened. An attempt number
 * already logged, or another attempt of the delivery still open, is another job's (unique
 * indexes): that job is not this run's to send.
 */
export async function openAttempts(dataSource: DataSource, attempts: readonly OpeningAttempt[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const column = <T>(pick: (attempt: OpeningAttempt) => T): T[] => attempts.map(pick);
  const opened: { job_id: string }[] = await dataSource.query(
    `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, job_id, outcome)
     SELECT v.*, $6 FROM unnest($1::int[], $2::bigint[], $3::int[], $4::timestamptz[], $5::uuid[]) AS v
     ON CONFLICT DO NOTHING RETURNING job_id`,
    [column((a) => a.organisationId), column((a) => a.deliveryId), column((a) => a.attemptNo), column((a) => a.startedAt), column((a) => a.jobId), OPEN_ATTEMPT],
  );
  return new Set(opened.map((row) => row.job_id));
}

export interface ClosingAttempt {
  deliveryId: string;
  attemptNo: number;
  /** The job that opened it: the attempt is closed only if it is still that job's and still open. */
  jobId: string;
  outcome: AttemptOutcome;
  /** Null: until now (an interrupted attempt, closed by whoever found it). */
  durationMs: number | null;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
}

/**
 * Closes attempts inside the caller's transaction; answers the delivery ids whose attempt this
 * call closed. One already closed (taken over as interrupted while its run was only slow, or
 * recorded by a run that was only slow) is left as it was: the first to close it wins, and the
 * loser records nothing.
 */
export async function closeAttempts(manager: EntityManager, attempts: readonly ClosingAttempt[]): Promise<Set<string>> {
  if (attempts.length === 0) return new Set();
  const column = <T>(pick: (attempt: ClosingAttempt) => T): T[] => attempts.map(pick);
  // UPDATE … RETURNING answers [rows, count] through TypeORM.
  const [closed] = (await manager.query(
    `UPDATE webhook_delivery_attempts a
        SET outcome = v.outcome, status_code = v.status_code, error = v.error, response_body = v.response_body,
            duration_ms = COALESCE(v.duration_ms, GREATEST(0, round(extract(epoch FROM clock_timestamp() - a.started_at) * 1000))::int)
       FROM unnest($1::bigint[], $2::int[], $3::uuid[], $4::varchar[], $5::int[], $6::int[], $7::text[], $8::text[])
         AS v(delivery_id, attempt_no, job_id, outcome, duration_ms, status_code, error, response_body)
      WHERE a.delivery_id = v.delivery_id AND a.attempt_no = v.attempt_no AND a.job_id = v.job_id AND a.outcome = $9
      RETURNING a.delivery_id`,
    [
      column((a) => a.deliveryId),
      column((a) => a.attemptNo),
      column((a) => a.jobId),
      column((a) => a.outcome),
      column((a) => a.durationMs),
      column((a) => a.statusCode),
      column((a) => a.error),
      column((a) => a.responseBody),
      OPEN_ATTEMPT,
    ],
  )) as [{ delivery_id: string }[], number];
  return new Set(closed.map((row) => String(row.delivery_id)));
}
