import { type DocumentNode, type GraphQLError, type GraphQLSchema, parse, validate } from 'graphql';

/** Distinct operation texts remembered; past it the oldest is forgotten. */
const MAX_DOCUMENTS = 500;

/**
 * Parsed and validated subscription documents by their text. Subscribers mostly send the same few
 * operations (every tab of a front-end, every node of a partner's service), and a parse and a
 * validation per subscription would make each one's garbage and its own copy of the document: with
 * this, a thousand subscribers of one operation share one document, parsed and validated once.
 * Only valid documents are kept, so a refused text is judged afresh each time.
 */
export class ValidatedDocuments {
  private readonly documents = new Map<string, DocumentNode>();

  constructor(private readonly schema: GraphQLSchema) {}

  /** The document, or the errors refusing it: a parse error (thrown by `parse`) or validation errors. */
  get(query: string): { document: DocumentNode } | { invalid: readonly GraphQLError[] } {
    const known = this.documents.get(query);
    if (known) return { document: known };
    const document = parse(query);
    const invalid = validate(this.schema, document);
    if (invalid.length > 0) return { invalid };
    if (this.documents.size >= MAX_DOCUMENTS) this.documents.delete(this.documents.keys().next().value as string);
    this.documents.set(query, document);
    return { document };
  }
}
