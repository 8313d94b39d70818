import { getNamedType, isInputObjectType, isInterfaceType, isObjectType, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { NODE_REF_EXTENSION, nodeArgExtension } from '../../src/graphql/node';
import { createSchema } from '../../src/graphql/schema';

/**
 * Rules of the schema that client tools depend on, checked over every type rather than field by
 * field: generated TypeScript compares a foreign key with the `id` it names only when both have
 * one type, and a normalising cache (Apollo Client's InMemoryCache keys objects by `__typename`
 * and `id`) is only right when `id` is unique within its type; Relay's store keys them by `id`
 * alone, so every `id` is a global id, and every field that names a record takes or gives one.
 */

/**
 * Fields named like ids that do not name a record of this API, each with what it carries instead.
 * Any other field named `id` or `…Id` must be an `ID`; a new exception has to be added here, with
 * its reason.
 */
const NOT_RECORD_IDS: Record<string, string> = {
  // Codes of the global reference libraries (`ReferenceLibraryEntry.code`), integers like enums.
  'Campaign.brandIndustryId': 'Int',
  'Campaign.brandSubIndustryId': 'Int',
  'CampaignInput.brandIndustryId': 'Int',
  'CampaignInput.brandSubIndustryId': 'Int',
  'Distribution.distributionTypeId': 'Int',
  'DistributionInput.distributionTypeId': 'Int',
  // Identifiers issued by other systems, as text.
  'Phase.externalId': 'String',
  'PhaseInput.externalId': 'String',
  'User.idpId': 'String',
  'User.idpAltId': 'String',
  'UserUpsertInput.idpId': 'String',
  'UserUpsertInput.idpAltId': 'String',
  'WebhookService.clientId': 'String',
  'WebhookServiceInput.clientId': 'String',
};

/**
 * `ID` fields and arguments that hold no global id of one record type, each with its reason. Every
 * other `id`, `ids` or `…Id` of the schema is a `Node`'s own id or is declared (NodeRef, IdArg)
 * with the type whose global ids it holds.
 */
const NOT_NODE_REFS = new Set([
  // Ids of other systems' records, stored as given (they name no record of this API).
  'Campaign.advertiserPrimaryCampaignManagerId',
  'Campaign.advertiserPrimaryCommercialManagerId',
  'CampaignInput.advertiserPrimaryCampaignManagerId',
  'CampaignInput.advertiserPrimaryCommercialManagerId',
  'Content.publisherProductId',
  'ContentInput.publisherProductId',
  // Any record type: the id says which.
  'Query.node(id)',
  'Query.nodes(ids)',
  'EventFilter.resourceId',
]);

let schema: GraphQLSchema;

beforeAll(async () => {
  schema = await createSchema(RESOLVERS);
});

function typeName(type: GraphQLInputType | GraphQLOutputType): string {
  return getNamedType(type).name;
}

/** Every field of every object and input type, and every argument of every field, as `Type.field` (`Type.field(argument)`). */
function idLikeFields(): Map<string, string> {
  const found = new Map<string, string>();
  const idLike = (name: string): boolean => /^ids?$|Ids?$/.test(name) && name !== 'databaseId';
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__') || !(isObjectType(type) || isInputObjectType(type))) continue;
    for (const field of Object.values(type.getFields())) {
      if (idLike(field.name)) found.set(`${type.name}.${field.name}`, typeName(field.type));
      for (const argument of 'args' in field ? field.args : []) {
        if (idLike(argument.name)) found.set(`${type.name}.${field.name}(${argument.name})`, typeName(argument.type));
      }
    }
  }
  return found;
}

describe('the schema', () => {
  it('types every field and argument that names a record as ID, ids and foreign keys alike', () => {
    const fields = idLikeFields();
    expect(fields.size).toBeGreaterThan(50);
    const notIds = Object.fromEntries([...fields].filter(([, type]) => type !== 'ID'));
    expect(notIds).toEqual(NOT_RECORD_IDS);
  });

  it('makes every object type that has an `id` a Node, with its database id beside it', () => {
    const node = schema.getType('Node');
    if (!isInterfaceType(node)) throw new Error('no Node interface');
    expect(Object.keys(node.getFields())).toEqual(['id']);
    const withIds = Object.values(schema.getTypeMap()).filter((type) => isObjectType(type) && !type.name.startsWith('__') && type.getFields().id !== undefined);
    expect(withIds.length).toBeGreaterThanOrEqual(17);
    for (const type of withIds) {
      if (!isObjectType(type)) continue;
      expect({ type: type.name, node: type.getInterfaces().includes(node), id: String(type.getFields().id.type), databaseId: typeName(type.getFields().databaseId?.type ?? node) }).toEqual({
        type: type.name,
        node: true,
        id: 'ID!',
        databaseId: expect.stringMatching(/^(Int|BigInt)$/),
      });
    }
  });

  it('declares the record type of every other ID field and argument, and only Node types', () => {
    const nodeTypes = new Set(schema.getPossibleTypes(schema.getType('Node') as never).map((type) => type.name));
    const undeclared: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || !(isObjectType(type) || isInputObjectType(type))) continue;
      for (const field of Object.values(type.getFields())) {
        const where = `${type.name}.${field.name}`;
        const ownId = isObjectType(type) && field.name === 'id' && nodeTypes.has(type.name);
        const declared = field.extensions?.[NODE_REF_EXTENSION];
        if (declared !== undefined) expect({ where, declared: nodeTypes.has(String(declared)) }).toEqual({ where, declared: true });
        else if (typeName(field.type) === 'ID' && !ownId && !NOT_NODE_REFS.has(where)) undeclared.push(where);
        for (const argument of 'args' in field ? field.args : []) {
          const argumentWhere = `${where}(${argument.name})`;
          const argumentDeclared = field.extensions?.[nodeArgExtension(argument.name)];
          if (argumentDeclared !== undefined) expect({ argumentWhere, declared: nodeTypes.has(String(argumentDeclared)) }).toEqual({ argumentWhere, declared: true });
          else if (typeName(argument.type) === 'ID' && !NOT_NODE_REFS.has(argumentWhere)) undeclared.push(argumentWhere);
        }
      }
    }
    expect(undeclared).toEqual([]);
  });
});
