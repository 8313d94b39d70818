import { contextOf } from '../support/fixtures';
import { dbId } from '../support/global-ids';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { countStatements, type StatementCounter } from '../../src/db/statement-counter';
import { type AnyBody, startTestApp, type TestApp, type Workspace } from '../support/test-app';

const NESTED_QUERY = `{
  campaigns(first: 50) {
    nodes {
      id
      phases {
        id
        contents {
          nodes {
            id
            distributions { id primaryLink { originalLink } mediaLibrary { fileUrl } }
          }
        }
      }
    }
  }
}`;

/** Every relation the workspace data adds to the hierarchy, each a DataLoader batch. */
const RELATIONS_QUERY = `{
  campaigns(first: 50) {
    nodes {
      id
      primaryAdvertiserAccount { id primaryContact { email } members { email advertiserAccount { id } } }
      phases {
        id
        contents {
          nodes {
            id
            editor { email roles { name } }
            publisherTitle { name publisherProfile { name titles { id } } }
            distributions { id publisherTitle { name } }
          }
        }
      }
    }
  }
}`;

/** A page of a webhook's delivery log with each delivery's attempts and event, each a DataLoader batch. */
function deliveryLogQuery(webhookId: string): string {
  return `{ webhook(id: "${webhookId}") { deliveries(first: 50) { nodes { id eventId attempts { attemptNo } event { id } } } } }`;
}

let app: TestApp;
let counter: StatementCounter;
let oneCampaign: Workspace;
let twentyCampaigns: Workspace;

async function seededWorkspace(campaigns: number): Promise<Workspace> {
  const ws = await app.workspace();
  await seedHierarchy(app.services, contextOf(ws), campaigns);
  return ws;
}

/**
 * A workspace with one webhook and `count` deliveries (test pings, each its own event, pending as
 * the worker is off), each with two attempts as the worker logs them.
 */
async function webhookWithDeliveries(count: number): Promise<{ ws: Workspace; webhookId: string }> {
  const ws = await app.workspace();
  const created = await ws.api.graphql('mutation($input: WebhookInput!) { webhookCreate(input: $input) { webhook { id } userErrors { message } } }', {
    input: { name: 'Log', url: 'http://127.0.0.1:9/hooks', events: ['campaign_created'] },
  });
  expect(created.body.data.webhookCreate.userErrors).toEqual([]);
  const webhookId: string = created.body.data.webhookCreate.webhook.id;
  for (let i = 0; i < count; i += 1) {
    const pinged = await ws.api.graphql('mutation($id: ID!) { webhookTest(id: $id) { userErrors { message } } }', { id: webhookId });
    expect(pinged.body.data.webhookTest.userErrors).toEqual([]);
  }
  await app.dataSource.query(
    `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, outcome)
     SELECT d.organisation_id, d.id, n, now(), 40, 503, 'receiver answered 503', 'failed' FROM webhook_deliveries d CROSS JOIN generate_series(1, 2) n WHERE d.webhook_id = $1`,
    [dbId(webhookId)],
  );
  return { ws, webhookId };
}

/** Statements the server sends to PostgreSQL while answering one request (authentication included). */
async function statementsFor(ws: Workspace, query = NESTED_QUERY): Promise<{ statements: number; body: AnyBody }> {
  // A key's use is recorded by its first request and again once a minute; measure the steady state
  // after a request just made, as seeding another workspace may take longer than that minute.
  await ws.api.graphql('{ __typename }');
  counter.reset();
  const response = await ws.api.graphql(query);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return { statements: counter.count, body: response.body };
}

function distributionsOf(body: AnyBody): AnyBody[] {
  return body.data.campaigns.nodes.flatMap((campaign: AnyBody) =>
    campaign.phases.flatMap((phase: AnyBody) => phase.contents.nodes.flatMap((content: AnyBody) => content.distributions)),
  );
}

function contentsOf(body: AnyBody): AnyBody[] {
  return body.data.campaigns.nodes.flatMap((campaign: AnyBody) => campaign.phases.flatMap((phase: AnyBody) => phase.contents.nodes));
}

beforeAll(async () => {
  app = await startTestApp();
  counter = countStatements(app.dataSource);
  oneCampaign = await seededWorkspace(1);
  twentyCampaigns = await seededWorkspace(20);
}, 180_000);
afterAll(async () => {
  counter.stop();
  await app.close();
});

describe('nested query campaigns → phases → contents → distributions → link, media', () => {
  it('costs the same small number of SQL statements for 1 campaign and for 20', async () => {
    const one = await statementsFor(oneCampaign);
    const twenty = await statementsFor(twentyCampaigns);

    expect(distributionsOf(one.body)).toHaveLength(1 * 3 * 4 * 2);
    expect(distributionsOf(twenty.body)).toHaveLength(20 * 3 * 4 * 2);
    expect(distributionsOf(twenty.body).every((d: AnyBody) => d.primaryLink.originalLink && d.mediaLibrary.length === 2)).toBe(true);

    expect(twenty.statements).toBe(one.statements);
    // The key, then campaigns, phases, and contents with their distributions, links and media.
    expect(one.statements).toBe(4);
  }, 120_000);
});

