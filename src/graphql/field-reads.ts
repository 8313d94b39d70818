import { getNamedType, isObjectType, type GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { Extensions } from 'type-graphql';

/** Where a field keeps what it reads of its object in the built schema (`GraphQLField.extensions.reads`). */
const READS_EXTENSION = 'reads';

/**
 * The properties of its object a field resolver reads, other than the object's id and a column of
 * the field's own name: `@Reads('contentEditorId')` on `Content.editor`. A read narrowed to a
 * selection (projection.ts, db/projection.ts) selects only the columns asked for, the id and these,
 * so a field resolver that reads a column without declaring it here gets undefined; in the tests
 * such a read throws instead, naming the column and the field (src/db/projected-reads.ts).
 */
export function Reads(...properties: string[]): MethodDecorator & PropertyDecorator {
  return (target: object, key: string | symbol, descriptor?: PropertyDescriptor) => {
    const decorator = Extensions({ [READS_EXTENSION]: properties });
    if (descriptor) decorator(target, key, descriptor);
    else decorator(target, key);
  };
}

/** What the field `name` of `type` declares it reads (none when it declares nothing or is not a field of it). */
export function readsOf(type: GraphQLObjectType | undefined, name: string): readonly string[] {
  const reads = type?.getFields()[name]?.extensions[READS_EXTENSION];
  return Array.isArray(reads) ? (reads as string[]) : [];
}

/** The object type a field's values are (through lists and non-null), or undefined for a scalar, enum or abstract type. */
export function objectTypeOf(type: GraphQLOutputType | undefined): GraphQLObjectType | undefined {
  const named = type === undefined ? undefined : getNamedType(type);
  return isObjectType(named) ? named : undefined;
}
