import { FieldErrorCollector, unstorableText } from '../../common/validation';
import { decodeCursor, orderKeys, type OrderKey, type RequestedOrder } from './keyset';
import type { ListDeclaration } from './list-declaration';

export const DEFAULT_PAGE_SIZE = 15;
export const DEFAULT_CONNECTION_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

/** Filter values by filter name, as a face took them; null and undefined mean "not given". */
export type FilterValues = Readonly<Record<string, unknown>>;

/** A list's filters as given, each judged (list-engine.ts applies them). */
export type CheckedFilters = readonly (readonly [name: string, value: unknown])[];

/** The paging arguments of a GraphQL connection (Relay), as a client sent them. */
export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  /** One order or several, applied left to right; none: the list's default. */
  orderBy?: RequestedOrder | readonly RequestedOrder[] | null;
  filter?: FilterValues | null;
}

type KeyValues = (string | number)[];

/** A connection request the engine can run: judged whole, before any statement. */
export interface ConnectionRequest {
  keys: OrderKey[];
  /** How many rows the page holds at most. */
  size: number;
  /** Paging with `last`: the page is read in the reverse order, then turned back. */
  backward: boolean;
  after?: KeyValues;
  before?: KeyValues;
  filters: CheckedFilters;
}

/** A /v2 page request: page numbers (spec §2.1), the `sort` keys, and the filters. */
export interface PageRequest {
  page: number;
  perPage: number;
  keys: OrderKey[];
  filters: CheckedFilters;
}

/** The given filters, each judged by its own rule; problems are filed under the filter's name (or `prefix.name`). */
export function checkFilters(list: ListDeclaration, values: FilterValues | null | undefined, problems: FieldErrorCollector, prefix = ''): CheckedFilters {
  const checked: [string, unknown][] = [];
  for (const [name, value] of Object.entries(values ?? {})) {
    if (value === undefined || value === null) continue;
    const filter = list.filters[name];
    const field = prefix ? `${prefix}.${name}` : name;
    if (!filter) {
      problems.add(field, 'is not a filter of this list');
      continue;
    }
    const problem = unstorableText(value) ?? filter.check(value);
    if (problem) problems.add(field, problem);
    else checked.push([name, value]);
  }
  return checked;
}

/** A page size as class-validator's integer rules would judge it (the same messages on every list). */
export function sizeProblem(size: unknown, max = MAX_PAGE_SIZE): string | undefined {
  if (typeof size !== 'number' || !Number.isInteger(size)) return 'must be an integer number';
  if (size < 1) return 'must not be less than 1';
  return size > max ? `must not be greater than ${max}` : undefined;
}

function given<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

/**
 * A connection's arguments judged as Relay's connection specification allows them: `first` or
 * `last` (1 to 100; neither: `first` 20, never both), `after` and `before` (together they bound
 * the page on both sides), cursors made in the requested order, and the filters. Every problem is
 * refused at once, before anything runs.
 */
export function connectionRequest(list: ListDeclaration, args: ConnectionArgs): ConnectionRequest {
  const problems = new FieldErrorCollector();
  if (given(args.first) && given(args.last)) problems.add('last', 'cannot be given with first: page forward with first/after or backward with last/before');
  for (const name of ['first', 'last'] as const) {
    const problem = given(args[name]) ? sizeProblem(args[name]) : undefined;
    if (problem) problems.add(name, problem);
  }
  const requested = given(args.orderBy) ? (Array.isArray(args.orderBy) ? args.orderBy : [args.orderBy as RequestedOrder]) : [];
  let keys: OrderKey[] = [];
  try {
    if (requested.length > 0 && !list.sortable) problems.add('orderBy', `cannot be given: ${list.records} come in one fixed order`);
    else keys = orderKeys(list, requested);
  } catch (error) {
    problems.absorbError(error);
  }
  const cursor = (name: 'after' | 'before'): KeyValues | undefined => {
    const text = args[name];
    if (!given(text) || keys.length === 0) return undefined;
    try {
      return decodeCursor(keys, text, name);
    } catch (error) {
      problems.absorbError(error);
      return undefined;
    }
  };
  const after = cursor('after');
  const before = cursor('before');
  const filters = checkFilters(list, args.filter, problems);
  problems.throwIfAny();
  const backward = given(args.last);
  return { keys, size: (backward ? args.last : args.first) ?? DEFAULT_CONNECTION_SIZE, backward, after, before, filters };
}
