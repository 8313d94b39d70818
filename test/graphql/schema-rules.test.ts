import { getNamedType, isInputObjectType, isObjectType, type GraphQLInputType, type GraphQLOutputType, type GraphQLSchema } from 'graphql';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchema } from '../../src/graphql/schema';

/**
 * Rules of the schema that client tools depend on, checked over every type rather than field by
 * field: generated TypeScript compares a foreign key with the `id` it names only when both have
 * one type, and a normalising cache (Apollo Client's InMemoryCache keys objects by `__typename`
 * and `id`) is only right when `id` is unique within its type.
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
  const idLike = (name: string): boolean => /^ids?$|Ids?$/.test(name);
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

  it('gives every object type that has an `id` an ID, so a client cache can key it by type and id', () => {
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      const id = type.getFields().id;
      if (id) expect({ type: type.name, id: typeName(id.type) }).toEqual({ type: type.name, id: 'ID' });
    }
  });
});
