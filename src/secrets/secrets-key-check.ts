import type { DataSource } from 'typeorm';
import type { SecretBox } from './secret-box';

/**
 * Every process that seals or opens secrets must hold the same key: a worker with another key
 * could not sign a single delivery. The first process to start records the key's fingerprint
 * (an HMAC, which says nothing of the key); any later one with a different key refuses to start.
 */
export async function assertSecretsKeyMatches(dataSource: DataSource, box: SecretBox): Promise<void> {
  const fingerprint = box.fingerprint();
  await dataSource.query(`INSERT INTO secrets_key_fingerprint (id, fingerprint) VALUES (1, $1) ON CONFLICT (id) DO NOTHING`, [fingerprint]);
  const [{ fingerprint: recorded }]: { fingerprint: string }[] = await dataSource.query(`SELECT fingerprint FROM secrets_key_fingerprint WHERE id = 1`);
  if (recorded !== fingerprint) {
    throw new Error('SECRETS_KEY is not the key this database\'s secrets are sealed with: every API node and worker must use the same SECRETS_KEY');
  }
}
