/**
 * Global ids: how the GraphQL face names a record, unique across every type of the schema
 * (Relay's store, and any client that keys its cache by `id` alone, rely on it). The form is
 * readable, `gid://partner-api/<Type>/<database id>` (`gid://partner-api/Campaign/42`), so a
 * partner holding a /v2 id or a webhook payload's id can write the global id without a lookup
 * (docs/graphql.md, "Ids"; docs/decisions.md). `<Type>` is the GraphQL type's name; a type renamed
 * later keeps its old name here, since ids are stable forever.
 */

const GLOBAL_ID_SCHEME = 'gid://partner-api/';

/** The start of every global id of a type, `gid://partner-api/Campaign/`. */
export function globalIdPrefix(typeName: string): string {
  return `${GLOBAL_ID_SCHEME}${typeName}/`;
}

export function globalId(typeName: string, databaseId: string | number): string {
  return `${globalIdPrefix(typeName)}${databaseId}`;
}

export interface GlobalIdParts {
  typeName: string;
  /** The database id, in canonical digits (at most 19, no leading zero). */
  databaseId: string;
}

const GLOBAL_ID = /^gid:\/\/partner-api\/([A-Z][A-Za-z]{0,63})\/([1-9][0-9]{0,18})$/;

/** The parts of a well-formed global id; null for anything else. */
export function parseGlobalId(value: unknown): GlobalIdParts | null {
  if (typeof value !== 'string') return null;
  const match = GLOBAL_ID.exec(value);
  return match ? { typeName: match[1], databaseId: match[2] } : null;
}

/** What a client sends that looks like a bare database id (`"42"`): accepted in a typed position during the transition. */
export function isBareDatabaseId(value: unknown): boolean {
  return typeof value === 'string' && /^\s*[0-9]{1,19}\s*$/.test(value);
}
