import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { Logger } from 'pino';

/** How long a listener waits for its probe notification before it says it does not receive any. */
export const LISTENER_PROBE_TIMEOUT_MS = 5_000;

/**
 * Whether each listener of this process (by label) receives notifications: true once its probe came
 * back, false when it did not, or its session is lost; absent before the first probe. Read by the
 * metrics (db_listener_receiving).
 */
export const listenersReceiving = new Map<string, boolean>();

export interface ChannelListenerOptions {
  /** A session of its own (LISTEN does not survive a transaction pooler). */
  url: string;
  channel: string;
  /** `application_name` of the session, as pg_stat_activity shows it. */
  applicationName: string;
  logger: Logger;
  /** Who listens, for the log line when the session is lost. */
  label: string;
}

/**
 * A loop's wake-up call from PostgreSQL: one session LISTENing on a channel, and a sleep that a
 * notification (or `wake`) cuts short. A lost session is logged and forgotten; the loop's next
 * `listen()` opens a new one, and the loop catches up by reading what it missed: notifications
 * only say "look", never what changed.
 */
export class ChannelListener {
  private client: Client | undefined;
  private notifiedSince = false;
  private wakeSleeper: (() => void) | undefined;
  private closed = false;
  /** The notification checkReceiving waits for, while it waits. */
  private probe: { token: string; arrived(): void } | undefined;

  constructor(private readonly options: ChannelListenerOptions) {}

  /** Connects and LISTENs unless it already does, then checks in the background that notifications arrive. */
  async listen(): Promise<void> {
    if (this.client) return;
    const client = new Client({ connectionString: this.options.url, application_name: this.options.applicationName });
    client.on('notification', (notification) => {
      if (notification.payload !== undefined && notification.payload === this.probe?.token) this.probe.arrived();
      this.wake();
    });
    client.on('error', (error) => {
      this.options.logger.warn({ error: error.message }, `${this.options.label} listener lost; reconnecting and catching up`);
      listenersReceiving.set(this.options.label, false);
      if (this.client === client) this.client = undefined;
      client.end().catch(() => undefined);
      this.wake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    void this.checkReceiving(client);
  }

  /**
   * LISTEN succeeds through a transaction pooler, but the session it was for goes back to the
   * pool and notifications never reach this client: the loop would then only poll, silently. So a
   * notification is sent from another connection, and if it does not come back within
   * LISTENER_PROBE_TIMEOUT_MS the log and the metric say so (DATABASE_DIRECT_URL must reach
   * PostgreSQL itself). The loop goes on either way, on its poll.
   */
  private async checkReceiving(client: Client): Promise<void> {
    const token = `probe:${randomUUID()}`;
    let arrived!: () => void;
    const came = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), LISTENER_PROBE_TIMEOUT_MS);
      arrived = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.probe = { token, arrived };
    });
    const sender = new Client({ connectionString: this.options.url, application_name: this.options.applicationName });
    try {
      await sender.connect();
      await sender.query('SELECT pg_notify($1, $2)', [this.options.channel, token]);
    } catch {
      // The database is away: the session's loss is logged where it is noticed; the next listen() probes again.
      arrived();
      return;
    } finally {
      await sender.end().catch(() => undefined);
    }
    const receiving = await came;
    this.probe = undefined;
    if (this.client !== client || this.closed) return;
    listenersReceiving.set(this.options.label, receiving);
    if (!receiving) {
      this.options.logger.warn(
        { listener: this.options.label, waitedMs: LISTENER_PROBE_TIMEOUT_MS },
        `${this.options.label} listener receives no notifications (is DATABASE_DIRECT_URL a transaction pooler?): falling back to polling, so events wait up to its interval`,
      );
    }
  }

  /**
   * A statement on the listening session itself. It is on the wire when this returns (no pool to
   * wait for, no promise to settle first), so a loop can send its next read and only then let the
   * work of the last one run, and PostgreSQL answers meanwhile. Rejects when the session is lost;
   * the loop's next `listen()` opens a new one.
   */
  query<R>(text: string, values: readonly unknown[]): Promise<R[]> {
    if (!this.client) return Promise.reject(new Error(`${this.options.label} listener is not connected`));
    return this.client.query<R & object>(text, values as unknown[]).then((result) => result.rows);
  }

  /** Whether a notification came since takeNotifications. */
  get notified(): boolean {
    return this.notifiedSince;
  }

  /** Forgets the notifications so far: call before reading, so one arriving during the read is not lost. */
  takeNotifications(): void {
    this.notifiedSince = false;
  }

  /** Waits `ms`, or less when a notification came since takeNotifications (or comes meanwhile). */
  sleep(ms: number): Promise<void> {
    if (this.notifiedSince || this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleeper = done;
    });
  }

  /** Ends a sleep now, as a notification would. */
  wake(): void {
    this.notifiedSince = true;
    this.wakeSleeper?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.probe?.arrived();
    this.wake();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
