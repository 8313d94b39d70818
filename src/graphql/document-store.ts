import type { DocumentStore } from '@apollo/server';
import type { DocumentNode } from 'graphql';
import { LRUCache } from 'lru-cache';

/**
 * Apollo Server keeps every query text's parsed and validated document (its `documentStore`), so
 * that a text sent again is neither parsed nor validated again. Its default store is an LRU of
 * 30 MiB as measured by the documents' JSON length; a parsed document holds its whole token list
 * (`loc.startToken` … `loc.endToken`, hidden from JSON), so it really takes about 4 times that on
 * the heap: 30 "MiB" of them hold about 125 MiB. A client writing its values into the text (every text
 * new) filled it, and a node given 256 MiB of heap spent itself collecting garbage (docs/
 * benchmarks.md, "Soak with inline values"). This store bounds the documents by what they hold.
 */

/**
 * Heap bytes a parsed document takes per character of its text: measured, after a full
 * collection, over 2,000 distinct documents each (Node 24, graphql 16): 78 for the nested query of
 * the benchmarks (204 characters, 15.9 KB), 71 for a mutation with its input written inline
 * (141, 10.0 KB), 112 for a small query with a variable (69, 7.7 KB; the fixed part weighs more in
 * a short text). 120 errs on the side of holding less than the bound.
 */
export const PARSED_BYTES_PER_CHARACTER = 120;

/**
 * Heap the documents may hold: the texts partners send again and again (a handful per
 * integration) fit many times over (the nested query is about 24 KB by the estimate above, so 8 MiB
 * keeps about 340 of it), and a stream of one-off texts cannot take more.
 */
export const DOCUMENT_STORE_BYTES = 8 * 1024 * 1024;

/** Characters of the text a document was parsed from (Apollo parses with locations); a JSON estimate for one without. */
export function textLengthOf(document: DocumentNode): number {
  return document.loc?.source.body.length ?? JSON.stringify(document).length;
}

/** Apollo's `documentStore`: parsed documents in an LRU bounded by their estimated heap. */
export function documentStore(maxBytes = DOCUMENT_STORE_BYTES): DocumentStore {
  const documents = new LRUCache<string, DocumentNode>({
    maxSize: maxBytes,
    sizeCalculation: (document) => Math.max(1, textLengthOf(document) * PARSED_BYTES_PER_CHARACTER),
  });
  return {
    async get(key) {
      return documents.get(key);
    },
    async set(key, document) {
      documents.set(key, document);
    },
    async delete(key) {
      return documents.delete(key);
    },
  };
}
