import 'reflect-metadata';
import { type GraphQLSchema, isObjectType, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, buildSchemaSync, type BuildSchemaOptions, type PubSub } from 'type-graphql';
import type { ScopeNeed } from '../common/scopes';
import { withGlobalIds } from './global-id-fields';
import { withLeanResolvers } from './lean-resolvers';
import { SCOPE_EXTENSION } from './scopes/requires-scope';

/**
 * type-graphql wants a PubSub as soon as a schema has subscriptions, though ours name their own
 * source (`@Subscription({ subscribe })`: the event hub, src/events/stream) and no topic is used.
 */
const NO_TOPICS: PubSub = {
  publish() {
    throw new Error('subscriptions declare their source (subscribe); there are no topics to publish to');
  },
  subscribe() {
    throw new Error('subscriptions declare their source (subscribe); there are no topics to subscribe to');
  },
};

/** Each field that needs a scope says so in its description (the explorer's Docs pane shows it). */
function describeScopes(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const need = field.extensions?.[SCOPE_EXTENSION] as ScopeNeed | undefined;
      if (!need) continue;
      const says = need === 'key' ? 'Any valid API key.' : `Scope: \`${need}\`${need.endsWith(':read') ? ` (or \`${need.replace(':read', ':write')}\`)` : ''}.`;
      field.description = field.description ? `${field.description} ${says}` : says;
    }
  }
}

/** The resolver classes a schema is built from: the application's are RESOLVERS (src/app/resolvers.ts). */
export type ResolverClasses = BuildSchemaOptions['resolvers'];

/**
 * Validation is off here on purpose: the service layer validates every input, once, for both
 * faces, so refusals look the same on REST and GraphQL.
 */
export async function createSchema(resolvers: ResolverClasses): Promise<GraphQLSchema> {
  const options = buildOptions(resolvers);
  return finish(await buildSchema(options), options);
}

/** The same schema, built synchronously (for code that cannot wait: jest collects tests before any hook runs). */
export function createSchemaSync(resolvers: ResolverClasses): GraphQLSchema {
  const options = buildOptions(resolvers);
  return finish(buildSchemaSync(options), options);
}

function buildOptions(resolvers: ResolverClasses): BuildSchemaOptions {
  return { resolvers, validate: false, emitSchemaFile: false, pubSub: NO_TOPICS };
}

/** What follows type-graphql's build: its wrappers taken away where they do nothing (lean-resolvers.ts), descriptions. */
function finish(schema: GraphQLSchema, options: BuildSchemaOptions): GraphQLSchema {
  withLeanResolvers(schema, options);
  withGlobalIds(schema);
  describeRootTypes(schema);
  describeScopes(schema);
  return schema;
}

/**
 * type-graphql has no option for the root types' descriptions, and every type of the schema is
 * described (require-description in eslint.config.mjs), so they are set on the schema it built,
 * which is this call's own.
 */
function describeRootTypes(schema: GraphQLSchema): void {
  const query = schema.getQueryType();
  if (query) {
    query.description =
      "Reads of the API key's workspace (the reference libraries and the event catalogue are global). Every operation needs the key (`X-API-Key` or `Authorization: Bearer`).";
  }
  const mutation = schema.getMutationType();
  if (mutation) {
    mutation.description =
      "Writes to the API key's workspace. Expected refusals come back in each payload's `userErrors`, with nothing changed; an `Idempotency-Key` header makes a retry safe.";
  }
  const subscription = schema.getSubscriptionType();
  if (subscription) {
    subscription.description =
      "Live changes of the API key's workspace, over WebSocket (graphql-transport-ws on /graphql, the key in `connectionParams`) or Server-Sent Events (/graphql/stream).";
  }
}

/** The SDL checked in as schema.graphql. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
