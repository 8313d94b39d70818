import type { ListDeclaration } from './list-declaration';
import type { CheckedFilters } from './list-request';

/**
 * A list's filters applied to records in memory, as they happen, rather than in SQL (the event
 * subscriptions match every committed event against each subscriber's filter without a statement).
 * Each filter's `matches` is its `where` in memory; a list used so declares it on every filter.
 */
export function assertMatchableInMemory(list: ListDeclaration): void {
  const missing = Object.entries(list.filters).flatMap(([name, filter]) => (filter.matches ? [] : [name]));
  if (missing.length > 0) throw new Error(`${list.name}: the filters ${missing.join(', ')} cannot be matched in memory (no \`matches\`)`);
}

/** True when the record passes every checked filter (all combine, as in SQL). */
export function recordMatches(list: ListDeclaration, filters: CheckedFilters, record: object): boolean {
  for (const [name, value] of filters) {
    if (!list.filters[name].matches!(record as Readonly<Record<string, unknown>>, value)) return false;
  }
  return true;
}
