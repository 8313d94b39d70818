import { FREE_FORM_OBJECT, isUnspecifiedObject, type JsonSchema } from '../../../common/json-schema';

/**
 * components.schemas as the document is built: a sub-schema with a title is listed once under it
 * and referred to by `$ref` wherever it appears, so generators name each shape once (records,
 * bodies, pages, envelopes). Two different schemas with one title stop the build.
 */
export class Components {
  readonly schemas: Record<string, JsonSchema> = {};
  private readonly seen = new Map<string, string>();

  /** `schema`, its titled sub-schemas listed; a titled schema itself becomes a `$ref`. */
  hoist(schema: JsonSchema): JsonSchema {
    const walked = this.walk(schema);
    const title = (schema as { title?: unknown }).title;
    if (typeof title !== 'string') return walked;
    // Equal by content, not identity: a shape built twice (a page of the same records) is one component.
    const text = JSON.stringify(walked);
    const known = this.seen.get(title);
    if (known !== undefined && known !== text) throw new Error(`Two schemas are titled ${title}`);
    this.seen.set(title, text);
    this.schemas[title] = walked;
    return { $ref: `#/components/schemas/${title}` } as JsonSchema;
  }

  private walk(schema: JsonSchema): JsonSchema {
    // An object that names none of its keys is free-form (custom fields, an event's payload): said so,
    // since generators read a bare `{type: object}` as an object without keys.
    const copy: Record<string, unknown> = isUnspecifiedObject(schema) ? { ...schema, ...FREE_FORM_OBJECT, type: schema.type } : { ...schema };
    const record = schema as Record<string, unknown>;
    if (record.properties) copy.properties = Object.fromEntries(Object.entries(record.properties as Record<string, JsonSchema>).map(([key, value]) => [key, this.hoist(value)]));
    if (record.items && typeof record.items === 'object') copy.items = this.hoist(record.items as JsonSchema);
    if (record.additionalProperties && typeof record.additionalProperties === 'object') copy.additionalProperties = this.hoist(record.additionalProperties as JsonSchema);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(record[key])) copy[key] = (record[key] as JsonSchema[]).map((item) => this.hoist(item));
    }
    return copy as JsonSchema;
  }
}
