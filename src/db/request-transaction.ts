import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, type EntityManager, type QueryRunner, type ReplicationMode } from 'typeorm';
import type { IsolationLevel } from 'typeorm/driver/types/IsolationLevel.js';

/**
 * A request's transaction: one connection and one PostgreSQL transaction that the code a request
 * runs joins without knowing it. An HTTP layer opens one (`beginRequestTransaction`), runs the
 * request's handler inside it (`run`), writes what it must beside the handler's changes on the
 * same transaction (`query`), and ends it (`commit` / `rollback`) — so that the changes and that
 * last write commit together or not at all (src/http/idempotency: a write and its stored answer).
 *
 * The seam is the DataSource (`RequestScopedDataSource`, which every DataSource of the application
 * is, see ormconfig.ts): while a handler runs inside an open request transaction,
 * - `dataSource.transaction(fn)` runs `fn` in a SAVEPOINT of it: released when `fn` resolves,
 *   rolled back to when it throws, so a service's refusal still undoes exactly its own changes;
 *   the changes commit only when the request transaction does;
 * - every other statement (`dataSource.query`, `dataSource.manager`, query builders, repositories)
 *   runs on its connection, so reads see the request's own uncommitted writes, and a request never
 *   holds a second connection of the pool (none can starve the pool waiting for another).
 * Services change nothing: they keep opening their transactions with `dataSource.transaction`.
 *
 * Savepoints of one request take turns: GraphQL runs the operations of a batch concurrently, and
 * two savepoints interleaved on one connection would release or roll back each other's work. A
 * `dataSource.transaction` inside another's callback is nested (it runs at once, one level down);
 * one from a concurrent branch waits for the open one to end (`dataSource.manager.transaction`
 * would join as a savepoint too, without taking turns: the application does not use it).
 * Statements outside any `dataSource.transaction` (reads) do not wait: a savepoint's rollback
 * cannot undo anything of theirs that matters, since every write of a request is made inside one.
 *
 * A statement that fails outside a savepoint aborts the whole transaction, as in any PostgreSQL
 * transaction: whatever the request then tries to write on it fails, and so does its commit; the
 * caller answers that as the failure it is. Once the transaction has ended, code still running in
 * its context (a timer the request left behind) goes back to the pool, like code outside a request.
 */

interface Scope {
  transaction: RequestTransaction;
  /** Whether this branch of the request is inside one of its savepoints (holds the turn). */
  inSavepoint: boolean;
}

const ambient = new AsyncLocalStorage<Scope>();

type TransactionWork<T> = (manager: EntityManager) => Promise<T>;

export class RequestTransaction {
  private open = true;
  /** The end of the last savepoint waiting or running: the next one starts after it. */
  private turns: Promise<void> = Promise.resolve();
  /**
   * What the request's code gets from `createQueryRunner`: the connection itself, except that
   * releasing it is left to whoever ends the transaction.
   */
  readonly shared: QueryRunner;

