import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * A PostgreSQL server of a test's own (test/support/postgres-process.mjs), which the test may stop
 * and start again on the same port, as an operator would restart the database under a running
 * service. The global test server is shared by every file and is never stopped.
 */
export interface OwnPostgres {
  url: string;
  /** Stops the server cleanly (a fast shutdown: sessions are terminated, in-flight work rolled back). */
  stop(): Promise<void>;
}

const SCRIPT = path.join(__dirname, 'postgres-process.mjs');

export async function startOwnPostgres(dataDir: string, port?: number): Promise<OwnPostgres> {
  const child: ChildProcess = spawn(process.execPath, [SCRIPT, dataDir, ...(port === undefined ? [] : [String(port)])], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n')) resolve(line.trim());
    });
    child.once('exit', (code) => reject(new Error(`PostgreSQL helper exited (${code}):\n${stderr}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
