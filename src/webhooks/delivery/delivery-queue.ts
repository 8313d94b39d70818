import { PgBoss, type Db, type Job, type JobResult } from 'pg-boss';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';

/** The pg-boss queue of delivery attempts: one job per attempt of one delivery. */
export const DELIVERY_QUEUE = 'webhook-delivery';
/** Housekeeping every five minutes (see webhook-worker.ts). */
export const HOUSEKEEPING_QUEUE = 'webhook-housekeeping';

export interface DeliveryJob {
  deliveryId: string;
  /** Which attempt this job makes (1 for the first): a job run twice after a crash makes it once. */
  attempt: number;
}

/** A job as a worker runs it: its pg-boss id is the same on every run of the job (pg-boss retries reuse it). */
export interface ClaimedDeliveryJob extends DeliveryJob {
  jobId: string;
}

export interface ScheduledAttempt extends DeliveryJob {
  startAfter?: Date;
}

export interface WorkerOptions {
  /** Jobs fetched per poll, run concurrently. */
  batchSize: number;
  /** Batches in flight at once, so one slow receiver holds up only its own batch. */
  concurrency: number;
}

/**
 * A pg-boss job that was claimed but whose worker stops heartbeating (a crash, a kill) is handed to
 * another worker after this many seconds (pg-boss's minimum).
 */
const HEARTBEAT_SECONDS = 10;

/**
 * How long pg-boss lets a run of an attempt job take before it fails it (and retries it): an
 * attempt left open longer than this belongs to a run that pg-boss has given up on.
 */
export const ATTEMPT_JOB_EXPIRE_SECONDS = 300;

/** Runs SQL on the caller's transaction, so jobs commit (and wake workers) with the change that made them. */
function transactionDb(manager: EntityManager): Db {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive) throw new Error('jobs are enqueued inside the transaction that makes their deliveries');
  return { executeSql: async (text, values) => ({ rows: (await runner.query(text, values, true)).records }) };
}

/**
 * pg-boss in the application's own PostgreSQL (schema `pgboss`): retries of failed jobs, locking
 * with SKIP LOCKED across any number of worker processes, heartbeats that hand a crashed
 * worker's jobs to another, LISTEN/NOTIFY wake-ups, and cron for housekeeping. Started on first
 * use, so processes that never enqueue (the admin CLI) never open it.
 */
export class DeliveryQueue {
  private starting: Promise<PgBoss> | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly options: { supervise: boolean; poolSize: number },
  ) {}

  /** A start that failed (the database away) is forgotten, so the next use tries again. */
  private started(): Promise<PgBoss> {
    this.starting ??= this.start().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async start(): Promise<PgBoss> {
    const boss = new PgBoss({
      connectionString: this.databaseUrl,
      application_name: 'campaign-partner-api/jobs',
      max: this.options.poolSize,
      useListenNotify: true,
      supervise: this.options.supervise,
      schedule: this.options.supervise,
      superviseIntervalSeconds: 2,
      monitorIntervalSeconds: 2,
      registerInstance: false,
      openTelemetry: { enabled: false },
    });
    // pg-boss reports each failed poll while the database is away; the message is enough (its error
    // objects carry the whole connection), and it recovers by itself when the database is back.
    boss.on('error', (error: unknown) => this.logger.warn({ error: error instanceof Error ? error.message : String(error) }, 'job queue error'));
    boss.on('warning', (warning: unknown) => this.logger.warn({ warning }, 'job queue warning'));
    try {
      await boss.start();
    } catch (error) {
      await boss.stop({ graceful: false }).catch(() => undefined);
      throw error;
    }
    await ensureQueue(boss, DELIVERY_QUEUE, {
      notify: true,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      // Attempts that fail are scheduled by the deliverer as new jobs; these retries are for a job
      // that could not record its outcome (PostgreSQL down, a crash). Past them, housekeeping
      // finds the delivery still pending and enqueues its attempt again.
      retryLimit: 20,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
      expireInSeconds: ATTEMPT_JOB_EXPIRE_SECONDS,
      deleteAfterSeconds: 24 * 60 * 60,
    });
    await ensureQueue(boss, HOUSEKEEPING_QUEUE, { retryLimit: 3, expireInSeconds: 600 });
    return boss;
  }

  /** Opens the queue now (installing or upgrading pg-boss's schema) rather than on first use. */
  async prepare(): Promise<void> {
    await this.started();
  }

  /** Adds attempt jobs inside the caller's transaction. */
  async enqueue(manager: EntityManager, attempts: ScheduledAttempt[]): Promise<void> {
    if (attempts.length === 0) return;
    const boss = await this.started();
    await boss.insert(
      DELIVERY_QUEUE,
      attempts.map(({ deliveryId, attempt, startAfter }) => ({ data: { deliveryId, attempt }, ...(startAfter ? { startAfter } : {}) })),
      { db: transactionDb(manager) },
    );
  }

  /**
   * Runs `handle` on each batch of attempt jobs (up to `batchSize`, made concurrently). `handle`
   * answers the delivery ids whose outcome it could not record: pg-boss retries those jobs alone,
   * and the whole batch when `handle` throws.
   */
  async work(options: WorkerOptions, handle: (jobs: ClaimedDeliveryJob[]) => Promise<Set<string>>): Promise<void> {
    const boss = await this.started();
    await boss.work<DeliveryJob>(
      DELIVERY_QUEUE,
      { batchSize: options.batchSize, localConcurrency: options.concurrency, perJobResults: true, burstWhenBatchFull: true, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: 1 },
      async (jobs: Job<DeliveryJob>[]): Promise<JobResult[]> => {
        let unrecorded: Set<string>;
        try {
          unrecorded = await handle(jobs.map((job) => ({ ...job.data, jobId: job.id })));
        } catch (error) {
          this.logger.warn({ error: error instanceof Error ? error.message : String(error), jobs: jobs.length }, 'delivery batch failed; pg-boss retries it');
          throw error;
        }
        return jobs.map((job) => ({ id: job.id, status: unrecorded.has(job.data.deliveryId) ? 'failed' : 'completed' }));
      },
    );
  }

  /** Housekeeping every five minutes, by whichever worker gets the job. */
  async scheduleHousekeeping(handle: () => Promise<void>): Promise<void> {
    const boss = await this.started();
    await boss.schedule(HOUSEKEEPING_QUEUE, '*/5 * * * *');
    await boss.work(HOUSEKEEPING_QUEUE, { pollingIntervalSeconds: 30 }, async () => handle());
  }

  async stop(): Promise<void> {
    if (!this.starting) return;
    const boss = await this.starting.catch(() => undefined);
    this.starting = undefined;
    await boss?.stop({ graceful: true, timeout: 10_000 });
  }
}

async function ensureQueue(boss: PgBoss, name: string, options: Parameters<PgBoss['createQueue']>[1]): Promise<void> {
  if (await boss.getQueue(name)) await boss.updateQueue(name, options);
  else await boss.createQueue(name, options).catch(async (error: unknown) => {
    // Another process created it between our look and our create.
    if (!(await boss.getQueue(name))) throw error;
  });
}
