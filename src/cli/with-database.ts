import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { openDatabase } from '../db/database';
import { createLogger } from '../logging/logger';
import { loadConfigOrExit } from '../process-lifecycle';

/**
 * `node dist/src/cli/with-database.js <script.js> [args…]`: runs a Node script (the TypeORM CLI,
 * for `npm run migration:generate`) with DATABASE_URL naming the database the server would use,
 * migrated to the current schema: DATABASE_URL itself, or the embedded cluster under DATA_DIR,
 * started for the run when the server is not running it.
 */
async function main(): Promise<number> {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    process.stderr.write('usage: with-database <script.js> [arguments…]\n');
    return 2;
  }
  const config = loadConfigOrExit();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, process.stderr);
  const database = await openDatabase(config, logger);
  try {
    return await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: database.directUrl } });
      child.on('error', reject);
      child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    });
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
