import type { Logger } from 'pino';
import { TooManySubscriptionsError } from '../../common/errors';
import type { RequestContext } from '../../common/request-context';
import type { SubscriptionInstruments } from '../../metrics/subscription-metrics';

export type Transport = 'graphql-ws' | 'graphql-sse';

/** WebSocket close codes the transports end connections with (graphql-ws's 4403 is its Forbidden). */
export const CLOSE_FORBIDDEN = 4403;
export const CLOSE_GOING_AWAY = 1001;

/** How often open connections' keys are checked for revocation: a revoked key's subscriptions end within this. */
export const REVOCATION_CHECK_MS = 5_000;

/** An authenticated connection carrying subscriptions. */
export interface SubscriberConnection {
  readonly transport: Transport;
  readonly ctx: RequestContext;
  /** Ends the connection (a WebSocket with this code; an event stream is cut). */
  close(code: number, reason: string): void;
}

export interface KeyRegistry {
  activeAmong(ids: readonly number[]): Promise<Set<number>>;
}

/**
 * What every subscription transport shares: the per-key limit (SUBSCRIPTIONS_MAX_PER_KEY, over
 * both transports, in this process), the revocation watch (one statement every few seconds for
 * all open connections, not one per connection), ending everything on shutdown, and the gauges.
 */
export class SubscriptionGate {
  private readonly connections = new Map<SubscriberConnection, number>();
  private readonly perKey = new Map<number, number>();
  private watch: NodeJS.Timeout | undefined;
  private checking = false;

  constructor(
    private readonly keys: KeyRegistry,
    private readonly maxPerKey: number,
    private readonly logger: Logger,
    private readonly metrics?: SubscriptionInstruments,
  ) {}

  opened(connection: SubscriberConnection): void {
    this.connections.set(connection, 0);
    this.metrics?.connections.inc({ transport: connection.transport });
    this.watch ??= setInterval(() => void this.checkRevocations(), REVOCATION_CHECK_MS).unref();
  }

  /** Forgets the connection and releases what its subscriptions held. Idempotent. */
  closed(connection: SubscriberConnection): void {
    const open = this.connections.get(connection);
    if (open === undefined) return;
    for (let i = 0; i < open; i += 1) this.ended(connection);
    this.connections.delete(connection);
    this.metrics?.connections.dec({ transport: connection.transport });
    if (this.connections.size === 0 && this.watch) {
      clearInterval(this.watch);
      this.watch = undefined;
    }
  }

  /** Counts a subscription starting on the connection, or refuses it (TOO_MANY_SUBSCRIPTIONS). */
  started(connection: SubscriberConnection): void {
    const key = connection.ctx.apiKeyId;
    const held = this.perKey.get(key) ?? 0;
    if (held >= this.maxPerKey) throw new TooManySubscriptionsError(this.maxPerKey);
    this.perKey.set(key, held + 1);
    this.connections.set(connection, (this.connections.get(connection) ?? 0) + 1);
    this.metrics?.subscriptions.inc({ transport: connection.transport });
  }

  ended(connection: SubscriberConnection): void {
    const open = this.connections.get(connection);
    if (!open) return;
    this.connections.set(connection, open - 1);
    const key = connection.ctx.apiKeyId;
    const held = (this.perKey.get(key) ?? 1) - 1;
    if (held > 0) this.perKey.set(key, held);
    else this.perKey.delete(key);
    this.metrics?.subscriptions.dec({ transport: connection.transport });
  }

  /** Ends every connection of the transport (on shutdown: clients resume elsewhere with their cursor). */
  closeAll(transport: Transport, code: number, reason: string): void {
    for (const connection of [...this.connections.keys()]) if (connection.transport === transport) connection.close(code, reason);
  }

  private async checkRevocations(): Promise<void> {
    if (this.checking || this.connections.size === 0) return;
    this.checking = true;
    try {
      const ids = [...new Set([...this.connections.keys()].map((connection) => connection.ctx.apiKeyId))];
      const active = await this.keys.activeAmong(ids);
      for (const connection of [...this.connections.keys()]) {
        if (!active.has(connection.ctx.apiKeyId)) connection.close(CLOSE_FORBIDDEN, 'Forbidden: the API key was revoked');
      }
    } catch (error) {
      // The database is away: connections stay as they are until a check succeeds.
      this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'subscription key check failed; retrying');
    } finally {
      this.checking = false;
    }
  }
}
