import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { childEnv, ROOT } from './processes';

/** `node dist/src/main.js` in a child process, as `npm start` runs it. */
export interface ServerProcess {
  child: ChildProcessWithoutNullStreams;
  baseUrl: string;
  /** Its stdout (JSON log lines) and stderr, as they came. */
  logs: string[];
}

/**
 * Starts the server (built by `npm test`'s pretest step) on a free loopback port with `env` over
 * the caller's environment, and resolves once it logs where it listens. Not NODE_ENV=test: Apollo
 * behaves differently on signals there, and processes are tested as run.
 */
export function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'src', 'main.js')], {
    cwd: ROOT,
    env: childEnv({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'development', ...env }),
  });
  const logs: string[] = [];
  return new Promise((resolve, reject) => {
    let buffered = '';
    child.stdout.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        const entry = JSON.parse(line) as { graphql?: string };
        if (entry.graphql) resolve({ child, baseUrl: entry.graphql.replace(/\/graphql$/, ''), logs });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.on('exit', (code) => reject(new Error(`server exited with ${code} before listening:\n${logs.join('\n')}`)));
  });
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
