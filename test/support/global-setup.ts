import 'reflect-metadata';
import os from 'node:os';
import path from 'node:path';
import { chmod, mkdtemp } from 'node:fs/promises';
import { createDataSource } from '../../ormconfig';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';
import { createLogger } from '../../src/logging/logger';
import { DeliveryQueue } from '../../src/webhooks/delivery/delivery-queue';
import { ADMIN_URL_ENV, TEMPLATE_DATABASE, databaseUrl, withAdminClient } from './test-database';
import { CHROMIUM_PATH_ENV } from './browser-path';

/**
 * One real PostgreSQL for the run: TEST_DATABASE_URL's server, or an embedded one under the OS
 * temp directory (reachable by the postgres system user even when the checkout is private).
 * A template database gets the migrations once; each test file clones it.
 */
export default async function globalSetup(): Promise<void> {
  const logger = createLogger('warn', process.stderr);
  // Chromium ships inside an npm package, compressed: unpacked once here, before the workers start,
  // so two test files never unpack it at the same moment.
  const { default: chromium } = await import('@sparticuz/chromium');
  process.env[CHROMIUM_PATH_ENV] = await chromium.executablePath();
  let baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cpa-test-'));
    await chmod(dataDir, 0o755);
    (globalThis as { __cpaDataDir?: string }).__cpaDataDir = dataDir;
    const embedded = await startEmbeddedPostgres(dataDir, logger);
    (globalThis as { __cpaEmbedded?: typeof embedded }).__cpaEmbedded = embedded;
    baseUrl = embedded.url;
  }
  const admin = databaseUrl(baseUrl, 'postgres');
  process.env[ADMIN_URL_ENV] = admin;

  await withAdminClient(async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  }, admin);
  const dataSource = createDataSource(databaseUrl(admin, TEMPLATE_DATABASE));
  await dataSource.initialize();
  await dataSource.runMigrations({ transaction: 'each' });
  await dataSource.destroy();
  // pg-boss's schema too, so each cloned database has it ready.
  const queue = new DeliveryQueue(databaseUrl(admin, TEMPLATE_DATABASE), logger, { supervise: false, poolSize: 2 });
  await queue.prepare();
  await queue.stop();
}
