import type { GraphQLResolveInfo } from 'graphql';
import { Arg, ArgsType, Extensions, Field, Info, Int, ObjectType, registerEnumType } from 'type-graphql';
import { type AggregateGroup, type AggregateValues, checkGroupBy, emptyAggregates, type GroupedSelection } from '../db/lists/list-aggregates';
import type { ListDeclaration } from '../db/lists/list-declaration';
import type { ListSlice } from '../db/lists/list-engine';
import { DEFAULT_CONNECTION_SIZE, MAX_PAGE_SIZE } from '../db/lists/list-request';
import { aggregateSelectionOf } from './lists/aggregate-selection';
import { aggregateTypes } from './lists/aggregate-types';

export enum SortDirectionEnum {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirectionEnum, {
  name: 'SortDirection',
  description: 'Direction of a sort; ties are broken by id in the same direction.',
  valuesConfig: {
    ASC: { description: 'Ascending: smallest, earliest or alphabetically first (the default).' },
    DESC: { description: 'Descending: largest, latest or alphabetically last first.' },
  },
});

/**
 * Marks a field whose value may be a function computing it (`Resolved` below): graphql-js's default
 * resolver calls it, and an executor that reads properties itself must call it too
 * (jit-executor.ts).
 */
export const LAZY_VALUE_EXTENSION = 'lazyValue';
const LazyValue = (): PropertyDecorator & MethodDecorator => Extensions({ [LAZY_VALUE_EXTENSION]: true });

/**
 * Relay page information. Its flags may be read lazily (the side the client did not page towards
 * costs a statement, made only when asked for), hence graphql-js's default resolver, which calls a
 * function-valued property (`simpleResolvers`).
 */
@ObjectType({ description: 'Relay page information, true to the data in both directions.', simpleResolvers: true })
export class PageInfo {
  @LazyValue()
  @Field({ description: 'True when more records follow the page in the list (within `before`, when given): continue with `after: endCursor`.' })
  hasNextPage!: boolean;
  @LazyValue()
  @Field({ description: 'True when records come before the page in the list (within `after`, when given): continue backward with `last` and `before: startCursor`.' })
  hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first record of the page (the `before` of the page before it); null when the page is empty.' })
  startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last record of the page, the `after` of the next page; null when the page is empty.' })
  endCursor!: string | null;
}

/** A value GraphQL reads when selected: a plain value, or a function computing it (see PageInfo). */
type Resolved<T> = T | (() => Promise<T>);

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: { hasNextPage: Resolved<boolean>; hasPreviousPage: Resolved<boolean>; startCursor: string | null; endCursor: string | null };
  totalCount: Resolved<number>;
  /** What `aggregates` and `groupedAggregates` read, one statement per selection (not a field of the schema). */
  readGroups(request: GroupedSelection): Promise<AggregateGroup[]>;
}

/**
 * On `groupedAggregates`: the most groups each `groupBy` key can make (null: unbounded), which
 * the cost estimator multiplies (src/graphql/cost/estimator.ts).
 */
export const POSSIBLE_GROUPS_EXTENSION = 'possibleGroups';

type NodeClass<T> = abstract new (...args: never[]) => T;

/**
 * A Relay connection type (`<Name>Connection`, `<Name>Edge`) for a node type, with the aggregates
 * of its list (aggregate-types.ts).
 */
export function ConnectionType<T>(name: string, node: NodeClass<T>, list: ListDeclaration): new () => Connection<T> {
  const { Aggregates, Group, GroupBy, possibleGroups } = aggregateTypes(list);

  @ObjectType(`${name}Edge`, { description: `One ${name} record of a page, with its cursor.`, simpleResolvers: true })
  class Edge {
    @Field({ description: 'Opaque cursor of this record: pass it as `after` for the records that follow it, or `before` for those before it.' }) cursor!: string;
    @Field(() => node, { description: 'The record.' }) node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} records, Relay style.`, simpleResolvers: true })
  class ConnectionClass {
    @Field(() => [Edge], { description: 'The records of the page, in order, each with its cursor.' }) edges!: Edge[];
    @Field(() => [node], { description: 'The nodes of `edges`, for clients that need no cursors.' }) nodes!: T[];
    @Field(() => PageInfo, { description: 'Whether more records follow or come before, and the cursors to continue from.' }) pageInfo!: PageInfo;
    @LazyValue()
    @Field(() => Int, { description: 'How many records match the filters, whatever the paging (read only when asked for).' })
    totalCount!: number;

    readGroups!: Connection<T>['readGroups'];

    @Field(() => Aggregates, { description: `Aggregates of all the ${list.records} matching the filters, whatever the paging: one statement, read only when asked for.` })
    async aggregates(@Info() info: GraphQLResolveInfo): Promise<AggregateValues> {
      const selection = aggregateSelectionOf(info);
      const [all] = await this.readGroups({ groupBy: [], selection });
      return all ?? emptyAggregates(selection);
    }

    @Extensions({ [POSSIBLE_GROUPS_EXTENSION]: possibleGroups })
    @Field(() => [Group], {
      description: `The ${list.records} matching the filters in groups by \`groupBy\`, each with its keys and aggregates, in the order of their keys (nulls last); groups without records are not listed. One statement.`,
    })
    async groupedAggregates(
      @Arg('groupBy', () => [GroupBy], { description: 'The keys to group by, at least one, each once; a group per combination of their values.' }) groupBy: string[],
      @Info() info: GraphQLResolveInfo,
    ): Promise<AggregateGroup[]> {
      checkGroupBy(groupBy);
      return this.readGroups({ groupBy, selection: aggregateSelectionOf(info) });
    }
  }
  return ConnectionClass as unknown as new () => Connection<T>;
}

export function toConnection<T>(slice: ListSlice<T>): Connection<T> {
  return {
    edges: slice.items,
    nodes: slice.items.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: slice.hasNextPage,
      hasPreviousPage: slice.hasPreviousPage,
      startCursor: slice.items[0]?.cursor ?? null,
      endCursor: slice.items.at(-1)?.cursor ?? null,
    },
    totalCount: slice.totalCount,
    readGroups: slice.aggregates,
  };
}

/** The paging arguments of a nested connection (`Campaign.contents`), which has one fixed order and no filter. */
@ArgsType()
export class PagingArgs {
  @Field(() => Int, { nullable: true, description: `The first records (after \`after\`), 1 to ${MAX_PAGE_SIZE}. Neither \`first\` nor \`last\`: the first ${DEFAULT_CONNECTION_SIZE}. Not with \`last\`.` })
  first?: number | null;
  @Field(() => String, { nullable: true, description: 'Only records after this cursor.' }) after?: string | null;
  @Field(() => Int, { nullable: true, description: `The last records (before \`before\`), 1 to ${MAX_PAGE_SIZE}: paging backward. Not with \`first\`.` })
  last?: number | null;
  @Field(() => String, { nullable: true, description: 'Only records before this cursor.' }) before?: string | null;
}
