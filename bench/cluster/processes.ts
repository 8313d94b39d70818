import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../test/support/redis';
import { processCpuMs } from './machine';
import { serverNodeFlags } from '../server-node-flags';

/** The repository, from dist/bench/cluster: the processes run from there, as `npm start` runs them. */
const ROOT = path.join(__dirname, '..', '..', '..');
/** The compiled entry points, built by the same `tsc -p tsconfig.bench.json` as this file. */
const SCRIPTS = { api: path.join(__dirname, '..', '..', 'src', 'main.js'), worker: path.join(__dirname, '..', '..', 'src', 'worker.js') };
const START_TIMEOUT_MS = 60_000;

/** An API node (`dist/src/main.js`, WORKER=false) or a worker (`dist/src/worker.js`) of the deployment. */
export class ClusterProcess {
  /** The last lines it wrote, to explain a failure. */
  private readonly tail: string[] = [];

  private constructor(
    readonly name: string,
    private readonly child: ChildProcessWithoutNullStreams,
    /** An API node's base URL; undefined for a worker. */
    readonly baseUrl: string | undefined,
  ) {
    // Always drained: a full pipe would block the child's logging, and with it the child.
    const keep = (chunk: Buffer): void => {
      this.tail.push(...chunk.toString().split('\n').filter(Boolean));
      this.tail.splice(0, Math.max(0, this.tail.length - 50));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }

  /**
   * An API node on a free loopback port, answered once its /readyz says ready. It logs at `warn`:
   * at `info` it would log every request, and the figures would measure logging.
   */
  static async api(name: string, env: Record<string, string>): Promise<ClusterProcess> {
    const port = await freePort();
    const child = spawnScript('api', { ...env, WORKER: 'false', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    const node = new ClusterProcess(name, child, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + START_TIMEOUT_MS;
    for (;;) {
      if (!node.alive()) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${node.tail.join('\n')}`);
      const ready = await fetch(`${node.baseUrl}/readyz`).then((response) => response.status === 200, () => false);
      if (ready) return node;
      if (Date.now() > deadline) {
        await node.stop();
        throw new Error(`${name} was not ready within ${START_TIMEOUT_MS / 1000} s:\n${node.tail.join('\n')}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** A worker, answered once it logs that it runs (it logs at `info`: it says little per delivery). */
  static async worker(name: string, env: Record<string, string>): Promise<ClusterProcess> {
    const child = spawnScript('worker', { ...env, LOG_LEVEL: 'info' });
    const worker = new ClusterProcess(name, child, undefined);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000} s:\n${worker.tail.join('\n')}`)), START_TIMEOUT_MS);
      const onExit = (): void => reject(new Error(`${name} exited before it ran:\n${worker.tail.join('\n')}`));
      const onData = (chunk: Buffer): void => {
        if (!chunk.toString().includes('"webhook worker running"')) return;
        clearTimeout(timer);
        child.off('exit', onExit);
        child.stdout.off('data', onData);
        resolve();
      };
      child.once('exit', onExit);
      child.stdout.on('data', onData);
    });
    return worker;
  }

  alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** CPU time the process has used so far (user + system, all its threads), in ms. */
  cpuMs(): number {
    return processCpuMs(this.child.pid!);
  }

  /** SIGTERM (a graceful stop), SIGKILL if it has not exited within 20 s. */
  async stop(): Promise<void> {
    if (!this.alive()) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  }
}

function spawnScript(kind: keyof typeof SCRIPTS, env: Record<string, string>): ChildProcessWithoutNullStreams {
  const inherited = { ...process.env };
  // The bench's own DATABASE_URL (an outside server) is PostgreSQL's; the processes get the pooler's, given in `env`.
  delete inherited.DATABASE_URL;
  delete inherited.DATA_DIR;
  return spawn(process.execPath, [...serverNodeFlags(), SCRIPTS[kind]], { cwd: ROOT, env: { ...inherited, ...env } });
}
