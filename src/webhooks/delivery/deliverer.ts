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

/** The body partners receive: the event envelope, `data` being the payload exactly as stored. */
export function envelopeBody(target: Pick<DeliveryTarget, 'event_id' | 'event_type' | 'event_created_at' | 'organization_code' | 'payload'>): string {
  return `{"id":${target.event_id},"type":${JSON.stringify(target.event_type)},"created_at":${JSON.stringify(target.event_created_at.toISOString())},"organization_code":${JSON.stringify(target.organization_code)},"data":${target.payload}}`;
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Makes one attempt of one delivery and records it: the request (signed, with a bearer token when
 * the webhook's service has client credentials), the attempt in the log, and what follows: done,
 * the next attempt scheduled as a new job, or failed. A job run twice (its worker crashed after
 * sending) finds its attempt recorded and does nothing.
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

  async run(job: DeliveryJob): Promise<void> {
    const target = await this.load(job.deliveryId);
    if (!target || target.status !== DeliveryStatus.PENDING || target.attempt_count >= job.attempt) return;
    if (!target.webhook_usable && target.event_type !== PING) {
      await this.dataSource.query(`UPDATE webhook_deliveries SET status = $2, next_attempt_at = NULL, updated_at = now() WHERE id = $1 AND status = 'pending'`, [target.id, DeliveryStatus.FAILED]);
      return;
    }
    const outcome = await this.attempt(target);
    await this.record(target, job.attempt, outcome);
  }

  private async load(deliveryId: string): Promise<DeliveryTarget | undefined> {
    const rows: DeliveryTarget[] = await this.dataSource.query(
      `SELECT d.id, d.organisation_id, d.status, d.attempt_count, d.event_id, d.event_type,
              e.created_at AS event_created_at, e.payload::text AS payload, o.organization_code,
              w.id AS webhook_id, (w.active AND w.deleted_at IS NULL) AS webhook_usable, w.url, w.secret_sealed,
              w.previous_secret_sealed, w.previous_secret_expires_at, w.failing_since,
              s.id AS service_id, s.updated_at AS service_updated_at, s.client_id, s.client_secret_sealed, s.auth_url
         FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id
         JOIN outbox_events e ON e.id = d.event_id
         JOIN organisations o ON o.id = d.organisation_id
         LEFT JOIN webhook_services s ON s.id = w.service_id AND s.deleted_at IS NULL
        WHERE d.id = $1`,
      [deliveryId],
    );
    return rows[0];
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
    const credentials = this.credentials(target);
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
      let token = credentials ? await this.tokens.token(credentials) : null;
      let answer = await send(token);
      if (answer.status === 401 && credentials && token) {
        // The receiver no longer takes this token (revoked, rotated keys): one retry with a fresh one.
        this.tokens.drop(credentials, token);
        token = await this.tokens.token(credentials);
        answer = await send(token);
      }
      const ok = answer.status >= 200 && answer.status < 300;
      return finish({
        statusCode: answer.status,
        error: ok ? null : `receiver answered ${answer.status}`,
        responseBody: answer.excerpt,
        retryAfter: headerValue(answer.headers['retry-after']),
      });
    } catch (error) {
      if (error instanceof TokenError || error instanceof HttpFailure) return finish({ statusCode: null, error: error.message, responseBody: null, retryAfter: null });
      throw error;
    }
  }

  private async record(target: DeliveryTarget, attemptNo: number, outcome: AttemptOutcome): Promise<void> {
    const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    const gone = outcome.statusCode === 410;
    const ping = target.event_type === PING;
    const delay = succeeded || gone || ping ? null : nextAttemptDelaySeconds(this.settings.retrySchedule, attemptNo, outcome.retryAfter);
    const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay * 1000);
    const status = succeeded ? DeliveryStatus.SUCCEEDED : nextAttemptAt ? DeliveryStatus.PENDING : DeliveryStatus.FAILED;

    await this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_body)
         VALUES ($8, $1, $2, $3, $4, $5, $6, $7) ON CONFLICT (delivery_id, attempt_no) DO NOTHING RETURNING id`,
        [target.id, attemptNo, outcome.startedAt, outcome.durationMs, outcome.statusCode, outcome.error, outcome.responseBody, target.organisation_id],
      );
      if (inserted.length === 0) return; // recorded by an earlier run of this job
      await manager.query(
        `UPDATE webhook_deliveries SET status = $2, attempt_count = $3, last_attempt_at = $4, last_status_code = $5, next_attempt_at = $6, updated_at = now() WHERE id = $1`,
        [target.id, status, attemptNo, outcome.startedAt, outcome.statusCode, nextAttemptAt],
      );
      if (nextAttemptAt) await this.queue.enqueue(manager, [{ deliveryId: target.id, attempt: attemptNo + 1, startAfter: nextAttemptAt }]);
      if (!ping) await this.trackHealth(manager, target, succeeded, gone, outcome.startedAt);
    });
    this.logger.debug({ deliveryId: target.id, attempt: attemptNo, status, statusCode: outcome.statusCode, error: outcome.error }, 'webhook attempt');
  }

  /** A success clears the failing streak; a 410, or failures for `disableAfterSeconds`, disable the webhook. */
  private async trackHealth(manager: EntityManager, target: DeliveryTarget, succeeded: boolean, gone: boolean, at: Date): Promise<void> {
    if (succeeded) {
      if (target.failing_since) await manager.query(`UPDATE webhooks SET failing_since = NULL WHERE id = $1`, [target.webhook_id]);
      return;
    }
    const failingSince = target.failing_since ?? at;
    const failingFor = (at.getTime() - failingSince.getTime()) / 1000;
    const reason = gone
      ? 'the receiver answered 410 Gone'
      : failingFor >= this.settings.disableAfterSeconds
        ? `every attempt failed for ${Math.round(failingFor / 3600)} h (since ${failingSince.toISOString()})`
        : null;
    if (!reason) {
      if (!target.failing_since) await manager.query(`UPDATE webhooks SET failing_since = $2 WHERE id = $1 AND failing_since IS NULL`, [target.webhook_id, at]);
      return;
    }
    const disabled: unknown[] = await manager.query(
      `UPDATE webhooks SET active = false, disabled_reason = $2, failing_since = NULL, updated_at = now() WHERE id = $1 AND active RETURNING id`,
      [target.webhook_id, reason],
    );
    if (disabled.length === 0) return;
    await recordEvent(manager, { organisationId: target.organisation_id, requestId: null }, {
      type: 'webhook_disabled',
      resourceType: 'webhook',
      resourceId: target.webhook_id,
      payload: { webhook_id: target.webhook_id, reason },
    });
  }
}
