import pg from 'pg';

/** The bench's own sessions on PostgreSQL: left out of the counts. */
export const BENCH_APPLICATION_NAME = 'bench:cluster';

/** What PostgreSQL's connections were doing at their busiest during a window (each the peak of its own). */
export interface ConnectionPeaks {
  /** Server connections PgBouncer held open to PostgreSQL (active, idle, used, tested, logging in). */
  serverConnections: number;
  /** Of those, linked to a client: inside a transaction at the time of the sample. */
  serversInUse: number;
  /** Client connections to PgBouncer (the nodes' and workers' pools): active and waiting. */
  clients: number;
  /** Clients waiting for a server connection: the pool's queue. */
  clientsWaiting: number;
  /** Sessions on PostgreSQL itself that do not come through PgBouncer (DATABASE_DIRECT_URL), by application_name. */
  direct: Map<string, number>;
  /** All of PostgreSQL's client sessions but the bench's own (BENCH_APPLICATION_NAME): through PgBouncer plus direct. */
  postgresSessions: number;
  samples: number;
}

/**
 * Samples PgBouncer's SHOW POOLS and PostgreSQL's pg_stat_activity every SAMPLE_MS. A session is
 * PgBouncer's when SHOW SERVERS lists it (its remote_pid, or its local_port as the session's
 * client_port): PgBouncer passes each client's application_name on to the server connection it
 * lends, so the name alone would not tell.
 */
export class ConnectionSampler {
  private static readonly SAMPLE_MS = 500;
  private running: Promise<ConnectionPeaks> | undefined;
  private stopping = false;

  private constructor(
    private readonly admin: pg.Client,
    private readonly direct: pg.Client,
  ) {}

  /** `adminUrl`: PgBouncer's console (database `pgbouncer`); `directUrl`: PostgreSQL itself. */
  static async open(adminUrl: string, directUrl: string): Promise<ConnectionSampler> {
    const admin = new pg.Client({ connectionString: adminUrl });
    const direct = new pg.Client({ connectionString: directUrl, application_name: BENCH_APPLICATION_NAME });
    await admin.connect();
    await direct.connect();
    return new ConnectionSampler(admin, direct);
  }

  /** Closes PgBouncer's server connections as they are released, so a round's peak counts only what it opened. */
  async reconnectServers(): Promise<void> {
    await this.admin.query('RECONNECT');
  }

  /** PgBouncer's version line, e.g. `PgBouncer 1.18.0`. */
  async pgbouncerVersion(): Promise<string> {
    const { rows } = await this.admin.query<{ version: string }>('SHOW VERSION');
    return rows[0].version;
  }

  start(): void {
    this.stopping = false;
    this.running = this.loop();
  }

  async stop(): Promise<ConnectionPeaks> {
    this.stopping = true;
    const peaks = await this.running;
    if (!peaks) throw new Error('the sampler was not started');
    return peaks;
  }

  async close(): Promise<void> {
    await this.admin.end().catch(() => undefined);
    await this.direct.end().catch(() => undefined);
  }

  private async loop(): Promise<ConnectionPeaks> {
    const peaks: ConnectionPeaks = { serverConnections: 0, serversInUse: 0, clients: 0, clientsWaiting: 0, direct: new Map(), postgresSessions: 0, samples: 0 };
    while (!this.stopping) {
      const started = Date.now();
      await this.sample(peaks);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, ConnectionSampler.SAMPLE_MS - (Date.now() - started))));
    }
    return peaks;
  }

  private async sample(peaks: ConnectionPeaks): Promise<void> {
    // PostgreSQL first: a server connection PgBouncer opens after this read is not in it, and one
    // that is in it is still in SHOW SERVERS a moment later.
    const { rows: sessions } = await this.direct.query<{ pid: number; client_port: number | null; application_name: string }>(
      `SELECT pid, client_port, application_name FROM pg_stat_activity WHERE backend_type = 'client backend' AND application_name <> $1`,
      [BENCH_APPLICATION_NAME],
    );
    const { rows: servers } = await this.admin.query<{ remote_pid: string; local_port: string }>('SHOW SERVERS');
    const { rows: pools } = await this.admin.query<Record<'database' | 'cl_active' | 'cl_waiting' | 'sv_active' | 'sv_idle' | 'sv_used' | 'sv_tested' | 'sv_login', string>>('SHOW POOLS');
    // By pid, or by PgBouncer's end of the TCP connection: a server connection still logging in
    // shows no remote_pid yet.
    const pooledPids = new Set(servers.map((server) => Number(server.remote_pid)));
    const pooledPorts = new Set(servers.map((server) => Number(server.local_port)));
    const direct = new Map<string, number>();
    for (const session of sessions) {
      if (pooledPids.has(session.pid) || (session.client_port !== null && pooledPorts.has(session.client_port))) continue;
      const name = directSessionName(session.application_name);
      direct.set(name, (direct.get(name) ?? 0) + 1);
    }
    const sum = (columns: (keyof (typeof pools)[number])[]): number =>
      pools.filter((pool) => pool.database !== 'pgbouncer').reduce((total, pool) => total + columns.reduce((subtotal, column) => subtotal + Number(pool[column]), 0), 0);
    peaks.serverConnections = Math.max(peaks.serverConnections, sum(['sv_active', 'sv_idle', 'sv_used', 'sv_tested', 'sv_login']));
    peaks.serversInUse = Math.max(peaks.serversInUse, sum(['sv_active']));
    peaks.clients = Math.max(peaks.clients, sum(['cl_active', 'cl_waiting']));
    peaks.clientsWaiting = Math.max(peaks.clientsWaiting, sum(['cl_waiting']));
    peaks.postgresSessions = Math.max(peaks.postgresSessions, sessions.length);
    for (const [name, count] of direct) peaks.direct.set(name, Math.max(peaks.direct.get(name) ?? 0, count));
    peaks.samples += 1;
  }
}

/** The application pool's sessions are named after their process (`campaign-partner-api/<pid>`): counted together. */
function directSessionName(applicationName: string): string {
  if (/^campaign-partner-api\/\d+$/.test(applicationName)) return 'campaign-partner-api/<pid>';
  return applicationName === '' ? '(unnamed)' : applicationName;
}

/** PgBouncer's console on the pooler of `pooledUrl`, as the upstream user (PgBouncer's admin_users, trusted on loopback). */
export function pgbouncerConsoleUrl(pooledUrl: string): string {
  const url = new URL(pooledUrl);
  url.password = '';
  url.pathname = '/pgbouncer';
  url.search = '';
  return url.toString();
}
