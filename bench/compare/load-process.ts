import { fork } from 'node:child_process';
import path from 'node:path';

/** What one timed run's load process is told: autocannon's options for it. */
export interface LoadOrder {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
}

/** What it answers: autocannon's figures, or why it could not run. */
export type LoadReport =
  | { type: 'result'; requestsPerSecond: number; p50: number; p99: number; errors: number; timeouts: number; non2xx: number }
  | { type: 'failed'; error: string };

export type LoadFigures = Extract<LoadReport, { type: 'result' }>;

/** The compiled load script, next to this file in dist/bench/compare. */
const LOAD_SCRIPT = path.join(__dirname, 'load-autocannon.js');

/**
 * Runs one load in a process of its own (bench/compare/load-autocannon.ts) on this Node, and
 * resolves once that process has exited: the bench process keeps nothing of the load's work on its
 * event loop, and no load is left running when the next run starts.
 */
export function runLoadProcess(order: LoadOrder): Promise<LoadFigures> {
  const child = fork(LOAD_SCRIPT, [], {
    execPath: process.execPath,
    // Node's defaults, whatever flags the bench process was started with.
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let report: LoadReport | undefined;
    child.once('message', (message: LoadReport) => {
      report = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (report?.type === 'result') resolve(report);
      else if (report?.type === 'failed') reject(new Error(`the load process failed:\n${report.error}`));
      else reject(new Error(`the load process exited (${code ?? signal}) without figures`));
    });
    child.send(order);
  });
}
