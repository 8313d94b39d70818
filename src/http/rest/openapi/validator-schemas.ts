import { getMetadataStorage, IS_URL } from 'class-validator';
import { defaultConverters, type ISchemaConverters } from 'class-validator-jsonschema/build/defaultConverters';
import { type ClassType, FREE_FORM_OBJECT, type JsonSchema } from '../../../common/json-schema';
import { INSTANT } from '../../../common/instant';

/** The schemes the project's URL validators take (IsHttpUrl, IsHttpUrlOrEmpty: validator.js isURL with these protocols). */
const HTTP_SCHEMES = ['http', 'https'] as const;

/** `http` → `[Hh][Tt][Tt][Pp]`: validator.js compares the scheme whatever its case. */
function caseless(word: string): string {
  return [...word].map((char) => (/[a-z]/i.test(char) ? `[${char.toUpperCase()}${char.toLowerCase()}]` : char.replace(/[.+-]/g, '\\$&'))).join('');
}

/**
 * An absolute URL of one of `schemes`, as validator.js isURL with `require_protocol` checks it: the
 * scheme from the same list the server is given, and a standard `format` (`uri`) that every
 * generator and validator knows.
 */
export function urlSchema(schemes: readonly string[]): JsonSchema {
  return {
    type: 'string',
    format: 'uri',
    pattern: `^(?:${schemes.map(caseless).join('|')})://`,
    description: `An absolute ${schemes.join(' or ')} URL whose host is a domain name with a top-level domain, or an IP address.`,
  };
}

/** `""` (none) or a value of `schema`: each branch typed, so generators see a string, not `unknown`. */
function emptyOr(schema: JsonSchema): JsonSchema {
  return { anyOf: [{ type: 'string', const: '' }, schema] };
}

/**
 * The project's own validators (src/common/validation.ts and friends), and class-validator's that
 * class-validator-jsonschema does not describe, as JSON Schema by the name they register. A
 * validator missing here stops the document from being built (see `inputSchema`).
 */
const CUSTOM_VALIDATORS: Record<string, JsonSchema> = {
  isISO31661Alpha2: { type: 'string', pattern: '^[A-Za-z]{2}$', description: 'An ISO 3166-1 alpha-2 country code.' },
  isEntityId: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'string', pattern: '^[0-9]+$' }], description: 'A positive integer id, or its digits as a string.' },
  isCalendarDate: { type: 'string', format: 'date' },
  isInstant: { type: 'string', pattern: INSTANT.source, description: 'A date (midnight UTC) or a date-time with its time zone.' },
  isFlag: { type: 'integer', enum: [0, 1] },
  isNotBlank: { type: 'string', pattern: '\\S' },
  isHttpUrl: urlSchema(HTTP_SCHEMES),
  isHttpUrlOrEmpty: emptyOr(urlSchema(HTTP_SCHEMES)),
  isEmailOrEmpty: emptyOr({ type: 'string', format: 'email' }),
  fitsEmailLength: { type: 'string' },
  isJsonObject: FREE_FORM_OBJECT,
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

/**
 * class-validator's `@IsUrl(options)`: the library says `format: "url"` (no standard format) and
 * ignores `protocols`; here the schemes the server is given are the ones the document admits.
 */
function isUrlSchema(meta: { constraints: unknown[] }): JsonSchema {
  const [options] = meta.constraints as [{ protocols?: string[]; require_protocol?: boolean } | undefined];
  // Without `require_protocol` a bare host passes the server's check: no URI format can say that.
  if (!options?.require_protocol) return { type: 'string', description: 'A URL (validator.js isURL).' };
  return urlSchema(options.protocols ?? ['http', 'https', 'ftp']);
}

// class-validator-jsonschema types its schemas with openapi3-ts; the shapes are the same JSON.
export const CONVERTERS = {
  ...Object.fromEntries(Object.entries(CUSTOM_VALIDATORS).map(([name, schema]) => [name, () => schema])),
  isIn: isInSchema,
  [IS_URL]: isUrlSchema,
} as unknown as ISchemaConverters;

/** Names of the validators an input class uses that neither class-validator-jsonschema nor the catalogue above describes. */
export function undescribedValidators(inputClass: ClassType): string[] {
  const storage = getMetadataStorage();
  return storage
    .getTargetValidationMetadatas(inputClass, '', true, false)
    .flatMap((meta) => (meta.constraintCls ? storage.getTargetValidatorConstraints(meta.constraintCls).map((constraint) => constraint.name) : []))
    .filter((name) => name !== undefined && !(name in CUSTOM_VALIDATORS) && !(name in defaultConverters));
}
