import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isRequiredArgument,
  isRequiredInputField,
  OperationTypeNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/*
 * Operations made from the schema itself, for the sweeps that hold a rule for every root field
 * (test/graphql/unauthenticated-contract.test.ts, test/api-keys/scope-sweep.test.ts): a new field
 * is swept the day it is added.
 */

/** A root field: its operation type and its name (titled `query campaigns`, `mutation campaignCreate`). */
export type RootField = readonly [operation: OperationTypeNode, field: string];

/** Every root field of the schema, by operation type, in schema order. */
export function rootFields(schema: GraphQLSchema): RootField[] {
  return Object.values(OperationTypeNode).flatMap((operation) => Object.keys(schema.getRootType(operation)?.getFields() ?? {}).map((field) => [operation, field] as const));
}



/** A literal each scalar accepts; a scalar missing here fails the operations that need it. Ids are "1": see beforeAll. */
export const SCALAR_LITERALS: Record<string, string> = {
  ID: '"1"',
  String: '"x"',
  Int: '1',
  Float: '1.5',
  Boolean: 'true',
  Date: '"2030-01-01"',
  DateTime: '"2030-01-01T00:00:00.000Z"',
  JSONObject: '{}',
};

/**
 * A valid literal of `type`, `at` naming where it goes (for the error when none can be made): the
 * required fields of input objects, the first value of enums, one element in lists (none where
 * the element would nest an input object in itself, which would never end).
 */
export function literal(type: GraphQLInputType, at: string, enclosing: readonly string[] = []): string {
  if (isNonNullType(type)) return literal(type.ofType, at, enclosing);
  if (isListType(type)) {
    const element = getNamedType(type);
    if (isInputObjectType(element) && enclosing.includes(element.name)) return '[]';
    return `[${literal(type.ofType, `${at}[0]`, enclosing)}]`;
  }
  if (isEnumType(type)) {
    const [first] = type.getValues();
    if (!first) throw new Error(`${at}: enum ${type.name} has no values`);
    return first.name;
  }
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    // A @oneOf input takes exactly one field, and none of its fields is required.
    const given = type.isOneOf ? fields.slice(0, 1) : fields.filter(isRequiredInputField);
    if (given.length === 0) return '{}';
    return `{ ${given.map((field) => `${field.name}: ${literal(field.type, `${at}.${field.name}`, [...enclosing, type.name])}`).join(', ')} }`;
  }
  const scalar = SCALAR_LITERALS[type.name];
  if (scalar === undefined) throw new Error(`${at}: no literal for the scalar ${type.name}; add one to SCALAR_LITERALS`);
  return scalar;
}

/** The smallest operation on `field`: every required argument, and `__typename` of a composite result. */
export function operationOn(operation: OperationTypeNode, field: GraphQLField<unknown, unknown>): string {
  const args = field.args.filter(isRequiredArgument).map((arg) => `${arg.name}: ${literal(arg.type, `${field.name}(${arg.name})`)}`);
  const argumentList = args.length === 0 ? '' : `(${args.join(', ')})`;
  const selection = isLeafType(getNamedType(field.type)) ? '' : ' { __typename }';
  return `${operation} { ${field.name}${argumentList}${selection} }`;
}
