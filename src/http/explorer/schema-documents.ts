import { type GraphQLSchema, introspectionFromSchema } from 'graphql';
import { printSchemaFile } from '../../graphql/schema';
import { staticDocument, type StaticDocument } from './static-document';

/**
 * The running schema, published without a key: what introspection with a key answers anyway, and
 * what schema.graphql holds in the repository. Printed from the schema the server runs rather than
 * read from the checked-in file, so it cannot differ from what /graphql answers (and needs no file
 * next to the build); a test keeps the two equal.
 */
export function sdlDocument(schema: GraphQLSchema): Promise<StaticDocument> {
  return staticDocument(printSchemaFile(schema), 'text/plain; charset=utf-8');
}

/**
 * The answer to an introspection query (`{"data": {"__schema": …}}`) asking for everything:
 * introspectionFromSchema's defaults ask for more than GraphiQL's query does (descriptions,
 * deprecated arguments and input fields, one-of inputs). The explorer's docs are built from it
 * (ruru-page.ts, assets/explorer.js).
 */
export function introspectionDocument(schema: GraphQLSchema): Promise<StaticDocument> {
  return staticDocument(JSON.stringify({ data: introspectionFromSchema(schema) }), 'application/json; charset=utf-8');
}
