import type { FastifyRequest } from 'fastify';
import { emptyFieldErrors } from '../../common/errors';
import { FieldErrorCollector } from '../../common/validation';
import { integerFromString } from '../../common/wire-shape';
import { orderKeys, type RequestedOrder } from '../../db/lists/keyset';
import type { ListDeclaration } from '../../db/lists/list-declaration';
import { type CheckedFilters, checkFilters, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type PageRequest, sizeProblem } from '../../db/lists/list-request';
import { WireValidationError } from './request-input';

/**
 * A /v2 list's query parameters, from its declaration (src/db/lists/): `page` and `per_page`
 * (spec §2.1), the list's filters by their v2 names, and `sort` (comma-separated sort fields,
 * `-` for descending: `sort=-updated_at,id`). A parameter given twice counts once, with its last
 * value; one given empty is ignored; any other name is refused (422), and so is a bad value, each
 * under its own name, all at once.
 */

function queryOf(request: FastifyRequest): Map<string, string> {
  const values = new Map<string, string>();
  for (const [name, raw] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.at(-1) : raw;
    values.set(name, typeof value === 'string' ? value : String(value));
  }
  return values;
}

/** `sort=-updated_at,id` as sort fields of the list, by their v2 names; the problem otherwise. */
function sortOf(list: ListDeclaration, text: string): RequestedOrder[] | string {
  const byRestName = new Map(Object.entries(list.sortFields).map(([name, field]) => [field.rest, name]));
  const requested: RequestedOrder[] = [];
  for (const part of text.split(',')) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    const field = byRestName.get(name);
    if (!field) return `names no field ${list.records} can be sorted on: ${name || '(empty)'}; one of ${[...byRestName.keys()].join(', ')}, each optionally after -`;
    requested.push({ field, direction: descending ? 'DESC' : 'ASC' });
  }
  return requested;
}

/** A route's query: the list's filters (judged), the route's `own` parameters (as given, non-empty), anything else refused. */
export interface ReadQuery {
  filters: CheckedFilters;
  own: Map<string, string>;
  problems: FieldErrorCollector;
}

/** Reads the list's filters by their v2 names, and the parameters the route reads itself (`own`); any other is a problem. */
export function readQuery(request: FastifyRequest, list: ListDeclaration, own: readonly string[]): ReadQuery {
  const problems = new FieldErrorCollector();
  const filterByRestName = new Map(Object.entries(list.filters).flatMap(([name, filter]) => (filter.rest ? [[filter.rest.name, name] as const] : [])));
  const values: Record<string, unknown> = {};
  const ownValues = new Map<string, string>();
  for (const [name, text] of queryOf(request)) {
    if (own.includes(name)) {
      if (text !== '') ownValues.set(name, text);
    } else if (filterByRestName.has(name)) {
      if (text !== '') values[filterByRestName.get(name)!] = list.filters[filterByRestName.get(name)!].rest!.fromText(text);
    } else {
      problems.add(name, 'is not a query parameter of this list');
    }
  }
  // checkFilters files problems under the declaration's names; the client wrote the v2 names.
  const byDeclared = new FieldErrorCollector();
  const filters = checkFilters(list, values, byDeclared);
  const restNameOf = new Map([...filterByRestName].map(([restName, name]) => [name, restName]));
  byDeclared.forEachError((name, message) => problems.add(restNameOf.get(name) ?? name, message));
  return { filters, own: ownValues, problems };
}

/** Refuses every problem gathered, under the names the client wrote. */
export function throwIfProblems(problems: FieldErrorCollector): void {
  const errors = problems.toFieldErrors();
  if (Object.keys(errors).length > 0) throw new WireValidationError(errors);
}

/** A `page`-like integer parameter, judged as class-validator's integer rules would. */
export function integerParameter(problems: FieldErrorCollector, name: string, text: string | undefined, fallback: number, max: number): number {
  if (text === undefined) return fallback;
  const value = integerFromString(text) as number;
  const problem = sizeProblem(value, max);
  if (problem) problems.add(name, problem);
  return value;
}

/** The page request of a list route. */
export function listQuery(request: FastifyRequest, list: ListDeclaration): PageRequest {
  const { filters, own, problems } = readQuery(request, list, list.sortable ? ['page', 'per_page', 'sort'] : ['page', 'per_page']);
  const page = integerParameter(problems, 'page', own.get('page'), 1, Number.MAX_SAFE_INTEGER);
  const perPage = integerParameter(problems, 'per_page', own.get('per_page'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  let requested: RequestedOrder[] = [];
  const sortText = own.get('sort');
  if (sortText !== undefined) {
    const sort = sortOf(list, sortText);
    if (typeof sort === 'string') problems.add('sort', sort);
    else requested = sort;
  }
  let keys = orderKeys(list, []);
  try {
    keys = orderKeys(list, requested, 'sort');
  } catch (error) {
    problems.absorbError(error);
  }
  throwIfProblems(problems);
  return { page, perPage, keys, filters };
}

/** `page` and `per_page` alone, for a route that answers a list in its own order (a delete's remaining records). */
export function pageOnly(request: FastifyRequest, list: ListDeclaration): PageRequest {
  const query = queryOf(request);
  const unknown = [...query.keys()].filter((name) => name !== 'page' && name !== 'per_page');
  if (unknown.length > 0) throw new WireValidationError(Object.assign(emptyFieldErrors(), Object.fromEntries(unknown.map((name) => [name, ['is not a query parameter of this list']]))));
  return listQuery(request, { ...list, filters: {}, sortable: false });
}
