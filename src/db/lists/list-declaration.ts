import type { JsonSchema } from '../../common/json-schema';

/**
 * A list of records, declared once next to its resource (`campaign.list.ts`): what it can be
 * filtered and sorted on. The list engine turns the declaration into SQL (list-engine.ts), the
 * GraphQL arguments (src/graphql/lists/), the /v2 query parameters (src/http/rest/list-query.ts)
 * and the OpenAPI document's parameters.
 */

export type SortDirection = 'ASC' | 'DESC';

/** What a value breaks (a message without the field's name), or undefined when it is fine. */
export type Check = (value: unknown) => string | undefined;

/** An SQL condition on the list's rows (`alias` names the row) with its bound values. */
export interface Condition {
  sql: string;
  parameters: Record<string, unknown>;
}

/**
 * The GraphQL type of a filter's value, named rather than referenced (src/graphql/lists/ maps
 * names to types): a scalar, a registered enum, a range (`DateRange`, `DateTimeRange`), or a list.
 */
/**
 * A filter value's GraphQL type. `node`: the record type an `ID` names, whose global ids GraphQL
 * reads back to database ids (src/graphql/node.ts); without it, the filter reads them itself.
 */
export type FilterValueType = { scalar: 'ID'; node?: string } | { scalar: 'String' | 'Int' } | { enum: object } | { range: 'Date' | 'DateTime' } | { list: FilterValueType };

/**
 * One filter. GraphQL takes it (when `graphql` is given) as a field of `<Name>Filter`, /v2 (when
 * `rest` is given) as a query parameter; both faces judge a value with `check`, and `where` makes
 * the condition of a value it accepted. `param` is a parameter name unique in the statement.
 */
export interface ListFilter {
  graphql?: {
    type: FilterValueType;
    description: string;
    /** The field is kept for clients that use it; the description names what replaces it. */
    deprecationReason?: string;
  };
  rest?: {
    name: string;
    description: string;
    /** The parameter's JSON Schema, for the OpenAPI document. */
    schema: JsonSchema;
    /** The value of the parameter's text, before `check` (an integer's digits become a number). */
    fromText(text: string): unknown;
  };
  check: Check;
  where(alias: string, value: unknown, param: string): Condition;
  /**
   * The same condition on a record in memory (its properties by name), for lists whose records
   * are also matched as they happen (the event subscriptions); absent where no one needs it.
   */
  matches?(record: Readonly<Record<string, unknown>>, value: unknown): boolean;
}

/** A field a list can be sorted on, beyond those of every list (`ID`, `CREATED_AT`, `UPDATED_AT`). */
export interface ListSortField {
  /** The entity property; NOT NULL, so the order (with the id as the final key) is total. */
  property: string;
  /** Its name in /v2's `sort` (the record's field: `campaign_title`). */
  rest: string;
  description: string;
}

/** The value type of the sort keys, for cursors: what a cursor may carry, and how SQL compares it. */
export type SortKeyKind = 'integer' | 'bigint' | 'timestamp' | 'text';

export interface ListSpec {
  /** Names the GraphQL types (`<name>Filter`, `<name>Order`, `<name>OrderField`, `<name>ListArgs`). */
  name: string;
  /** The records in prose, plural ("campaigns"), for descriptions. */
  records: string;
  /** The GraphQL type of the records (what their global ids name), when it is not `name`. */
  recordType?: string;
  filters: Readonly<Record<string, ListFilter>>;
  /**
   * Sort fields beyond `ID`, `CREATED_AT` and `UPDATED_AT`, by their GraphQL enum name, with the
   * kind of their values. Without `sort`, the order is fixed (a feed): no `orderBy`, no `sort`.
   */
  sort?: Readonly<Record<string, ListSortField & { kind: SortKeyKind }>>;
  /** The order of a fixed list, or the direction of the default order (`ID`): ASC unless said. */
  defaultDirection?: SortDirection;
  /** A sortable list's order when the client names none (sort fields by GraphQL name); by id unless said. */
  defaultOrder?: readonly { field: string; direction: SortDirection }[];
  /** The id column's kind: `integer`, or `bigint` (events, deliveries: ids travel as text). */
  idKind?: 'integer' | 'bigint';
  /** Timestamp columns of the entity that get range filters and sort fields; both unless said. */
  timestamps?: readonly ('createdAt' | 'updatedAt')[];
  /** What `aggregates` and `groupedAggregates` answer beyond the count and the timestamps' (list-aggregates.ts). */
  aggregates?: AggregateSpec;
}

/**
 * How a group's key is read and written, as the list's filters take the value: an enumeration's
 * GraphQL name (`LIVE`), a record's global id, or the first day (instant) of a day, month or year.
 */
export type GroupKeyKind = { enum: object } | { node: string } | { truncate: 'day' | 'month' | 'year'; column: 'date' | 'timestamp' };

/** A key `groupedAggregates(groupBy:)` groups by (one value of `<Name>GroupBy`). */
export interface GroupKey {
  property: string;
  kind: GroupKeyKind;
  description: string;
  /**
   * How many groups the key can make at most (an enumeration's values, and null when the column
   * may be empty), for the cost; none: as many as the workspace has values (MAX_GROUPS).
   */
  possibleGroups?: number;
}

/** The kind of value `min` and `max` answer for a column. */
export type ExtremeKind = 'integer' | 'date' | 'timestamp';

export interface AggregateSpec {
  /** Integer columns (entity properties): `sum`, `avg`, `min` and `max` answer for them. */
  metrics?: readonly string[];
  /** Calendar-date columns: `min` and `max` answer for them, and each is a group key by day, month and year. */
  dates?: readonly string[];
  /** Further group keys (group-keys.ts), each named after its property (`STATUS`, `CAMPAIGN_ID`). */
  groupBy?: readonly GroupKey[];
}

/** A declared list's aggregates, with the count and the timestamps' every list has (defineList). */
export interface ListAggregates {
  /** `sum` and `avg` answer for these. */
  metrics: readonly string[];
  /** `min` and `max` answer for these: the metrics, the dates and the timestamps. */
  extremes: Readonly<Record<string, ExtremeKind>>;
  /** By GraphQL enum name; never empty (the timestamps' days, months and years). */
  groupBy: Readonly<Record<string, GroupKey>>;
}

/** A sort field of a declared list, every one included. */
export interface SortField extends ListSortField {
  kind: SortKeyKind;
}

/** A declared list, with the filters and sort fields every list has added (defineList). */
export interface ListDeclaration {
  name: string;
  records: string;
  filters: Readonly<Record<string, ListFilter>>;
  /** By GraphQL enum name; empty for a fixed order. */
  sortFields: Readonly<Record<string, SortField>>;
  /** Whether clients choose the order (`orderBy`, `sort`). */
  sortable: boolean;
  defaultDirection: SortDirection;
  /** The order when none is requested (before the id tie-break); empty: by id. */
  defaultOrder: readonly { field: string; direction: SortDirection }[];
  idKind: 'integer' | 'bigint';
  aggregates: ListAggregates;
}
