import { Client } from 'pg';
import type { Logger } from 'pino';

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
  private notified = false;
  private wakeSleeper: (() => void) | undefined;
  private closed = false;

  constructor(private readonly options: ChannelListenerOptions) {}

  /** Connects and LISTENs unless it already does. */
  async listen(): Promise<void> {
    if (this.client) return;
    const client = new Client({ connectionString: this.options.url, application_name: this.options.applicationName });
    client.on('notification', () => this.wake());
    client.on('error', (error) => {
      this.options.logger.warn({ error: error.message }, `${this.options.label} listener lost; reconnecting and catching up`);
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
  }

  /** Forgets the notifications so far: call before reading, so one arriving during the read is not lost. */
  takeNotifications(): void {
    this.notified = false;
  }

  /** Waits `ms`, or less when a notification came since takeNotifications (or comes meanwhile). */
  sleep(ms: number): Promise<void> {
    if (this.notified || this.closed) return Promise.resolve();
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
    this.notified = true;
    this.wakeSleeper?.();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
