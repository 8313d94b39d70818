import type { Logger } from 'pino';
import { envelopeJson } from '../../events/event.record';
import type { SecretBox } from '../../secrets/secret-box';
import type { DeliveryTarget } from './delivery-target';
import { type HttpAnswer, HttpFailure, type PartnerHttpClient } from './http-client';
import { type ClientCredentials, type OAuthTokens, TokenError } from './oauth-tokens';
import { signatureHeader } from './signing';

export const USER_AGENT = 'CampaignPartnerAPI-Webhooks/2 (+https://github.com/standard-webhooks/standard-webhooks)';

/** What one request got: the receiver's answer, or why there was none. */
export interface RequestResult {
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  retryAfter: string | null;
}

export function isSuccess(statusCode: number | null): boolean {
  return statusCode !== null && statusCode >= 200 && statusCode < 300;
}

/** Text the log can store: PostgreSQL text holds no NUL, and a receiver may answer anything. */
function storable(text: string | null): string | null {
  return text === null ? null : text.replaceAll('\u0000', '\uFFFD');
}

/** The body partners receive: the event envelope (the feed's record), `data` being the payload exactly as stored. */
export function envelopeBody(target: Pick<DeliveryTarget, 'event_id' | 'event_type' | 'event_created_at' | 'event_txid' | 'organization_code' | 'payload'>): string {
  return envelopeJson({ id: target.event_id, eventType: target.event_type, createdAt: target.event_created_at, txid: target.event_txid }, target.organization_code, target.payload);
}

function headerValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}

/**
 * Sends one attempt's request: the envelope, signed (with the previous secret too while a rotation
 * overlaps), with a bearer token when the webhook's service has client credentials. Never throws:
 * every failure, the receiver's or ours, is an answer for the log.
 */
export class AttemptRequest {
  constructor(
    private readonly secrets: SecretBox,
    private readonly http: PartnerHttpClient,
    private readonly tokens: OAuthTokens,
    private readonly logger: Logger,
  ) {}

  /** `started` is called as the first request begins (a webhook's rate limit records its start then). */
  async send(target: DeliveryTarget, started: () => void = () => undefined): Promise<RequestResult> {
    const body = envelopeBody(target);
    const post = async (token: string | null): Promise<HttpAnswer> => {
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
      const answer = this.http.post(target.url, headers, body);
      started();
      return answer;
    };
    try {
      const credentials = this.credentials(target);
      let token = credentials ? await this.tokens.token(credentials) : null;
      let answer = await post(token);
      if (answer.status === 401 && credentials && token) {
        // The receiver no longer takes this token (revoked, rotated keys): one retry with a fresh one.
        this.tokens.drop(credentials, token);
        token = await this.tokens.token(credentials);
        answer = await post(token);
      }
      return {
        statusCode: answer.status,
        error: isSuccess(answer.status) ? null : `receiver answered ${answer.status}`,
        responseBody: storable(answer.excerpt),
        retryAfter: headerValue(answer.headers['retry-after']),
      };
    } catch (error) {
      if (error instanceof TokenError || error instanceof HttpFailure) return { statusCode: null, error: storable(error.message), responseBody: null, retryAfter: null };
      // Ours, not the receiver's (a secret that does not open, say): logged in full, recorded plainly.
      this.logger.error({ err: error, deliveryId: target.id }, 'webhook attempt could not be made');
      return { statusCode: null, error: 'the attempt could not be prepared (server error)', responseBody: null, retryAfter: null };
    }
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
}
