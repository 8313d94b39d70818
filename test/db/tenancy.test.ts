import { startTestApp, type TestApp } from '../support/test-app';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Tables that are not workspace data: the workspaces themselves, the migration ledger, the shared libraries and the secrets key's fingerprint. */
const GLOBAL_TABLES = ['organisations', 'schema_migrations', 'reference_entries', 'secrets_key_fingerprint'];

describe('schema tenancy', () => {
  it('gives every workspace table a NOT NULL organisation_id led by an index', async () => {
    const tables: { table_name: string }[] = await app.dataSource.query(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND NOT (table_name = ANY($1)) ORDER BY 1`,
      [GLOBAL_TABLES],
    );
    expect(tables.length).toBeGreaterThan(0);
    for (const { table_name: table } of tables) {
      const [column] = await app.dataSource.query(
        `SELECT is_nullable FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 AND column_name = 'organisation_id'`,
        [table],
      );
      expect({ table, column: column ?? null }).toEqual({ table, column: { is_nullable: 'NO' } });

      const indexes: { indexdef: string }[] = await app.dataSource.query(`SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename = $1`, [table]);
      const leading = indexes.some(({ indexdef }) => /\(organisation_id[,)]/.test(indexdef));
      expect({ table, indexedOnOrganisation: leading }).toEqual({ table, indexedOnOrganisation: true });
    }
  });

  it('uses snake_case for every table and column', async () => {
    const names: { name: string }[] = await app.dataSource.query(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'
       UNION SELECT column_name FROM information_schema.columns WHERE table_schema = 'public'`,
    );
    expect(names.filter(({ name }) => !/^[a-z][a-z0-9_]*$/.test(name))).toEqual([]);
  });

  it('has no migration pending against the entities (the checked-in migrations are complete)', async () => {
    const sql = await app.dataSource.driver.createSchemaBuilder().log();
    expect(sql.upQueries.map((query) => query.query)).toEqual([]);
  });
});
