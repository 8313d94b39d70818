import { advertiserAccountList } from '../../src/advertiser-accounts/advertiser-account.list';
import { AdvertiserAccountStatus } from '../../src/advertiser-accounts/advertiser-account-enums';
import { campaignList } from '../../src/campaigns/campaign.list';
import { CampaignStatus } from '../../src/campaigns/campaign-status';
import { contentList } from '../../src/contents/content.list';
import { ContentStatus } from '../../src/contents/content-status';
import type { ListDeclaration } from '../../src/db/lists/list-declaration';
import { distributionList } from '../../src/distributions/distribution.list';
import { EVENT_CATALOGUE, type EventType } from '../../src/events/event-catalogue';
import { eventList } from '../../src/events/event.list';
import { memberList } from '../../src/members/member.list';
import { organisationUserList } from '../../src/organisation-users/organisation-user.list';
import { RoleType } from '../../src/organisation-users/role-type';
import { phaseList } from '../../src/phases/phase.list';
import { publisherProfileList } from '../../src/publisher-profiles/publisher-profile.list';
import { PublisherProfileStatus } from '../../src/publisher-profiles/publisher-profile-status';
import { deliveryList } from '../../src/webhooks/delivery.list';
import { DeliveryStatus } from '../../src/webhooks/webhook-delivery.entity';
import type { AnyBody } from '../support/test-app';
import { contains, dateRange, enumAnyOf, enumEqualTo, enumNames, enumOf, equalTo, type FilterModel, INSTANT_BOUNDS, instantBound, nameOf, type Row, spread, STANDARD } from './filter-models';

export type { FilterModel, Row } from './filter-models';

/**
 * What the suite knows of each list beyond its declaration: how a record of either face reads as
 * one row (GraphQL's names and enum names; a /v2 record is mapped onto them), and what each of
 * the list's own filters means over such rows, written from the filter's description, never from
 * its SQL. The filters every list has (ids, created/updated ranges and bounds) are modelled once,
 * with the kinds of filter, in filter-models.ts.
 * A declared filter with no model here fails the suite (list-table.test.ts).
 */

export interface ListModel {
  /** GraphQL: the fields a row needs, and the row of a node. */
  graphql?: { selection: string; row(node: AnyBody): Row };
  /** /v2: the row of a record. */
  rest?: { row(record: AnyBody): Row };
  /** The list's own filters, by their declared names. */
  filters: Readonly<Record<string, FilterModel>>;
}

/** The model of a declared filter: the list's own, or one every list has. */
export function filterModel(list: ListDeclaration, name: string): FilterModel | undefined {
  return MODELS.get(list)?.filters[name] ?? STANDARD[name];
}

/** The row field a filter taking an instant as text bounds; undefined for other filters. */
export function instantBoundField(list: ListDeclaration, name: string): string | undefined {
  const model = filterModel(list, name);
  return model && INSTANT_BOUNDS.get(model);
}

// ---- the lists ----

const timestamps = (record: AnyBody): { createdAt: string; updatedAt: string } => ({ createdAt: record.created_at, updatedAt: record.updated_at });
const asId = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

/** An event's record: its resource is the catalogue's for its type, named in `data` by id. */
function eventRow(id: unknown, type: EventType, createdAt: string, data: AnyBody): Row {
  const resource = EVENT_CATALOGUE[type].resource;
  const named = data[resource] ?? {};
  return { id: String(id), type, createdAt, resourceType: resource, resourceId: asId(named.id ?? named[`${resource}_id`] ?? data[`${resource}_id`]) };
}

