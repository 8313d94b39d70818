import { globalId, parseGlobalId } from '../../src/common/global-id';

/** The global id GraphQL gives a record of `typeName` with this database id (`gid://partner-api/Campaign/42`). */
export function gid(typeName: string, databaseId: number | string): string {
  return globalId(typeName, databaseId);
}

/** The database id (/v2's, the tables') inside a global id GraphQL gave; fails the test for anything else. */
export function dbId(id: unknown): number {
  const parts = parseGlobalId(id);
  if (!parts) throw new Error(`not a global id: ${String(id)}`);
  return Number(parts.databaseId);
}

/** `dbId` for bigint ids (events, deliveries): the digits. */
export function bigDbId(id: unknown): string {
  const parts = parseGlobalId(id);
  if (!parts) throw new Error(`not a global id: ${String(id)}`);
  return parts.databaseId;
}
