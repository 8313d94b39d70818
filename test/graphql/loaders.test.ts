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

let app: TestApp;
let counter: StatementCounter;

async function seededWorkspace(campaigns: number): Promise<Workspace> {
  const ws = await app.workspace();
  await seedHierarchy(app.services, { organisationId: ws.organisationId, organisationCode: ws.organizationCode, apiKeyId: ws.apiKeyId, requestId: 'test-seed' }, campaigns);
  // The first request of a key records its use; measure the steady state after it.
  await ws.api.graphql('{ __typename }');
  return ws;
}

/** Statements the server sends to PostgreSQL while answering one request (authentication included). */
async function statementsFor(ws: Workspace): Promise<{ statements: number; body: AnyBody }> {
  counter.reset();
  const response = await ws.api.graphql(NESTED_QUERY);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return { statements: counter.count, body: response.body };
}

function distributionsOf(body: AnyBody): AnyBody[] {
  return body.data.campaigns.nodes.flatMap((campaign: AnyBody) =>
    campaign.phases.flatMap((phase: AnyBody) => phase.contents.nodes.flatMap((content: AnyBody) => content.distributions)),
  );
}

beforeAll(async () => {
  app = await startTestApp();
  counter = countStatements(app.dataSource);
}, 120_000);
afterAll(async () => {
  counter.stop();
  await app.close();
});

describe('nested query campaigns → phases → contents → distributions → link, media', () => {
  it('costs the same small number of SQL statements for 1 campaign and for 20', async () => {
    const one = await statementsFor(await seededWorkspace(1));
    const twenty = await statementsFor(await seededWorkspace(20));

    expect(distributionsOf(one.body)).toHaveLength(1 * 3 * 4 * 2);
    expect(distributionsOf(twenty.body)).toHaveLength(20 * 3 * 4 * 2);
    expect(distributionsOf(twenty.body).every((d: AnyBody) => d.primaryLink.originalLink && d.mediaLibrary.length === 2)).toBe(true);

    expect(twenty.statements).toBe(one.statements);
    expect(one.statements).toBeLessThanOrEqual(6);
  }, 120_000);
});
