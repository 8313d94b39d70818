import type { FieldPolicy, Reference } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';

// The field policy docs/graphql.md ("Apollo Client") gives partners, as they would copy it;
// test/graphql/apollo-client.test.ts holds the two the same.
// --- docs/graphql.md: nodes-aware pagination ---
type Edge = { cursor?: string; node: Reference };
type Page = { edges?: Edge[]; nodes?: Reference[]; pageInfo?: { startCursor?: string | null; endCursor?: string | null; hasNextPage?: boolean; hasPreviousPage?: boolean } };

/**
 * Apollo's relayStylePagination merges `edges` only; this one also takes pages read through
 * `nodes` (their first and last cursors come from pageInfo) and gives `nodes` back.
 */
export function relayStylePaginationWithNodes(keyArgs: FieldPolicy['keyArgs'] = false): FieldPolicy<Page, Page, Page> {
  const relay = relayStylePagination(keyArgs);
  const merge = relay.merge as (existing: Page | undefined, incoming: Page, options: unknown) => Page;
  const read = relay.read as (existing: Page | undefined, options: unknown) => Page | undefined;
  return {
    keyArgs,
    merge(existing, incoming, options) {
      const page = incoming.edges || !incoming.nodes ? incoming : { ...incoming, edges: incoming.nodes.map((node) => ({ node })) };
      return merge(existing, page, options);
    },
    read(existing, options) {
      const page = read(existing, options);
      return page && { ...page, nodes: (page.edges ?? []).map((edge) => options.readField<Reference>('node', edge) as Reference) };
    },
  };
}
// --- end ---
