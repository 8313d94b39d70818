import { createHash, randomBytes } from 'node:crypto';
import type { DataSource, EntityManager } from 'typeorm';
import { NotFoundError, UnauthenticatedError, ValidationFailedError } from '../common/errors';
import type { RequestContext } from '../common/request-context';
import { parseScopes, type Scope } from '../common/scopes';
import { FieldErrorCollector } from '../common/validation';
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
  scopes: Scope[];
  expiresAt: Date | null;
}

export interface ApiKeySummary {
  id: number;
  prefix: string;
  label: string | null;
  scopes: Scope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What a key is issued with besides its workspace. */
export interface KeyOptions {
  label?: string;
  /** Default: `*` (everything). */
  scopes?: readonly string[];
  /** Default: never. */
  expiresAt?: Date | null;
}

/**
 * The key of a request, its workspace and whether it has expired (the database's clock, like
 * last_used_at's, so every node agrees when a key expires). Written once rather than built by a
 * query builder per request: every request runs it, and building it cost more than sending it.
 */
const AUTHENTICATION_SQL = `SELECT k.id, k.organisation_id, k.last_used_at, k.scopes, k.expires_at IS NOT NULL AND k.expires_at <= now() AS expired, o.organization_code
  FROM api_keys k JOIN organisations o ON o.id = k.organisation_id
  WHERE k.key_hash = $1 AND k.revoked_at IS NULL`;

interface KeyOfRequest {
  id: number;
  organisation_id: number;
  last_used_at: Date | null;
  scopes: Scope[];
  expired: boolean;
  organization_code: string;
}

function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export class ApiKeyService {
  constructor(private readonly dataSource: DataSource) {}

  /** 256 random bits; the plain key exists only in the return value. */
  async issue(organisation: Organisation, options: KeyOptions = {}): Promise<IssuedApiKey> {
    const { label, scopes, expiresAt } = judgeKeyOptions(options);
    return this.insertKey(this.dataSource.manager, organisation, { label, scopes, expiresAt });
  }

  async list(organisation: Organisation): Promise<ApiKeySummary[]> {
    const keys = await this.dataSource.manager.find(ApiKey, { where: { organisationId: organisation.id }, order: { id: 'ASC' } });
    return keys.map(summaryOf);
  }

  /** Idempotent: revoking a revoked key keeps its first revocation time. */
  async revoke(id: number): Promise<ApiKeySummary> {
    const key = await this.dataSource.manager.findOneBy(ApiKey, { id });
    if (!key) throw new NotFoundError('API key');
    if (!key.revokedAt) {
      key.revokedAt = new Date();
      await this.dataSource.manager.update(ApiKey, { id }, { revokedAt: key.revokedAt });
    }
    return summaryOf(key);
  }

  /**
   * A new key for the same workspace, label and scopes (its own expiry, none unless given), and
   * the old one expiring after `overlapMs` (0: at once; never later than it already would), both in
   * one transaction: an integration swaps keys within the overlap without an outage.
   */
  async rotate(id: number, overlapMs: number, expiresAt: Date | null = null): Promise<{ issued: IssuedApiKey; previous: ApiKeySummary }> {
    if (!Number.isInteger(overlapMs) || overlapMs < 0) throw ValidationFailedError.single('overlap', 'must be 0 or a positive duration');
    if (expiresAt && expiresAt.getTime() <= Date.now()) throw ValidationFailedError.single('expiresAt', 'must be in the future');
    return this.dataSource.transaction(async (manager) => {
      const old = await manager.findOne(ApiKey, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!old) throw new NotFoundError('API key');
      if (old.revokedAt) throw ValidationFailedError.single('id', 'names a revoked key: issue a new one with key:create');
      if (old.expiresAt && old.expiresAt.getTime() <= Date.now()) throw ValidationFailedError.single('id', 'names an expired key: issue a new one with key:create');
      const organisation = await manager.findOneByOrFail(Organisation, { id: old.organisationId });
      const issued = await this.insertKey(manager, organisation, { label: old.label, scopes: old.scopes, expiresAt });
      const ends = new Date(Date.now() + overlapMs);
      old.expiresAt = old.expiresAt && old.expiresAt < ends ? old.expiresAt : ends;
      await manager.update(ApiKey, { id }, { expiresAt: old.expiresAt });
      return { issued, previous: summaryOf(old) };
    });
  }

  /** The calling key as it is described to its holder (never the key itself). */
  async describe(ctx: RequestContext): Promise<ApiKeySummary> {
    const key = await this.dataSource.manager.findOneBy(ApiKey, { id: ctx.apiKeyId, organisationId: ctx.organisationId });
    if (!key) throw new NotFoundError('API key');
    return summaryOf(key);
  }

  private async insertKey(manager: EntityManager, organisation: Organisation, fields: { label: string | null; scopes: Scope[]; expiresAt: Date | null }): Promise<IssuedApiKey> {
    const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const prefix = key.slice(0, DISPLAY_PREFIX_LENGTH);
    const inserted = await manager.insert(ApiKey, { organisationId: organisation.id, label: fields.label, prefix, keyHash: hashKey(key), scopes: fields.scopes, expiresAt: fields.expiresAt });
    return { id: inserted.identifiers[0].id as number, key, prefix, organizationCode: organisation.organizationCode, scopes: fields.scopes, expiresAt: fields.expiresAt };
  }

  /** Those of `ids` that still open the API (neither revoked nor expired): how open subscriptions learn of either. */
  async activeAmong(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows: { id: number }[] = await this.dataSource.query('SELECT id FROM api_keys WHERE id = ANY($1) AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())', [
      [...ids],
    ]);
    return new Set(rows.map((row) => row.id));
  }

  /** One indexed read per request, scopes and expiry included; `last_used_at` is written at most once a minute per key. */
  async authenticate(presentedKey: string | undefined, requestId: string): Promise<RequestContext> {
    if (!presentedKey) throw new UnauthenticatedError('API key is missing');
    if (!presentedKey.startsWith(API_KEY_PREFIX) || presentedKey.length > 128) throw new UnauthenticatedError('API key is invalid');
    const [row] = (await this.dataSource.query(AUTHENTICATION_SQL, [hashKey(presentedKey)])) as KeyOfRequest[];
    if (!row) throw new UnauthenticatedError('API key is invalid');
    if (row.expired) throw new UnauthenticatedError('API key has expired');
    if (!row.last_used_at || Date.now() - row.last_used_at.getTime() >= LAST_USED_RESOLUTION_MS) {
      await this.dataSource.query(
        `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
        [row.id],
      );
    }
    return { organisationId: row.organisation_id, organisationCode: row.organization_code, apiKeyId: row.id, scopes: row.scopes, requestId };
  }

}

function summaryOf({ id, prefix, label, scopes, createdAt, lastUsedAt, expiresAt, revokedAt }: ApiKey): ApiKeySummary {
  return { id, prefix, label, scopes, createdAt, lastUsedAt, expiresAt, revokedAt };
}

/** A key's options judged: every problem at once, named after the option. */
function judgeKeyOptions(options: KeyOptions): { label: string | null; scopes: Scope[]; expiresAt: Date | null } {
  const problems = new FieldErrorCollector();
  if (options.label !== undefined && options.label.length > 255) problems.add('label', 'must be at most 255 characters');
  const scopes = parseScopes(options.scopes ?? ['*']);
  if (typeof scopes === 'string') problems.add('scopes', scopes);
  const expiresAt = options.expiresAt ?? null;
  if (expiresAt && (Number.isNaN(expiresAt.getTime()) || expiresAt.getTime() <= Date.now())) problems.add('expiresAt', 'must be a time in the future');
  problems.throwIfAny();
  return { label: options.label ?? null, scopes: scopes as Scope[], expiresAt };
}