  constructor(private readonly runner: QueryRunner) {
    this.shared = new Proxy(runner, {
      get(target, property) {
        if (property === 'release') return () => Promise.resolve();
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  }

  get isOpen(): boolean {
    return this.open;
  }

  /** Runs `work` (a request's handler) so that its statements and transactions join this one. */
  run<T>(work: () => T): T {
    return ambient.run({ transaction: this, inSavepoint: false }, work);
  }

  /** A statement on the transaction itself (not in a savepoint): its rows. */
  async query<T>(sql: string, parameters: unknown[] = []): Promise<T[]> {
    this.assertOpen();
    return (await this.runner.query(sql, parameters, true)).records as T[];
  }

  /** Commits and gives the connection back; throws when COMMIT fails (then nothing was committed, or the connection was lost). */
  async commit(): Promise<void> {
    this.assertOpen();
    this.open = false;
    try {
      // COMMIT itself, not TypeORM's commitTransaction: that one only releases a savepoint when its
      // count of open savepoints is off (after a savepoint failed to end), leaving the transaction open.
      await this.runner.query('COMMIT');
    } finally {
      await this.runner.release();
    }
  }

  /** Rolls back and gives the connection back; never throws, and does nothing once ended. */
  async rollback(): Promise<void> {
    if (!this.open) return;
    this.open = false;
    try {
      // On a lost connection ROLLBACK fails, and the server has rolled back already.
      await this.runner.query('ROLLBACK');
    } catch {
      // The pool does not reuse a connection that failed (pg-pool drops clients not queryable).
    } finally {
      await this.runner.release();
    }
  }

  /** `work` in a savepoint of this transaction, after any concurrent savepoint has ended. */
  async savepoint<T>(work: TransactionWork<T>): Promise<T> {
    const nested = ambient.getStore()?.inSavepoint === true;
    const endTurn = nested ? undefined : await this.takeTurn();
    try {
      this.assertOpen();
      await this.runner.startTransaction();
      let result: T;
      try {
        result = await ambient.run({ transaction: this, inSavepoint: true }, () => work(this.runner.manager));
      } catch (error) {
        // As TypeORM's own transaction does: the work's error is the one that matters.
        await this.runner.rollbackTransaction().catch(() => undefined);
        throw error;
      }
      await this.runner.commitTransaction();
      return result;
    } finally {
      endTurn?.();
    }
  }

  private async takeTurn(): Promise<() => void> {
    let endTurn!: () => void;
    const ended = new Promise<void>((resolve) => (endTurn = resolve));
    const previous = this.turns;
    this.turns = previous.then(() => ended);
    await previous;
    return endTurn;
  }

  private assertOpen(): void {
    if (!this.open) throw new Error('the request transaction has ended');
  }
}

/** The open request transaction of the code running now, if any. */
function currentTransaction(): RequestTransaction | undefined {
  const transaction = ambient.getStore()?.transaction;
  return transaction?.isOpen ? transaction : undefined;
}

/**
 * The application's DataSource: TypeORM's, joining the request transaction of the code that calls
 * it (see above). Outside one it is TypeORM's DataSource exactly.
 */
export class RequestScopedDataSource extends DataSource {
  override createQueryRunner(mode: ReplicationMode = 'master'): QueryRunner {
    return currentTransaction()?.shared ?? super.createQueryRunner(mode);
  }

  override transaction<T>(work: TransactionWork<T>): Promise<T>;
  override transaction<T>(isolationLevel: IsolationLevel, work: TransactionWork<T>): Promise<T>;
  override transaction<T>(isolationOrWork: IsolationLevel | TransactionWork<T>, maybeWork?: TransactionWork<T>): Promise<T> {
    const transaction = currentTransaction();
    if (typeof isolationOrWork !== 'function') {
      // A savepoint cannot change the isolation level of the transaction around it.
      if (transaction) return Promise.reject(new Error('a transaction with its own isolation level cannot join a request transaction'));
      return super.transaction(isolationOrWork, maybeWork!);
    }
    return transaction ? transaction.savepoint(isolationOrWork) : super.transaction(isolationOrWork);
  }
}

/**
 * Opens a request transaction on a connection of the pool. Called outside any request
 * transaction (before the handler runs); the caller must end it on every path.
 */
export async function beginRequestTransaction(dataSource: DataSource): Promise<RequestTransaction> {
  // Without the seam the handler's writes would not join it, and would commit on their own.
  if (!(dataSource instanceof RequestScopedDataSource)) throw new Error('request transactions need a RequestScopedDataSource');
  if (currentTransaction()) throw new Error('a request transaction is already open here');
  const runner = dataSource.createQueryRunner();
  try {
    await runner.startTransaction();
  } catch (error) {
    await runner.release();
    throw error;
  }
  return new RequestTransaction(runner);
}
