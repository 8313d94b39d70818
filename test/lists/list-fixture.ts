import { AdvertiserAccountStatus } from '../../src/advertiser-accounts/advertiser-account-enums';
import { AdvertiserAccountInput } from '../../src/advertiser-accounts/advertiser-account.input';
import { CampaignStatus } from '../../src/campaigns/campaign-status';
import { CampaignInput } from '../../src/campaigns/campaign.input';
import { seedHierarchy } from '../../src/cli/seed-demo';
import type { RequestContext } from '../../src/common/request-context';
import { ContentStatus } from '../../src/contents/content-status';
import { ContentInput } from '../../src/contents/content.input';
import { countStatements, type StatementCounter } from '../../src/db/statement-counter';
import { DistributionInput, DistributionsInput } from '../../src/distributions/distribution.input';
import type { V2Route } from '../../src/http/rest/v2-route';
import { MemberInput } from '../../src/members/member.input';
import { UserRoleInput, UserUpsertInput } from '../../src/organisation-users/organisation-user.input';
import { RoleType } from '../../src/organisation-users/role-type';
import { PhaseInput, PhasesCreateInput } from '../../src/phases/phase.input';
import { PublisherProfileStatus } from '../../src/publisher-profiles/publisher-profile-status';
import { PublisherProfileInput, PublisherTitleInput } from '../../src/publisher-profiles/publisher-profile.input';
import { freshDatabase, withAdminClient } from '../support/test-database';
import { startTestApp, type AnyBody, type TestApp, type Workspace } from '../support/test-app';
import { createWebhook, logDelivery, pingWebhook } from '../support/webhooks';

/**
 * One workspace whose every list has records that tell its filters and sort fields apart: every
 * status of each lifecycle, names that sort otherwise than ids (lower case after upper case, as
 * the C collation has it), `%` and `_` in names, dates missing from some records, timestamps
 * spread over weeks with ties, a content piece with a dozen distributions and a webhook with a
 * delivery log of several statuses and event types.
 */

export interface ListFixture {
  app: TestApp;
  ws: Workspace;
  /** Counts every statement the server sends (see `sentBesidesAuthentication`). */
  counter: StatementCounter;
  /** The webhook whose log the deliveries list pages. */
  webhookId: string;
  /** The content piece whose distributions `GET /v2/distributions/{id}` pages. */
  contentId: string;
  /** The id a list's parent field (`webhook(id:)`) reads. */
  parentId(parent: string): string;
  /** A /v2 list route's path with its parameters filled in. */
  restPath(route: V2Route): string;
  close(): Promise<void>;
}

function input<T extends object>(type: new () => T, fields: Partial<T>): T {
  return Object.assign(new type(), fields);
}

