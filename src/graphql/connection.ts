import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionRequest, type ConnectionSlice } from '../common/pagination';

export enum SortDirectionEnum {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirectionEnum, { name: 'SortDirection' });

@ObjectType({ description: 'Relay page information.' })
export class PageInfo {
  @Field() hasNextPage!: boolean;
  @Field({ description: 'True when the page was asked for with `after`.' }) hasPreviousPage!: boolean;
  @Field(() => String, { nullable: true }) startCursor!: string | null;
  @Field(() => String, { nullable: true }) endCursor!: string | null;
}

export interface Connection<T> {
  edges: { cursor: string; node: T }[];
  nodes: T[];
  pageInfo: PageInfo;
}

type NodeClass<T> = abstract new (...args: never[]) => T;

/** A Relay connection type (`<Name>Connection`, `<Name>Edge`) for a node type. */
export function ConnectionType<T>(name: string, node: NodeClass<T>): new () => Connection<T> {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field() cursor!: string;
    @Field(() => node) node!: T;
  }

  @ObjectType(`${name}Connection`, { description: `A page of ${name} records, Relay style.` })
  class ConnectionClass {
    @Field(() => [Edge]) edges!: Edge[];
    @Field(() => [node], { description: 'The nodes of `edges`, for clients that need no cursors.' }) nodes!: T[];
    @Field(() => PageInfo) pageInfo!: PageInfo;
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
