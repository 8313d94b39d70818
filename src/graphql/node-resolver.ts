import { Arg, type ClassType, Ctx, FieldResolver, ID, Int, Query, Resolver, Root } from 'type-graphql';
import { ValidationFailedError, ForbiddenError } from '../common/errors';
import { parseGlobalId } from '../common/global-id';
import { parseBigId, parseId } from '../common/ids';
import type { Key } from './loader-kit';
import { grants, type ScopeNeed } from '../common/scopes';
import type { GraphQLContext } from './context';
import { asNode, Node } from './node';
import { BigIntScalar } from './scalars';
import { RequiresScope } from './scopes/requires-scope';
import { MAX_FILTER_VALUES } from '../db/lists/filters';

/**
 * One record type reachable through `node`/`nodes` (each resource declares its own; src/app/nodes.ts
 * assembles them): how its records are read by database id, and what reading them needs.
 */
export interface NodeSource {
  /** The GraphQL type, as its global ids name it. */
  typeName: string;
  /** Its class, for its `databaseId` field. */
  objectType: ClassType;
  /** The scope its own root field needs (`campaign(id:)`: `campaigns:read`). */
  scope: ScopeNeed;
  /** `bigint` ids (events, deliveries) are `BigInt` database ids; the others `Int`. */
  idKind: 'integer' | 'bigint';
  /** What else `databaseId`'s description says of this type's ids. */
  databaseIdNote?: string;
  /**
   * The records of these database ids (numbers, or digits for bigint ids: the column's values), in
   * order, through the request's loaders (one statement per type, however many ids); null where
   * the request cannot see one: none, deleted, another workspace's.
   */
  load(context: GraphQLContext, databaseIds: readonly Key[]): Promise<readonly (object | null)[]>;
}

const MAX_NODES = MAX_FILTER_VALUES;
const NOT_A_NODE = 'must be a global id of a record of this API (gid://partner-api/<Type>/<id>)';

/**
 * The records `ids` name, in order, null where none is visible. Every id is judged before anything
 * is read: a malformed one, or one of a type with no records, is BAD_USER_INPUT; one of a type the
 * key may not read is FORBIDDEN (decided on the id's type alone, so nothing is said of existence).
 * `field` names the argument in refusals: `id` (node's one id), or `ids` with each id's index.
 */
async function readNodes(sources: ReadonlyMap<string, NodeSource>, context: GraphQLContext, ids: readonly string[], field: 'id' | 'ids'): Promise<(object | null)[]> {
  if (ids.length > MAX_NODES) throw ValidationFailedError.single(field, `must list at most ${MAX_NODES} ids`);
  const wanted = ids.map((id, index) => {
    const parts = parseGlobalId(id);
    const source = parts && sources.get(parts.typeName);
    if (!parts || !source) throw ValidationFailedError.single(field === 'id' ? field : `${field}.${index}`, NOT_A_NODE);
    // An id beyond the column's range names nothing: it is answered null without a read.
    return { source, key: source.idKind === 'bigint' ? parseBigId(parts.databaseId) : parseId(parts.databaseId) };
  });
  const denied = [...new Set(wanted.map(({ source }) => source.scope))].filter((scope) => !grants(context.request.scopes, scope));
  if (denied.length > 0) throw new ForbiddenError(denied);
  // One read per type (its loader batches the ids into one statement), all types at once.
  const byType = Map.groupBy(
    wanted.filter(({ key }) => key !== null),
    ({ source }) => source,
  );
  const found = new Map<NodeSource, Map<Key, object | null>>();
  await Promise.all(
    [...byType].map(async ([source, ofType]) => {
      const keys = ofType.map(({ key }) => key as Key);
      const records = await source.load(context, keys);
      found.set(source, new Map(keys.map((key, index) => [key, records[index] ? asNode(records[index], source.typeName) : null])));
    }),
  );
  return wanted.map(({ source, key }) => (key === null ? null : (found.get(source)?.get(key) ?? null)));
}

/** `Query.node` and `Query.nodes` over `sources`, and each source's `databaseId` field. */
export function nodeResolvers(sources: readonly NodeSource[]): ClassType[] {
  const byName = new Map(sources.map((source) => [source.typeName, source]));

  @Resolver(() => Node)
  class NodeResolver {
    @RequiresScope('key')
    @Query(() => Node, {
      nullable: true,
      description:
        "The record a global id names, of any type; null when it names nothing this key's workspace has (deleted, or another workspace's). Needs the scope of the record type's own field (`campaign`: `campaigns:read`); a malformed id is BAD_USER_INPUT. Costs as the record's own field.",
    })
    async node(@Ctx() context: GraphQLContext, @Arg('id', () => ID, { description: 'A global id (`id` of any record).' }) id: string): Promise<object | null> {
      return (await readNodes(byName, context, [id], 'id'))[0];
    }

    @RequiresScope('key')
    @Query(() => [Node], {
      nullable: 'items',
      description: `The records of up to ${MAX_NODES} global ids, of any types, in order: null for each that names nothing this key's workspace has. One statement per type. Rules and cost per id as \`node\`.`,
    })
    async nodes(@Ctx() context: GraphQLContext, @Arg('ids', () => [ID], { description: `Global ids, at most ${MAX_NODES}.` }) ids: string[]): Promise<(object | null)[]> {
      return readNodes(byName, context, ids, 'ids');
    }
  }

  return [NodeResolver, ...sources.map(databaseIdResolver)];
}

/** `<Type>.databaseId`: the id REST /v2 and webhook payloads use for the same record. */
function databaseIdResolver(source: NodeSource): ClassType {
  const bigint = source.idKind === 'bigint';
  @Resolver(() => source.objectType)
  class DatabaseIdResolver {
    @FieldResolver(() => (bigint ? BigIntScalar : Int), {
      description: `The record's id in REST /v2 and in webhook payloads (\`id\` is its global id)${bigint ? ', as a decimal string' : ''}.${source.databaseIdNote ? ` ${source.databaseIdNote}` : ''} Read-only.`,
    })
    databaseId(@Root() record: { id: number | string }): number | string {
      return bigint ? String(record.id) : Number(record.id);
    }
  }
  Object.defineProperty(DatabaseIdResolver, 'name', { value: `${source.typeName}DatabaseIdResolver` });
  return DatabaseIdResolver;
}
