import type { TestApp } from './test-app';

/**
 * Every table's rows, fingerprinted, for the contract suites (REST and GraphQL) that check a
 * refused request changed nothing anywhere. A key's `last_used_at` is left out: authenticating
 * (a valid key) stamps it in the background.
 */
export async function databaseFingerprint(app: TestApp): Promise<Record<string, string>> {
  const tables = (await app.dataSource.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`)) as {
    table_name: string;
  }[];
  const fingerprint: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    const [row] = (await app.dataSource.query(`SELECT md5(coalesce(string_agg((to_jsonb(t) - 'last_used_at')::text, '|' ORDER BY (to_jsonb(t) - 'last_used_at')::text), '')) AS digest FROM "${table}" t`)) as { digest: string }[];
    fingerprint[table] = row.digest;
  }
  return fingerprint;
}
