import type { DataSource, Logger } from 'typeorm';

export interface StatementCounter {
  /** Statements sent since the counter started or was last reset. */
  readonly count: number;
  /** Their SQL, in order. */
  readonly statements: readonly string[];
  /** Their SQL with the parameters sent with it, in order (to replay them). */
  readonly calls: readonly { sql: string; parameters: readonly unknown[] | undefined }[];
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
  let statements: string[] = [];
  let calls: { sql: string; parameters: readonly unknown[] | undefined }[] = [];
  target.logger = new Proxy(original, {
    get(logger, property, receiver) {
      if (property === 'logQuery') {
        return (...args: Parameters<Logger['logQuery']>) => {
          count += 1;
          statements.push(args[0]);
          calls.push({ sql: args[0], parameters: Array.isArray(args[1]) ? (args[1] as unknown[]) : undefined });
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
    get statements() {
      return statements;
    },
    get calls() {
      return calls;
    },
    reset: () => {
      count = 0;
      statements = [];
      calls = [];
    },
    stop: () => {
      target.logger = original;
    },
  };
}
