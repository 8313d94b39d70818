import 'reflect-metadata';
import { openDatabase, redactedUrl } from '../db/database';
import { createLogger } from '../logging/logger';
import { loadConfigOrExit } from '../process-lifecycle';

/**
 * `npm run migration:run`: applies pending migrations, then stops. The server applies them at
 * start too; this is for a deployment that migrates as a step of its own before rolling out
 * nodes. It reaches the same database the server would: DATABASE_URL, or the embedded cluster
 * under DATA_DIR (attached to when the server runs it, started and stopped again otherwise).
 * Prints one JSON line: `{"database","applied"}`.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase(config, logger);
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
