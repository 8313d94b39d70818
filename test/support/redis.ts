import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import Redis from 'ioredis';

/**
 * A real redis-server (the Debian package, which `npm test` installs first:
 * scripts/test-prerequisites.mjs) on a free loopback port, for one test file: no persistence,
 * stopped by `stop()`.
 */
export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  /** Starts it again, empty, on the same port (after stop(), or stopping it first). */
  restart(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open, nothing is answered, as a hung Redis. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

/** A loopback port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function redisServerBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const binary = found.stdout.trim();
  if (found.status !== 0 || binary === '') {
    throw new Error('redis-server is not installed: run the tests with npm test, which installs it first (scripts/test-prerequisites.mjs)');
  }
  return binary;
}

async function waitForPing(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output()}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if ((await client.ping()) === 'PONG') return;
    } catch {
      // not listening yet
    } finally {
      client.disconnect();
    }
    if (Date.now() > deadline) throw new Error(`redis-server did not answer within 10 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function spawnServer(binary: string, port: number): { child: ChildProcess; output: () => string } {
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGCONT'); // a paused server would not handle SIGTERM
    child.kill('SIGTERM');
  });
}

async function started(binary: string, port: number, url: string): Promise<ChildProcess> {
  const { child, output } = spawnServer(binary, port);
  try {
    await waitForPing(url, child, output);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return child;
}

export async function startRedis(): Promise<RedisServer> {
  const binary = redisServerBinary();
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child = await started(binary, port, url);
  return {
    url,
    stop: () => stopped(child),
    restart: async () => {
      await stopped(child);
      child = await started(binary, port, url);
    },
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
  };
}
