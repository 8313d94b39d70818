import type { ListDeclaration } from '../db/lists/list-declaration';
import { type Connection, ConnectionType } from './connection';
import { listTypes } from './lists/list-types';
import { type DeletePayload, DeletePayloadType, type ResourcePayload, ResourcePayloadType } from './payloads';

type NodeClass<T> = abstract new (...args: never[]) => T;

/** The GraphQL types of a listed, created, updated and deleted resource, all named after it. */
export interface ResourceTypes<N extends string, T> {
  /** `<Name>Connection` (and `<Name>Edge`). */
  Connection: new () => Connection<T>;
  /** `<Name>ListArgs`: the list's arguments, from its declaration. */
  ListArgs: ReturnType<typeof listTypes>['args'];
  /** `<Name>Payload { <name>, userErrors }`. */
  Payload: new () => ResourcePayload<Uncapitalize<N>, T>;
  /** `<Name>DeletePayload { deleted<Name>Id, userErrors }`. */
  DeletePayload: new () => DeletePayload<`deleted${N}Id`>;
}

/** One naming rule for every such resource, instead of four declarations each spelling it. */
export function resourceTypes<N extends string, T>(name: N, node: NodeClass<T>, list: ListDeclaration): ResourceTypes<N, T> {
  const field = `${name[0].toLowerCase()}${name.slice(1)}` as Uncapitalize<N>;
  return {
    Connection: ConnectionType(name, node, list),
    ListArgs: listTypes(list).args,
    Payload: ResourcePayloadType(`${name}Payload`, field, node),
    DeletePayload: DeletePayloadType(`${name}DeletePayload`, `deleted${name}Id` as const, name),
  };
}
