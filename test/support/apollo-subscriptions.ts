// The client docs/graphql.md ("Live updates") gives partners, as they would copy it;
// test/graphql/apollo-client.test.ts holds the two the same and runs it.
// --- docs/graphql.md: Apollo Client with subscriptions ---
import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { OperationTypeNode } from 'graphql';
import { createClient } from 'graphql-ws';

/** Queries and mutations over HTTP, subscriptions over one WebSocket, one key for both. */
export function partnerClient(origin: string, key: string): ApolloClient {
  const http = new HttpLink({ uri: `${origin}/graphql`, headers: { 'X-API-Key': key } });
  const live = new GraphQLWsLink(createClient({ url: `${origin.replace(/^http/, 'ws')}/graphql`, connectionParams: { 'X-API-Key': key } }));
  return new ApolloClient({
    link: ApolloLink.split(({ operationType }) => operationType === OperationTypeNode.SUBSCRIPTION, live, http),
    cache: new InMemoryCache(),
  });
}
// --- end ---
