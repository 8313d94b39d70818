import type { ChildMessage, ParentMessage } from './protocol';

function send(message: ChildMessage): void {
  process.send?.(message);
}

function describe(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/**
 * Runs a child of bench:subscriptions: starts it, says it is ready (with its port, for a server),
 * answers the parent's requests with `handle`, and stops on request or when the parent goes away.
 */
export function runChild<R>(start: () => Promise<{ port?: number; handle(request: R): Promise<unknown>; stop(): Promise<void> }>): void {
  if (!process.send) throw new Error('run this file through bench/subscriptions.ts (it is a child process)');
  let stopping = false;
  start()
    .then(({ port, handle, stop }) => {
      const stopNow = async (): Promise<void> => {
        if (stopping) return;
        stopping = true;
        try {
          await stop();
        } finally {
          // A normal exit: --cpu-prof writes its profile now.
          process.exit(0);
        }
      };
      process.on('message', (message: ParentMessage) => {
        if (message.type === 'stop') void stopNow();
        else if (message.type === 'request') {
          handle(message.body as R).then(
            (body) => send({ type: 'reply', seq: message.seq, body }),
            (error: unknown) => send({ type: 'reply', seq: message.seq, body: null, error: describe(error) }),
          );
        }
      });
      process.on('disconnect', () => void stopNow());
      send({ type: 'ready', port });
    })
    .catch((error: unknown) => {
      send({ type: 'failed', error: describe(error) });
      process.exit(1);
    });
}

/**
 * Runs V8's collector when the process was started with --expose-gc (twice: what a first pass
 * frees, a second compacts), then answers the heap's figures.
 */
export async function collectGarbage(): Promise<NodeJS.MemoryUsage> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    await new Promise((resolve) => setTimeout(resolve, 50));
    gc();
  }
  return process.memoryUsage();
}

/** Reads a variable the parent must set. */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}
