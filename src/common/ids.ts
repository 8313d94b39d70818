import { NotFoundError } from './errors';

/** The largest id PostgreSQL `integer` columns hold. */
export const MAX_ID = 2_147_483_647;

/** A record id as a face passes it on: a REST path parameter or a GraphQL ID (text), or a number from within. */
export type RecordId = string | number;

/** Any id a client sends, from a path or a GraphQL ID; malformed ids are simply ids that do not exist. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;

/** A bigint id (events, deliveries) as either face sends it, in canonical digits; malformed ids name nothing. */
export function parseBigId(raw: unknown): string | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,16}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_BIG_ID ? String(Number(text)) : null;
}

export function parseBigIdOrNotFound(raw: unknown, resource: string): string {
  const id = parseBigId(raw);
  if (id === null) throw new NotFoundError(resource);
  return id;
}

export function parseIdOrNotFound(raw: unknown, resource: string): number {
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(resource);
  return id;
}

/** A record id as the faces pass it (`RecordId`) becomes the number the database holds; null and undefined stay. */
type ParsedId<V> = V extends RecordId ? number : V;

/** `input` with the named reference fields parsed to numbers (the input has been validated: each is a well-formed id). */
export type WithParsedIds<T, K extends keyof T> = Omit<T, K> & { [P in K]: ParsedId<T[P]> };

/**
 * Fields that name a record take the id as either face sends it (a GraphQL `ID`, a v2 integer or
 * its digits): a copy of the validated input whose named fields are the numbers the columns hold.
 */
export function withParsedIds<T extends object, K extends keyof T & string>(input: T, fields: readonly K[]): WithParsedIds<T, K> {
  const copy = { ...input } as Record<string, unknown>;
  for (const field of fields) {
    const value = copy[field];
    if (value !== undefined && value !== null) copy[field] = parseId(value) ?? undefined;
  }
  return copy as WithParsedIds<T, K>;
}
