import { BODY_LIMIT_BYTES, MIN_RESPONSE_CAP_BYTES } from '../../src/config/config-defaults';
import { createAccount, createCampaign } from '../support/fixtures';
import { startTestApp, TEST_LIMITS, type TestApp, type Workspace } from '../support/test-app';

/**
 * MAX_RESPONSE_BYTES (src/http/limits/response-size.ts): a read whose answer is over the cap is
 * refused with RESPONSE_TOO_LARGE in the shape of its face; a smaller page of the same data is
 * answered; a write is answered whole whatever its size, since it has happened.
 */
jest.setTimeout(60_000);

/** The least the setting allows. */
const MAX_BYTES = MIN_RESPONSE_CAP_BYTES;
/** About 25 KB per phase: a page of 100 is over the cap, a page of 50 is not. */
const PHASE_COUNT = 100;
const LARGE_PHASE = { phase_description: 'd'.repeat(10_000), key_message: 'k'.repeat(10_000), custom_fields: { notes: 'x'.repeat(5_000) } };

const MESSAGE_REST = /^The answer is \d+ bytes, more than the maximum of 2097152; ask for a smaller per_page$/;
const MESSAGE_GRAPHQL = /^The answer is \d+ bytes, more than the maximum of 2097152; select fewer fields or objects \(a smaller `first`\)$/;

let app: TestApp;
let ws: Workspace;
let campaignId: number;

beforeAll(async () => {
  app = await startTestApp({ limits: { ...TEST_LIMITS, maxResponseBytes: MAX_BYTES } });
  ws = await app.workspace();
  campaignId = await createCampaign(ws, await createAccount(ws, 'Acme'));
  // Four requests of 25, each well under the 1 MiB body limit.
  for (let batch = 0; batch < PHASE_COUNT / 25; batch += 1) {
    const phases = Array.from({ length: 25 }, (_, i) => ({ ...LARGE_PHASE, phase_title: `Phase ${batch * 25 + i + 1}` }));
    const created = await ws.api.post('/v2/phases', { campaign_id: campaignId, phases });
    expect(created.status).toBe(200);
  }
});
afterAll(async () => {
  await app?.close();
});

describe('GET /v2/phases over the cap', () => {
  it('answers 400 RESPONSE_TOO_LARGE with the envelope, and the same list a page at a time', async () => {
    const whole = await ws.api.get(`/v2/phases?campaign_id=${campaignId}&per_page=100`);
    expect(whole.status).toBe(400);
    expect(whole.body).toEqual({ success: false, message: expect.stringMatching(MESSAGE_REST), code: 'RESPONSE_TOO_LARGE', request_id: whole.headers.get('x-request-id') });
    expect(Number(whole.headers.get('content-length'))).toBeLessThan(1024);

    const page = await ws.api.get(`/v2/phases?campaign_id=${campaignId}&per_page=50`);
    expect(page.status).toBe(200);
    expect(page.body.data.phases.data).toHaveLength(50);
    expect(page.body.data.phases.data[0].custom_fields).toEqual(LARGE_PHASE.custom_fields);
  });
});

describe('GraphQL query over the cap', () => {
  const query = `query ($id: ID!) { campaign(id: $id) { phases { id phaseDescription keyMessage customFields } } }`;

  it('answers 400 RESPONSE_TOO_LARGE without data, with extensions.cost', async () => {
    const answer = await ws.api.graphql(query, { id: String(campaignId) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: [{ message: expect.stringMatching(MESSAGE_GRAPHQL), extensions: { code: 'RESPONSE_TOO_LARGE' } }],
      extensions: { cost: expect.objectContaining({ requestedQueryCost: expect.any(Number) }) },
    });
  });

  it('answers a selection that fits', async () => {
    const answer = await ws.api.graphql(`query ($id: ID!) { campaign(id: $id) { phases { id phaseTitle } } }`, { id: String(campaignId) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.campaign.phases).toHaveLength(PHASE_COUNT);
  });
});

describe('writes over the cap', () => {
  it('a GraphQL mutation whose answer is over the cap is answered whole', async () => {
    const listed = await ws.api.get(`/v2/phases?campaign_id=${campaignId}&per_page=1`);
    const phaseId = String(listed.body.data.phases.data[0].id);
    const mutation = `mutation ($id: ID!, $input: PhaseInput!) { phaseUpdate(id: $id, input: $input) { phase { campaign { phases { phaseDescription keyMessage customFields } } } userErrors { message } } }`;
    const answer = await ws.api.graphql(mutation, { id: phaseId, input: { customFields: { more: 1 } } });
    expect(answer.status).toBe(200);
    expect(answer.body.data.phaseUpdate.userErrors).toEqual([]);
    expect(answer.body.data.phaseUpdate.phase.campaign.phases).toHaveLength(PHASE_COUNT);
    expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(MAX_BYTES);
  });
});

describe('the least cap the setting allows', () => {
  it('is twice the request body limit, so any one record a write can store can be read', () => {
    expect(MIN_RESPONSE_CAP_BYTES).toBeGreaterThanOrEqual(2 * BODY_LIMIT_BYTES);
  });
});
