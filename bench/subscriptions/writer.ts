import { Agent, request } from 'undici';
import { anchoredClock } from './protocol';
import { sleep } from './stats';

/** A write the API answered: the advertiser account it created and when the answer came (ms since the epoch). */
export interface Write {
  accountId: number;
  answeredAt: number;
}

/**
 * The writer: creates advertiser accounts through the API (POST /v2/advertiser-accounts), each
 * recording one `advertiser_account_created` event in its transaction. The answer's time is kept
 * only to show how far it lags the commit (subscriptions/round.ts takes the commit time from
 * PostgreSQL).
 */
export class Writer {
  private readonly agent = new Agent({ connections: 32, keepAliveTimeout: 30_000 });
  failures = 0;
  private clock = anchoredClock();

  constructor(
    private readonly apiUrl: string,
    private readonly key: string,
  ) {}

  async write(name: string): Promise<Write> {
    const response = await request(`${this.apiUrl}/v2/advertiser-accounts`, {
      method: 'POST',
      dispatcher: this.agent,
      headers: { 'x-api-key': this.key, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    const answeredAt = this.clock();
    const body = (await response.body.json()) as { data?: { advertiser_account?: { id: number } } };
    const accountId = body.data?.advertiser_account?.id;
    if (response.statusCode !== 200 || accountId === undefined) throw new Error(`POST /v2/advertiser-accounts answered ${response.statusCode}: ${JSON.stringify(body).slice(0, 300)}`);
    return { accountId, answeredAt };
  }

  /**
   * `rate` writes a second for `seconds`, each started on schedule whether or not earlier ones
   * were answered (an open loop: a slow API does not slow the offered load down). Answers the
   * writes that succeeded and the achieved rate.
   */
  async run(rate: number, seconds: number, label: string): Promise<{ writes: Write[]; writesPerSecond: number }> {
    const total = rate * seconds;
    this.clock = anchoredClock();
    const started = performance.now();
    const inFlight: Promise<Write | undefined>[] = [];
    for (let i = 0; i < total; i += 1) {
      const wait = started + (i * 1000) / rate - performance.now();
      if (wait >= 1) await sleep(wait);
      inFlight.push(
        this.write(`${label} ${i}`).catch((error: unknown) => {
          this.failures += 1;
          process.stderr.write(`write failed: ${error instanceof Error ? error.message : String(error)}\n`);
          return undefined;
        }),
      );
    }
    const writes = (await Promise.all(inFlight)).filter((write): write is Write => write !== undefined);
    return { writes, writesPerSecond: writes.length / ((performance.now() - started) / 1000) };
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}
