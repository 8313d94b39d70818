import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { WebhookSettings } from '../../config/config';
import type { SecretBox } from '../../secrets/secret-box';
import { AttemptOutcome } from '../webhook-delivery-attempt.entity';
import { DeliveryStatus } from '../webhook-delivery.entity';
import { type ClosingAttempt, closeAttempts, openAttempts } from './attempt-log';
import { AttemptRequest, isSuccess, type RequestResult } from './attempt-request';
import type { ClaimedDeliveryJob, DeliveryQueue } from './delivery-queue';
import { type DeliveryTarget, loadTargets, planAttempt } from './delivery-target';
import type { PartnerHttpClient } from './http-client';
import type { OAuthTokens } from './oauth-tokens';
import { nextAttemptDelaySeconds } from './retry-schedule';
import { StartRecorder, throttle } from './throttle';
import { trackWebhookHealth } from './webhook-health';

/** What the log says of an attempt whose worker stopped before recording an answer. */
export const INTERRUPTED_ERROR = 'interrupted: the worker making this attempt stopped before recording an answer (the request may have reached the receiver)';

const PING = 'ping';

/** An attempt that ended, ready to be recorded: what closes its row and what the delivery learns from it. */
interface EndedAttempt extends ClosingAttempt {
  target: DeliveryTarget;
  startedAt: Date;
  retryAfter: string | null;
}

function ended(job: { jobId: string; attempt: number }, target: DeliveryTarget, startedAt: Date, result: RequestResult): EndedAttempt {
  return {
    target,
    deliveryId: String(target.id),
    attemptNo: job.attempt,
    jobId: job.jobId,
    outcome: isSuccess(result.statusCode) ? AttemptOutcome.SUCCEEDED : AttemptOutcome.FAILED,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    ...result,
  };
}

/** The open attempt a dead run left, closed as interrupted: no answer known, its duration until now. */
function interrupted(target: DeliveryTarget): EndedAttempt {
  return {
    target,
    deliveryId: String(target.id),
    attemptNo: target.open_attempt_no!,
    jobId: target.open_attempt_job_id!,
    outcome: AttemptOutcome.INTERRUPTED,
    startedAt: target.open_attempt_started_at!,
    durationMs: null,
    statusCode: null,
    error: INTERRUPTED_ERROR,
    responseBody: null,
    retryAfter: null,
  };
}

/**
 * Makes the attempts of a batch of jobs and records them. Each attempt is opened in the log before
 * its request is sent and closed with its outcome after, in one transaction with what follows:
 * done, the next attempt scheduled as a new job, or failed. A job run again after its worker died
 * finds its attempt open, closes it as interrupted (a failed attempt, as far as retries go) and
 * goes on as after any failure, so the log holds every request sent. The batch is read in one
 * statement, opened in one, and recorded in one transaction.
 */
