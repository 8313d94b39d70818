import { MigrationExecutor } from 'typeorm';
import { createDataSource } from '../../ormconfig';
import { openDatabase } from '../../src/db/database';
import { createLogger } from '../../src/logging/logger';
import { apiClient, startTestApp, type TestApp } from '../support/test-app';
import { adminUrl, databaseUrl, freshDatabase, withAdminClient } from '../support/test-database';

/**
 * Rollouts: any number of processes may start together on an empty or outdated database (one
 * migrates under the migration lock while the others wait, then find nothing to do), and with
 * MIGRATE_ON_START=false a node leaves migrations to `npm run migration:run` and is not ready
 * until they are applied, saying which it waits for.
 */
const silent = createLogger('silent');

async function emptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `cpa_test_empty_${process.pid}_${Date.now()}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  return {
    url: databaseUrl(adminUrl(), name),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}

/** The migrations this code knows of (names, newest first), as a database migrated from the template holds them. */
async function migrationsKnown(): Promise<string[]> {
  const database = await freshDatabase();
  const dataSource = createDataSource(database.url);
  try {
    await dataSource.initialize();
    return (await new MigrationExecutor(dataSource).getExecutedMigrations()).map((migration) => migration.name);
  } finally {
    await dataSource.destroy();
    await database.drop();
  }
}

it('lets four starts (each on sessions of its own, as processes are) run together on an empty database: one applies every migration, the others wait and apply none', async () => {
  const database = await emptyDatabase();
  try {
    const opened = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent' }, silent)));
    try {
      const applied = opened.map((db) => db.migrationsApplied.length).sort((a, b) => b - a);
      expect(applied).toEqual([(await migrationsKnown()).length, 0, 0, 0]);
      const [{ count }] = await opened[0].dataSource.query('SELECT count(*)::int AS count FROM schema_migrations');
      expect(count).toBe(applied[0]);
    } finally {
      await Promise.all(opened.map((db) => db.close()));
    }
  } finally {
    await database.drop();
  }
});

describe('MIGRATE_ON_START=false', () => {
  let app: TestApp;
  let latest: string;

  beforeAll(async () => {
    [latest] = await migrationsKnown();
  });

  afterAll(async () => {
    await app?.close();
  });

  it('leaves the migration pending, and /readyz answers 503 naming it until `migration:run` applies it', async () => {
    // The same undo on the app's own database (startTestApp clones the migrated template).
    app = await startTestApp({ migrateOnStart: false });
    const outdated = createDataSource(app.databaseUrl);
    await outdated.initialize();
    await outdated.undoLastMigration({ transaction: 'each' });
    await outdated.destroy();

    const probe = apiClient(app.baseUrl);
    const notReady = await probe.get('/readyz');
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ status: 'not ready', state: 'ready', database: 'up', pendingMigrations: [latest] });

    // What `npm run migration:run` does (src/cli/migrate.ts): an open with MIGRATE_ON_START forced on.
    const step = await openDatabase({ databaseUrl: app.databaseUrl, dataDir: '/nonexistent', migrateOnStart: true }, silent);
    expect(step.migrationsApplied).toEqual([latest]);
    await step.close();

    const ready = await probe.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', state: 'ready', database: 'up' });
  });

  it('reports what it found pending at start, without applying it', async () => {
    const database = await freshDatabase();
    const dataSource = createDataSource(database.url);
    try {
      await dataSource.initialize();
      await dataSource.undoLastMigration({ transaction: 'each' });
      const opened = await openDatabase({ databaseUrl: database.url, dataDir: '/nonexistent', migrateOnStart: false }, silent);
      expect(opened.migrationsApplied).toEqual([]);
      expect(opened.migrationsPending).toEqual([latest]);
      await opened.close();
    } finally {
      await dataSource.destroy();
      await database.drop();
    }
  });
});
