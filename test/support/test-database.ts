import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Set by the global setup for every worker: a superuser URL of the test cluster. */
export const ADMIN_URL_ENV = 'CPA_TEST_ADMIN_URL';
export const TEMPLATE_DATABASE = 'cpa_test_template';

export function adminUrl(): string {
  const url = process.env[ADMIN_URL_ENV];
  if (!url) throw new Error(`${ADMIN_URL_ENV} is not set: run the tests through jest (npm test)`);
  return url;
}

export function databaseUrl(base: string, database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(run: (client: Client) => Promise<T>, url = adminUrl()): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let created = 0;
/**
 * Jest gives each test file its own module registry (`created` starts again at 0) but runs many
 * files in one worker process: the name also carries this file's own mark, so a database a failed
 * file left behind cannot collide with the next file's.
 */
const FILE_MARK = randomBytes(4).toString('hex');

/**
 * A fresh database for one test app, cloned from the migrated template: test files (and the jest
 * workers running them) never see each other's rows, and cloning is far quicker than migrating.
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  created += 1;
  const name = `cpa_test_${process.pid}_${FILE_MARK}_${created}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(TEMPLATE_DATABASE)}`));
  return {
    url: databaseUrl(adminUrl(), name),
    drop: () => withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`)).then(() => undefined),
  };
}