/** The extra records, beside the demo hierarchy's, and the status moves that make every lifecycle state appear. */
async function seedVariety(app: TestApp, ctx: RequestContext): Promise<void> {
  const { services } = app;
  const accounts: Record<string, number> = {};
  for (const [name, status] of [
    ['Zephyr Outdoor', AdvertiserAccountStatus.INACTIVE],
    ['North_West Traders', AdvertiserAccountStatus.INACTIVE],
    ['acme 100% foods', AdvertiserAccountStatus.ACTIVE],
    ['Bramble Outdoor Co', AdvertiserAccountStatus.ACTIVE],
    ['Quill & Ink', AdvertiserAccountStatus.ACTIVE],
    ['Delta Outfitters', AdvertiserAccountStatus.INACTIVE],
  ] as const) {
    accounts[name] = (await services.advertiserAccounts.create(ctx, input(AdvertiserAccountInput, { name, status }))).id;
  }
  for (const [account, first, last] of [
    ['Zephyr Outdoor', 'Yuki', 'Tanaka'],
    ['Zephyr Outdoor', 'Ben', 'Adler'],
    ['North_West Traders', 'Cara', 'Moss'],
    ['Quill & Ink', 'Dev', 'Rao'],
    ['Quill & Ink', 'Eli', 'Stone'],
    ['Delta Outfitters', 'Fay', 'Grant'],
  ] as const) {
    const email = `${first.toLowerCase()}.${last.toLowerCase()}@lists.example`;
    await services.members.create(ctx, input(MemberInput, { advertiserAccountId: accounts[account], email, firstName: first, lastName: last, password: 'list-password-1' }));
  }
  for (const [firstName, lastName, roles, active] of [
    ['Zed', 'Abbott', [RoleType.CAMPAIGN_MANAGER], 0],
    ['Ana', 'Zimmer', [RoleType.CAMPAIGN_MANAGER, RoleType.CONTENT_EDITOR], 1],
    ['Emile', 'Roux', [RoleType.CONTENT_EDITOR], 0],
    ['Bea', 'adams', [RoleType.CONTENT_EDITOR], 1],
    ['Cy', 'Young', [RoleType.CAMPAIGN_MANAGER], 1],
    ['Di', 'Nakamura', [RoleType.CONTENT_EDITOR], 0],
    ['Ed', 'Moreau', [RoleType.CAMPAIGN_MANAGER, RoleType.CONTENT_EDITOR], 1],
  ] as const) {
    const email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@lists.example`;
    const roleInputs = roles.map((roleType) => input(UserRoleInput, { roleType }));
    await services.organisationUsers.upsert(ctx, input(UserUpsertInput, { email, firstName, lastName, roles: roleInputs, active }));
  }
  for (const [name, country, status, titles] of [
    ['Zenith Media', 'FR', PublisherProfileStatus.INACTIVE, ['Le Weekly Velo']],
    ['atlas press', 'US', PublisherProfileStatus.INACTIVE, []],
    ['Bay Books', 'GB', PublisherProfileStatus.ACTIVE, ['Bay Monthly']],
    ['Kiwi Press', 'NZ', PublisherProfileStatus.ACTIVE, ['Kiwi Weekly', 'Fern']],
    ['Maple Leaf Media', 'CA', PublisherProfileStatus.INACTIVE, []],
    ['Outback Digital', 'AU', PublisherProfileStatus.ACTIVE, ['Red Centre']],
  ] as const) {
    await services.publisherProfiles.create(ctx, input(PublisherProfileInput, { name, country, status, titles: titles.map((title) => input(PublisherTitleInput, { name: title })) }));
  }

  // Campaigns are created DRAFT or ACTIVE; the other statuses are moves of their lifecycle.
  const [northwind] = (await services.advertiserAccounts.list(ctx, { page: 1, perPage: 1, keys: [{ property: 'id', direction: 'ASC', kind: 'integer' }], filters: [] })).items;
  const campaigns: { title: string; account: number; brand: string; moves: CampaignStatus[]; start?: string; end?: string }[] = [
    { title: 'Zebra Crossing Safety', account: northwind.id, brand: 'Northwind Outdoor', moves: [CampaignStatus.ACTIVE, CampaignStatus.PAUSED], start: '2026-03-01', end: '2026-04-30' },
    { title: 'Acme 100% Juice', account: accounts['acme 100% foods'], brand: 'Acme', moves: [CampaignStatus.DRAFT, CampaignStatus.CANCELLED] },
    { title: 'aardvark_ideas', account: accounts['Zephyr Outdoor'], brand: 'Zephyr', moves: [CampaignStatus.ACTIVE, CampaignStatus.COMPLETED], start: '2028-01-01' },
    // Its brand, not its title, matches "kettle".
    { title: 'Middle Ground', account: accounts['Bramble Outdoor Co'], brand: 'Kettle & Crumb', moves: [CampaignStatus.DRAFT], end: '2026-12-31' },
  ];
  let zebra = 0;
  for (const { title, account, brand, moves, start, end } of campaigns) {
    const [created, ...later] = moves;
    const campaign = await services.campaigns.create(
      ctx,
      input(CampaignInput, { campaignTitle: title, primaryAdvertiserAccountId: account, brandPromoting: brand, campaignStatus: created, earliestStartDate: start, latestEndDate: end }),
    );
    for (const campaignStatus of later) await services.campaigns.update(ctx, campaign.id, input(CampaignInput, { campaignStatus }));
    zebra ||= campaign.id;
  }
  // A campaign whose pieces have no live date, and names that sort apart from their ids.
  const [phase] = await services.phases.createMany(ctx, input(PhasesCreateInput, { campaignId: zebra, phases: [input(PhaseInput, { phaseTitle: 'Only' })] }));
  for (const contentName of ['Zulu', 'alpha', 'Omega']) await services.contents.create(ctx, input(ContentInput, { campaignId: zebra, phaseId: phase.id, contentName }));

  // A phase of the first campaign made last: phases by campaign are then not phases by id.
  const [first] = (await services.campaigns.list(ctx, { page: 1, perPage: 1, keys: [{ property: 'id', direction: 'ASC', kind: 'integer' }], filters: [] })).items;
  await services.phases.createMany(ctx, input(PhasesCreateInput, { campaignId: first.id, phases: [input(PhaseInput, { phaseTitle: 'Encore' })] }));

  // Every content status, by the moves of the lifecycle, spread over the campaigns.
  const contents = (await services.contents.list(ctx, { page: 1, perPage: 100, keys: [{ property: 'id', direction: 'ASC', kind: 'integer' }], filters: [] })).items;
  const moves: ContentStatus[][] = [
    [ContentStatus.IN_REVIEW],
    [ContentStatus.IN_REVIEW, ContentStatus.CHANGES_REQUESTED],
    [ContentStatus.IN_REVIEW, ContentStatus.APPROVED],
    [ContentStatus.IN_REVIEW, ContentStatus.APPROVED, ContentStatus.LIVE],
    [ContentStatus.ARCHIVED],
    [ContentStatus.IN_REVIEW],
    [ContentStatus.IN_REVIEW, ContentStatus.APPROVED, ContentStatus.LIVE],
    [ContentStatus.IN_REVIEW, ContentStatus.ARCHIVED],
  ];
  for (const [index, steps] of moves.entries()) {
    const content = contents[index * 7 + 1];
    for (const status of steps) await services.contents.update(ctx, content.id, input(ContentInput, { status }));
  }
}

/** A content piece with a dozen distributions (the demo gives each two). */
async function contentWithDistributions(app: TestApp, ctx: RequestContext): Promise<string> {
  const [content] = (await app.services.contents.list(ctx, { page: 1, perPage: 1, keys: [{ property: 'id', direction: 'ASC', kind: 'integer' }], filters: [] })).items;
  const distributions = Array.from({ length: 10 }, (_, n) => input(DistributionInput, { distributionTypeId: (n % 3) + 1 }));
  await app.services.distributions.createMany(ctx, input(DistributionsInput, { contentId: content.id, distributions }));
  return String(content.id);
}

/**
 * A webhook with a delivery log of every status and several event types. Two pings go through
 * the API; the others are logged as the worker would log them (the worker is off in tests, and
 * only it writes deliveries of subscribed events).
 */
async function webhookWithLog(app: TestApp, ws: Workspace): Promise<string> {
  const webhook = await createWebhook(ws, { url: 'http://127.0.0.1:9/hooks' });
  await pingWebhook(ws, webhook.id);
  const events: { id: string; type: string }[] = [];
  for (const type of ['campaign_created', 'content_created', 'user_created', 'distribution_created', 'campaign_updated']) {
    const response = await ws.api.get(`/v2/events?type=${type}&per_page=3`);
    expect(response.status).toBe(200);
    events.push(...response.body.data.events.data);
  }
  const statuses = ['pending', 'succeeded', 'failed'] as const;
  for (const [index, event] of events.entries()) {
    await logDelivery(app, ws, webhook.id, Number(event.id), { status: statuses[index % statuses.length], attempts: index % 3 === 0 ? [] : [{ statusCode: 503 }] });
  }
  await pingWebhook(ws, webhook.id);
  return String(webhook.id);
}

/**
 * Timestamps spread over weeks, with ties (records whose id is congruent modulo `buckets` share
 * them), so that sorting on them differs from sorting on ids and ranges cut lists in the middle.
 * Raw SQL on the file's own database: the API sets created_at and updated_at to the time of the
 * request, and everything here is seeded within a second.
 */
async function spreadTimestamps(app: TestApp, ws: Workspace): Promise<void> {
  const tables: Record<string, number> = {
    campaigns: 5,
    phases: 7,
    contents: 23,
    distributions: 5,
    advertiser_accounts: 4,
    advertiser_account_members: 4,
    organisation_users: 4,
    publisher_profiles: 3,
    webhook_deliveries: 5,
  };
  // Steps of 19 hours and of 29 hours: times of day spread too, some in the first hours of a UTC day.
  for (const [table, buckets] of Object.entries(tables)) {
    await app.dataSource.query(
      `UPDATE ${table} SET
         created_at = timestamptz '2026-03-02T09:15:00.000Z' + ((id * 37) % $2) * interval '19 hours 7 minutes 0.375 seconds',
         updated_at = timestamptz '2026-04-20T18:40:00.000Z' + ((id * 53) % $2) * interval '1 day 5 hours 0.125 seconds'
       WHERE organisation_id = $1`,
      [ws.organisationId, buckets],
    );
  }
  // The feed shows the last 30 days: events stay within the last two.
  await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '1 hour' - ((id * 37) % 13) * interval '3 hours 17 minutes 0.125 seconds' WHERE organisation_id = $1`, [
    ws.organisationId,
  ]);
}

