import { getMetadataStorage } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { defaultConverters, type ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { type ClassType, type JsonSchema, nullable } from '../../../common/json-schema';
import type { WireShape } from '../../../common/wire-shape';
import { INSTANT } from '../../../events/event.input';

/**
 * The project's own validators (src/common/validation.ts and friends), and class-validator's that
 * class-validator-jsonschema does not describe, as JSON Schema by the name they register. A
 * validator missing here stops the document from being built (see `inputSchema`).
 */
const CUSTOM_VALIDATORS: Record<string, JsonSchema> = {
  isISO31661Alpha2: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'An ISO 3166-1 alpha-2 country code.' },
  isEntityId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[0-9]+$' }], description: 'A positive integer id, or its digits as a string.' },
  isCalendarDate: { type: 'string', format: 'date' },
  isInstant: { type: 'string', pattern: INSTANT.source, description: 'A date (`2026-11-23`) or a date-time with its zone (RFC 3339; seconds optional).' },
  isFlag: { type: 'integer', enum: [0, 1] },
  isNotBlank: { type: 'string', pattern: '\\S' },
  isHttpUrl: { type: 'string', format: 'uri', pattern: '^https?://' },
  isHttpUrlOrEmpty: { type: 'string', anyOf: [{ const: '' }, { format: 'uri', pattern: '^https?://' }] },
  isEmailOrEmpty: { type: 'string', anyOf: [{ const: '' }, { format: 'email' }] },
  fitsEmailLength: { type: 'string' },
  isJsonObject: { type: 'object' },
};

/**
 * `@IsIn` with whole numbers only (statuses, role types) is an integer enum: the library would type
 * it `number`, which a client generator reads as a float.
 */
function isInSchema(meta: { constraints: unknown[] }): JsonSchema | undefined {
  const [values] = meta.constraints as [unknown[]];
  if (values.every((value) => Number.isInteger(value))) return { type: 'integer', enum: values };
  if (values.every((value) => typeof value === 'string')) return { type: 'string', enum: values };
  return { enum: values } as JsonSchema;
}

// class-validator-jsonschema types its schemas with openapi3-ts; the shapes are the same JSON.
const converters = {
  ...Object.fromEntries(Object.entries(CUSTOM_VALIDATORS).map(([name, schema]) => [name, () => schema])),
  isIn: isInSchema,
} as unknown as ISchemaConverters;

/** Names of the validators an input class uses that neither class-validator-jsonschema nor the catalogue above describes. */
function undescribedValidators(inputClass: ClassType): string[] {
  const storage = getMetadataStorage();
  return storage
    .getTargetValidationMetadatas(inputClass, '', true, false)
    .flatMap((meta) => (meta.constraintCls ? storage.getTargetValidatorConstraints(meta.constraintCls).map((constraint) => constraint.name) : []))
    .filter((name) => name !== undefined && !(name in CUSTOM_VALIDATORS) && !(name in defaultConverters));
}

/** Each property's schema; in a body, `@IsOptional` properties (unlike `@IsOmittable` ones) also take null. */
function propertySchemas(inputClass: ClassType, inBody: boolean): Record<string, JsonSchema> {
  const missing = undescribedValidators(inputClass);
  if (missing.length > 0) throw new Error(`No JSON Schema for the validators ${missing.join(', ')} (src/http/rest/openapi/input-schema.ts)`);
  const byProp = (targetConstructorToSchema(inputClass, { additionalConverters: converters }).properties ?? {}) as Record<string, JsonSchema>;
  const optional = getMetadataStorage()
    .getTargetValidationMetadatas(inputClass, '', true, false)
    .filter((meta) => meta.name === 'isOptional')
    .map((meta) => meta.propertyName);
  if (inBody) for (const prop of optional) if (byProp[prop]) byProp[prop] = nullable(byProp[prop]);
  return byProp;
}

/**
 * The JSON Schema of a v2 write body: the WireShape's fields in v2 spelling, each writable one with
 * the rules of the service input's property (class-validator metadata, read by
 * class-validator-jsonschema). Unknown fields are refused, so none are allowed; which fields a
 * create requires is a service rule and is said in the operation's description. `name` is its
 * title, under which the document lists it once.
 */
export function inputSchema(name: string, wire: WireShape, inputClass: ClassType): JsonSchema {
  const byProp = propertySchemas(inputClass, true);
  const properties: Record<string, JsonSchema> = {};
  for (const field of wire.declaredFields) {
    // A record sent back as it was read is accepted: its read-only fields are ignored, not refused.
    properties[field.wire] = field.readOnly ? { readOnly: true, description: 'Shown in records; ignored when sent.' } : (byProp[field.prop] ?? {});
  }
  return { title: name, type: 'object', properties, additionalProperties: false };
}

/** Each filter's schema, typed by the rules of the filter class's property it fills. */
export function filterSchemas(filterClass: ClassType, props: readonly string[]): Record<string, JsonSchema> {
  const byProp = propertySchemas(filterClass, false);
  return Object.fromEntries(props.map((prop) => [prop, byProp[prop] ?? { type: 'string' }]));
}
