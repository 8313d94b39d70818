import { ALL_SCOPES } from '../common/scopes';
import { arrayOf, type JsonSchema, nullable, objectOf } from '../common/json-schema';
import type { ApiKeySummary } from './api-key.service';

/** The calling key as `GET /v2/api-key` describes it: what it is and may do, never the key itself. */
export function toApiKeyRecord(key: ApiKeySummary): Record<string, unknown> {
  return {
    id: key.id,
    prefix: key.prefix,
    label: key.label,
    scopes: key.scopes,
    expires_at: key.expiresAt?.toISOString() ?? null,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}

export const API_KEY_RECORD_SCHEMA: JsonSchema = {
  title: 'ApiKey',
  ...objectOf({
    id: { type: 'integer', minimum: 1, description: 'The key\'s id, as the operator\'s `key:list` shows it (for asking to rotate or revoke it).' },
    prefix: { type: 'string', description: 'The first characters of the key, as `key:list` shows them.' },
    label: nullable({ type: 'string', description: 'What the key is for, as the operator labelled it.' }),
    scopes: { ...arrayOf({ type: 'string', enum: [...ALL_SCOPES] }), description: 'What the key may do: `*` (everything) or `<group>:read|write` scopes.' },
    expires_at: nullable({ type: 'string', format: 'date-time', description: 'When the key stops working; null: never.' }),
    created_at: { type: 'string', format: 'date-time' },
    last_used_at: nullable({ type: 'string', format: 'date-time', description: 'When the key was last used, to the minute.' }),
  }),
};
