import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { NotFoundError, UnauthenticatedError, ValidationFailedError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { Organisation } from '../organisations/organisation.entity';
import { ApiKey } from './api-key.entity';

/** Recognisable in logs, config files and secret scanners. */
export const API_KEY_PREFIX = 'cpk_';
const DISPLAY_PREFIX_LENGTH = 12;
const LAST_USED_RESOLUTION_MS = 60_000;

export interface IssuedApiKey {
  id: number;
  key: string;
  prefix: string;
  organizationCode: string;
}

export interface ApiKeySummary {
  id: number;
  prefix: string;
  label: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export class ApiKeyService {
  constructor(private readonly dataSource: DataSource) {}

  /** 256 random bits; the plain key exists only in the return value. */
  async issue(organisation: Organisation, label?: string): Promise<IssuedApiKey> {
    if (label !== undefined && label.length > 255) throw ValidationFailedError.single('label', 'must be at most 255 characters');
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const prefix = key.slice(0, DISPLAY_PREFIX_LENGTH);
    const inserted = await this.dataSource.manager.insert(ApiKey, {
      organisationId: organisation.id,
      label: label ?? null,
      prefix,
      keyHash: hashKey(key),
    });
    return { id: inserted.identifiers[0].id as number, key, prefix, organizationCode: organisation.organizationCode };
  }

  async list(organisation: Organisation): Promise<ApiKeySummary[]> {
    const keys = await this.dataSource.manager.find(ApiKey, { where: { organisationId: organisation.id }, order: { id: 'ASC' } });
    return keys.map(({ id, prefix, label, createdAt, lastUsedAt, revokedAt }) => ({ id, prefix, label, createdAt, lastUsedAt, revokedAt }));
  }

  /** Idempotent: revoking a revoked key keeps its first revocation time. */
  async revoke(id: number): Promise<ApiKeySummary> {
    const key = await this.dataSource.manager.findOneBy(ApiKey, { id });
    if (!key) throw new NotFoundError('API key');
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await this.dataSource.manager.update(ApiKey, { id }, { revokedAt: key.revokedAt });
    }
    const { prefix, label, createdAt, lastUsedAt, revokedAt } = key;
    return { id, prefix, label, createdAt, lastUsedAt, revokedAt };
  }

  /** Those of `ids` that still open the API (not revoked): how open subscriptions learn of a revocation. */
  async activeAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await this.dataSource.query('SELECT id FROM api_keys WHERE id = ANY($1) AND revoked_at IS NULL', [[...ids]]);
    return new Set(rows.map((row) => row.id));
  }

  /** One indexed read per request; `last_used_at` is written at most once a minute per key. */
  async authenticate(presentedKey: string | undefined, requestId: string): Promise<RequestContext> {
    if (!presentedKey) throw new UnauthenticatedError('API key is missing');
    if (!presentedKey.startsWith(API_KEY_PREFIX) || presentedKey.length > 128) throw new UnauthenticatedError('API key is invalid');
    const row = await this.dataSource.manager
      .createQueryBuilder(ApiKey, 'k')
      .innerJoin(Organisation, 'o', 'o.id = k.organisationId')
      .select(['k.id AS id', 'k.organisation_id AS organisation_id', 'k.last_used_at AS last_used_at', 'o.organization_code AS organization_code'])
      .where('k.keyHash = :hash AND k.revokedAt IS NULL', { hash: hashKey(presentedKey) })
      .getRawOne<{ id: number; organisation_id: number; last_used_at: Date | null; organization_code: string }>();
    if (!row) throw new UnauthenticatedError('API key is invalid');
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.dataSource.query(
        `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [row.id],
      );
    }
    return { organisationId: row.organisation_id, organisationCode: row.organization_code, apiKeyId: row.id, requestId };
  }
}
