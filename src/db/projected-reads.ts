import type { EntityMetadata } from 'typeorm';

/**
 * A read narrowed to a projection (projection.ts, embedded-json.ts) leaves the other columns off
 * its rows, so a field resolver that reads a column without declaring it (`@Reads`,
 * src/graphql/field-reads.ts) would get undefined and answer as if the column were null. The
 * tests turn this check on (test/support/read-checks.ts, a jest setup file): each narrowed row
 * is then a Proxy that throws an UndeclaredReadError when a column the read left out is read.
 * Off, nothing is wrapped and nothing is checked: production rows are the plain objects, and the
 * reads test the switch once per read (or per embedding), not per row.
 */
let checking = false;

/** Turns the check on (the test suite) or off; off unless something turns it on. */
export function checkProjectedReads(on = true): void {
  checking = on;
}

/** Whether narrowed reads wrap their rows (above). */
export function checksProjectedReads(): boolean {
  return checking;
}

/** A column was read off a row whose read left it out: the field resolver reading it must declare it with `@Reads`. */
export class UndeclaredReadError extends Error {
  constructor(
    readonly entity: string,
    readonly property: string,
  ) {
    super(UndeclaredReadError.describe(entity, property, undefined));
    this.name = 'UndeclaredReadError';
  }

  /** The message naming the field that read the column (a GraphQL error's path ends with it), when known. */
  static describe(entity: string, property: string, field: string | undefined): string {
    const reader = field === undefined ? 'the field resolver that reads it' : `${entity}.${field}`;
    return (
      `${entity}.${property} was read, but the read was narrowed to the selection and left it out: ` +
      `${reader} must declare it with @Reads('${property}') (src/graphql/field-reads.ts)`
    );
  }

  /** This error's message, naming the field at the end of a GraphQL error's `path` as the reader. */
  readBy(path: readonly (string | number)[] | undefined): string {
    const field = path?.findLast((segment): segment is string => typeof segment === 'string');
    return UndeclaredReadError.describe(this.entity, this.property, field);
  }
}

/**
 * The properties of `metadata`'s columns that a read selecting only those `selected` leaves off its
 * rows (the primary key is always read; a relation's virtual column is no property of a row).
 */
export function leftOutColumns(metadata: EntityMetadata, selected: (propertyPath: string) => boolean): ReadonlySet<string> {
  return new Set(metadata.columns.filter((column) => !column.isPrimary && !column.isVirtual && !selected(column.propertyPath)).map((column) => column.propertyName));
}

/**
 * `row` as a Proxy that throws on a read of a property in `leftOut` it does not have (one given a
 * value since, a loader's or an embedding's, reads as it is); every other read, and every write,
 * goes to the row. It is an instance of the entity's class (`instanceof`), though its properties
 * and `constructor` are the plain row's: type-graphql copies a root that is not into a new
 * instance before a field resolver it wraps sees it (one with a scope, lean-resolvers.ts), and
 * the copy, holding only the row's own properties, would read a left-out column as undefined
 * again. Passing the row as it is instead changes nothing else: entities read as plain rows have
 * nothing on their prototypes (plain-rows.ts), so the copy and the row read the same.
 */
export function guardedRow<T extends object>(row: T, metadata: EntityMetadata, leftOut: ReadonlySet<string>): T {
  if (leftOut.size === 0) return row;
  const entity = metadata.name;
  const prototype = typeof metadata.target === 'function' ? (metadata.target.prototype as object) : Object.getPrototypeOf(row);
  return new Proxy(row, {
    get(target, property, receiver) {
      if (typeof property === 'string' && leftOut.has(property) && !(property in target)) throw new UndeclaredReadError(entity, property);
      return Reflect.get(target, property, receiver) as unknown;
    },
    getPrototypeOf: () => prototype,
  });
}
