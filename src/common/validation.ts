import { isEmail, isURL, validate, ValidateBy, ValidateIf, type ValidationError, type ValidationOptions } from 'class-validator';
import { parseId } from './ids';
import { emptyFieldErrors, ValidationFailedError, type FieldErrors } from './errors';
import { MAX_JSON_DEPTH } from './json';

/**
 * The field may be left out (undefined) but, when given, must pass the field's other rules:
 * unlike @IsOptional, an explicit null is checked (and refused by type rules) for columns that
 * cannot be null.
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}

/** Rules about what kind of value a field holds; when one fails, range and length rules say nothing useful. */
const TYPE_RULES = new Set(['isString', 'isInt', 'isNumber', 'isBoolean', 'isEnum', 'isIn', 'isFlag', 'isEntityId', 'isCalendarDate', 'isObject', 'isArray', 'isDefined', 'isJsonObject']);

function collect(errors: ValidationError[], prefix: string, into: FieldErrors): FieldErrors {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    const failed = Object.entries(error.constraints ?? {});
    const typeFailures = failed.filter(([rule]) => TYPE_RULES.has(rule));
    const messages = (typeFailures.length > 0 ? typeFailures : failed).map(([, message]) =>
      message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message,
    );
    if (messages.length > 0) into[field] = [...(into[field] ?? []), ...messages];
    // A value of the wrong kind (an object where a list belongs) has no meaningful nested errors.
    if (error.children?.length && typeFailures.length === 0) collect(error.children, field, into);
  }
  return into;
}

const NUL = '\u0000';
const NUL_MESSAGE = 'must not contain NUL characters';
const ILL_FORMED_MESSAGE = 'must be well-formed Unicode (it holds a lone surrogate)';
const TOO_DEEP_MESSAGE = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;

interface TextProblem {
  path: string;
  message: string;
  /** Whether other rules may still look at the value: not for text some validators choke on, nor for values too deep to walk. */
  blocksRules: boolean;
}

function textProblem(text: string): { message: string; blocksRules: boolean } | null {
  if (!text.isWellFormed()) return { message: ILL_FORMED_MESSAGE, blocksRules: true };
  if (text.includes(NUL)) return { message: NUL_MESSAGE, blocksRules: false };
  return null;
}

/**
 * Why PostgreSQL could not take `value` as text, or undefined: NUL in a string, or ill-formed
 * UTF-16, anywhere in it (a list's items, an object's keys and values). Every value a list reads
 * (filters on both faces, the keys a cursor carries) passes this one rule before its own.
 */
export function unstorableText(value: unknown): string | undefined {
  return textFieldProblems(value, '')[0]?.message;
}

/** What is wrong with a text value given as a filter (not text, NUL, ill-formed, too long), or undefined. */
export function textValueProblem(value: unknown, maxLength: number): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  const problem = textProblem(value);
  if (problem) return problem.message;
  return value.length > maxLength ? `must be shorter than or equal to ${maxLength} characters` : undefined;
}

/**
 * Text PostgreSQL cannot store or validators cannot read: NUL (U+0000), which text and jsonb
 * cannot hold, and ill-formed UTF-16 (a lone surrogate, which e-mail checks throw on and JSON
 * would turn into U+FFFD), in values or in object keys (custom fields); and values nested too
 * deep to walk. All are refused here rather than failing deeper down. A bad key is reported on its
 * object, since the key itself cannot be named faithfully.
 */
function textFieldProblems(value: unknown, path: string, depth = 0): TextProblem[] {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? [{ path, ...problem }] : [];
  }
  if (value === null || typeof value !== 'object') return [];
  if (depth > MAX_JSON_DEPTH) return [{ path, message: TOO_DEEP_MESSAGE, blocksRules: true }];
  const problems: TextProblem[] = [];
  for (const [key, child] of Object.entries(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) problems.push({ path, message: `keys ${keyProblem.message}`, blocksRules: keyProblem.blocksRules });
    else problems.push(...textFieldProblems(child, path ? `${path}.${key}` : key, depth + 1));
  }
  return problems;
}

/**
 * The input class's class-validator rules plus presence of the fields an operation requires
 * (create-only requirements, since create and update share one input), as a collector the
 * service may add its own findings to before refusing: every failing field is reported at once.
 */
export async function validationProblems(input: object, required: readonly string[] = []): Promise<FieldErrorCollector> {
  const problems = new FieldErrorCollector();
  problems.requirePresent(input, required);
  const textProblems = textFieldProblems(input, '');
  for (const { path, message } of textProblems) problems.add(path, message);
  // Validators throw on ill-formed text, and serialising size checks overflow on deep values:
  // those refusals stand alone.
  if (textProblems.some((problem) => problem.blocksRules)) return problems;
  const errors = await validate(input, { forbidUnknownValues: true, validationError: { target: false, value: false } });
  problems.merge(collect(errors, '', emptyFieldErrors()));
  return problems;
}