export const MODELS = new Map<ListDeclaration, ListModel>([
  [
    campaignList,
    {
      graphql: {
        selection: 'id campaignStatus campaignTitle brandPromoting primaryAdvertiserAccountId earliestStartDate latestEndDate createdAt updatedAt',
        row: (node) => node,
      },
      rest: {
        row: (record) => ({
          id: String(record.id),
          campaignStatus: nameOf(CampaignStatus, record.campaign_status),
          campaignTitle: record.campaign_title,
          brandPromoting: record.brand_promoting,
          primaryAdvertiserAccountId: asId(record.primary_advertiser_account_id),
          earliestStartDate: record.earliest_start_date,
          latestEndDate: record.latest_end_date,
          ...timestamps(record),
        }),
      },
      filters: {
        campaignStatus: enumEqualTo('campaignStatus'),
        campaignStatusIn: enumAnyOf('campaignStatus'),
        // `%` and `_` are text to match, not patterns; the brand is searched as well as the title.
        search: contains(['zebra', 'CAMPAIGN 3', '100%', '_', 'kettle'], (row) => [row.campaignTitle as string, row.brandPromoting as string]),
        advertiserAccountId: equalTo('primaryAdvertiserAccountId', '999999'),
        earliestStartDate: dateRange('earliestStartDate'),
        latestEndDate: dateRange('latestEndDate'),
      },
    },
  ],
  [
    contentList,
    {
      graphql: { selection: 'id campaignId phaseId status liveDate contentName createdAt updatedAt', row: (node) => node },
      rest: {
        row: (record) => ({
          id: String(record.content_id),
          campaignId: asId(record.campaign_id),
          phaseId: asId(record.phase_id),
          status: nameOf(ContentStatus, record.status),
          liveDate: record.live_date,
          contentName: record.content_name,
          ...timestamps(record),
        }),
      },
      filters: {
        campaignId: equalTo('campaignId', '999999'),
        phaseId: equalTo('phaseId', '999999'),
        status: enumEqualTo('status'),
        statusIn: enumAnyOf('status'),
        liveDate: dateRange('liveDate'),
      },
    },
  ],
  [
    advertiserAccountList,
    {
      graphql: { selection: 'id name status createdAt updatedAt', row: (node) => node },
      rest: { row: (record) => ({ id: String(record.id), name: record.name, status: nameOf(AdvertiserAccountStatus, record.status), ...timestamps(record) }) },
      filters: {
        search: contains(['OUT', 'north_', '%', 'media agency'], (row) => [row.name as string]),
        status: enumEqualTo('status'),
        statusIn: enumAnyOf('status'),
      },
    },
  ],
  [
    memberList,
    {
      graphql: { selection: 'id advertiserAccountId createdAt updatedAt', row: (node) => node },
      rest: { row: (record) => ({ id: String(record.id), advertiserAccountId: asId(record.advertiser_account_id), ...timestamps(record) }) },
      filters: { advertiserAccountId: equalTo('advertiserAccountId', '999999') },
    },
  ],
  [
    organisationUserList,
    {
      graphql: {
        selection: 'id firstName lastName email active roles { roleType } createdAt updatedAt',
        row: ({ roles, ...node }) => ({ ...node, roleTypes: roles.map((role: AnyBody) => role.roleType) }),
      },
      rest: {
        row: (record) => ({
          id: String(record.id),
          firstName: record.first_name,
          lastName: record.last_name,
          email: record.email,
          active: record.active,
          roleTypes: record.roles.map((role: AnyBody) => nameOf(RoleType, role.role_type)),
          ...timestamps(record),
        }),
      },
      filters: {
        // "ava pat" only matches a full name ("first last"), "lin@" only an e-mail address.
        search: contains(['ava pat', 'PATEL', 'zed', 'lin@', 'o'], (row) => [row.firstName, row.lastName, row.email, `${row.firstName} ${row.lastName}`] as string[]),
        roleType: { samples: (_rows, filter) => enumNames(enumOf(filter)), matches: (row, value) => (row.roleTypes as string[]).includes(value as string) },
        active: { samples: () => [0, 1], matches: (row, value) => row.active === value },
      },
    },
  ],
  [
    publisherProfileList,
    {
      graphql: {
        selection: 'id name country status titles { name } createdAt updatedAt',
        row: ({ titles, ...node }) => ({ ...node, titleNames: titles.map((title: AnyBody) => title.name) }),
      },
      rest: {
        row: (record) => ({
          id: String(record.id),
          name: record.name,
          country: record.country,
          status: nameOf(PublisherProfileStatus, record.status),
          titleNames: record.titles.map((title: AnyBody) => title.name),
          ...timestamps(record),
        }),
      },
      filters: {
        // "weekly" is only in titles' names; "harbour" in a profile's name and its titles'.
        search: contains(['weekly', 'HARBOUR', 'press'], (row) => [row.name as string, ...(row.titleNames as string[])]),
        // Any case: "gb" is GB.
        country: {
          samples: (rows) => {
            const countries = spread(rows.map((row) => row.country as string), 3);
            return [countries[0].toLowerCase(), ...countries.slice(1), 'ZW'];
          },
          matches: (row, value) => row.country === String(value).toUpperCase(),
        },
        status: enumEqualTo('status'),
      },
    },
  ],
  [
    phaseList,
    {
      graphql: { selection: 'id campaignId phaseNo createdAt updatedAt', row: (node) => node },
      rest: { row: (record) => ({ id: String(record.id), campaignId: asId(record.campaign_id), phaseNo: record.phase_no, ...timestamps(record) }) },
      filters: { campaignId: equalTo('campaignId', '999999') },
    },
  ],
  [distributionList, { rest: { row: (record) => ({ id: String(record.id), ...timestamps(record) }) }, filters: {} }],
  [
    eventList,
    {
      graphql: { selection: 'id type createdAt data', row: (node) => eventRow(node.id, node.type, node.createdAt, node.data) },
      rest: { row: (record) => eventRow(record.id, record.type, record.created_at, record.data) },
      filters: {
        type: equalTo('type', 'webhook_disabled'),
        resourceType: equalTo('resourceType', 'nothing_of_the_kind'),
        resourceId: equalTo('resourceId', '999999'),
        createdAfter: instantBound('createdAt', (own, bound) => own > bound),
      },
    },
  ],
  [
    deliveryList,
    {
      graphql: { selection: 'id status eventType createdAt updatedAt', row: (node) => node },
      rest: { row: (record) => ({ id: String(record.id), status: nameOf(DeliveryStatus, record.status), eventType: record.event_type, ...timestamps(record) }) },
      filters: {
        status: enumEqualTo('status'),
        event: equalTo('eventType', 'webhook_disabled'),
      },
    },
  ],
]);
