import type { AnyBody, TestApp } from './test-app';

/**
 * Reads of the database behind the API, for what a request must (or must not) have changed:
 * one row, whole tables, row counts. Refusal tests take a snapshot before and compare it after.
 */

/** The row with this id, deleted or not; undefined when there is none. */
export async function rowById(app: TestApp, table: string, id: number | string): Promise<Record<string, unknown> | undefined> {
  const rows: Record<string, unknown>[] = await app.dataSource.query(`SELECT * FROM ${table} WHERE id = $1`, [Number(id)]);
  return rows[0];
}

/** Every row of a table (every workspace, deleted ones too), by id. */
export async function allRows(app: TestApp, table: string): Promise<AnyBody[]> {
  return app.dataSource.query(`SELECT * FROM ${table} ORDER BY id`);
}

/** The number of rows of each table (deleted ones too), read in one statement, keyed by table name. */
export async function rowCounts(app: TestApp, tables: string[]): Promise<Record<string, number>> {
  const [counts] = await app.dataSource.query(`SELECT ${tables.map((table) => `(SELECT count(*) FROM ${table})::int AS ${table}`).join(', ')}`);
  return counts;
}
