import { randomBytes } from 'node:crypto';
import { SecretBox } from '../../src/secrets/secret-box';
import { runAdmin } from '../support/processes';
import { startTestApp, TEST_SECRETS_KEY, type TestApp } from '../support/test-app';

describe('SecretBox (AES-256-GCM)', () => {
  const box = SecretBox.fromText(randomBytes(32).toString('hex'));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const sealed = box.seal('whsec_secret');
    expect(box.open(sealed)).toBe('whsec_secret');
    expect(box.seal('whsec_secret')).not.toBe(sealed);
    expect(sealed).not.toContain('whsec_secret');
  });

  it('refuses a tampered value and a value sealed under another key', () => {
    const sealed = box.seal('client-secret');
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = `${body.startsWith('A') ? 'B' : 'A'}${body.slice(1)}`;
    expect(() => box.open([version, nonce, tag, flipped].join('.'))).toThrow();
    expect(() => SecretBox.fromText(randomBytes(32).toString('base64')).open(sealed)).toThrow();
  });

  it('takes a key as 64 hex digits or base64, and fingerprints it without revealing it', () => {
    const key = randomBytes(32);
    expect(SecretBox.fromText(key.toString('hex')).fingerprint()).toBe(SecretBox.fromText(key.toString('base64')).fingerprint());
    expect(SecretBox.fromText(key.toString('hex')).fingerprint()).not.toContain(key.toString('hex'));
  });
});

describe('one secrets key per database', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  it('refuses to start a process whose SECRETS_KEY differs from the one the database records', async () => {
    const other = await runAdmin(['org:create', '--name', 'Other key'], { DATABASE_URL: app.databaseUrl, SECRETS_KEY: 'b'.repeat(64) });
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('SECRETS_KEY is not the key this database');
    const same = await runAdmin(['org:create', '--name', 'Same key'], { DATABASE_URL: app.databaseUrl, SECRETS_KEY: TEST_SECRETS_KEY });
    expect(same.code).toBe(0);
  });
});
