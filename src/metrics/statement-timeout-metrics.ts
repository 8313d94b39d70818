import { Counter, type Registry } from 'prom-client';
import type { AfterQueryEvent, DataSource } from 'typeorm';
import { isStatementTimeout } from '../db/statement-timed-out';

/**
 * Counts the application pool's statements PostgreSQL cancelled at STATEMENT_TIMEOUT_MS, whatever
 * ran them: a request of either face (answered 503 STATEMENT_TIMEOUT), a subscription, the webhook
 * worker. Counted where every statement's outcome passes, TypeORM's afterQuery event, rather than by
 * each face that answers for one: one place, and statements no request answers for count too.
 * The DataSource is initialised by then (initialising it again would drop the subscriber).
 */
export function registerStatementTimeoutMetrics(registry: Registry, dataSource: DataSource): void {
  const timeouts = new Counter({
    name: 'db_statement_timeouts_total',
    help: 'Statements of the application pool cancelled by the statement timeout (STATEMENT_TIMEOUT_MS, SQLSTATE 57014), most often while waiting for a lock.',
    registers: [registry],
  });
  dataSource.subscribers.push({
    afterQuery(event: AfterQueryEvent): void {
      if (!event.success && isStatementTimeout(event.error)) timeouts.inc();
    },
  });
}
