import 'reflect-metadata';
import { type GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema, type BuildSchemaOptions } from 'type-graphql';

/** The resolver classes a schema is built from: the application's are RESOLVERS (src/app/resolvers.ts). */
export type ResolverClasses = BuildSchemaOptions['resolvers'];

/**
 * Validation is off here on purpose: the service layer validates every input, once, for both
 * faces, so refusals look the same on REST and GraphQL.
 */
export async function createSchema(resolvers: ResolverClasses): Promise<GraphQLSchema> {
  return buildSchema({ resolvers, validate: false, emitSchemaFile: false });
}

/** The SDL checked in as schema.graphql. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `${printSchema(lexicographicSortSchema(schema))}\n`;
}
