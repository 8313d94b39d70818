/**
 * What an API key may do: a scope per resource group and access (`campaigns:read`,
 * `campaigns:write`), or `*` for everything. Write includes read. Every /v2 route and every GraphQL
 * field that reaches a group declares the scope it needs (or that a valid key is enough), and each
 * face checks a request against the key's scopes once, before anything runs.
 */

export const SCOPE_GROUPS = ['users', 'accounts', 'campaigns', 'publishers', 'webhooks', 'events'] as const;
export type ScopeGroup = (typeof SCOPE_GROUPS)[number];

export type Access = 'read' | 'write';
export type GroupScope = `${ScopeGroup}:${Access}`;
/** `*`: every scope, what keys issued before scopes existed hold. */
export type Scope = GroupScope | '*';

/** What a route or a field needs: a scope, or only a valid key (`key`: the workspace, the reference libraries, the catalogue, the key itself). */
export type ScopeNeed = GroupScope | 'key';

/** What each group covers, for the docs and the error messages. */
export const SCOPE_GROUP_DESCRIPTIONS: Readonly<Record<ScopeGroup, string>> = {
  users: 'organisation users',
  accounts: 'advertiser accounts and their members',
  campaigns: 'campaigns, phases, contents and distributions',
  publishers: 'publisher profiles and their titles',
  webhooks: 'webhook services, webhooks, their delivery logs, test pings and redeliveries',
  events: 'the event feed, the change stream and subscriptions (only events of groups the key can read)',
};

export const ALL_SCOPES: readonly Scope[] = ['*', ...SCOPE_GROUPS.flatMap((group) => [`${group}:read`, `${group}:write`] as const)];

const KNOWN: ReadonlySet<string> = new Set(ALL_SCOPES);

export function isScope(value: unknown): value is Scope {
  return typeof value === 'string' && KNOWN.has(value);
}

/** Whether `held` allows `needed`: `*` allows all, `<group>:write` allows `<group>:read`. */
export function grants(held: readonly Scope[], needed: ScopeNeed): boolean {
  if (needed === 'key') return true;
  if (held.includes('*') || held.includes(needed)) return true;
  const [group, access] = needed.split(':') as [ScopeGroup, Access];
  return access === 'read' && held.includes(`${group}:write`);
}

/** The needs `held` does not allow, each once, in the order given. */
export function missingScopes(held: readonly Scope[], needed: Iterable<ScopeNeed>): GroupScope[] {
  const missing = new Set<GroupScope>();
  for (const need of needed) if (need !== 'key' && !grants(held, need)) missing.add(need);
  return [...missing];
}

/** Whether the key can read the group (any of its events, say). */
export function canRead(held: readonly Scope[], group: ScopeGroup): boolean {
  return grants(held, `${group}:read`);
}

/**
 * A key's scopes as given (a CLI option, a list): each a known scope, no repeats; `*` alone or
 * not at all. The problem, or the scopes in canonical order.
 */
export function parseScopes(given: readonly string[]): Scope[] | string {
  const unknown = given.filter((scope) => !KNOWN.has(scope));
  if (unknown.length > 0) return `names unknown scopes (${unknown.join(', ')}): use * or <group>:read|write with group one of ${SCOPE_GROUPS.join(', ')}`;
  if (given.includes('*') && given.length > 1) return 'must be * alone, or list group scopes';
  return ALL_SCOPES.filter((scope) => given.includes(scope));
}
