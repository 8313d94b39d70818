import type { HttpAnswer, PartnerHttpClient } from './http-client';

/** A service's client credentials, opened (see SecretBox). */
export interface ClientCredentials {
  serviceId: number;
  /** Changes whenever the service is updated, so new credentials never reuse an old token. */
  version: string;
  clientId: string;
  clientSecret: string;
  authUrl: string;
}

/** A token endpoint that gave no usable token; the attempt fails with this reason. */
export class TokenError extends Error {}

interface CachedToken {
  token: string;
  /** Renewed this long before the server says it expires. */
  renewAt: number;
}

const DEFAULT_LIFETIME_SECONDS = 3600;
const TOKEN_RESPONSE_MAX_BYTES = 64 * 1024;
const EARLY_RENEWAL_SECONDS = 60;

/**
 * OAuth 2.0 client-credentials grant (RFC 6749 §4.4), client authenticated with HTTP Basic
 * (§2.3.1). Tokens are kept until shortly before they expire, and concurrent deliveries of one
 * service share a single request in flight.
 */
export class OAuthTokens {
  private readonly cache = new Map<string, CachedToken>();
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly http: PartnerHttpClient) {}

  private key(credentials: ClientCredentials): string {
    return `${credentials.serviceId}:${credentials.version}`;
  }

  async token(credentials: ClientCredentials): Promise<string> {
    const key = this.key(credentials);
    const cached = this.cache.get(key);
    if (cached && cached.renewAt > Date.now()) return cached.token;
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetchToken(credentials).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  /** After a 401 from the receiver: the token is not taken again. */
  drop(credentials: ClientCredentials, token: string): void {
    const key = this.key(credentials);
    if (this.cache.get(key)?.token === token) this.cache.delete(key);
  }

  private async fetchToken(credentials: ClientCredentials): Promise<string> {
    const basic = Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientSecret)}`).toString('base64');
    let answer: HttpAnswer;
    try {
      answer = await this.http.post(credentials.authUrl, { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, 'grant_type=client_credentials', TOKEN_RESPONSE_MAX_BYTES);
    } catch (error) {
      throw new TokenError(`token endpoint: ${(error as Error).message}`);
    }
    if (answer.status < 200 || answer.status >= 300) throw new TokenError(`token endpoint answered ${answer.status}`);
    let parsed: { access_token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(answer.excerpt) as typeof parsed;
    } catch {
      throw new TokenError('token endpoint answered without a JSON token');
    }
    if (typeof parsed.access_token !== 'string' || parsed.access_token === '') throw new TokenError('token endpoint answered without access_token');
    const lifetime = typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : DEFAULT_LIFETIME_SECONDS;
    const early = Math.min(EARLY_RENEWAL_SECONDS, lifetime / 10);
    // One entry per service: tokens of its earlier credentials are never asked for again.
    for (const key of this.cache.keys()) if (key.startsWith(`${credentials.serviceId}:`)) this.cache.delete(key);
    this.cache.set(this.key(credentials), { token: parsed.access_token, renewAt: Date.now() + (lifetime - early) * 1000 });
    return parsed.access_token;
  }
}