/** The single entry point both faces' inputs go through when no further rule needs checking first. */
export async function assertValid(input: object, required: readonly string[] = []): Promise<void> {
  (await validationProblems(input, required)).throwIfAny();
}

/** Several inputs of one request (a list's filter and its page), every broken field refused at once. */
export async function assertAllValid(...inputs: object[]): Promise<void> {
  const problems = new FieldErrorCollector();
  for (const input of inputs) problems.absorb(await validationProblems(input));
  problems.throwIfAny();
}

/** Where a rule reports a failing field. */
export interface ErrorSink {
  add(field: string, message: string): void;
}

/** Gathers rule failures found after loading state (transitions, references) into one refusal. */
export class FieldErrorCollector implements ErrorSink {
  private readonly errors: FieldErrors = emptyFieldErrors();

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  merge(errors: FieldErrors, prefix = ''): void {
    for (const [field, messages] of Object.entries(errors)) for (const message of messages) this.add(prefix ? `${prefix}.${field}` : field, message);
  }

  /** Adds "is required" for each named property `source` leaves undefined (under `prefix` for array elements). */
  requirePresent(source: object, fields: readonly string[], prefix = ''): void {
    const values = source as Record<string, unknown>;
    for (const field of fields) if (values[field] === undefined) this.add(prefix ? `${prefix}.${field}` : field, 'is required');
  }

  /** Takes in every failure another collector holds. */
  absorb(other: FieldErrorCollector): void {
    this.merge(other.errors);
  }

  /** Takes in the failures of a refusal a rule threw; anything else is thrown on. */
  absorbError(error: unknown): void {
    if (!(error instanceof ValidationFailedError)) throw error;
    this.merge(error.fieldErrors);
  }

  has(field: string): boolean {
    return field in this.errors;
  }

  forEachError(visit: (field: string, message: string) => void): void {
    for (const [field, messages] of Object.entries(this.errors)) for (const message of messages) visit(field, message);
  }

  /** The failures gathered, by field. */
  toFieldErrors(): FieldErrors {
    return Object.assign(emptyFieldErrors(), this.errors);
  }

  /** A sink that files its failures under `prefix` (an array element such as `phases.2`). */
  scoped(prefix: string): ErrorSink {
    return { add: (field, message) => this.add(`${prefix}.${field}`, message) };
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationFailedError(this.errors);
  }
}

/** An id as either face sends it: a positive integer, or its digits in a string (GraphQL `ID`, v2 string ids). */
export function IsEntityId(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEntityId',
      validator: {
        validate: (value: unknown) => parseId(value) !== null,
        defaultMessage: () => 'must be a positive integer id',
      },
    },
    options,
  );
}

/** Empty means "none"; anything else must be an absolute http(s) URL. */
export function IsHttpUrlOrEmpty(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHttpUrlOrEmpty',
      validator: {
        validate: (value: unknown) => value === '' || (typeof value === 'string' && isURL(value, { protocols: ['http', 'https'], require_protocol: true })),
        defaultMessage: () => 'must be an http(s) URL or empty',
      },
    },
    options,
  );
}

/** Empty means "none"; anything else must be an e-mail address. */
export function IsEmailOrEmpty(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isEmailOrEmpty',
      validator: {
        validate: (value: unknown) => value === '' || (typeof value === 'string' && isEmail(value)),
        defaultMessage: () => 'must be an e-mail address or empty',
      },
    },
    options,
  );
}

/** 0/1 integer flags of the v2 records. */
export function IsFlag(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isFlag', validator: { validate: (value: unknown) => value === 0 || value === 1, defaultMessage: () => 'must be 0 or 1' } }, options);
}

/** Names and titles need a visible character: "" and "   " are both refused. */
export function IsNotBlank(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy({ name: 'isNotBlank', validator: { validate: (value: unknown) => typeof value === 'string' && value.trim() !== '', defaultMessage: () => 'must not be blank' } }, options);
}

/** A JSON object (not an array or null) whose serialised form stays within `maxBytes`. */
export function IsJsonObject(maxBytes: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isJsonObject',
      validator: {
        validate: (value: unknown) =>
          value !== null && typeof value === 'object' && !Array.isArray(value) && Buffer.byteLength(JSON.stringify(value)) <= maxBytes,
        defaultMessage: () => `must be a JSON object of at most ${maxBytes / 1024} KB`,
      },
    },
    options,
  );
}

/** An absolute http(s) URL. */
export function IsHttpUrl(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isHttpUrl',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isURL(value, { protocols: ['http', 'https'], require_protocol: true }),
        defaultMessage: () => 'must be an absolute http(s) URL',
      },
    },
    options,
  );
}
