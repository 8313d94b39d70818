import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { targetConstructorToSchema } from 'class-validator-jsonschema';
import { type ClassType, type JsonSchema, nullable } from '../../../common/json-schema';
import type { WireShape } from '../../../common/wire-shape';
import { CONVERTERS, undescribedValidators } from './validator-schemas';

/** Each property's schema; in a body, `@IsOptional` properties (unlike `@IsOmittable` ones) also take null. */
function propertySchemas(inputClass: ClassType, inBody: boolean): Record<string, JsonSchema> {
  const missing = undescribedValidators(inputClass);
  if (missing.length > 0) throw new Error(`No JSON Schema for the validators ${missing.join(', ')} (src/http/rest/openapi/validator-schemas.ts)`);
  const byProp = (targetConstructorToSchema(inputClass, { additionalConverters: CONVERTERS }).properties ?? {}) as Record<string, JsonSchema>;
  const optional = getMetadataStorage()
    .getTargetValidationMetadatas(inputClass, '', true, false)
    .filter((meta) => meta.name === 'isOptional')
    .map((meta) => meta.propertyName);
  if (inBody) for (const prop of optional) if (byProp[prop]) byProp[prop] = nullable(byProp[prop]);
  return byProp;
}

/** The properties of an input class by what its rules say of them. */
function ruleKinds(inputClass: ClassType): { unconditional: Set<string>; nested: Set<string> } {
  const metas = getMetadataStorage().getTargetValidationMetadatas(inputClass, '', true, false);
  const conditional = new Set(metas.filter((meta) => meta.type === ValidationTypes.CONDITIONAL_VALIDATION).map((meta) => meta.propertyName));
  return {
    // class-validator checks a property without @IsOptional / @IsOmittable (ValidateIf) even when it is undefined: it is required.
    unconditional: new Set(metas.map((meta) => meta.propertyName).filter((prop) => !conditional.has(prop))),
    nested: new Set(metas.filter((meta) => meta.type === ValidationTypes.NESTED_VALIDATION).map((meta) => meta.propertyName)),
  };
}

/**
 * `schema` with each of class-validator-jsonschema's placeholders for a nested input
 * (`{$ref: "#/definitions/Array"}`: it cannot know the element class) replaced by `element`.
 */
function withElement(schema: JsonSchema, element: JsonSchema): JsonSchema {
  const record = schema as Record<string, unknown>;
  if (typeof record.$ref === 'string') return element;
  const copy: Record<string, unknown> = { ...record };
  if (record.items && typeof record.items === 'object') copy.items = withElement(record.items as JsonSchema, element);
  if (Array.isArray(record.anyOf)) copy.anyOf = (record.anyOf as JsonSchema[]).map((branch) => withElement(branch, element));
  return copy as JsonSchema;
}

/** What an operation says of its body beyond the input class's rules. */
export interface InputSchemaOptions<T> {
  /**
   * Input properties the operation requires besides those the class's rules require anyway: the
   * list the service checks (its `REQUIRED_ON_CREATE`), so the document and the check cannot part.
   */
  required?: readonly (keyof T & string)[];
  /** Input properties the operation refuses (a create's `id`): left out, so the body is refused with them as an unknown field. */
  omit?: readonly (keyof T & string)[];
  /** Fields (v2 spelling) whose schema the operation states itself, given the generated one: an upsert's key, a narrower enum. */
  properties?: Readonly<Record<string, (generated: JsonSchema) => JsonSchema>>;
  /** Fields (v2 spelling) the operation itself requires that are no input property (an update's `id` it reads from the body). */
  requiredFields?: readonly string[];
  /** The element schema of each nested input (`@ValidateNested`), by field (v2 spelling): one array item, or the object. */
  nested?: Readonly<Record<string, JsonSchema>>;
}

/** A record's read-only field in a body: accepted and ignored, so a record read can be sent back. */
const READ_ONLY: JsonSchema = { readOnly: true, description: 'Shown in records; ignored when sent.' };

/**
 * The JSON Schema of a v2 write body: the WireShape's fields in v2 spelling, each writable one with
 * the rules of the service input's property (class-validator metadata, read by
 * class-validator-jsonschema). Unknown fields are refused, so none are allowed. `required` lists
 * the properties the class's rules check when absent and those the operation requires
 * (`options.required`). `name` is its title, under which the document lists it once: an operation
 * whose requirements differ (create and update) has a body of its own name.
 */
export function inputSchema<T extends object>(name: string, wire: WireShape, inputClass: abstract new (...args: never[]) => T, options: InputSchemaOptions<T> = {}): JsonSchema {
  const byProp = propertySchemas(inputClass, true);
  const rules = ruleKinds(inputClass);
  const omitted = new Set<string>(options.omit ?? []);
  const requiredProps = new Set<string>([...rules.unconditional, ...(options.required ?? [])]);
  const required = new Set<string>(options.requiredFields ?? []);
  const properties: Record<string, JsonSchema> = {};
  for (const field of wire.declaredFields) {
    if (omitted.has(field.prop) && !field.readOnly) continue;
    let schema = field.readOnly ? READ_ONLY : (byProp[field.prop] ?? {});
    if (!field.readOnly && rules.nested.has(field.prop)) {
      const element = options.nested?.[field.wire];
      if (!element) throw new Error(`${name}.${field.wire} holds nested inputs: name their schema (inputSchema's \`nested\`)`);
      schema = withElement(schema, element);
    }
    const override = options.properties?.[field.wire];
    properties[field.wire] = override ? override(schema) : schema;
    if (!field.readOnly && requiredProps.has(field.prop)) required.add(field.wire);
  }
  for (const wireName of [...Object.keys(options.properties ?? {}), ...Object.keys(options.nested ?? {}), ...required]) {
    if (!(wireName in properties)) throw new Error(`${name}: ${wireName} is no field of the body`);
  }
  for (const prop of options.required ?? []) {
    if (omitted.has(prop) || !wire.declaredFields.some((field) => field.prop === prop && !field.readOnly)) throw new Error(`${name}: the required ${prop} is no writable field of the body`);
  }
  const ordered = Object.keys(properties).filter((wireName) => required.has(wireName));
  return { title: name, type: 'object', properties, ...(ordered.length > 0 ? { required: ordered } : {}), additionalProperties: false };
}

/** Each filter's schema, typed by the rules of the filter class's property it fills. */
export function filterSchemas(filterClass: ClassType, props: readonly string[]): Record<string, JsonSchema> {
  const byProp = propertySchemas(filterClass, false);
  return Object.fromEntries(props.map((prop) => [prop, byProp[prop] ?? { type: 'string' }]));
}