export class Deliverer {
  private readonly request: AttemptRequest;

  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    secrets: SecretBox,
    http: PartnerHttpClient,
    tokens: OAuthTokens,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
  ) {
    this.request = new AttemptRequest(secrets, http, tokens, logger);
  }

  /**
   * Runs a batch; answers the delivery ids whose outcome could not be recorded (pg-boss retries
   * those jobs alone; the retry finds their attempts open and closes them as interrupted).
   */
  async run(jobs: readonly ClaimedDeliveryJob[]): Promise<Set<string>> {
    const targets = await loadTargets(this.dataSource, jobs.map((job) => job.deliveryId));
    const due: { job: ClaimedDeliveryJob; target: DeliveryTarget }[] = [];
    const cancelled: string[] = [];
    const takenOver: EndedAttempt[] = [];
    // One thing per delivery per batch: a second job of the same delivery (a housekeeping requeue
    // fetched beside the original) has nothing left to do.
    const planned = new Set<string>();
    for (const job of jobs) {
      const target = targets.get(job.deliveryId);
      const plan = planned.has(job.deliveryId) ? 'skip' : planAttempt(job, target);
      if (plan === 'skip' || !target) continue;
      planned.add(job.deliveryId);
      if (plan === 'cancel') cancelled.push(target.id);
      else if (plan === 'take-over') takenOver.push(interrupted(target));
      else due.push({ job, target });
    }
    if (cancelled.length > 0) {
      // The webhook was disabled or deleted since: its pending deliveries stop here.
      await this.dataSource.query(`UPDATE webhook_deliveries SET status = $2, next_attempt_at = NULL, updated_at = now() WHERE id = ANY($1) AND status = 'pending'`, [cancelled, DeliveryStatus.FAILED]);
    }
    // Recorded before this batch's requests are sent, so a slow receiver does not hold them.
    const unrecorded = await this.recordEach(takenOver);

    const { allowed, claims } = await throttle(this.dataSource, this.queue, this.logger, due);
    const opening = allowed.map(({ job, target }) => ({ job, target, startedAt: new Date() }));
    const opened = await openAttempts(
      this.dataSource,
      opening.map(({ job, target, startedAt }) => ({ organisationId: target.organisation_id, deliveryId: String(target.id), attemptNo: job.attempt, jobId: job.jobId, startedAt })),
    );
    const sending = opening.filter(({ job }) => opened.has(job.jobId));
    const starts = new StartRecorder(this.dataSource, this.logger, claims, sending.map(({ target }) => target.webhook_id));
    const made = await Promise.all(
      sending.map(async ({ job, target, startedAt }) => {
        const started = starts.starter(target.webhook_id);
        const result = await this.request.send(target, started);
        started();
        return ended(job, target, startedAt, result);
      }),
    );
    await starts.settled();
    for (const id of await this.recordEach(made)) unrecorded.add(id);
    return unrecorded;
  }

  /**
   * Records attempts in one transaction; should that fail, each on its own, so one bad row cannot
   * hold its batch-mates hostage. Answers the delivery ids that still could not be recorded.
   */
  private async recordEach(attempts: EndedAttempt[]): Promise<Set<string>> {
    const unrecorded = new Set<string>();
    if (attempts.length === 0) return unrecorded;
    try {
      await this.record(attempts);
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error), attempts: attempts.length }, 'recording a batch of attempts failed; recording them one by one');
      for (const one of attempts) {
        await this.record([one]).catch((oneError: unknown) => {
          this.logger.warn({ error: oneError instanceof Error ? oneError.message : String(oneError), deliveryId: one.deliveryId }, 'recording an attempt failed; its job is retried');
          unrecorded.add(one.deliveryId);
        });
      }
    }
    return unrecorded;
  }

  private async record(attempts: EndedAttempt[]): Promise<void> {
    const results = attempts.map((attempt) => {
      const succeeded = attempt.outcome === AttemptOutcome.SUCCEEDED;
      const gone = attempt.statusCode === 410;
      const ping = attempt.target.event_type === PING;
      // An interrupted attempt is a failed one: the next follows the schedule, and the last the schedule allows fails the delivery.
      const retry = !succeeded && !gone && !ping && attempt.target.webhook_usable;
      const delay = retry ? nextAttemptDelaySeconds(this.settings.retrySchedule, attempt.attemptNo, attempt.retryAfter) : null;
      const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay * 1000);
      const status = succeeded ? DeliveryStatus.SUCCEEDED : nextAttemptAt ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;
      return { ...attempt, succeeded, gone, ping, nextAttemptAt, status };
    });

    const closed = await this.dataSource.transaction(async (manager) => {
      // Attempts closed already (by a run that was only slow, or by one that took it over) are left as they are.
      const closedHere = await closeAttempts(manager, results);
      const recorded = results.filter((result) => closedHere.has(result.deliveryId));
      if (recorded.length === 0) return closedHere;
      const only = <T>(pick: (result: (typeof results)[number]) => T): T[] => recorded.map(pick);
      await manager.query(
        `UPDATE webhook_deliveries d
            SET status = v.status, attempt_count = v.attempt_no, last_attempt_at = v.started_at, last_status_code = v.status_code, next_attempt_at = v.next_attempt_at, updated_at = now()
           FROM unnest($1::bigint[], $2::varchar[], $3::int[], $4::timestamptz[], $5::int[], $6::timestamptz[]) AS v(id, status, attempt_no, started_at, status_code, next_attempt_at)
          WHERE d.id = v.id`,
        [only((r) => r.deliveryId), only((r) => r.status), only((r) => r.attemptNo), only((r) => r.startedAt), only((r) => r.statusCode), only((r) => r.nextAttemptAt)],
      );
      await this.queue.enqueue(
        manager,
        recorded.flatMap((r) => (r.nextAttemptAt ? [{ deliveryId: r.deliveryId, attempt: r.attemptNo + 1, startAfter: r.nextAttemptAt }] : [])),
      );
      await trackWebhookHealth(
        manager,
        this.settings.disableAfterSeconds,
        recorded.filter((r) => !r.ping && r.outcome !== AttemptOutcome.INTERRUPTED),
      );
      return closedHere;
    });
    for (const r of results) {
      const fields = { deliveryId: r.deliveryId, attempt: r.attemptNo, outcome: r.outcome, status: r.status, statusCode: r.statusCode, error: r.error };
      if (closed.has(r.deliveryId)) this.logger.debug(fields, 'webhook attempt');
      else this.logger.info(fields, 'webhook attempt closed by another run before this one could record it; this outcome is not recorded');
    }
  }
}
