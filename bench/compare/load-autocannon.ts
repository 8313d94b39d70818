import autocannon from 'autocannon';
import type { LoadOrder, LoadReport } from './load-process';

/**
 * The load of one timed run of bench/compare, in a process of its own (forked by runLoadProcess,
 * load-process.ts): autocannon on this process's main thread with the options it is sent, its
 * figures sent back, then the process exits.
 */
if (!process.send) throw new Error('run this file through bench/compare (it is a child process)');

function answer(report: LoadReport, code: number): void {
  process.send!(report, () => process.exit(code));
}

// The bench process is gone (stopped, or failed): no one is left to read the figures.
process.once('disconnect', () => process.exit(1));

process.once('message', (order: LoadOrder) => {
  autocannon({
    url: order.url,
    method: order.method,
    headers: order.headers,
    body: order.body,
    connections: order.connections,
    duration: order.seconds,
  }).then(
    (result) =>
      answer(
        {
          type: 'result',
          requestsPerSecond: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
        },
        0,
      ),
    (error: unknown) => answer({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }, 1),
  );
});
