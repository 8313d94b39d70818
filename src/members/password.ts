import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

/**
 * Passwords are kept only as salted scrypt hashes (Node's built-in, memory-hard KDF), in a
 * self-describing string so the cost can rise later without breaking stored hashes:
 * `scrypt$<log2 N>$<r>$<p>$<salt>$<hash>` (base64url).
 */
const LOG_N = 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, logN: number, r: number, p: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; the default 32 MiB ceiling is exactly that at N = 2^15, so allow headroom.
  const options: ScryptOptions = { N: 2 ** logN, r, p, maxmem: 256 * 2 ** logN * r };
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))));
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, LOG_N, BLOCK_SIZE, PARALLELISM);
  return ['scrypt', LOG_N, BLOCK_SIZE, PARALLELISM, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Bounds a stored hash's cost parameters must lie in; anything else is not a hash this service
 * wrote. Wide enough to raise the cost later, narrow enough that no stored string can ask for
 * gigabytes of memory.
 */
const COST_LIMITS = { logN: [10, 18], r: [1, 16], p: [1, 4] } as const;

function costWithin(text: string, [min, max]: readonly [number, number]): number | null {
  if (!/^\d{1,2}$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

/** Constant-time check of a password against a stored hash; malformed hashes never match and never throw. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, logNText, rText, pText, salt, hash] = parts;
  const logN = costWithin(logNText, COST_LIMITS.logN);
  const r = costWithin(rText, COST_LIMITS.r);
  const p = costWithin(pText, COST_LIMITS.p);
  if (logN === null || r === null || p === null || !/^[A-Za-z0-9_-]+$/.test(salt) || !/^[A-Za-z0-9_-]+$/.test(hash)) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length !== KEY_LENGTH) return false;
  try {
    const actual = await derive(password, Buffer.from(salt, 'base64url'), logN, r, p);
    return timingSafeEqual(actual, expected);
  } catch {
    // Parameters scrypt itself refuses (memory beyond its ceiling): not a hash this service wrote.
    return false;
  }
}
