import { NotFoundError } from './errors';

const MAX_ID = 2_147_483_647;

/** Any id a client sends, from a path or a GraphQL ID; malformed ids are simply ids that do not exist. */
export function parseId(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return id >= 1 && id <= MAX_ID ? id : null;
}

export function parseIdOrNotFound(raw: unknown, resource: string): number {
  const id = parseId(raw);
  if (id === null) throw new NotFoundError(resource);
  return id;
}
