import type { FastifyRequest } from 'fastify';
import type { RecordId } from '../../common/ids';
import type { JsonSchema } from '../../common/json-schema';
import type { RequestContext } from '../../common/request-context';
import type { ScopeGroup } from '../../common/scopes';
import type { WireShape } from '../../common/wire-shape';
import type { PageSlice } from '../../db/lists/list-engine';
import type { ListDeclaration } from '../../db/lists/list-declaration';
import type { PageRequest } from '../../db/lists/list-request';
import { requestContext } from '../request-context';
import { listQuery } from './list-query';
import { keyed, pageOf } from './openapi/response-schemas';
import { paginated } from './pagination';
import { bodyInput, pathParam } from './request-input';
import type { RestServices } from './rest-deps';
import type { HttpMethod, V2Route } from './v2-route';

/**
 * The facts a /v2 resource's standard operations are declared from: list, get, create, update and
 * delete then differ only in their text. Names give the messages (`Campaign created successfully`),
 * the operation ids (`createCampaign`), the keys under `data` (`campaign`, `campaigns`), the
 * collection's path (`/advertiser-accounts`; one record is `/advertiser-accounts/:id`) and the
 * document's tag (the plural).
 */
export interface V2Resource<T, S, I extends object> {
  /** The path parameter naming one record, and what it names. */
  param: string;
  paramDescription: string;
  /** Singular and plural, capitalised as messages start (`Advertiser account`, `Advertiser accounts`). */
  name: string;
  names: string;
  /** Reads need `<group>:read`, writes `<group>:write`. */
  group: ScopeGroup;
  wire: WireShape;
  record: JsonSchema;
  /** The input class create and update bodies become (`bodyInput`). */
  input: new () => I;
  service(services: RestServices): S;
  toRecord(item: T, ctx: RequestContext): unknown;
}

/** What differs between two standard operations: their words and, for writes, the body. */
export interface OperationText {
  summary: string;
  description?: string;
}

interface Lists<T> {
  list(ctx: RequestContext, request: PageRequest): Promise<PageSlice<T>>;
}
interface Gets<T> {
  get(ctx: RequestContext, id: RecordId): Promise<T>;
}
interface Creates<T, I> {
  create(ctx: RequestContext, input: I): Promise<T>;
}
interface Updates<T, I> {
  update(ctx: RequestContext, id: RecordId, input: I): Promise<T>;
}
interface Deletes {
  delete(ctx: RequestContext, id: RecordId): Promise<unknown>;
}

/** `Advertiser account` → `AdvertiserAccount` (operation ids), `advertiser_account` (data keys), `advertiser-account` (paths). */
const pascal = (words: string): string => words.split(' ').map((word) => word[0].toUpperCase() + word.slice(1)).join('');
const snake = (words: string): string => words.toLowerCase().replaceAll(' ', '_');
const kebab = (words: string): string => words.toLowerCase().replaceAll(' ', '-');

/** What every operation of the resource shares, and the text of this one. */
function operation(resource: V2Resource<never, unknown, object>, method: HttpMethod, one: boolean, text: OperationText) {
  return {
    method,
    path: one ? `/${kebab(resource.names)}/:${resource.param}` : `/${kebab(resource.names)}`,
    summary: text.summary,
    ...(text.description ? { description: text.description } : {}),
    tag: resource.names,
    ...(one ? { params: { [resource.param]: resource.paramDescription } } : {}),
    config: { wire: resource.wire },
  };
}

function idOf(request: FastifyRequest, resource: V2Resource<never, unknown, object>): string {
  return pathParam(request, resource.param);
}

export function listRoute<T, S extends Lists<T>, I extends object>(resource: V2Resource<T, S, I>, text: OperationText & { list: ListDeclaration }): V2Route {
  const key = snake(resource.names);
  return {
    ...operation(resource, 'GET', false, text),
    operationId: `list${pascal(resource.names)}`,
    scope: `${resource.group}:read`,
    query: { paged: true, list: text.list },
    success: { message: `${resource.names} retrieved successfully`, data: keyed(key, pageOf(resource.record)) },
    async handle(request, { services, publicUrl }) {
      const ctx = requestContext(request);
      const slice = await resource.service(services).list(ctx, listQuery(request, text.list));
      return { [key]: paginated(request, publicUrl, slice, (item) => resource.toRecord(item, ctx)) };
    },
  };
}

export function getRoute<T, S extends Gets<T>, I extends object>(resource: V2Resource<T, S, I>, text: OperationText): V2Route {
  const key = snake(resource.name);
  return {
    ...operation(resource, 'GET', true, text),
    operationId: `get${pascal(resource.name)}`,
    scope: `${resource.group}:read`,
    success: { message: `${resource.name} retrieved successfully`, data: keyed(key, resource.record) },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return { [key]: resource.toRecord(await resource.service(services).get(ctx, idOf(request, resource)), ctx) };
    },
  };
}

export function createRoute<T, S extends Creates<T, I>, I extends object>(resource: V2Resource<T, S, I>, text: OperationText & { body: JsonSchema }): V2Route {
  const key = snake(resource.name);
  return {
    ...operation(resource, 'POST', false, text),
    operationId: `create${pascal(resource.name)}`,
    scope: `${resource.group}:write`,
    body: text.body,
    success: { message: `${resource.name} created successfully`, data: keyed(key, resource.record) },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      return { [key]: resource.toRecord(await resource.service(services).create(ctx, bodyInput(request, resource.wire, resource.input)), ctx) };
    },
  };
}

/** An update is a PUT unless the specification documents a POST; `unkeyed` puts the record under its own key instead of `data`. */
export function updateRoute<T, S extends Updates<T, I>, I extends object>(
  resource: V2Resource<T, S, I>,
  text: OperationText & { body: JsonSchema; method?: HttpMethod; unkeyed?: boolean },
): V2Route {
  const key = snake(resource.name);
  return {
    ...operation(resource, text.method ?? 'PUT', true, text),
    operationId: `update${pascal(resource.name)}`,
    scope: `${resource.group}:write`,
    body: text.body,
    success: {
      message: `${resource.name} updated successfully`,
      ...(text.unkeyed ? { data: resource.record, under: key } : { data: keyed(key, resource.record) }),
    },
    async handle(request, { services }) {
      const ctx = requestContext(request);
      const updated = resource.toRecord(await resource.service(services).update(ctx, idOf(request, resource), bodyInput(request, resource.wire, resource.input)), ctx);
      return text.unkeyed ? updated : { [key]: updated };
    },
  };
}

export function deleteRoute<T, S extends Deletes, I extends object>(resource: V2Resource<T, S, I>, text: OperationText): V2Route {
  return {
    ...operation(resource, 'DELETE', true, text),
    operationId: `delete${pascal(resource.name)}`,
    scope: `${resource.group}:write`,
    success: { message: `${resource.name} deleted successfully` },
    async handle(request, { services }) {
      await resource.service(services).delete(requestContext(request), idOf(request, resource));
    },
  };
}
