import type { DataSource, Logger } from 'typeorm';

export interface StatementCounter {
  /** Statements sent since the counter started or was last reset. */
  readonly count: number;
  reset(): void;
  /** Puts the original logger back. */
  stop(): void;
}

/**
 * Counts every SQL statement the DataSource sends (TypeORM reports each one to its logger, whatever
 * the logging options), for the constant-statements test and the benchmarks.
 */
export function countStatements(dataSource: DataSource): StatementCounter {
  const target = dataSource as unknown as { logger: Logger };
  const original = target.logger;
  let count = 0;
  target.logger = new Proxy(original, {
    get(logger, property, receiver) {
      if (property === 'logQuery') {
        return (...args: Parameters<Logger['logQuery']>) => {
          count += 1;
          return logger.logQuery(...args);
        };
      }
      return Reflect.get(logger, property, receiver) as unknown;
    },
  });
  return {
    get count() {
      return count;
    },
    reset: () => {
      count = 0;
    },
    stop: () => {
      target.logger = original;
    },
  };
}
