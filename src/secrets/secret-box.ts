import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const ALGORITHM = 'aes-256-gcm';
const VERSION = 'v1';

/**
 * Seals secrets kept at rest (webhook signing secrets, OAuth client secrets) with AES-256-GCM:
 * a fresh 96-bit nonce per value, and the tag authenticates it, so a tampered or foreign value
 * fails to open instead of yielding garbage. Sealed form: `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  static fromKey(key: Buffer): SecretBox {
    if (key.length !== 32) throw new Error('a secrets key is 32 bytes');
    return new SecretBox(key);
  }

  /** A key as SECRETS_KEY spells it: 64 hex digits, or base64 of 32 bytes. */
  static fromText(text: string): SecretBox {
    return SecretBox.fromKey(/^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64'));
  }

  /** Identifies the key without revealing it, so processes can tell whether they share one. */
  fingerprint(): string {
    return createHmac('sha256', this.key).update('campaign-partner-api secrets key fingerprint').digest('hex');
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, body] = sealed.split('.');
    if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
