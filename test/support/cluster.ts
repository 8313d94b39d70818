import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { childEnv, ROOT } from './processes';

/** A process of the deployment: an API node (`dist/src/main.js`) or a worker (`dist/src/worker.js`). */
export interface NodeProcess {
  name: string;
  child: ChildProcessWithoutNullStreams;
  /** The API node's base URL; undefined for a worker. */
  baseUrl?: string;
  /** Its stdout (JSON log lines) and stderr, as they came. */
  logs: string[];
  /** Whether it is still running. */
  alive(): boolean;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/**
 * Starts `dist/src/<script>` with `env` and resolves once it has logged the line that says it
 * runs (`graphql` for an API node, "webhook worker running" for a worker); rejects if it exits first.
 */
export function startNodeProcess(name: string, kind: 'api' | 'worker', env: Record<string, string | undefined>): Promise<NodeProcess> {
  const script = path.join(ROOT, 'dist', 'src', kind === 'api' ? 'main.js' : 'worker.js');
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', ...(kind === 'api' ? { WORKER: 'false' } : {}), ...env }),
  });
  const logs: string[] = [];
  const node: NodeProcess = {
    name,
    child,
    logs,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: (signal) =>
      new Promise<void>((resolve) => {
        if (!node.alive()) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        let entry: { graphql?: string; msg?: string };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          continue;
        }
        if (kind === 'api' && entry.graphql) resolve({ ...node, baseUrl: entry.graphql.replace(/\/graphql$/, '') });
        if (kind === 'worker' && entry.msg === 'webhook worker running') resolve(node);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`${name} exited (${code ?? signal}) before running:\n${logs.join('\n')}`)));
  });
}

/** Percentile (0–100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
