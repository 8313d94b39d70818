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

let app: TestApp;
let counter: StatementCounter;
let oneCampaign: Workspace;
let twentyCampaigns: Workspace;

async function seededWorkspace(campaigns: number): Promise<Workspace> {
  const ws = await app.workspace();
  await seedHierarchy(app.services, { organisationId: ws.organisationId, organisationCode: ws.organizationCode, apiKeyId: ws.apiKeyId, requestId: 'test-seed' }, campaigns);
  // The first request of a key records its use; measure the steady state after it.
  await ws.api.graphql('{ __typename }');
  return ws;
}

/** Statements the server sends to PostgreSQL while answering one request (authentication included). */
async function statementsFor(ws: Workspace, query = NESTED_QUERY): Promise<{ statements: number; body: AnyBody }> {
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
    expect(one.statements).toBeLessThanOrEqual(6);
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
