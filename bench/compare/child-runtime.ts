import pg from 'pg';
import type { ControlMessage, ServerMessage } from './protocol';

/**
 * Counts every statement any pg client of this process sends (TypeORM, PostGraphile's adaptor and
 * a bare Pool all end in `Client.prototype.query`): one count, measured the same way for the three
 * servers. Call before the server opens its pool.
 */
export function countPgStatements(): () => number {
  let count = 0;
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = prototype.query;
  prototype.query = function (this: unknown, ...args: unknown[]): unknown {
    count += 1;
    return original.apply(this, args);
  };
  return () => count;
}

function send(message: ServerMessage): void {
  process.send?.(message);
}

/**
 * Runs a server process: starts it, tells the parent its port, answers statement-count requests
 * and stops on request (or when the parent goes away).
 */
export function runServerProcess(start: () => Promise<{ port: number; stop: () => Promise<void> }>, statements: () => number): void {
  if (!process.send) throw new Error('run this file through bench/compare (it is a child process)');
  let stopping = false;
  const stopWith = async (stop: () => Promise<void>): Promise<void> => {
    if (stopping) return;
    stopping = true;
    try {
      await stop();
    } finally {
      process.exit(0);
    }
  };
  start()
    .then(({ port, stop }) => {
      process.on('message', (message: ControlMessage) => {
        if (message.type === 'statements') send({ type: 'statements', count: statements() });
        else if (message.type === 'stop') void stopWith(stop);
      });
      process.on('disconnect', () => void stopWith(stop));
      send({ type: 'ready', port });
    })
    .catch((error: unknown) => {
      send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      process.exit(1);
    });
}

/** Reads a variable the parent must set. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
