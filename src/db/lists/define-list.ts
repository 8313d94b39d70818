import { idsFilter, instantBound, instantRange } from './filters';
import { enumNameOf, truncatedKeys } from './group-keys';
import type { ExtremeKind, ListAggregates, ListDeclaration, ListFilter, ListSpec, SortField } from './list-declaration';

const TIMESTAMPS = {
  createdAt: { graphql: 'createdAt', enumName: 'CREATED_AT', rest: 'created_at', restPrefix: 'created', words: 'created' },
  updatedAt: { graphql: 'updatedAt', enumName: 'UPDATED_AT', rest: 'updated_at', restPrefix: 'updated', words: 'last changed' },
} as const;

/**
 * A list's declaration with what every list has: the `ids` filter, a range filter per timestamp
 * (GraphQL `createdAt`/`updatedAt: DateTimeRange`, /v2 `created_after`/`created_before`, …), and
 * the sort fields `ID`, `CREATED_AT`, `UPDATED_AT` (a sortable list's).
 */
export function defineList(spec: ListSpec): ListDeclaration {
  const timestamps = spec.timestamps ?? ['createdAt', 'updatedAt'];
  const standard: Record<string, ListFilter> = { ids: idsFilter(spec.records, spec.idKind === 'bigint', spec.recordType ?? spec.name) };
  const sortFields: Record<string, SortField> = {};
  if (spec.sort) sortFields.ID = { property: 'id', rest: 'id', kind: spec.idKind ?? 'integer', description: 'By `id` (the default).' };
  for (const property of timestamps) {
    const names = TIMESTAMPS[property];
    standard[names.graphql] = instantRange({ property, description: `Only ${spec.records} ${names.words} in this range (\`gte\` inclusive, \`lt\` exclusive).` });
    const after = `${names.restPrefix}_after`;
    const before = `${names.restPrefix}_before`;
    standard[after] = instantBound({ property, rest: after, end: 'gte', description: `Only ${spec.records} ${names.words} at or after this instant (ISO 8601: \`2026-11-23\` or \`2026-11-23T18:00:00Z\`).` });
    standard[before] = instantBound({ property, rest: before, end: 'lt', description: `Only ${spec.records} ${names.words} before this instant (ISO 8601).` });
    if (spec.sort) sortFields[names.enumName] = { property, rest: names.rest, kind: 'timestamp', description: `By \`${property}\`.` };
  }
  for (const [name, field] of Object.entries(spec.sort ?? {})) sortFields[name] = field;
  for (const name of Object.keys(spec.filters)) if (name in standard) throw new Error(`${spec.name}: the filter ${name} is one every list has`);
  return {
    name: spec.name,
    records: spec.records,
    filters: { ...spec.filters, ...standard },
    sortFields,
    sortable: spec.sort !== undefined,
    defaultDirection: spec.defaultDirection ?? 'ASC',
    defaultOrder: spec.defaultOrder ?? [],
    idKind: spec.idKind ?? 'integer',
    aggregates: listAggregates(spec, timestamps),
  };
}

/** The declared aggregates with every list's: `min`/`max` of the timestamps, and groups by their day, month and year. */
function listAggregates(spec: ListSpec, timestamps: readonly string[]): ListAggregates {
  const { metrics = [], dates = [], groupBy = [] } = spec.aggregates ?? {};
  const extremes: Record<string, ExtremeKind> = {};
  for (const property of metrics) extremes[property] = 'integer';
  for (const property of dates) extremes[property] = 'date';
  for (const property of timestamps) extremes[property] = 'timestamp';
  return {
    metrics,
    extremes,
    groupBy: {
      ...Object.fromEntries(groupBy.map((key) => [enumNameOf(key.property), key])),
      ...Object.assign({}, ...dates.map((property) => truncatedKeys(property, 'date'))),
      ...Object.assign({}, ...timestamps.map((property) => truncatedKeys(property, 'timestamp'))),
    },
  };
}
