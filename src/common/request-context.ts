import type { Scope } from './scopes';

/** Who is asking: every service method takes this first, so every query can be scoped to the workspace. */
export interface RequestContext {
  organisationId: number;
  organisationCode: string;
  apiKeyId: number;
  /** What the key may do (src/common/scopes.ts); read with the key, no statement of its own. */
  scopes: readonly Scope[];
  requestId: string;
}

/** An operator's action on a workspace (the admin CLI, seeding): every scope, no API key behind it. */
export function operatorContext(organisationId: number, organisationCode: string, requestId: string): RequestContext {
  return { organisationId, organisationCode, apiKeyId: 0, scopes: ['*'], requestId };
}
