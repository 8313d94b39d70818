import type { GroupKey } from './list-declaration';

/**
 * The keys a list's groups can be made by (`groupedAggregates(groupBy: [STATUS])`), declared next
 * to the list like its filters. A group's key is written as the list's filters take the value.
 */

/** `liveDate` → `LIVE_DATE`: a property as a GraphQL enum value names it. */
export function enumNameOf(property: string): string {
  return property.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '_').toUpperCase();
}

/** By an enumeration's value; the key is its GraphQL name (`LIVE`). */
export function enumKey(spec: { property: string; enum: object; description: string; nullable?: boolean }): GroupKey {
  const values = Object.keys(spec.enum).filter((key) => Number.isNaN(Number(key))).length;
  return { property: spec.property, kind: { enum: spec.enum }, description: spec.description, possibleGroups: values + (spec.nullable ? 1 : 0) };
}

/** By the record a column names; the key is its global id (null for rows naming none). */
export function recordKey(spec: { property: string; node: string; description: string }): GroupKey {
  return { property: spec.property, kind: { node: spec.node }, description: spec.description };
}

const UNITS = ['day', 'month', 'year'] as const;

/**
 * By a date or timestamp column truncated to its day, month or year (`LIVE_DATE_TRUNCATED_TO_MONTH`).
 * The key is the first day of the period (`2026-11-01`), or for a timestamp its first instant in
 * UTC (`2026-11-01T00:00:00.000Z`); null for rows without a date.
 */
export function truncatedKeys(property: string, column: 'date' | 'timestamp'): Record<string, GroupKey> {
  const example = { day: ['2026-11-27', '2026-11-27T00:00:00.000Z'], month: ['2026-11-01', '2026-11-01T00:00:00.000Z'], year: ['2026-01-01', '2026-01-01T00:00:00.000Z'] } as const;
  return Object.fromEntries(
    UNITS.map((unit) => {
      const key = column === 'date' ? `its first day, as \`${example[unit][0]}\`` : `its first instant, as \`${example[unit][1]}\``;
      const description = `By the ${unit} of \`${property}\`${column === 'timestamp' ? ' in UTC' : ''} (the key: ${key}; null for records without one).`;
      return [`${enumNameOf(property)}_TRUNCATED_TO_${unit.toUpperCase()}`, { property, kind: { truncate: unit, column }, description }];
    }),
  );
}
