import type { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { ValidationFailedError } from '../../common/errors';
import { globalId } from '../../common/global-id';
import type { GroupKey, ListAggregates } from './list-declaration';

/**
 * Aggregates of a declared list (`aggregates`, `groupedAggregates` on its connections): what a
 * selection asks for, computed by PostgreSQL in one statement over the list's rows (the same
 * workspace, scopes, filters and live rows as its pages), for one list or, grouped by parent, for
 * the nested lists of many parents at once.
 */

/** Most groups one grouped answer holds; more is refused, never cut short (a total must be whole). */
export const MAX_GROUPS = 1_000;

export const AGGREGATE_FUNCTIONS = ['sum', 'avg', 'min', 'max'] as const;
export type AggregateFunction = (typeof AGGREGATE_FUNCTIONS)[number];

/** What a selection asks for: the count, and the properties of each function. */
export interface AggregateSelection {
  count: boolean;
  sum: readonly string[];
  avg: readonly string[];
  min: readonly string[];
  max: readonly string[];
}

/**
 * One set of aggregates. Sums are decimal strings (a workspace's impressions pass 2^31, and
 * `bigint` sums pass 2^53); the sum of no rows is 0, their average, minimum and maximum null.
 */
export interface AggregateValues {
  count: number;
  sum: Record<string, string>;
  avg: Record<string, number | null>;
  min: Record<string, number | string | Date | null>;
  max: Record<string, number | string | Date | null>;
}

/** The aggregates of one group, with its keys as the list's filters take them (null: no value). */
export interface AggregateGroup extends AggregateValues {
  keys: (string | null)[];
}

/** The request for a grouped read: its keys (GroupBy names) and what each group must answer. */
export interface GroupedSelection {
  groupBy: readonly string[];
  selection: AggregateSelection;
}

/** A selection as a loader key: parents asking the same batch together. */
export function aggregateSelectionKey(request: GroupedSelection): string {
  const { selection } = request;
  return JSON.stringify([request.groupBy, selection.count, selection.sum, selection.avg, selection.min, selection.max]);
}

/** A `groupBy` a client sent: at least one key, each once (the type took only the list's keys). */
export function checkGroupBy(groupBy: readonly string[]): void {
  if (groupBy.length === 0) throw ValidationFailedError.single('groupBy', 'must name at least one key');
  if (new Set(groupBy).size < groupBy.length) throw ValidationFailedError.single('groupBy', 'must name each key once');
}

export function emptyAggregates(selection: AggregateSelection): AggregateValues {
  const values: AggregateValues = { count: 0, sum: {}, avg: {}, min: {}, max: {} };
  for (const property of selection.sum) values.sum[property] = '0';
  for (const fn of ['avg', 'min', 'max'] as const) for (const property of selection[fn]) values[fn][property] = null;
  return values;
}

interface Output {
  expression: string;
  assign(values: AggregateValues, raw: unknown): void;
}

function outputsOf(alias: string, aggregates: ListAggregates, selection: AggregateSelection): Output[] {
  const column = (property: string, allowed: readonly string[]): string => {
    if (!allowed.includes(property)) throw new Error(`not an aggregate of the list: ${property}`);
    return `${alias}.${property}`;
  };
  const extremes = Object.keys(aggregates.extremes);
  const outputs: Output[] = [{ expression: 'COUNT(*)::int', assign: (values, raw) => (values.count = raw as number) }];
  for (const property of selection.sum) {
    // SUM of integers is a bigint: exact, and carried as text past JavaScript's 2^53.
    outputs.push({ expression: `COALESCE(SUM(${column(property, aggregates.metrics)}), 0)::text`, assign: (values, raw) => (values.sum[property] = raw as string) });
  }
  for (const property of selection.avg) {
    outputs.push({ expression: `AVG(${column(property, aggregates.metrics)})::float8`, assign: (values, raw) => (values.avg[property] = raw as number | null) });
  }
  for (const fn of ['min', 'max'] as const) {
    for (const property of selection[fn]) {
      const extreme = `${fn.toUpperCase()}(${column(property, extremes)})`;
      // A date leaves PostgreSQL as its `YYYY-MM-DD` text, never as a JavaScript Date at midnight somewhere.
      const expression = aggregates.extremes[property] === 'date' ? `to_char(${extreme}, 'YYYY-MM-DD')` : extreme;
      outputs.push({ expression, assign: (values, raw) => (values[fn][property] = raw as number | string | Date | null) });
    }
  }
  return outputs;
}

interface KeyColumn {
  expression: string;
  write(raw: unknown): string | null;
}

/** The GraphQL name of each value of an enumeration (numeric enums map values back to names). */
function enumNames(enumeration: object): Map<unknown, string> {
  const entries = Object.entries(enumeration as Record<string, unknown>).filter(([name]) => Number.isNaN(Number(name)));
  return new Map(entries.map(([name, value]) => [value, name]));
}

function keyColumnOf(alias: string, key: GroupKey): KeyColumn {
  const column = `${alias}.${key.property}`;
  const { kind } = key;
  if ('enum' in kind) {
    const names = enumNames(kind.enum);
    return { expression: column, write: (raw) => (raw === null ? null : (names.get(raw) ?? String(raw))) };
  }
  if ('node' in kind) return { expression: column, write: (raw) => (raw === null ? null : globalId(kind.node, raw as number | string)) };
  // Truncated in UTC for instants, and for dates without a time zone at all, so no session setting moves a group.
  const text = (raw: unknown): string | null => (raw === null ? null : String(raw));
  if (kind.column === 'date') return { expression: `to_char(date_trunc('${kind.truncate}', CAST(${column} AS timestamp)), 'YYYY-MM-DD')`, write: text };
  return { expression: `to_char(date_trunc('${kind.truncate}', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`, write: text };
}

/** Which parents a nested read is for: the column naming the parent, and their ids. */
export interface ParentColumn {
  property: string;
  ids: readonly number[];
}

/**
 * The aggregates of `query`'s rows (already filtered), in groups by `groupBy` (none: one group of
 * every row, also when there is none), and with `parents` by parent: one statement either way.
 * Groups come in the order of their keys, nulls last. Each parent's groups are listed under it;
 * parents without rows have no groups.
 */
export async function readAggregates<T extends ObjectLiteral>(
  query: SelectQueryBuilder<T>,
  aggregates: ListAggregates,
  { groupBy, selection }: GroupedSelection,
  parents?: ParentColumn,
): Promise<Map<number | null, AggregateGroup[]>> {
  const alias = query.alias;
  const outputs = outputsOf(alias, aggregates, selection);
  const keys = groupBy.map((name) => {
    const key = aggregates.groupBy[name];
    if (!key) throw new Error(`not a group key of the list: ${name}`);
    return keyColumnOf(alias, key);
  });
  const grouping = [...(parents ? [`${alias}.${parents.property}`] : []), ...keys.map((key) => key.expression)];
  const read = query.clone().select(parents ? `${alias}.${parents.property}` : 'NULL', 'parent').orderBy();
  outputs.forEach((output, index) => read.addSelect(output.expression, `a${index}`));
  keys.forEach((key, index) => read.addSelect(key.expression, `k${index}`));
  if (parents) read.andWhere(`${alias}.${parents.property} = ANY(:aggregateParents)`, { aggregateParents: [...parents.ids] });
  grouping.forEach((expression, index) => {
    if (index === 0) read.groupBy(expression).orderBy(expression, 'ASC', 'NULLS LAST');
    else read.addGroupBy(expression).addOrderBy(expression, 'ASC', 'NULLS LAST');
  });
  // One parent's groups past the maximum are refused below; one more row than any answer may hold tells.
  if (!parents && keys.length > 0) read.limit(MAX_GROUPS + 1);
  const rows = await read.getRawMany<Record<string, unknown>>();
  const byParent = new Map<number | null, AggregateGroup[]>();
  for (const row of rows) {
    const group: AggregateGroup = { ...emptyAggregates(selection), keys: keys.map((key, index) => key.write(row[`k${index}`])) };
    outputs.forEach((output, index) => output.assign(group, row[`a${index}`]));
    const parent = (row.parent ?? null) as number | null;
    const groups = byParent.get(parent);
    if (groups) groups.push(group);
    else byParent.set(parent, [group]);
    if ((groups?.length ?? 1) > MAX_GROUPS) throw ValidationFailedError.single('groupBy', `makes more than ${MAX_GROUPS} groups: narrow the filter, or group by fewer or coarser keys`);
  }
  return byParent;
}
