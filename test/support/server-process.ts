import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { childEnv, ROOT } from './processes';

/** A built process: the server (`dist/src/main.js`, with its worker unless WORKER=false) or a worker alone (`dist/src/worker.js`). */
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
    env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env }),
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

/** `node dist/src/main.js` in a child process, as `npm start` runs it. */
export type ServerProcess = NodeProcess & { baseUrl: string };

/**
 * Starts the server (built by `npm test`'s pretest step) on a free loopback port with `env` over
 * the caller's environment, and resolves once it logs where it listens. Not NODE_ENV=test: Apollo
 * behaves differently on signals there, and processes are tested as run.
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const server = await startNodeProcess('server', 'api', env);
  return { ...server, baseUrl: server.baseUrl! };
}

/** Sends SIGTERM and resolves with the exit status once the process has stopped. */
export function stopServerProcess(server: ServerProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.removeAllListeners('exit');
    server.child.on('exit', (code) => resolve(code));
    server.child.kill('SIGTERM');
  });
}
