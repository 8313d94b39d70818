import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword, verifyPassword } from '../../src/members/password';
import { STORED_HASH } from '../support/members';

/**
 * src/members/password.ts: passwords are kept only as salted scrypt hashes in the self-describing
 * form `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`; verifying is constant-time and a stored string that
 * is not in that form never matches. Unit tests, no database.
 */

const PASSWORD = 'correct horse battery staple';

let stored: string;

beforeAll(async () => {
  stored = await hashPassword(PASSWORD);
});

describe('hashPassword', () => {
  it('returns scrypt$15$8$1$<16-byte salt>$<32-byte key>, base64url, never containing the password', () => {
    expect(stored).toMatch(STORED_HASH);
    const [scheme, logN, r, p, salt, key] = stored.split('$');
    expect([scheme, logN, r, p]).toEqual(['scrypt', '15', '8', '1']);
    expect(Buffer.from(salt, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key, 'base64url')).toHaveLength(32);
    expect(stored).not.toContain(PASSWORD);
  });

  it('salts every hash: two hashes of one password differ in salt and key, and both verify', async () => {
    const again = await hashPassword(PASSWORD);

    expect(again).not.toBe(stored);
    const [, , , , saltA, keyA] = stored.split('$');
    const [, , , , saltB, keyB] = again.split('$');
    expect(saltA).not.toBe(saltB);
    expect(keyA).not.toBe(keyB);
    expect(await verifyPassword(PASSWORD, stored)).toBe(true);
    expect(await verifyPassword(PASSWORD, again)).toBe(true);
  });

  it('hashes the shortest and longest accepted passwords (8 and 128 characters) and non-ASCII ones', async () => {
    for (const password of ['8chars!!', 'x'.repeat(128), 'pässwörd-密码-🔑']) {
      const hash = await hashPassword(password);
      expect(hash).toMatch(STORED_HASH);
      expect(await verifyPassword(password, hash)).toBe(true);
    }
  });
});

describe('verifyPassword', () => {
  it('accepts the right password', async () => {
    await expect(verifyPassword(PASSWORD, stored)).resolves.toBe(true);
  });

  it.each<[string, () => string]>([
    ['a different password', () => 'correct horse battery stapler'],
    ['a prefix of it', () => 'correct horse battery'],
    ['a different case', () => PASSWORD.toUpperCase()],
    ['surrounding spaces', () => ` ${PASSWORD} `],
    ['the empty string', () => ''],
    ['the stored hash itself', () => stored],
  ])('rejects %s', async (_case, attempt) => {
    await expect(verifyPassword(attempt(), stored)).resolves.toBe(false);
  });

  it('treats canonically equivalent Unicode spellings as one password (NFKC)', async () => {
    const composed = await hashPassword('caf\u00e9-password');

    await expect(verifyPassword('cafe\u0301-password', composed)).resolves.toBe(true);
  });

  it('derives with the parameters the stored string names, so a hash made at another cost still verifies', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const cheaper = ['scrypt', '14', '8', '1', salt.toString('base64url'), key.toString('base64url')].join('$');

    await expect(verifyPassword(PASSWORD, cheaper)).resolves.toBe(true);
    await expect(verifyPassword(`${PASSWORD}!`, cheaper)).resolves.toBe(false);
  });

  it('binds the key to its parameters: the same salt and key under another cost do not verify', async () => {
    const [, , , , salt, key] = stored.split('$');

    await expect(verifyPassword(PASSWORD, ['scrypt', '14', '8', '1', salt, key].join('$'))).resolves.toBe(false);
    await expect(verifyPassword(PASSWORD, ['scrypt', '15', '8', '2', salt, key].join('$'))).resolves.toBe(false);
  });

  it('rejects a stored string whose key was altered or truncated', async () => {
    const [scheme, logN, r, p, salt, key] = stored.split('$');
    const flipped = `${key[0] === 'A' ? 'B' : 'A'}${key.slice(1)}`;

    await expect(verifyPassword(PASSWORD, [scheme, logN, r, p, salt, flipped].join('$'))).resolves.toBe(false);
    await expect(verifyPassword(PASSWORD, [scheme, logN, r, p, salt, key.slice(0, 20)].join('$'))).resolves.toBe(false);
    await expect(verifyPassword(PASSWORD, [scheme, logN, r, p, `${salt.slice(1)}A`, key].join('$'))).resolves.toBe(false);
  });

  describe('a malformed stored string never matches: it resolves false, it does not throw', () => {
    /** Builds a stored string from the real one with some of its six parts replaced. */
    function variant(replace: (parts: string[]) => string[]): () => string {
      return () => replace(stored.split('$')).join('$');
    }

    it.each<[string, () => string]>([
      ['the empty string', () => ''],
      ['the password itself (a plaintext column)', () => PASSWORD],
      ['one word', () => 'scrypt'],
      ['another scheme', variant(([, ...rest]) => ['bcrypt', ...rest])],
      ['an upper-case scheme', variant(([, ...rest]) => ['SCRYPT', ...rest])],
      ['a missing key', variant((parts) => parts.slice(0, 5))],
      ['an empty key', variant((parts) => [...parts.slice(0, 5), ''])],
      ['an empty salt', variant(([s, n, r, p, , k]) => [s, n, r, p, '', k])],
      ['no cost parameters', variant(([s, , , , salt, k]) => [s, '', '', '', salt, k])],
      ['a cost that is not a number', variant(([s, , r, p, salt, k]) => [s, 'x', r, p, salt, k])],
      ['a fractional cost', variant(([s, , r, p, salt, k]) => [s, '15.5', r, p, salt, k])],
      ['a negative cost', variant(([s, , r, p, salt, k]) => [s, '-1', r, p, salt, k])],
      ['a zero cost', variant(([s, , r, p, salt, k]) => [s, '0', r, p, salt, k])],
      ['an absurd cost', variant(([s, , r, p, salt, k]) => [s, '40', r, p, salt, k])],
      ['a zero block size', variant(([s, n, , p, salt, k]) => [s, n, '0', p, salt, k])],
      ['a block size that is not a number', variant(([s, n, , p, salt, k]) => [s, n, 'eight', p, salt, k])],
      ['a zero parallelism', variant(([s, n, r, , salt, k]) => [s, n, r, '0', salt, k])],
      ['a trailing extra part', variant((parts) => [...parts, 'extra'])],
      ['a leading extra part', variant((parts) => ['', ...parts])],
    ])('%s', async (_case, storedString) => {
      await expect(verifyPassword(PASSWORD, storedString())).resolves.toBe(false);
    });
  });
});
