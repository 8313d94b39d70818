import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors, type FieldErrors, ValidationFailedError } from '../../common/errors';
import type { WireShape } from '../../common/wire-shape';

type InputClass<T> = new () => T;

/** A 422 whose field names are already in v2 spelling (no further mapping). */
export class WireValidationError extends ValidationFailedError {}

function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * One JSON object in v2 spelling → an instance of a service input, at `path` inside the body
 * ('' for the body itself). Unknown fields are filed in `errors` by their v2 path; a value that is
 * not an object is filed too and returned as it is.
 */
export function objectInput<T extends object>(raw: unknown, path: string, wire: WireShape, inputClass: InputClass<T>, errors: FieldErrors): T {
  if (!isJsonObject(raw)) {
    errors[path || 'body'] = ['must be a JSON object'];
    return raw as T;
  }
  const { values, unknownFields } = wire.fromBody(raw);
  for (const field of unknownFields) errors[path ? `${path}.${field}` : field] = ['is not a field of this operation'];
  return Object.assign(new inputClass(), values);
}

/** Each element of an array field through `objectInput`; anything but an array is left for the input's rules. */
export function arrayInput<T extends object>(raw: unknown, path: string, wire: WireShape, inputClass: InputClass<T>, errors: FieldErrors): unknown {
  return Array.isArray(raw) ? raw.map((element, index) => objectInput(element, `${path}.${index}`, wire, inputClass, errors)) : raw;
}

export function throwIfWireErrors(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new WireValidationError(errors);
}

/** A write body in v2 spelling → an instance of the service input; unknown fields are refused by name. */
export function bodyInput<T extends object>(request: FastifyRequest, wire: WireShape, inputClass: InputClass<T>): T {
  const errors = emptyFieldErrors();
  const input = objectInput(request.body, '', wire, inputClass, errors);
  throwIfWireErrors(errors);
  return input;
}

/** A list that takes no parameters at all (not even paging): any given is refused by name. */
export function noQuery(request: FastifyRequest): void {
  const names = Object.keys((request.query ?? {}) as Record<string, unknown>);
  if (names.length > 0) throw new WireValidationError(Object.fromEntries(names.map((name) => [name, ['is not a query parameter of this list']])));
}

/** A path parameter as the client sent it ('' when absent); the service that takes it judges it. */
export function pathParam(request: FastifyRequest, name: string): string {
  return (request.params as Record<string, string | undefined>)[name] ?? '';
}
