/**
 * JSON as stored in jsonb columns. Nested values are typed loosely (`object`) on purpose: a
 * recursive type defeats TypeORM's partial-entity typing.
 */
export type JsonValue = string | number | boolean | null | object;
export type JsonObject = { [key: string]: JsonValue };

/**
 * How deep a request's JSON may nest (objects and arrays), body or variables. Real inputs nest a
 * few levels; thousands of levels only serve to exhaust the stack of whatever walks them.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether JSON text nests deeper than `max`, found by one pass over the text (brackets outside
 * strings), before anything parses or walks it recursively.
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === 0x5c) i += 1; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x5b || char === 0x7b) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === 0x5d || char === 0x7d) depth -= 1;
  }
  return false;
}
