import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionRequest, type ConnectionSlice, DEFAULT_CONNECTION_SIZE } from '../common/pagination';
import { AFTER_ARG, FIRST_ARG } from './descriptions';

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

@ObjectType({ description: 'Relay page information. Paging is forward only.' })
export class PageInfo {
  @Field({ description: 'True when more records follow this page: ask again with `after: endCursor`.' }) hasNextPage!: boolean;
  @Field({ description: 'True when the page was asked for with `after`.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true, description: 'Cursor of the first record of the page; null when the page is empty.' }) startCursor!: string | null;
  @Field(() => String, { nullable: true, description: 'Cursor of the last record of the page, the `after` of the next page; null when the page is empty.' })
  endCursor!: string | null;
}

/**
 * Options of every connection's `first` argument. The default is in the schema for clients and
 * tools to see; an explicit null still reaches the resolver and means "not given"
 * (connectionRequest), so both give DEFAULT_CONNECTION_SIZE, as before the default was declared.
 */
export const FIRST_ARG_OPTIONS = { nullable: true, defaultValue: DEFAULT_CONNECTION_SIZE, description: FIRST_ARG } as const;

/** Options of every connection's `after` argument. */
export const AFTER_ARG_OPTIONS = { nullable: true, description: AFTER_ARG } as const;

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
}

type NodeClass<T> = abstract new (...args: never[]) => T;

/** A Relay connection type (`<Name>Connection`, `<Name>Edge`) for a node type. */
export function ConnectionType<T>(name: string, node: NodeClass<T>): new () => Connection<T> {
  @ObjectType(`${name}Edge`, { description: `One ${name} record of a page, with its cursor.` })
  class Edge {
    @Field({ description: 'Opaque cursor of this record: pass it as `after` for the records that follow it.' }) cursor!: string;
    @Field(() => node, { description: 'The record.' }) node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} records, Relay style.` })
  class ConnectionClass {
    @Field(() => [Edge], { description: 'The records of the page, in order, each with its cursor.' }) edges!: Edge[];
    @Field(() => [node], { description: 'The nodes of `edges`, for clients that need no cursors.' }) nodes!: T[];
    @Field(() => PageInfo, { description: 'Whether more records follow, and the cursors to continue from.' }) pageInfo!: PageInfo;
  }
  return ConnectionClass;
}

export function toConnection<T>(slice: ConnectionSlice<T>): Connection<T> {
  return {
    edges: slice.items,
    nodes: slice.items.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: slice.hasNextPage,
      hasPreviousPage: slice.hasPreviousPage,
      startCursor: slice.items[0]?.cursor ?? null,
      endCursor: slice.items.at(-1)?.cursor ?? null,
    },
  };
}

/**
 * The connection arguments every list query takes, as the service layer's request. An explicit
 * null means "not given" (Relay clients send `after: null` for the first page).
 */
export function connectionRequest(
  first: number | null | undefined,
  after: string | null | undefined,
  order: { field: string; direction: SortDirectionEnum } | null | undefined,
): ConnectionRequest {
  const request = new ConnectionRequest();
  if (first !== undefined && first !== null) request.first = first;
  if (after !== undefined && after !== null) request.after = after;
  if (order) Object.assign(request, { property: order.field, direction: order.direction });
  return request;
}
