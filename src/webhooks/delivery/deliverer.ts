import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import type { WebhookSettings } from '../../config/config';
import { recordEvent } from '../../outbox/outbox';
import type { SecretBox } from '../../secrets/secret-box';
import { DeliveryStatus } from '../webhook-delivery.entity';
import type { DeliveryJob, DeliveryQueue } from './delivery-queue';
import { type HttpAnswer, HttpFailure, type PartnerHttpClient } from './http-client';
import { type ClientCredentials, type OAuthTokens, TokenError } from './oauth-tokens';
import { nextAttemptDelaySeconds } from './retry-schedule';
import { signatureHeader } from './signing';
import { streamCursorOf } from '../../events/stream/stream-cursor';

export const USER_AGENT = 'CampaignPartnerAPI-Webhooks/2 (+https://github.com/standard-webhooks/standard-webhooks)';

/** Everything one attempt needs, read in one statement. */
interface DeliveryTarget {
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
}

interface AttemptOutcome {
  startedAt: Date;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  retryAfter: string | null;
}

const PING = 'ping';

function isSuccess(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/** Text the log can store: PostgreSQL text holds no NUL, and a receiver may answer anything. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '\uFFFD');
}

/** The body partners receive: the event envelope (the feed's record), `data` being the payload exactly as stored. */
export function envelopeBody(target: Pick<DeliveryTarget, 'event_id' | 'event_type' | 'event_created_at' | 'event_txid' | 'organization_code' | 'payload'>): string {
  const cursor = streamCursorOf({ txid: target.event_txid, id: target.event_id, createdAt: target.event_created_at });
  return `{"id":${target.event_id},"type":${JSON.stringify(target.event_type)},"created_at":${JSON.stringify(target.event_created_at.toISOString())},"organization_code":${JSON.stringify(target.organization_code)},"cursor":${JSON.stringify(cursor)},"data":${target.payload}}`;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Makes the attempts of a batch of jobs and records them: each request (signed, with a bearer
 * token when the webhook's service has client credentials), each attempt in the log, and what
 * follows: done, the next attempt scheduled as a new job, or failed. The batch is read in one
 * statement and recorded in one transaction. A job run twice (its worker crashed after sending)
 * finds its attempt recorded and does nothing more.
 */
export class Deliverer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly queue: DeliveryQueue,
    private readonly secrets: SecretBox,
    private readonly http: PartnerHttpClient,
    private readonly tokens: OAuthTokens,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
  ) {}

  /**
   * Runs a batch; answers the delivery ids whose outcome could not be recorded (pg-boss retries
   * those jobs alone). The batch is recorded in one transaction; should that fail, each attempt
   * is recorded on its own, so one bad row cannot hold its batch-mates hostage.
   */
  async run(jobs: readonly DeliveryJob[]): Promise<Set<string>> {
    const targets = await this.load(jobs.map((job) => job.deliveryId));
    const due: { attemptNo: number; target: DeliveryTarget }[] = [];
    const cancelled: string[] = [];
    for (const job of jobs) {
      const target = targets.get(job.deliveryId);
      if (!target || target.status !== DeliveryStatus.PENDING || target.attempt_count >= job.attempt) continue;
      if (!target.webhook_usable) cancelled.push(target.id);
      else due.push({ attemptNo: job.attempt, target });
    }
    if (cancelled.length > 0) {
      // The webhook was disabled or deleted since: its pending deliveries stop here.
      await this.dataSource.query(`UPDATE webhook_deliveries SET status = $2, next_attempt_at = NULL, updated_at = now() WHERE id = ANY($1) AND status = 'pending'`, [cancelled, DeliveryStatus.FAILED]);
    }
    const unrecorded = new Set<string>();
    if (due.length === 0) return unrecorded;
    const made = await Promise.all(due.map(async ({ attemptNo, target }) => ({ attemptNo, target, outcome: await this.attempt(target) })));
    try {
      await this.record(made);
    } catch (error) {
      this.logger.warn({ error: error instanceof Error ? error.message : String(error), attempts: made.length }, 'recording a batch of attempts failed; recording them one by one');
      for (const one of made) {
        await this.record([one]).catch((oneError: unknown) => {
          this.logger.warn({ error: oneError instanceof Error ? oneError.message : String(oneError), deliveryId: one.target.id }, 'recording an attempt failed; its job is retried');
          unrecorded.add(String(one.target.id));
        });
      }
    }
    return unrecorded;
  }

  private async load(deliveryIds: string[]): Promise<Map<string, DeliveryTarget>> {
    const rows: DeliveryTarget[] = await this.dataSource.query(
      `SELECT d.id, d.organisation_id, d.status, d.attempt_count, d.event_id, d.event_type,
              e.created_at AS event_created_at, e.txid AS event_txid, e.payload::text AS payload, o.organization_code,
              w.id AS webhook_id, (w.deleted_at IS NULL AND (w.active OR d.event_type = 'ping')) AS webhook_usable, w.url, w.secret_sealed,
              w.previous_secret_sealed, w.previous_secret_expires_at, w.failing_since,
              s.id AS service_id, s.updated_at AS service_updated_at, s.client_id, s.client_secret_sealed, s.auth_url
         FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id
         JOIN outbox_events e ON e.id = d.event_id
         JOIN organisations o ON o.id = d.organisation_id
         LEFT JOIN webhook_services s ON s.id = w.service_id AND s.deleted_at IS NULL
        WHERE d.id = ANY($1)`,
      [deliveryIds],
    );
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  private signingSecrets(target: DeliveryTarget, now: Date): string[] {
    const secrets = [this.secrets.open(target.secret_sealed)];
    if (target.previous_secret_sealed && target.previous_secret_expires_at && target.previous_secret_expires_at > now) {
      secrets.push(this.secrets.open(target.previous_secret_sealed));
    }
    return secrets;
  }

  private credentials(target: DeliveryTarget): ClientCredentials | null {
    if (target.service_id === null || !target.client_id || !target.client_secret_sealed || !target.auth_url) return null;
    return {
      serviceId: target.service_id,
      version: target.service_updated_at?.toISOString() ?? '',
      clientId: target.client_id,
      clientSecret: this.secrets.open(target.client_secret_sealed),
      authUrl: target.auth_url,
    };
  }

  private async attempt(target: DeliveryTarget): Promise<AttemptOutcome> {
    const startedAt = new Date();
    const finish = (fields: Omit<AttemptOutcome, 'startedAt' | 'durationMs'>): AttemptOutcome => ({ startedAt, durationMs: Date.now() - startedAt.getTime(), ...fields });
    const body = envelopeBody(target);
    let credentials: ClientCredentials | null = null;
    const send = async (token: string | null): Promise<HttpAnswer> => {
      const timestamp = new Date();
      const messageId = String(target.event_id);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'webhook-id': messageId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signatureHeader(this.signingSecrets(target, timestamp), messageId, timestamp, body),
      };
      if (token) headers.authorization = `Bearer ${token}`;
      return this.http.post(target.url, headers, body);
    };
    try {
      credentials = this.credentials(target);
      let token = credentials ? await this.tokens.token(credentials) : null;
      let answer = await send(token);
      if (answer.status === 401 && credentials && token) {
        // The receiver no longer takes this token (revoked, rotated keys): one retry with a fresh one.
        this.tokens.drop(credentials, token);
        token = await this.tokens.token(credentials);
        answer = await send(token);
      }
      return finish({
        statusCode: answer.status,
        error: isSuccess(answer.status) ? null : `receiver answered ${answer.status}`,
        responseBody: storable(answer.excerpt),
        retryAfter: headerValue(answer.headers['retry-after']),
      });
    } catch (error) {
      if (error instanceof TokenError || error instanceof HttpFailure) return finish({ statusCode: null, error: storable(error.message), responseBody: null, retryAfter: null });
      // Ours, not the receiver's (a secret that does not open, say): logged in full, recorded plainly.
      this.logger.error({ err: error, deliveryId: target.id }, 'webhook attempt could not be made');
      return finish({ statusCode: null, error: 'the attempt could not be prepared (server error)', responseBody: null, retryAfter: null });
    }
  }

  private async record(made: { attemptNo: number; target: DeliveryTarget; outcome: AttemptOutcome }[]): Promise<void> {
    const results = made.map(({ attemptNo, target, outcome }) => {
      const succeeded = isSuccess(outcome.statusCode);
      const gone = outcome.statusCode === 410;
      const ping = target.event_type === PING;
      const delay = succeeded || gone || ping ? null : nextAttemptDelaySeconds(this.settings.retrySchedule, attemptNo, outcome.retryAfter);
      const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay * 1000);
      const status = succeeded ? DeliveryStatus.SUCCEEDED : nextAttemptAt ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;
      return { attemptNo, target, outcome, succeeded, gone, ping, nextAttemptAt, status };
    });

    await this.dataSource.transaction(async (manager) => {
      const column = <T>(pick: (result: (typeof results)[number]) => T): T[] => results.map(pick);
      const inserted: { delivery_id: string }[] = await manager.query(
        `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_body)
         SELECT * FROM unnest($1::int[], $2::bigint[], $3::int[], $4::timestamptz[], $5::int[], $6::int[], $7::text[], $8::text[])
         ON CONFLICT (delivery_id, attempt_no) DO NOTHING RETURNING delivery_id`,
        [
          column((r) => r.target.organisation_id),
          column((r) => r.target.id),
          column((r) => r.attemptNo),
          column((r) => r.outcome.startedAt),
          column((r) => r.outcome.durationMs),
          column((r) => r.outcome.statusCode),
          column((r) => r.outcome.error),
          column((r) => r.outcome.responseBody),
        ],
      );
      // Attempts an earlier run of the same job recorded already are left as that run left them.
      const recordedIds = new Set(inserted.map((row) => String(row.delivery_id)));
      const recorded = results.filter((result) => recordedIds.has(String(result.target.id)));
      if (recorded.length === 0) return;
      const only = <T>(pick: (result: (typeof results)[number]) => T): T[] => recorded.map(pick);
      await manager.query(
        `UPDATE webhook_deliveries d
            SET status = v.status, attempt_count = v.attempt_no, last_attempt_at = v.started_at, last_status_code = v.status_code, next_attempt_at = v.next_attempt_at, updated_at = now()
           FROM unnest($1::bigint[], $2::varchar[], $3::int[], $4::timestamptz[], $5::int[], $6::timestamptz[]) AS v(id, status, attempt_no, started_at, status_code, next_attempt_at)
          WHERE d.id = v.id`,
        [only((r) => r.target.id), only((r) => r.status), only((r) => r.attemptNo), only((r) => r.outcome.startedAt), only((r) => r.outcome.statusCode), only((r) => r.nextAttemptAt)],
      );
      await this.queue.enqueue(
        manager,
        recorded.flatMap((r) => (r.nextAttemptAt ? [{ deliveryId: String(r.target.id), attempt: r.attemptNo + 1, startAfter: r.nextAttemptAt }] : [])),
      );
      await this.trackHealth(manager, recorded.filter((r) => !r.ping));
    });
    for (const r of results) this.logger.debug({ deliveryId: r.target.id, attempt: r.attemptNo, status: r.status, statusCode: r.outcome.statusCode, error: r.outcome.error }, 'webhook attempt');
  }

  /**
   * Per webhook, decided in SQL on the rows as they are now (another batch may have moved them
   * since this one was read): a success clears the failing streak; a failure starts one unless it
   * runs; a 410, or a streak of `disableAfterSeconds`, disables the webhook with a
   * `webhook_disabled` event. Webhooks are updated in id order, so concurrent batches cannot deadlock.
   */
  private async trackHealth(manager: EntityManager, results: { target: DeliveryTarget; succeeded: boolean; gone: boolean; outcome: AttemptOutcome }[]): Promise<void> {
    const byWebhook = new Map<number, typeof results>();
    for (const result of results) byWebhook.set(result.target.webhook_id, [...(byWebhook.get(result.target.webhook_id) ?? []), result]);
    const ids = [...byWebhook.keys()].sort((a, b) => a - b);
    const gone = ids.filter((id) => byWebhook.get(id)!.some((result) => result.gone));
    const recovered = ids.filter((id) => !gone.includes(id) && byWebhook.get(id)!.some((result) => result.succeeded));
    const failing = ids.filter((id) => !gone.includes(id) && !recovered.includes(id));

    if (recovered.length > 0) await manager.query(`UPDATE webhooks SET failing_since = NULL WHERE id = ANY($1) AND failing_since IS NOT NULL`, [recovered]);
    if (failing.length > 0) {
      const at = failing.map((id) => byWebhook.get(id)![0].outcome.startedAt);
      // UPDATE … RETURNING answers [rows, count] through TypeORM.
      const [streaks] = (await manager.query(
        `UPDATE webhooks w SET failing_since = COALESCE(w.failing_since, v.at)
           FROM unnest($1::int[], $2::timestamptz[]) AS v(id, at)
          WHERE w.id = v.id AND w.active
          RETURNING w.id, w.failing_since, v.at`,
        [failing, at],
      )) as [{ id: number; failing_since: Date; at: Date }[], number];
      for (const streak of streaks) {
        const failingFor = (streak.at.getTime() - streak.failing_since.getTime()) / 1000;
        if (failingFor >= this.settings.disableAfterSeconds) {
          await this.disable(manager, byWebhook.get(streak.id)![0].target, `every attempt failed for ${Math.round(failingFor / 3600)} h (since ${streak.failing_since.toISOString()})`);
        }
      }
    }
    for (const id of gone) await this.disable(manager, byWebhook.get(id)![0].target, 'the receiver answered 410 Gone');
  }

  private async disable(manager: EntityManager, target: DeliveryTarget, reason: string): Promise<void> {
    const [disabled] = (await manager.query(
      `UPDATE webhooks SET active = false, disabled_reason = $2, failing_since = NULL, updated_at = now() WHERE id = $1 AND active RETURNING id`,
      [target.webhook_id, reason],
    )) as [unknown[], number];
    if (disabled.length === 0) return;
    await recordEvent(manager, { organisationId: target.organisation_id, requestId: null }, {
      type: 'webhook_disabled',
      resourceId: target.webhook_id,
      payload: { webhook_id: target.webhook_id, reason },
    });
  }
}
