/**
 * A payload schema written out as a shape, as the catalogue shows it to people:
 * `{"campaign": <campaign record>, "changed_fields": [string]}`. Derived from the schema, so the
 * prose cannot say other than what the payload is; a record inside is named by its shorthand
 * (`<campaign record>`, registered with `nameShape`) rather than spelled out (the schema does that).
 */

interface SchemaNode {
  type?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

const SHORTHANDS = new WeakMap<object, string>();

/** Names `schema` by `shorthand` wherever a shape contains it. */
export function nameShape<T extends object>(schema: T, shorthand: string): T {
  SHORTHANDS.set(schema, shorthand);
  return schema;
}

export function payloadShape(schema: object): string {
  const named = SHORTHANDS.get(schema);
  if (named !== undefined) return named;
  const node = schema as SchemaNode;
  if (node.type === 'object' && node.properties) {
    return `{${Object.entries(node.properties).map(([key, value]) => `${JSON.stringify(key)}: ${payloadShape(value)}`).join(', ')}}`;
  }
  if (node.type === 'array' && node.items) return `[${payloadShape(node.items)}]`;
  if (typeof node.type === 'string') return node.type;
  throw new Error(`payloadShape: no shape for ${JSON.stringify(schema)}`);
}
