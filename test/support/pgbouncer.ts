import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './redis';

/**
 * A real PgBouncer (the Debian package, which `npm test` installs first:
 * scripts/test-prerequisites.mjs) on a free loopback port in transaction pooling, in front of a
 * PostgreSQL server: what operators put between many nodes and one database. Clients are trusted
 * (loopback only); PgBouncer logs in to PostgreSQL with the upstream URL's user and password.
 */
export interface PgBouncer {
  /** The upstream URL with PgBouncer's host and port: the same user and database, pooled. */
  pooled(upstreamUrl: string): string;
  /** Server connections PgBouncer holds to PostgreSQL now (its SHOW POOLS, summed). */
  serverConnections(): Promise<number>;
  stop(): Promise<void>;
}

function pgbouncerBinary(): string {
  for (const candidate of ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer', '/usr/local/sbin/pgbouncer', '/usr/local/bin/pgbouncer']) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('pgbouncer is not installed: run the tests with npm test, which installs it first (scripts/test-prerequisites.mjs)');
}

export async function startPgBouncer(upstreamUrl: string, options: { poolSize?: number; maxClients?: number } = {}): Promise<PgBouncer> {
  const upstream = new URL(upstreamUrl);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'cpa-pgbouncer-'));
  // PgBouncer refuses to run as root; as root it is started as the postgres system user, who must read these.
  await chmod(dir, 0o755);
  const usersFile = path.join(dir, 'users.txt');
  await writeFile(usersFile, `"${user}" "${password.replace(/"/g, '""')}"\n`, { mode: 0o644 });
  const iniFile = path.join(dir, 'pgbouncer.ini');
  await writeFile(
    iniFile,
    [
      '[databases]',
      `* = host=${upstream.hostname} port=${upstream.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      `unix_socket_dir = ${dir}`,
      'auth_type = trust',
      `auth_file = ${usersFile}`,
      `admin_users = ${user}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 20}`,
      `max_client_conn = ${options.maxClients ?? 500}`,
      // What Debian's default configuration leaves on; connections are short-lived in tests.
      'server_reset_query =',
      'log_connections = 0',
      'log_disconnections = 0',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const asRoot = process.getuid?.() === 0;
  const child = spawn(pgbouncerBinary(), [...(asRoot ? ['-u', 'postgres'] : []), iniFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const pooled = (url: string): string => {
    const target = new URL(url);
    target.hostname = '127.0.0.1';
    target.port = String(port);
    return target.toString();
  };
  const admin = (): Client => new Client({ connectionString: `postgres://${encodeURIComponent(user)}@127.0.0.1:${port}/pgbouncer` });

  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${output}`);
    const client = admin();
    try {
      await client.connect();
      await client.query('SHOW VERSION');
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`pgbouncer did not answer within 10 s:\n${output}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  return {
    pooled,
    serverConnections: async () => {
      const client = admin();
      await client.connect();
      try {
        const { rows } = await client.query<{ sv_active: string; sv_idle: string; sv_used: string; sv_tested: string; sv_login: string }>('SHOW POOLS');
        return rows.reduce((sum, row) => sum + Number(row.sv_active) + Number(row.sv_idle) + Number(row.sv_used) + Number(row.sv_tested) + Number(row.sv_login), 0);
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGINT');
        });
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
