import type { ErrorCode } from '../../common/error-codes';
import type { ScopeNeed } from '../../common/scopes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchema } from '../../common/json-schema';
import type { ListDeclaration } from '../../db/lists/list-declaration';
import { done, success, successUnder } from './envelope';
import type { RestDeps } from './rest-deps';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * A route's query: `page`/`per_page` paging, and, for a declared list, its filters and `sort`
 * (src/db/lists/), which the handler reads with `listQuery` and the document lists.
 */
export interface ListQueryDeclaration {
  paged: boolean;
  list?: ListDeclaration;
  /** Parameters the route reads itself (the stream's `after` and `limit`), as the document lists them. */
  parameters?: readonly { name: string; description: string; schema: JsonSchema }[];
}

/** The 200 answer: `data` (or the documented exception's own key) holds the schema; none for deletes. */
export interface SuccessDeclaration {
  /** The message of the success envelope; an operation with two outcomes names both. */
  message: string | readonly string[];
  data?: JsonSchema;
  /** §4.6's update content puts the record under its own key instead of `data`. */
  under?: string;
}

/**
 * One /v2 operation, declared once: the server registers it and the OpenAPI document
 * (GET /v2/openapi.json, openapi.json) is generated from it. Handlers call the service layer and
 * return the data; the envelope around it is built from the declaration (`registerDeclaredRoutes`).
 */
export interface V2Route {
  method: HttpMethod;
  /** Under /v2, in Fastify's syntax (`/campaigns/:id`). */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  /** The resource group (the document's tag). */
  tag: string;
  /** The scope a key needs for it (`key`: any valid key), checked before anything runs (403 FORBIDDEN). */
  scope: ScopeNeed;
  /** Path parameters by name, with what they name; ids that are not digits answer 404 like unknown ones. */
  params?: Readonly<Record<string, string>>;
  /** `page`/`per_page` paging (spec §2.1) and named filters; any other parameter is refused. */
  query?: ListQueryDeclaration;
  body?: JsonSchema;
  /**
   * The body names a record by id (the parent to create under, `campaign_id`, `content_id`, or an
   * upsert's `id`): one that names nothing answers 404, as an unknown path id does.
   */
  bodyNamesRecord?: boolean;
  success: SuccessDeclaration;
  /** Refusals of its own, beyond those its id, body and query give (the stream's expired cursor): documented with their status. */
  refusals?: readonly ErrorCode[];
  /** A config Fastify's hooks read (for example the WireShape that spells error field names). */
  config?: Record<string, unknown>;
  /** Calls the service layer and returns what goes under `data` (nothing for deletes), or an `Outcome`. */
  handle(request: FastifyRequest, deps: RestDeps, reply: FastifyReply): Promise<unknown>;
}

/** What an operation with more than one documented message returns: which one, and the data. */
export class Outcome {
  constructor(
    readonly message: string,
    readonly data: unknown,
  ) {}
}

/** The success envelope of a declared route around what its handler returned. */
function envelopeOf(declared: SuccessDeclaration, result: unknown): object {
  const [message, data] = result instanceof Outcome ? [result.message, result.data] : [typeof declared.message === 'string' ? declared.message : declared.message[0], result];
  if (declared.under) return successUnder(message, declared.under, data);
  return declared.data === undefined ? done(message) : success(message, data);
}

/** Registers declared routes on the /v2 instance. */
export function registerDeclaredRoutes(app: FastifyInstance, routes: readonly V2Route[], deps: RestDeps): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: route.path,
      config: { ...route.config, scope: route.scope },
      handler: async (request, reply) => envelopeOf(route.success, await route.handle(request, deps, reply)),
    });
  }
}
