import { getNullableType, type GraphQLField, type GraphQLSchema, isObjectType } from 'graphql';
import { advertiserAccountList } from '../../src/advertiser-accounts/advertiser-account.list';
import { RESOLVERS } from '../../src/app/resolvers';
import { createSchemaSync } from '../../src/graphql/schema';
import { V2_ROUTES } from '../../src/app/v2-routes';
import { campaignList } from '../../src/campaigns/campaign.list';
import { contentList } from '../../src/contents/content.list';
import type { ListDeclaration } from '../../src/db/lists/list-declaration';
import { distributionList } from '../../src/distributions/distribution.list';
import { eventList } from '../../src/events/event.list';
import type { V2Route } from '../../src/http/rest/v2-route';
import { memberList } from '../../src/members/member.list';
import { organisationUserList } from '../../src/organisation-users/organisation-user.list';
import { phaseList } from '../../src/phases/phase.list';
import { publisherProfileList } from '../../src/publisher-profiles/publisher-profile.list';
import { deliveryList } from '../../src/webhooks/delivery.list';
import { MODELS, type ListModel } from './list-models';

/**
 * The table the list suites are generated from: every declared list (src/**\/*.list.ts) with the
 * faces that serve it. /v2's routes are found in V2_ROUTES by their `query.list`; GraphQL's fields
 * are named here (a field does not say which declaration made its arguments) and checked against
 * the schema: the field's `filter` is `<Name>Filter`. list-table.test.ts fails when a declaration
 * has no face, or a /v2 list route, a GraphQL connection field or a *.list.ts declaration is
 * missing from the table.
 */

/** The declarations of src/**\/*.list.ts; list-table.test.ts reads the files to hold this complete. */
export const DECLARATIONS: readonly ListDeclaration[] = [
  campaignList,
  contentList,
  advertiserAccountList,
  memberList,
  organisationUserList,
  publisherProfileList,
  phaseList,
  distributionList,
  eventList,
  deliveryList,
];

/** Where GraphQL serves a list: a root field, or a field of a record the root field `parent` reads by `id`. */
export interface GraphQLAccess {
  type: string;
  field: string;
  parent?: string;
}

const GRAPHQL_ACCESS = new Map<ListDeclaration, GraphQLAccess>([
  [campaignList, { type: 'Query', field: 'campaigns' }],
  [contentList, { type: 'Query', field: 'contents' }],
  [advertiserAccountList, { type: 'Query', field: 'advertiserAccounts' }],
  [memberList, { type: 'Query', field: 'members' }],
  [organisationUserList, { type: 'Query', field: 'users' }],
  [publisherProfileList, { type: 'Query', field: 'publisherProfiles' }],
  [phaseList, { type: 'Query', field: 'phases' }],
  [eventList, { type: 'Query', field: 'events' }],
  [deliveryList, { type: 'Webhook', field: 'deliveries', parent: 'webhook' }],
]);

/**
 * Connections nested in a record, a page per parent: paging arguments only, in the order of the
 * declaration they page (by id). nested-connections.test.ts has their cases.
 */
export interface NestedConnection {
  type: string;
  field: string;
  declaration: ListDeclaration;
  /** The child's property naming its parent. */
  parentProperty: string;
  /** The root field reading a parent by `id`. */
  parent: string;
}

export const NESTED_CONNECTIONS: readonly NestedConnection[] = [
  { type: 'Campaign', field: 'contents', declaration: contentList, parentProperty: 'campaignId', parent: 'campaign' },
  { type: 'Phase', field: 'contents', declaration: contentList, parentProperty: 'phaseId', parent: 'phase' },
];

export interface ListCase {
  declaration: ListDeclaration;
  graphql?: GraphQLAccess;
  /** The /v2 routes whose `query.list` is the declaration. */
  rest: readonly V2Route[];
  model: ListModel | undefined;
}

/** A read that takes a declaration's filters but is no page of its list. */
const readsFiltersOnly = (route: V2Route): boolean => route.query?.paged === false;

export const LIST_TABLE: readonly ListCase[] = DECLARATIONS.map((declaration) => ({
  declaration,
  graphql: GRAPHQL_ACCESS.get(declaration),
  rest: V2_ROUTES.filter((route) => route.query?.list === declaration && !readsFiltersOnly(route)),
  model: MODELS.get(declaration),
}));

/**
 * The change stream: it takes the event list's filters, but reads in commit order from a cursor,
 * not pages of the list; test/events/stream proves it. Listed so that the table stays complete.
 */
export const STREAMS: readonly { declaration: ListDeclaration; graphql: GraphQLAccess; rest: readonly V2Route[] }[] = [
  { declaration: eventList, graphql: { type: 'Query', field: 'eventStream' }, rest: V2_ROUTES.filter((route) => route.query?.list === eventList && readsFiltersOnly(route)) },
];

/**
 * The schema built from the resolver classes, synchronously (jest collects tests before any hook
 * runs): the suites read argument types from it. The served schema is built from the same classes.
 */
export const SCHEMA: GraphQLSchema = createSchemaSync(RESOLVERS);

export function schemaField(schema: GraphQLSchema, type: string, field: string): GraphQLField<unknown, unknown> {
  const owner = schema.getType(type);
  const found = isObjectType(owner) ? owner.getFields()[field] : undefined;
  if (!found) throw new Error(`the schema has no field ${type}.${field}`);
  return found;
}

/** Every field of the schema whose type is a Relay connection (`…Connection`), as `Type.field`. */
export function connectionFields(schema: GraphQLSchema): string[] {
  return Object.values(schema.getTypeMap())
    .filter(isObjectType)
    .filter((type) => !type.name.startsWith('__'))
    .flatMap((type) =>
      Object.values(type.getFields())
        .filter((field) => {
          const result = getNullableType(field.type);
          return isObjectType(result) && result.name.endsWith('Connection') && 'pageInfo' in result.getFields();
        })
        .map((field) => `${type.name}.${field.name}`),
    );
}

/** A case's title: the declaration's name and its records. */
export const titleOf = (list: ListDeclaration): string => `${list.name} (${list.records})`;