/**
 * The app over a database of its own; with `timeZone`, the database's sessions run in that time
 * zone (PostgreSQL's `TimeZone`), as a server configured so would have them.
 */
async function startApp(timeZone: string | undefined): Promise<{ app: TestApp; dropDatabase(): Promise<void> }> {
  if (!timeZone) return { app: await startTestApp(), dropDatabase: async () => undefined };
  const database = await freshDatabase();
  await withAdminClient((client) => client.query(`ALTER DATABASE ${client.escapeIdentifier(new URL(database.url).pathname.slice(1))} SET timezone TO ${client.escapeLiteral(timeZone)}`));
  return { app: await startTestApp({ databaseUrl: database.url }), dropDatabase: database.drop };
}

export async function startListFixture(options: { timeZone?: string } = {}): Promise<ListFixture> {
  const { app, dropDatabase } = await startApp(options.timeZone);
  const ws = await app.workspace('List contract tests');
  const ctx = await app.services.apiKeys.authenticate(ws.key, 'list suite seed');
  await seedHierarchy(app.services, ctx, 5);
  await seedVariety(app, ctx);
  const contentId = await contentWithDistributions(app, ctx);
  const webhookId = await webhookWithLog(app, ws);
  await spreadTimestamps(app, ws);
  // Text sorts in the database's collation; the suite computes orders in code point order, which
  // is C's (the test cluster's). Another collation would need another comparison.
  const [{ collation }]: AnyBody[] = await app.dataSource.query('SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()');
  expect(['C', 'C.UTF-8', 'C.utf8', 'POSIX']).toContain(collation);
  const counter = countStatements(app.dataSource);
  const paths: Record<string, Record<string, string>> = { '/webhooks/:id/deliveries': { id: webhookId }, '/distributions/:id': { id: contentId } };
  return {
    app,
    ws,
    counter,
    webhookId,
    contentId,
    parentId(parent) {
      if (parent === 'webhook') return webhookId;
      throw new Error(`the fixture has no record for ${parent}(id:); add one`);
    },
    restPath(route) {
      return `/v2${route.path.replace(/:([a-z_]+)/g, (_match, name: string) => {
        const value = paths[route.path]?.[name];
        if (value === undefined) throw new Error(`the fixture has no value for :${name} of ${route.path}; add one`);
        return value;
      })}`;
    },
    async close() {
      counter.stop();
      await app.close();
      await dropDatabase();
    },
  };
}

/**
 * The test file's fixture, returned at once and filled in by `beforeAll` (seeding every list takes
 * a while), closed after the file's tests: `const fx = listFixtureForFile();`.
 */
export function listFixtureForFile(options: { timeZone?: string } = {}): ListFixture {
  const fx = {} as ListFixture;
  beforeAll(async () => {
    Object.assign(fx, await startListFixture(options));
  }, 180_000);
  afterAll(async () => {
    await fx.close();
  });
  return fx;
}