/**
 * Adds `count` campaigns to the workspace, copies of one of its campaigns without phases, in one
 * statement (seeding hundreds through the services would take minutes).
 */
async function addCampaignCopies(ws: Workspace, count: number): Promise<void> {
  const columns: { column_name: string }[] = await app.dataSource.query(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'campaigns' AND column_name NOT IN ('id', 'campaign_title') ORDER BY ordinal_position",
  );
  const list = columns.map((column) => `"${column.column_name}"`).join(', ');
  await app.dataSource.query(
    `INSERT INTO campaigns (campaign_title, ${list})
     SELECT 'Copy ' || n, ${list} FROM (SELECT * FROM campaigns WHERE organisation_id = $1 AND deleted_at IS NULL ORDER BY id LIMIT 1) one CROSS JOIN generate_series(1, $2) n`,
    [ws.organisationId, count],
  );
  await app.dataSource.query('ANALYZE campaigns');
}

describe('nested query in a workspace of 5 campaigns and of 500', () => {
  it('costs the same number of SQL statements', async () => {
    const five = await seededWorkspace(5);
    const fiveHundred = await seededWorkspace(5);
    await addCampaignCopies(fiveHundred, 495);
    const small = await statementsFor(five);
    const large = await statementsFor(fiveHundred);
    expect(small.body.data.campaigns.nodes).toHaveLength(5);
    expect(large.body.data.campaigns.nodes).toHaveLength(50);
    expect(distributionsOf(large.body)).toHaveLength(5 * 3 * 4 * 2);
    expect(large.statements).toBe(small.statements);
    expect(small.statements).toBe(4);
  }, 120_000);
});

describe('the columns a nested query reads', () => {
  it('are those its selection asks for, with ids and the sort key, not every column', async () => {
    await statementsFor(twentyCampaigns);
    const reading = (table: string): string => {
      const found = counter.statements.filter((sql) => sql.includes(`FROM "${table}" `));
      expect(found).toHaveLength(1);
      return found[0];
    };
    expect(reading('campaigns')).not.toContain('"c"."brand_promoting"');
    expect(reading('phases')).not.toContain('"p"."key_message"');
    // Distributions, with their link and media files, come inside the contents statement as JSON,
    // each with only the columns asked for (and ids): NESTED_QUERY asks distributions for `id`,
    // `primaryLink { originalLink }` and `mediaLibrary { fileUrl }`.
    const contents = reading('contents');
    expect(contents).not.toContain('"c"."key_message"');
    for (const table of ['distributions', 'distribution_links', 'distribution_media']) {
      expect(counter.statements.filter((sql) => sql.includes(`FROM "${table}" `))).toEqual([contents]);
    }
    // Ids other than the row's own only when something reads them: a distribution hangs from its
    // piece already, and no selected field reads its piece's, campaign's or title's id.
    expect(contents).not.toContain('"c_distributions"."content_id" AS');
    expect(contents).not.toContain('"organisation_id" AS "organisationId"');
    expect(contents).not.toContain('"c"."content_editor_id"');
    // A piece's phase id: the phases' pages are grouped by it.
    expect(contents).toContain('"c"."phase_id"');
    expect(contents).not.toContain('"c_distributions"."status"');
    expect(contents).not.toContain('"c_distributions"."distribution_label"');
    expect(contents).toContain('"c_distributions_primaryLink"."original_link" AS "originalLink"');
    expect(contents).not.toContain('"c_distributions_primaryLink"."hyperlink_text"');
    expect(contents).toContain('"c_distributions_mediaLibrary"."file_url" AS "fileUrl"');
    expect(contents).not.toContain('"c_distributions_mediaLibrary"."media_notes"');
  });

  it('are every column when asked for by two selections, each loader reading its own', async () => {
    const query = `{ campaigns(first: 5) { nodes { id phases { id phaseTitle } again: phases { keyMessage } } } }`;
    const { body, statements } = await statementsFor(twentyCampaigns, query);
    const phases = body.data.campaigns.nodes.flatMap((campaign: AnyBody) => campaign.again);
    expect(phases.every((phase: AnyBody) => typeof phase.keyMessage === 'string')).toBe(true);
    expect(statements).toBe(4); // the key, campaigns, and one phases statement per projection
  });
});

