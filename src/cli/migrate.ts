import 'reflect-metadata';
import { openDatabase, redactedUrl } from '../db/database';
import { createLogger } from '../logging/logger';
import { loadConfigOrExit } from '../process-lifecycle';

/**
 * `npm run migration:run`: applies pending migrations, then stops. The server applies them at
 * start too (unless MIGRATE_ON_START=false); this is for a deployment that migrates as a step of
 * its own before rolling out nodes. It takes the same lock as the servers, so it may run while they start. It reaches the same database the server would: DATABASE_URL, or the embedded cluster
 * under DATA_DIR (attached to when the server runs it, started and stopped again otherwise).
 * Prints one JSON line: `{"database","applied"}`.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  // The step that migrates, whatever MIGRATE_ON_START says for the servers.
  const database = await openDatabase({ ...config, migrateOnStart: true }, logger);
  try {
    process.stdout.write(`${JSON.stringify({ database: redactedUrl(database.url), applied: database.migrationsApplied })}\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Migrations failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
