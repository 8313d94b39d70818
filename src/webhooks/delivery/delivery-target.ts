import type { DataSource } from 'typeorm';
import { OPEN_ATTEMPT } from '../webhook-delivery-attempt.entity';
import { DeliveryStatus } from '../webhook-delivery.entity';
import { ATTEMPT_JOB_EXPIRE_SECONDS, type ClaimedDeliveryJob } from './delivery-queue';

/** Everything one attempt needs, read in one statement. */
export interface DeliveryTarget {
  id: string;
  organisation_id: number;
  status: DeliveryStatus;
  attempt_count: number;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  /** The event's writing transaction: with its id and time, its change-stream cursor. */
  event_txid: string;
  payload: string;
  organization_code: string;
  webhook_id: number;
  webhook_usable: boolean;
  /** Requests per second the workers together may start to `url`; null for no limit. */
  rate_limit: number | null;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  failing_since: Date | null;
  service_id: number | null;
  service_updated_at: Date | null;
  client_id: string | null;
  client_secret_sealed: string | null;
  auth_url: string | null;
  /** The delivery's attempt in flight, if any (at most one: a unique partial index). */
  open_attempt_no: number | null;
  open_attempt_job_id: string | null;
  open_attempt_started_at: Date | null;
  /** Open for longer than pg-boss lets any run of a job last: whoever opened it is no longer running it. */
  open_attempt_abandoned: boolean;
}

export async function loadTargets(dataSource: DataSource, deliveryIds: string[]): Promise<Map<string, DeliveryTarget>> {
  const rows: DeliveryTarget[] = await dataSource.query(
    `SELECT d.id, d.organisation_id, d.status, d.attempt_count, d.event_id, d.event_type,
            e.created_at AS event_created_at, e.txid AS event_txid, e.payload::text AS payload, o.organization_code,
            w.id AS webhook_id, (w.deleted_at IS NULL AND (w.active OR d.event_type = 'ping')) AS webhook_usable, w.rate_limit, w.url, w.secret_sealed,
            w.previous_secret_sealed, w.previous_secret_expires_at, w.failing_since,
            s.id AS service_id, s.updated_at AS service_updated_at, s.client_id, s.client_secret_sealed, s.auth_url,
            a.attempt_no AS open_attempt_no, a.job_id AS open_attempt_job_id, a.started_at AS open_attempt_started_at,
            COALESCE(a.started_at < now() - make_interval(secs => $3), false) AS open_attempt_abandoned
       FROM webhook_deliveries d
       JOIN webhooks w ON w.id = d.webhook_id
       JOIN outbox_events e ON e.id = d.event_id
       JOIN organisations o ON o.id = d.organisation_id
       LEFT JOIN webhook_services s ON s.id = w.service_id AND s.deleted_at IS NULL
       LEFT JOIN webhook_delivery_attempts a ON a.delivery_id = d.id AND a.outcome = $2
      WHERE d.id = ANY($1)`,
    [deliveryIds, OPEN_ATTEMPT, ATTEMPT_JOB_EXPIRE_SECONDS],
  );
  return new Map(rows.map((row) => [String(row.id), row]));
}

/** What a run of an attempt job does with its delivery. */
export type AttemptPlan =
  /** Nothing: the delivery is gone or settled, this attempt was made already, or another job's attempt is in flight. */
  | 'skip'
  /** The webhook was disabled or deleted since: the delivery stops here. */
  | 'cancel'
  /** Close the open attempt a dead run left as interrupted, and go on from there as after any failed attempt. */
  | 'take-over'
  /** Open the attempt, send it, record its outcome. */
  | 'attempt';

/**
 * The decision for one job, from the delivery as read. An open attempt is taken over when this
 * very job opened it (pg-boss runs a job again only after giving its earlier run up: its worker
 * stopped heartbeating, or the run outlived its expiry) or when it has been open longer than any
 * run may last; an open attempt of another job still within that time is left to it.
 */
export function planAttempt(job: ClaimedDeliveryJob, target: DeliveryTarget | undefined): AttemptPlan {
  if (!target || target.status !== DeliveryStatus.PENDING || target.attempt_count >= job.attempt) return 'skip';
  if (target.open_attempt_no !== null) {
    const ownEarlierRun = target.open_attempt_no === job.attempt && target.open_attempt_job_id === job.jobId;
    return ownEarlierRun || target.open_attempt_abandoned ? 'take-over' : 'skip';
  }
  return target.webhook_usable ? 'attempt' : 'cancel';
}
