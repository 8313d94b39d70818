import type { FastifyRequest } from 'fastify';
import { ValidationFailedError, type FieldErrors } from '../../common/errors';
import { PageRequest } from '../../common/pagination';
import { integerFromString, type WireShape } from '../../common/wire-shape';

type InputClass<T> = new () => T;

/** A 422 whose field names are already in v2 spelling (no further mapping). */
export class WireValidationError extends ValidationFailedError {}

/** A write body in v2 spelling → an instance of the service input; unknown fields are refused by name. */
export function bodyInput<T extends object>(request: FastifyRequest, wire: WireShape, inputClass: InputClass<T>, writable?: readonly string[]): T {
  const body = request.body;
  if (body === undefined || body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new WireValidationError({ body: ['must be a JSON object'] });
  }
  const { values, unknownFields } = wire.fromBody(body as Record<string, unknown>, writable);
  if (unknownFields.length > 0) {
    throw new WireValidationError(Object.fromEntries(unknownFields.map((field) => [field, ['is not a field of this operation']])));
  }
  return Object.assign(new inputClass(), values);
}

/** A v2 list filter: the input property it fills, and whether its text is an integer. */
export interface QueryFilter {
  prop: string;
  integer?: boolean;
}

/**
 * List query parameters: `page`, `per_page` and the named filters. Integer parameters given as
 * digits become numbers; anything else is left for the input's rules to judge.
 */
export function listQuery<F extends object>(
  request: FastifyRequest,
  filterClass: InputClass<F>,
  filters: Record<string, QueryFilter>,
): { filter: F; page: PageRequest } {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const filter = new filterClass() as Record<string, unknown>;
  const page = new PageRequest();
  for (const [name, raw] of Object.entries(query)) {
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    if (name === 'page') page.page = integerFromString(value) as number;
    else if (name === 'per_page') page.perPage = integerFromString(value) as number;
    else if (name in filters) {
      const { prop, integer } = filters[name];
      if (value !== '') filter[prop] = integer ? integerFromString(value) : value;
    } else errors[name] = ['is not a query parameter of this list'];
  }
  if (Object.keys(errors).length > 0) throw new WireValidationError(errors);
  return { filter: filter as F, page };
}
