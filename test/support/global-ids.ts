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

const withArticle = (typeName: string): string => `${/^[AEIOU]/.test(typeName) ? 'an' : 'a'} ${typeName}`;

/** GraphQL's refusal of a value that is no id of `typeName` (in `extensions.fieldErrors`). */
export const notAnIdOf = (typeName: string): string => `must be a global id of ${withArticle(typeName)} (gid://partner-api/${typeName}/<id>)`;

/** GraphQL's refusal of a global id of `given` where one of `expected` belongs. */
export const idOfAnotherType = (given: string, expected: string): string => `is a global id of ${withArticle(given)}; ${withArticle(expected)} id is expected here`;
