import type { JsonObject } from './json';

/** The largest `custom_fields` object a record takes, serialised. */
export const MAX_CUSTOM_FIELDS_BYTES = 16 * 1024;

/** custom_fields on update: given keys are added or replaced, keys set to null removed, the rest kept. */
export function mergeCustomFields(current: JsonObject, patch: JsonObject): JsonObject {
  // No prototype: a key named `__proto__` is data to keep, not a prototype to replace.
  const merged: JsonObject = Object.assign(Object.create(null) as JsonObject, current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/**
 * Whether two JSON values are the same value. Key order does not count: jsonb stores object keys
 * in its own order, so a client re-sending a stored nested object rarely matches it textually.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}