/** Every relation of the hierarchy asked for without its id field, and the id fields without the relations. */
const RELATIONS_WITHOUT_IDS = `{ campaigns(first: 50) { nodes { id primaryAdvertiserAccount { id } phases { id campaign { id }
  contents { nodes { id campaign { id } phase { id } editor { id } publisherTitle { id } distributions { id content { id } publisherTitle { id } } } } } } } }`;
const IDS_WITHOUT_RELATIONS = `{ campaigns(first: 50) { nodes { id primaryAdvertiserAccountId phases { id campaignId
  contents { nodes { id campaignId phaseId contentEditorId publisherTitleId distributions { id contentId publisherTitleId } } } } } } }`;

describe('relations of a nested query whose id fields are not selected', () => {
  it('name the records the id fields name (their resolvers read the id columns they declare)', async () => {
    const relations = (await statementsFor(twentyCampaigns, RELATIONS_WITHOUT_IDS)).body.data.campaigns.nodes;
    const ids = (await statementsFor(twentyCampaigns, IDS_WITHOUT_RELATIONS)).body.data.campaigns.nodes;
    const id = (record: AnyBody): string | null => record?.id ?? null;
    const asIds = relations.map((campaign: AnyBody) => ({
      id: campaign.id,
      primaryAdvertiserAccountId: id(campaign.primaryAdvertiserAccount),
      phases: campaign.phases.map((phase: AnyBody) => ({
        id: phase.id,
        campaignId: id(phase.campaign),
        contents: {
          nodes: phase.contents.nodes.map((content: AnyBody) => ({
            id: content.id,
            campaignId: id(content.campaign),
            phaseId: id(content.phase),
            contentEditorId: id(content.editor),
            publisherTitleId: id(content.publisherTitle),
            distributions: content.distributions.map((distribution: AnyBody) => ({ id: distribution.id, contentId: id(distribution.content), publisherTitleId: id(distribution.publisherTitle) })),
          })),
        },
      })),
    }));
    expect(asIds).toEqual(ids);
    expect(contentsOf({ data: { campaigns: { nodes: ids } } })).toHaveLength(20 * 3 * 4);
    expect(contentsOf({ data: { campaigns: { nodes: ids } } }).every((content: AnyBody) => content.contentEditorId && content.publisherTitleId)).toBe(true);
  }, 120_000);
});

describe('nested query with accounts, members, editors and publisher titles', () => {
  it('costs at most one SQL statement per relation level, for 1 campaign as for 20', async () => {
    const one = await statementsFor(oneCampaign, RELATIONS_QUERY);
    const twenty = await statementsFor(twentyCampaigns, RELATIONS_QUERY);

    const contents = contentsOf(twenty.body);
    expect(contents).toHaveLength(20 * 3 * 4);
    expect(contents.every((content: AnyBody) => content.editor?.email && content.publisherTitle?.publisherProfile?.titles.length > 0)).toBe(true);
    expect(contents.every((content: AnyBody) => content.distributions.every((d: AnyBody) => d.publisherTitle?.name))).toBe(true);
    const accounts = twenty.body.data.campaigns.nodes.map((campaign: AnyBody) => campaign.primaryAdvertiserAccount);
    expect(accounts.every((account: AnyBody) => account.members.length === 2 && account.primaryContact.email === account.members[0].email)).toBe(true);

    // Authentication, then one statement for each of the 12 relation levels. A level whose ids all
    // sit in its loader's cache already costs none (a distribution's title is often its content's),
    // so a small answer may cost one less; the bound is what does not grow with the answer.
    const ceiling = 13;
    expect(one.statements).toBeLessThanOrEqual(ceiling);
    expect(twenty.statements).toBeLessThanOrEqual(ceiling);
  }, 120_000);
});

describe('a page of the delivery log with attempts and events', () => {
  it('costs the same small number of SQL statements for 2 deliveries and for 40', async () => {
    const two = await webhookWithDeliveries(2);
    const forty = await webhookWithDeliveries(40);

    const few = await statementsFor(two.ws, deliveryLogQuery(two.webhookId));
    const many = await statementsFor(forty.ws, deliveryLogQuery(forty.webhookId));

    const nodes: AnyBody[] = many.body.data.webhook.deliveries.nodes;
    expect(few.body.data.webhook.deliveries.nodes).toHaveLength(2);
    expect(nodes).toHaveLength(40);
    expect(new Set(nodes.map((node) => node.eventId)).size).toBe(40);
    expect(nodes.every((node) => node.event?.id === node.eventId)).toBe(true);
    expect(nodes.every((node) => node.attempts.map((attempt: AnyBody) => attempt.attemptNo).join() === '1,2')).toBe(true);

    // Authentication, the webhook, the log (its webhook checked, then the page), attempts, events.
    expect(many.statements).toBe(few.statements);
    expect(few.statements).toBeLessThanOrEqual(6);
  }, 120_000);
});
