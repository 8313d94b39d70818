import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/config';
import { SecretBox } from './secret-box';

const KEY_FILE = 'secrets.key';

/**
 * SECRETS_KEY when set. Otherwise a key generated once into DATA_DIR (mode 0600) and reused, so
 * the embedded default needs no setup; production sets SECRETS_KEY (checked at start).
 */
export async function loadSecretBox(config: Pick<AppConfig, 'secretsKey' | 'dataDir'>): Promise<SecretBox> {
  if (config.secretsKey) return SecretBox.fromText(config.secretsKey);
  const file = path.join(config.dataDir, KEY_FILE);
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined) return SecretBox.fromText(existing.trim());
  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o755 });
  const key = randomBytes(32).toString('hex');
  try {
    await fs.writeFile(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
    return SecretBox.fromText(key);
  } catch {
    // Another process (a CLI call, a second worker) wrote it first: use theirs.
    return SecretBox.fromText((await fs.readFile(file, 'utf8')).trim());
  }
}
