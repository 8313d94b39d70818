import { rowById } from '../support/database-state';
import { ISO_TIMESTAMP } from '../support/expectations';
import { bigDbId, dbId, gid } from '../support/global-ids';
import { craftCursor, expectUserErrorsAt, USER_ERRORS, walkConnection, expectGraphQLNotFound } from '../support/graphql';
import { type AnyBody, type ApiResponse, type Workspace } from '../support/test-app';
import { appForFile, workspacesForBlock } from '../support/file-app';
import { webhookState } from '../support/webhooks';

/**
 * GraphQL webhooks: the same behaviours as REST /v2/webhooks in GraphQL terms (userErrors, NOT_FOUND,
 * plain lists, the delivery log as a connection, global ids). Real HTTP against the real database; the worker is off, so
 * a test ping or a redelivery is observed as a pending delivery. Every refusal is checked to have
 * changed nothing.
 */

const { app } = appForFile({ ws: null });

const UNKNOWN_ID = '2000000000';
/** Ids of `typeName` (global, or bare digits for the transition) that name nothing: unknown or out of range. NOT_FOUND. */
function missingIds(typeName: string): string[] {
  return [UNKNOWN_ID, '0', '99999999999', gid(typeName, UNKNOWN_ID), gid(typeName, '99999999999')];
}
/** Delivery ids are bigints: these name no delivery (the bigint form of missingIds). */
const MISSING_BIG_IDS = [UNKNOWN_ID, '0', '99999999999999999', gid('WebhookDelivery', UNKNOWN_ID), gid('WebhookDelivery', '99999999999999999')];
/** Values that are no id of any record: refused as input (BAD_USER_INPUT) before any lookup. */
const MALFORMED_IDS = ['abc', '', '-1', '1.5', 'gid://partner-api/Webhook/abc'];
const SIGNING_SECRET = /^whsec_[A-Za-z0-9+/]{43}=$/;
const RECEIVER_URL = 'http://127.0.0.1:9/hooks';
const CLIENT_SECRET = 'very-secret-client-value';

/** A global id of `typeName`, any database id. */
function globalIdOf(typeName: string): unknown {
  return expect.stringMatching(new RegExp(`^gid://partner-api/${typeName}/[1-9][0-9]*$`));
}

/** The bare database id inside a global id: what REST /v2 uses, and GraphQL still accepts for the transition. */
function bare(id: string): string {
  return bigDbId(id);
}

const SERVICE_FIELDS = 'id name clientId authUrl isDefault hasClientSecret createdAt updatedAt';
const WEBHOOK_FIELDS = `id name url events active disabledReason previousSecretExpiresAt serviceId service { id name } createdAt updatedAt`;
const ATTEMPT_FIELDS = 'attemptNo outcome startedAt durationMs statusCode error responseBody';
const DELIVERY_FIELDS = `id webhookId eventId eventType status attemptCount nextAttemptAt lastAttemptAt lastStatusCode createdAt updatedAt attempts { ${ATTEMPT_FIELDS} }`;

const SERVICES = `query { webhookServices { ${SERVICE_FIELDS} } }`;
const WEBHOOKS = `query { webhooks { ${WEBHOOK_FIELDS} } }`;
const WEBHOOK = `query Webhook($id: ID!) { webhook(id: $id) { ${WEBHOOK_FIELDS} } }`;
const DELIVERIES = `
  query Deliveries($id: ID!, $first: Int, $after: String, $filter: DeliveryFilter) {
    webhook(id: $id) {
      id
      deliveries(first: $first, after: $after, filter: $filter) {
        edges { cursor node { id } }
        nodes { ${DELIVERY_FIELDS} }
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }
  }
`;
const DELIVERY_EVENTS = `
  query DeliveryEvents($id: ID!) {
    webhook(id: $id) { deliveries { nodes { id eventId event { id type organizationCode } } } }
  }
`;
const DELIVERY = `
  query Delivery($webhookId: ID!, $deliveryId: ID!) {
    webhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) { ${DELIVERY_FIELDS} event { id type createdAt organizationCode data } }
  }
`;

const SERVICE_CREATE = `
  mutation ServiceCreate($input: WebhookServiceInput!) {
    webhookServiceCreate(input: $input) { webhookService { ${SERVICE_FIELDS} } ${USER_ERRORS} }
  }
`;
const SERVICE_UPDATE = `
  mutation ServiceUpdate($id: ID!, $input: WebhookServiceInput!) {
    webhookServiceUpdate(id: $id, input: $input) { webhookService { ${SERVICE_FIELDS} } ${USER_ERRORS} }
  }
`;
const SERVICE_DELETE = `mutation ServiceDelete($id: ID!) { webhookServiceDelete(id: $id) { deletedWebhookServiceId ${USER_ERRORS} } }`;
const CREATE = `
  mutation Create($input: WebhookInput!) {
    webhookCreate(input: $input) { webhook { ${WEBHOOK_FIELDS} } secret ${USER_ERRORS} }
  }
`;
const UPDATE = `
  mutation Update($id: ID!, $input: WebhookInput!) {
    webhookUpdate(id: $id, input: $input) { webhook { ${WEBHOOK_FIELDS} } ${USER_ERRORS} }
  }
`;
const DELETE = `mutation Delete($id: ID!) { webhookDelete(id: $id) { deletedWebhookId ${USER_ERRORS} } }`;
const ENABLE = `mutation Enable($id: ID!) { webhookEnable(id: $id) { webhook { ${WEBHOOK_FIELDS} } ${USER_ERRORS} } }`;
const DISABLE = `mutation Disable($id: ID!) { webhookDisable(id: $id) { webhook { ${WEBHOOK_FIELDS} } ${USER_ERRORS} } }`;
const ROTATE = `mutation Rotate($id: ID!) { webhookRotateSecret(id: $id) { webhook { ${WEBHOOK_FIELDS} } secret ${USER_ERRORS} } }`;
const TEST = `
  mutation Test($id: ID!) {
    webhookTest(id: $id) { delivery { ${DELIVERY_FIELDS} event { id type organizationCode data } } ${USER_ERRORS} }
  }
`;
const REDELIVER = `
  mutation Redeliver($webhookId: ID!, $deliveryId: ID!) {
    webhookDeliveryRedeliver(webhookId: $webhookId, deliveryId: $deliveryId) { delivery { ${DELIVERY_FIELDS} } ${USER_ERRORS} }
  }
`;

/** Every row of the webhook tables and the outbox (every workspace, deleted rows too). */
function databaseState(): Promise<Record<string, AnyBody[]>> {
  return webhookState(app);
}

/** A GraphQL operation that must run without top-level errors; returns `data`. */
async function data(ws: Workspace, query: string, variables: Record<string, unknown> = {}): Promise<AnyBody> {
  const response = await ws.api.graphql(query, variables);
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  return response.body.data;
}

/** A mutation that must succeed; returns its payload. */
async function mutate(ws: Workspace, query: string, variables: Record<string, unknown>, field: string): Promise<AnyBody> {
  const payload = (await data(ws, query, variables))[field];
  expect(payload.userErrors).toEqual([]);
  return payload;
}

function webhookInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Receiver', url: RECEIVER_URL, events: ['campaign_created', 'content_updated'], ...overrides };
}

function serviceInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Partner OAuth', clientId: 'client-123', clientSecret: CLIENT_SECRET, authUrl: 'https://auth.example.com/oauth/token', ...overrides };
}

async function createService(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<AnyBody> {
  return (await mutate(ws, SERVICE_CREATE, { input: serviceInput(overrides) }, 'webhookServiceCreate')).webhookService;
}

/** Creates a webhook; returns the record and its secret. */
async function createWebhook(ws: Workspace, overrides: Record<string, unknown> = {}): Promise<{ webhook: AnyBody; secret: string }> {
  const { webhook, secret } = await mutate(ws, CREATE, { input: webhookInput(overrides) }, 'webhookCreate');
  return { webhook, secret };
}

/** Queues a test ping; returns the delivery as the log lists it (without its event). */
async function ping(ws: Workspace, webhookId: string): Promise<AnyBody> {
  const { event: _event, ...delivery } = (await mutate(ws, TEST, { id: webhookId }, 'webhookTest')).delivery;
  return delivery;
}

/** The nullable root fields of this file; every mutation's payload is non-null. */
const NULLABLE_FIELDS = new Set(['webhook', 'webhookDelivery']);

/**
 * An id argument or input field refused as input before anything ran (malformed, or a global id of
 * another type): one top-level BAD_USER_INPUT naming `path`, not a userError; `field` null, which for
 * a mutation's non-null payload makes `data` itself null.
 */
function expectBadId(response: ApiResponse<AnyBody>, field: string, path: string): void {
  expect(response.status).toBe(200);
  expect(response.body.data).toEqual(NULLABLE_FIELDS.has(field) ? { [field]: null } : null);
  expect(response.body.errors).toEqual([expect.objectContaining({ path: [field], extensions: { code: 'BAD_USER_INPUT', fieldErrors: { [path]: [expect.any(String)] } } })]);
}

/** A mutation refused with one NOT_FOUND on `field` and nothing else in its payload. */
function expectNotFoundPayload(response: ApiResponse<AnyBody>, mutation: string, empty: Record<string, null>, field: string[], message: string): void {
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  expect(response.body.data[mutation]).toEqual({ ...empty, userErrors: [{ field, message, code: 'NOT_FOUND' }] });
}

/** A mutation refused with BAD_USER_INPUT userErrors on exactly these fields, and nothing else in its payload. */
function expectRefused(response: ApiResponse<AnyBody>, mutation: string, empty: Record<string, null>, fields: string[][]): void {
  expect(response.status).toBe(200);
  expect(response.body.errors).toBeUndefined();
  const payload = response.body.data[mutation];
  expect({ ...payload, userErrors: [] }).toEqual({ ...empty, userErrors: [] });
  expectUserErrorsAt(payload, fields);
}

/** The whole text of a response, to search for secrets. */
function text(response: ApiResponse<AnyBody>): string {
  return JSON.stringify(response.body);
}

describe('query webhookServices', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('lists the workspace services by id, never a client secret', async () => {
    const withCredentials = await createService(ws, { name: 'With credentials' });
    const bareService = await createService(ws, { name: 'Bare', clientId: null, clientSecret: null, authUrl: null });
    await createService(other, { name: 'Not yours' });

    const response = await ws.api.graphql(SERVICES);

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.webhookServices).toEqual([withCredentials, bareService]);
    expect(withCredentials).toEqual({
      id: globalIdOf('WebhookService'),
      name: 'With credentials',
      clientId: 'client-123',
      authUrl: 'https://auth.example.com/oauth/token',
      isDefault: false,
      hasClientSecret: true,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(bareService).toMatchObject({ clientId: null, authUrl: null, hasClientSecret: false });
    expect(text(response)).not.toContain(CLIENT_SECRET);
  });

  it('has no field that could show the secret', async () => {
    const response = await ws.api.graphql('query { webhookServices { clientSecret } }');

    expect(response.status).toBe(400);
    expect(response.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('is empty for a workspace without services, and leaves out deleted ones', async () => {
    const fresh = await app.workspace();
    const doomed = await createService(fresh);
    await mutate(fresh, SERVICE_DELETE, { id: doomed.id }, 'webhookServiceDelete');

    expect((await data(fresh, SERVICES)).webhookServices).toEqual([]);
  });
});

describe('query webhooks', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('lists the workspace webhooks by id, with their service, and no deleted ones', async () => {
    const service = await createService(ws, { name: 'Tokens' });
    const first = (await createWebhook(ws, { name: 'First', serviceId: service.id })).webhook;
    const doomed = (await createWebhook(ws, { name: 'Doomed' })).webhook;
    const second = (await createWebhook(ws, { name: 'Second', events: ['phase_created'] })).webhook;
    await createWebhook(other, { name: 'Not yours' });
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');

    const listed = (await data(ws, WEBHOOKS)).webhooks;

    expect(listed).toEqual([first, second]);
    expect(first).toMatchObject({ serviceId: service.id, service: { id: service.id, name: 'Tokens' } });
    expect(second).toMatchObject({ serviceId: null, service: null, events: ['phase_created'] });
  });

  it('never shows a signing secret, and has no field for one', async () => {
    const { secret } = await createWebhook(ws, { name: 'Secretive' });

    const response = await ws.api.graphql(WEBHOOKS);
    const asked = await ws.api.graphql('query { webhooks { secret } }');

    expect(text(response)).not.toContain(secret);
    expect(text(response)).not.toContain('whsec_');
    expect(asked.status).toBe(400);
    expect(asked.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('is the only webhook shape: no output type of the schema but the create/rotate payload has a secret field', async () => {
    const response = await ws.api.graphql('{ __schema { types { name kind fields { name } } } }');

    const fields = (response.body.data.__schema.types as AnyBody[])
      .filter((type) => type.kind === 'OBJECT' || type.kind === 'INTERFACE')
      .flatMap((type) => (type.fields ?? []).filter((field: AnyBody) => /secret|sealed/i.test(field.name)).map((field: AnyBody) => `${type.name}.${field.name}`));
    expect(fields.sort()).toEqual(['Mutation.webhookRotateSecret', 'Webhook.previousSecretExpiresAt', 'WebhookSecretPayload.secret', 'WebhookService.hasClientSecret']);
  });

  it('is empty for a workspace without webhooks', async () => {
    expect((await data(await app.workspace(), WEBHOOKS)).webhooks).toEqual([]);
  });
});

describe('query webhook', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('reads one webhook, as it was created, without its secret', async () => {
    const { webhook, secret } = await createWebhook(ws);

    const response = await ws.api.graphql(WEBHOOK, { id: webhook.id });

    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.webhook).toEqual(webhook);
    expect(webhook).toEqual({
      id: globalIdOf('Webhook'),
      name: 'Receiver',
      url: RECEIVER_URL,
      events: ['campaign_created', 'content_updated'],
      active: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
      serviceId: null,
      service: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(text(response)).not.toContain(secret);
  });

  it('reads the same webhook by its bare database id, for the transition', async () => {
    const { webhook } = await createWebhook(ws);

    expect((await data(ws, WEBHOOK, { id: bare(webhook.id) })).webhook).toEqual(webhook);
  });

  it.each(missingIds('Webhook'))('raises NOT_FOUND for the id %s', async (id) => {
    expectGraphQLNotFound(await ws.api.graphql(WEBHOOK, { id }), 'webhook', 'Webhook not found');
  });

  it.each(MALFORMED_IDS)('raises BAD_USER_INPUT on id for the malformed id %j', async (id) => {
    expectBadId(await ws.api.graphql(WEBHOOK, { id }), 'webhook', 'id');
  });

  it('raises BAD_USER_INPUT on id for a global id of another type, even one whose digits are a webhook of the workspace', async () => {
    const { webhook } = await createWebhook(ws);
    const service = await createService(ws);

    expectBadId(await ws.api.graphql(WEBHOOK, { id: gid('WebhookService', bare(webhook.id)) }), 'webhook', 'id');
    expectBadId(await ws.api.graphql(WEBHOOK, { id: service.id }), 'webhook', 'id');
  });

  it("raises NOT_FOUND for another workspace's webhook and for a deleted one, by global or bare database id", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');

    for (const id of [theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      expectGraphQLNotFound(await ws.api.graphql(WEBHOOK, { id }), 'webhook', 'Webhook not found');
    }
    expect((await data(other, WEBHOOK, { id: theirs.id })).webhook).toEqual(theirs);
  });
});

describe('Webhook.deliveries', () => {
  const { ws } = workspacesForBlock(app);
  let webhook: AnyBody;
  let pings: AnyBody[];

  beforeAll(async () => {
    webhook = (await createWebhook(ws)).webhook;
    pings = [];
    for (let i = 0; i < 3; i += 1) pings.push(await ping(ws, webhook.id));
    // Another webhook's deliveries are not in this log.
    await ping(ws, (await createWebhook(ws, { name: 'Other' })).webhook.id);
  });

  it('is an empty connection for a webhook without deliveries', async () => {
    const fresh = (await createWebhook(ws, { name: 'Fresh' })).webhook;

    expect((await data(ws, DELIVERIES, { id: fresh.id })).webhook.deliveries).toEqual({
      edges: [],
      nodes: [],
      pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
    });
  });

  it("lists the webhook's deliveries, newest first", async () => {
    const deliveries = (await data(ws, DELIVERIES, { id: webhook.id })).webhook.deliveries;

    expect(deliveries.nodes).toEqual([...pings].reverse());
    expect(deliveries.edges.map((edge: AnyBody) => edge.node.id)).toEqual(deliveries.nodes.map((node: AnyBody) => node.id));
    expect(deliveries.pageInfo).toEqual({
      hasNextPage: false,
      hasPreviousPage: false,
      startCursor: deliveries.edges[0].cursor,
      endCursor: deliveries.edges.at(-1).cursor,
    });
    expect(pings[0]).toEqual({
      id: globalIdOf('WebhookDelivery'),
      webhookId: webhook.id,
      eventId: globalIdOf('Event'),
      eventType: 'ping',
      status: 'PENDING',
      attemptCount: 0,
      nextAttemptAt: expect.stringMatching(ISO_TIMESTAMP),
      lastAttemptAt: null,
      lastStatusCode: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      attempts: [],
    });
  });

  it('pages with first and after, newest first, without duplicates or gaps', async () => {
    const first = (await data(ws, DELIVERIES, { id: webhook.id, first: 2 })).webhook.deliveries;
    const second = (await data(ws, DELIVERIES, { id: webhook.id, first: 2, after: first.pageInfo.endCursor })).webhook.deliveries;
    const beyond = (await data(ws, DELIVERIES, { id: webhook.id, first: 2, after: second.pageInfo.endCursor })).webhook.deliveries;
    const { ids, pages } = await walkConnection(async (after) => (await data(ws, DELIVERIES, { id: webhook.id, first: 1, after })).webhook.deliveries);

    expect(first.nodes).toEqual([pings[2], pings[1]]);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    expect(second.nodes).toEqual([pings[0]]);
    expect(second.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    expect(beyond).toEqual({ edges: [], nodes: [], pageInfo: { hasNextPage: false, hasPreviousPage: true, startCursor: null, endCursor: null } });
    expect(ids).toEqual([pings[2].id, pings[1].id, pings[0].id]);
    expect(pages.map((page) => page.pageInfo.hasNextPage)).toEqual([true, true, false]);
  });

  it('keeps its place while deliveries are made: a new one is on the first page, not the next', async () => {
    const busy = (await createWebhook(ws, { name: 'Busy' })).webhook;
    const before = [await ping(ws, busy.id), await ping(ws, busy.id), await ping(ws, busy.id)].reverse();
    const first = (await data(ws, DELIVERIES, { id: busy.id, first: 2 })).webhook.deliveries;

    const fresh = await ping(ws, busy.id);
    const rest = (await data(ws, DELIVERIES, { id: busy.id, first: 2, after: first.pageInfo.endCursor })).webhook.deliveries;
    const top = (await data(ws, DELIVERIES, { id: busy.id, first: 1 })).webhook.deliveries;

    expect(first.nodes).toEqual(before.slice(0, 2));
    expect(rest.nodes).toEqual(before.slice(2));
    expect(top.nodes).toEqual([fresh]);
  });

  it('filters by status and by event type', async () => {
    const ids = async (filter: AnyBody) => (await data(ws, DELIVERIES, { id: webhook.id, filter })).webhook.deliveries.nodes.map((node: AnyBody) => node.id);
    await app.dataSource.query(`UPDATE webhook_deliveries SET status = 'succeeded' WHERE id = $1`, [bare(pings[1].id)]);

    expect(await ids({ status: 'SUCCEEDED' })).toEqual([pings[1].id]);
    expect(await ids({ status: 'PENDING' })).toEqual([pings[2].id, pings[0].id]);
    expect(await ids({ status: 'FAILED' })).toEqual([]);
    expect(await ids({ event: 'ping' })).toEqual([pings[2].id, pings[1].id, pings[0].id]);
    expect(await ids({ event: 'campaign_created' })).toEqual([]);

    await app.dataSource.query(`UPDATE webhook_deliveries SET status = 'pending' WHERE id = $1`, [bare(pings[1].id)]);
  });

  it('pages a filtered log', async () => {
    const { ids } = await walkConnection(async (after) => (await data(ws, DELIVERIES, { id: webhook.id, first: 2, after, filter: { event: 'ping' } })).webhook.deliveries);

    expect(ids).toEqual([pings[2].id, pings[1].id, pings[0].id]);
  });

  it('shows each delivery with its attempts, oldest first', async () => {
    const delivery = pings[0];
    for (const [attemptNo, statusCode, error] of [
      [2, 503, 'receiver answered 503'],
      [1, null, 'connection refused'],
    ] as const) {
      await app.dataSource.query(
        `INSERT INTO webhook_delivery_attempts (organisation_id, delivery_id, attempt_no, started_at, duration_ms, status_code, error, response_body, outcome)
         VALUES ($1, $2, $3, now() - make_interval(secs => $4), 40, $5, $6, $7, 'failed')`,
        [ws.organisationId, bare(delivery.id), attemptNo, 10 - attemptNo, statusCode, error, statusCode === null ? null : 'busy'],
      );
    }

    const nodes = (await data(ws, DELIVERIES, { id: webhook.id })).webhook.deliveries.nodes;

    expect(nodes.find((node: AnyBody) => node.id === delivery.id).attempts).toEqual([
      { attemptNo: 1, outcome: 'FAILED', startedAt: expect.stringMatching(ISO_TIMESTAMP), durationMs: 40, statusCode: null, error: 'connection refused', responseBody: null },
      { attemptNo: 2, outcome: 'FAILED', startedAt: expect.stringMatching(ISO_TIMESTAMP), durationMs: 40, statusCode: 503, error: 'receiver answered 503', responseBody: 'busy' },
    ]);
    expect(nodes.filter((node: AnyBody) => node.id !== delivery.id).map((node: AnyBody) => node.attempts)).toEqual([[], []]);
    await app.dataSource.query('DELETE FROM webhook_delivery_attempts WHERE delivery_id = $1', [bare(delivery.id)]);
  });

  it("shows each delivery's event, null once it has left the feed", async () => {
    const logged = (await createWebhook(ws, { name: 'Evented' })).webhook;
    const [older, newer] = [await ping(ws, logged.id), await ping(ws, logged.id)];
    await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = $1`, [bare(older.eventId)]);

    const nodes = (await data(ws, DELIVERY_EVENTS, { id: logged.id })).webhook.deliveries.nodes;

    expect(nodes).toEqual([
      { id: newer.id, eventId: newer.eventId, event: { id: newer.eventId, type: 'ping', organizationCode: ws.organizationCode } },
      { id: older.id, eventId: older.eventId, event: null },
    ]);
  });

  it.each([
    [{ first: 0 }, 'first'],
    [{ first: 101 }, 'first'],
    [{ after: 'definitely-not-a-cursor' }, 'after'],
    [{ after: craftCursor(['name', 'Acme', 5]) }, 'after'],
    [{ after: craftCursor(['id', 5, 6]) }, 'after'],
    [{ after: craftCursor(['id', 2 ** 60, 2 ** 60]) }, 'after'],
    [{ filter: { event: 'x'.repeat(65) } }, 'event'],
  ])('raises BAD_USER_INPUT for %j', async (variables, field) => {
    const response = await ws.api.graphql(DELIVERIES, { id: webhook.id, ...variables });

    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({ webhook: null });
    expect(response.body.errors).toHaveLength(1);
    expect(response.body.errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', fieldErrors: { [field]: [expect.any(String)] } });
  });
});

describe('query webhookDelivery', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let webhook: AnyBody;
  let delivery: AnyBody;

  beforeAll(async () => {
    webhook = (await createWebhook(ws)).webhook;
    delivery = await ping(ws, webhook.id);
  });

  it('reads one delivery with its attempts and the event delivered', async () => {
    const response = await ws.api.graphql(DELIVERY, { webhookId: webhook.id, deliveryId: delivery.id });

    expect(response.body.errors).toBeUndefined();
    const read = response.body.data.webhookDelivery;
    expect({ ...read, event: undefined }).toEqual({ ...delivery, event: undefined });
    expect(read.event).toEqual({
      id: delivery.eventId,
      type: 'ping',
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      organizationCode: ws.organizationCode,
      data: { webhook_id: dbId(webhook.id), message: expect.any(String) },
    });
  });

  it("still reads a deleted webhook's delivery: the log outlives the webhook", async () => {
    const doomed = (await createWebhook(ws, { name: 'Doomed' })).webhook;
    const logged = await ping(ws, doomed.id);
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');

    const read = (await data(ws, DELIVERY, { webhookId: doomed.id, deliveryId: logged.id })).webhookDelivery;

    expect(read).toMatchObject({ id: logged.id, webhookId: doomed.id, eventType: 'ping' });
  });

  it('shows event null once the event has left the feed', async () => {
    const old = await ping(ws, webhook.id);
    await app.dataSource.query(`UPDATE outbox_events SET created_at = now() - interval '31 days' WHERE id = $1`, [bare(old.eventId)]);

    const read = (await data(ws, DELIVERY, { webhookId: webhook.id, deliveryId: old.id })).webhookDelivery;

    expect(read).toMatchObject({ id: old.id, eventId: old.eventId, event: null });
  });

  it('reads the same delivery by bare database ids, for the transition', async () => {
    const byGlobalIds = (await data(ws, DELIVERY, { webhookId: webhook.id, deliveryId: delivery.id })).webhookDelivery;

    expect((await data(ws, DELIVERY, { webhookId: bare(webhook.id), deliveryId: bare(delivery.id) })).webhookDelivery).toEqual(byGlobalIds);
  });

  it.each(missingIds('Webhook'))('raises NOT_FOUND for the webhook id %s', async (webhookId) => {
    expectGraphQLNotFound(await ws.api.graphql(DELIVERY, { webhookId, deliveryId: delivery.id }), 'webhookDelivery', 'Webhook not found');
  });

  it.each(MISSING_BIG_IDS)('raises NOT_FOUND for the delivery id %s', async (deliveryId) => {
    expectGraphQLNotFound(await ws.api.graphql(DELIVERY, { webhookId: webhook.id, deliveryId }), 'webhookDelivery', 'Webhook delivery not found');
  });

  it.each(MALFORMED_IDS)('raises BAD_USER_INPUT on webhookId for the malformed id %j', async (webhookId) => {
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId, deliveryId: delivery.id }), 'webhookDelivery', 'webhookId');
  });

  it.each(MALFORMED_IDS)('raises BAD_USER_INPUT on deliveryId for the malformed id %j', async (deliveryId) => {
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId: webhook.id, deliveryId }), 'webhookDelivery', 'deliveryId');
  });

  it('raises BAD_USER_INPUT on the argument given a global id of another type, even one whose digits name a record of the workspace', async () => {
    // The delivery's id where the webhook's is expected, and the webhook's where the delivery's is.
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId: delivery.id, deliveryId: delivery.id }), 'webhookDelivery', 'webhookId');
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId: webhook.id, deliveryId: webhook.id }), 'webhookDelivery', 'deliveryId');
    // The right digits under another type.
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId: gid('WebhookService', bare(webhook.id)), deliveryId: delivery.id }), 'webhookDelivery', 'webhookId');
    expectBadId(await ws.api.graphql(DELIVERY, { webhookId: webhook.id, deliveryId: gid('Event', bare(delivery.id)) }), 'webhookDelivery', 'deliveryId');
  });

  it("raises NOT_FOUND for another workspace's webhook or delivery, and for another webhook's delivery, by global or bare database ids", async () => {
    const theirWebhook = (await createWebhook(other)).webhook;
    const theirDelivery = await ping(other, theirWebhook.id);
    const sibling = (await createWebhook(ws, { name: 'Sibling' })).webhook;

    for (const wrap of [(id: string) => id, bare]) {
      expectGraphQLNotFound(await ws.api.graphql(DELIVERY, { webhookId: wrap(theirWebhook.id), deliveryId: wrap(theirDelivery.id) }), 'webhookDelivery', 'Webhook not found');
      expectGraphQLNotFound(await ws.api.graphql(DELIVERY, { webhookId: wrap(webhook.id), deliveryId: wrap(theirDelivery.id) }), 'webhookDelivery', 'Webhook delivery not found');
      expectGraphQLNotFound(await ws.api.graphql(DELIVERY, { webhookId: wrap(sibling.id), deliveryId: wrap(delivery.id) }), 'webhookDelivery', 'Webhook delivery not found');
    }
  });
});

describe('mutation webhookServiceCreate', () => {
  const { ws } = workspacesForBlock(app);

  it('creates a service with client credentials and stores the secret sealed, never showing it', async () => {
    const response = await ws.api.graphql(SERVICE_CREATE, { input: serviceInput({ name: 'Created' }) });

    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.webhookServiceCreate;
    expect(payload.userErrors).toEqual([]);
    expect(payload.webhookService).toEqual({
      id: globalIdOf('WebhookService'),
      name: 'Created',
      clientId: 'client-123',
      authUrl: 'https://auth.example.com/oauth/token',
      isDefault: false,
      hasClientSecret: true,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(text(response)).not.toContain(CLIENT_SECRET);
    const row = await rowById(app, 'webhook_services', dbId(payload.webhookService.id));
    expect(row).toMatchObject({ organisation_id: ws.organisationId, client_id: 'client-123' });
    expect(typeof row?.client_secret_sealed).toBe('string');
    expect(row?.client_secret_sealed).not.toContain(CLIENT_SECRET);
  });

  it('creates a service without credentials', async () => {
    const service = await createService(ws, { name: 'No tokens', clientId: undefined, clientSecret: undefined, authUrl: undefined });

    expect(service).toMatchObject({ name: 'No tokens', clientId: null, authUrl: null, hasClientSecret: false, isDefault: false });
  });

  it('makes a new default service the only default', async () => {
    const first = await createService(ws, { name: 'First default', isDefault: true });
    const second = await createService(ws, { name: 'Second default', isDefault: true });

    const listed = (await data(ws, SERVICES)).webhookServices;

    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(true);
    expect(listed.filter((service: AnyBody) => service.isDefault).map((service: AnyBody) => service.id)).toEqual([second.id]);
  });

  it.each([
    ['without a name', { name: undefined }, [['input', 'name']]],
    ['with a blank name', { name: '  ' }, [['input', 'name']]],
    ['with only a client id', { clientSecret: undefined, authUrl: undefined }, [['input', 'clientSecret'], ['input', 'authUrl']]],
    ['with a client id and secret but no token endpoint', { authUrl: undefined }, [['input', 'authUrl']]],
    ['with a token endpoint that is not http(s)', { authUrl: 'ftp://x' }, [['input', 'authUrl']]],
  ])('is refused %s, and changes nothing', async (_case, overrides, fields) => {
    const before = await databaseState();

    const response = await ws.api.graphql(SERVICE_CREATE, { input: serviceInput(overrides) });

    expectRefused(response, 'webhookServiceCreate', { webhookService: null }, fields);
    expect(text(response)).not.toContain(CLIENT_SECRET);
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation webhookServiceUpdate', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('changes the given fields and keeps the stored secret when clientSecret is left out', async () => {
    const service = await createService(ws);
    const sealed = (await rowById(app, 'webhook_services', dbId(service.id)))?.client_secret_sealed;

    const updated = (await mutate(ws, SERVICE_UPDATE, { id: service.id, input: { name: 'Renamed', clientId: 'client-456' } }, 'webhookServiceUpdate')).webhookService;

    expect(updated).toEqual({ ...service, name: 'Renamed', clientId: 'client-456', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect((await rowById(app, 'webhook_services', dbId(service.id)))?.client_secret_sealed).toBe(sealed);
  });

  it('clears the credentials when all three are null', async () => {
    const service = await createService(ws);

    const updated = (await mutate(ws, SERVICE_UPDATE, { id: service.id, input: { clientId: null, clientSecret: null, authUrl: null } }, 'webhookServiceUpdate'))
      .webhookService;

    expect(updated).toMatchObject({ clientId: null, authUrl: null, hasClientSecret: false });
  });

  it.each([
    ['clearing only the client id', { clientId: null }, [['input', 'clientId']]],
    ['a blank name', { name: '' }, [['input', 'name']]],
    ['a token endpoint that is not http(s)', { authUrl: 'ftp://x' }, [['input', 'authUrl']]],
  ])('refuses %s, and changes nothing', async (_case, input, fields) => {
    const service = await createService(ws);
    const before = await databaseState();

    const response = await ws.api.graphql(SERVICE_UPDATE, { id: service.id, input });

    expectRefused(response, 'webhookServiceUpdate', { webhookService: null }, fields);
    expect(await databaseState()).toEqual(before);
  });

  it('refuses client credentials on a bare service unless all three come', async () => {
    const bare = await createService(ws, { clientId: null, clientSecret: null, authUrl: null });
    const before = await databaseState();

    const response = await ws.api.graphql(SERVICE_UPDATE, { id: bare.id, input: { clientSecret: 'only-a-secret' } });

    expectRefused(response, 'webhookServiceUpdate', { webhookService: null }, [['input', 'clientId'], ['input', 'authUrl']]);
    expect(text(response)).not.toContain('only-a-secret');
    expect(await databaseState()).toEqual(before);
  });

  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, and changes nothing", async () => {
    const theirs = await createService(other);
    const doomed = await createService(ws);
    await mutate(ws, SERVICE_DELETE, { id: doomed.id }, 'webhookServiceDelete');
    const before = await databaseState();

    for (const id of [...missingIds('WebhookService'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      const response = await ws.api.graphql(SERVICE_UPDATE, { id, input: { name: 'Hijacked' } });
      expectNotFoundPayload(response, 'webhookServiceUpdate', { webhookService: null }, ['id'], 'Webhook service not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('raises BAD_USER_INPUT on id for malformed ids and global ids of another type, and changes nothing', async () => {
    const service = await createService(ws);
    const { webhook } = await createWebhook(ws);
    const before = await databaseState();

    for (const id of [...MALFORMED_IDS, gid('Webhook', bare(service.id)), webhook.id]) {
      expectBadId(await ws.api.graphql(SERVICE_UPDATE, { id, input: { name: 'Hijacked' } }), 'webhookServiceUpdate', 'id');
    }
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation webhookServiceDelete', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('deletes the service and returns its id', async () => {
    const service = await createService(ws, { isDefault: true });

    const payload = await mutate(ws, SERVICE_DELETE, { id: service.id }, 'webhookServiceDelete');

    expect(payload).toEqual({ deletedWebhookServiceId: service.id, userErrors: [] });
    expect((await data(ws, SERVICES)).webhookServices).toEqual([]);
    expect(await rowById(app, 'webhook_services', dbId(service.id))).toMatchObject({ deleted_at: expect.any(Date), is_default: false });
  });

  it('is refused on id while a webhook uses the service, and changes nothing', async () => {
    const service = await createService(ws);
    await createWebhook(ws, { serviceId: service.id });
    const before = await databaseState();

    const response = await ws.api.graphql(SERVICE_DELETE, { id: service.id });

    expectRefused(response, 'webhookServiceDelete', { deletedWebhookServiceId: null }, [['id']]);
    expect(await databaseState()).toEqual(before);
  });

  it("answers NOT_FOUND for unknown, already deleted and another workspace's ids, and changes nothing", async () => {
    const theirs = await createService(other);
    const doomed = await createService(ws);
    await mutate(ws, SERVICE_DELETE, { id: doomed.id }, 'webhookServiceDelete');
    const before = await databaseState();

    for (const id of [...missingIds('WebhookService'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      const response = await ws.api.graphql(SERVICE_DELETE, { id });
      expectNotFoundPayload(response, 'webhookServiceDelete', { deletedWebhookServiceId: null }, ['id'], 'Webhook service not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('raises BAD_USER_INPUT on id for malformed ids and global ids of another type, and changes nothing', async () => {
    const service = await createService(ws);
    const { webhook } = await createWebhook(ws);
    const before = await databaseState();

    for (const id of [...MALFORMED_IDS, gid('Webhook', bare(service.id)), webhook.id]) {
      expectBadId(await ws.api.graphql(SERVICE_DELETE, { id }), 'webhookServiceDelete', 'id');
    }
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation webhookCreate', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('creates an active webhook and shows its signing secret this once', async () => {
    const response = await ws.api.graphql(CREATE, { input: webhookInput({ name: 'Created' }) });

    expect(response.body.errors).toBeUndefined();
    const { webhook, secret, userErrors } = response.body.data.webhookCreate;
    expect(userErrors).toEqual([]);
    expect(secret).toMatch(SIGNING_SECRET);
    expect(webhook).toEqual({
      id: globalIdOf('Webhook'),
      name: 'Created',
      url: RECEIVER_URL,
      events: ['campaign_created', 'content_updated'],
      active: true,
      disabledReason: null,
      previousSecretExpiresAt: null,
      serviceId: null,
      service: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    const row = await rowById(app, 'webhooks', dbId(webhook.id));
    expect(row).toMatchObject({ organisation_id: ws.organisationId, name: 'Created', active: true });
    expect(row?.secret_sealed).not.toContain(secret.slice('whsec_'.length));
    // Shown once: no read returns it again.
    for (const read of [await ws.api.graphql(WEBHOOK, { id: webhook.id }), await ws.api.graphql(WEBHOOKS)]) {
      expect(text(read)).not.toContain(secret);
    }
  });

  it('gives each webhook its own secret', async () => {
    const a = await createWebhook(ws);
    const b = await createWebhook(ws);

    expect(a.secret).not.toBe(b.secret);
  });

  it("uses the workspace's default service when serviceId is left out, and none when it is null", async () => {
    const fresh = await app.workspace();
    const fallback = await createService(fresh, { name: 'Default', isDefault: true });
    const named = await createService(fresh, { name: 'Named' });

    const defaulted = (await createWebhook(fresh)).webhook;
    const explicit = (await createWebhook(fresh, { serviceId: named.id })).webhook;
    const none = (await createWebhook(fresh, { serviceId: null })).webhook;

    expect(defaulted).toMatchObject({ serviceId: fallback.id, service: { id: fallback.id, name: 'Default' } });
    expect(explicit).toMatchObject({ serviceId: named.id, service: { id: named.id, name: 'Named' } });
    expect(none).toMatchObject({ serviceId: null, service: null });
  });

  it.each([
    ['a url that is not http(s)', { url: 'ftp://x' }, [['input', 'url']]],
    ['no events', { events: [] }, [['input', 'events']]],
    ['an event type not in the catalogue', { events: ['campaign_created', 'campaign_exploded'] }, [['input', 'events']]],
    ['the ping event, which only webhookTest sends', { events: ['ping'] }, [['input', 'events']]],
    ['the same event twice', { events: ['campaign_created', 'campaign_created'] }, [['input', 'events']]],
    ['no name', { name: undefined }, [['input', 'name']]],
    ['no url', { url: undefined }, [['input', 'url']]],
    ['an unknown serviceId', { serviceId: UNKNOWN_ID }, [['input', 'serviceId']]],
    ['an unknown serviceId, as a global id', { serviceId: gid('WebhookService', UNKNOWN_ID) }, [['input', 'serviceId']]],
  ])('is refused with %s, and creates nothing', async (_case, overrides, fields) => {
    const before = await databaseState();

    const response = await ws.api.graphql(CREATE, { input: webhookInput(overrides) });

    expectRefused(response, 'webhookCreate', { webhook: null, secret: null }, fields);
    expect(await databaseState()).toEqual(before);
  });

  it('raises BAD_USER_INPUT on input.serviceId for malformed ids and global ids of another type, and creates nothing', async () => {
    const service = await createService(ws);
    const { webhook } = await createWebhook(ws, { serviceId: null });
    const before = await databaseState();

    for (const serviceId of [...MALFORMED_IDS, gid('Webhook', bare(service.id)), webhook.id]) {
      expectBadId(await ws.api.graphql(CREATE, { input: webhookInput({ serviceId }) }), 'webhookCreate', 'input.serviceId');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('takes a bare database id as input.serviceId, for the transition', async () => {
    const service = await createService(ws, { name: 'By digits' });

    const { webhook } = await createWebhook(ws, { serviceId: bare(service.id) });

    expect(webhook).toMatchObject({ serviceId: service.id, service: { id: service.id, name: 'By digits' } });
  });

  it('says which names the catalogue lacks, and which service is meant', async () => {
    const events = await ws.api.graphql(CREATE, { input: webhookInput({ events: ['campaign_exploded'] }) });
    const service = await ws.api.graphql(CREATE, { input: webhookInput({ serviceId: UNKNOWN_ID }) });

    expect(events.body.data.webhookCreate.userErrors).toEqual([
      { field: ['input', 'events'], message: 'events must name event types of the catalogue (GET /v2/libraries/event-types)', code: 'BAD_USER_INPUT' },
    ]);
    expect(service.body.data.webhookCreate.userErrors).toEqual([
      { field: ['input', 'serviceId'], message: 'serviceId names no webhook service of this workspace', code: 'BAD_USER_INPUT' },
    ]);
  });

  it("is refused on input.serviceId with another workspace's service or a deleted one, and creates nothing", async () => {
    const theirs = await createService(other);
    const doomed = await createService(ws);
    await mutate(ws, SERVICE_DELETE, { id: doomed.id }, 'webhookServiceDelete');
    const before = await databaseState();

    for (const serviceId of [theirs.id, doomed.id]) {
      const response = await ws.api.graphql(CREATE, { input: webhookInput({ serviceId }) });
      expectRefused(response, 'webhookCreate', { webhook: null, secret: null }, [['input', 'serviceId']]);
    }
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation webhookUpdate', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('changes the given fields; the others stay as they are', async () => {
    const service = await createService(ws);
    const { webhook } = await createWebhook(ws);

    const renamed = (await mutate(ws, UPDATE, { id: webhook.id, input: { name: 'Renamed', events: ['phase_deleted'] } }, 'webhookUpdate')).webhook;
    const moved = (await mutate(ws, UPDATE, { id: webhook.id, input: { url: 'http://127.0.0.1:9/other', serviceId: service.id } }, 'webhookUpdate')).webhook;
    const detached = (await mutate(ws, UPDATE, { id: webhook.id, input: { serviceId: null } }, 'webhookUpdate')).webhook;

    expect(renamed).toEqual({ ...webhook, name: 'Renamed', events: ['phase_deleted'], updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect(moved).toEqual({ ...renamed, url: 'http://127.0.0.1:9/other', serviceId: service.id, service: { id: service.id, name: service.name }, updatedAt: expect.any(String) });
    expect(detached).toEqual({ ...moved, serviceId: null, service: null, updatedAt: expect.any(String) });
    expect((await data(ws, WEBHOOK, { id: webhook.id })).webhook).toEqual(detached);
  });

  it.each([
    ['a url that is not http(s)', { url: 'ftp://x' }, [['input', 'url']]],
    ['no events', { events: [] }, [['input', 'events']]],
    ['an event type not in the catalogue', { events: ['nope'] }, [['input', 'events']]],
    ['a blank name', { name: ' ' }, [['input', 'name']]],
    ['an unknown serviceId', { serviceId: UNKNOWN_ID }, [['input', 'serviceId']]],
  ])('is refused with %s, and changes nothing', async (_case, input, fields) => {
    const { webhook } = await createWebhook(ws);
    const before = await databaseState();

    const response = await ws.api.graphql(UPDATE, { id: webhook.id, input });

    expectRefused(response, 'webhookUpdate', { webhook: null }, fields);
    expect(await databaseState()).toEqual(before);
  });

  it("is refused on input.serviceId with another workspace's service, and changes nothing", async () => {
    const theirs = await createService(other);
    const { webhook } = await createWebhook(ws);
    const before = await databaseState();

    const response = await ws.api.graphql(UPDATE, { id: webhook.id, input: { serviceId: theirs.id } });

    expectRefused(response, 'webhookUpdate', { webhook: null }, [['input', 'serviceId']]);
    expect(await databaseState()).toEqual(before);
  });

  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, and changes nothing", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    for (const id of [...missingIds('Webhook'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      const response = await ws.api.graphql(UPDATE, { id, input: { name: 'Hijacked' } });
      expectNotFoundPayload(response, 'webhookUpdate', { webhook: null }, ['id'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
    expect((await data(other, WEBHOOK, { id: theirs.id })).webhook).toEqual(theirs);
  });

  it('raises BAD_USER_INPUT on id for malformed ids and global ids of another type, and changes nothing', async () => {
    const { webhook } = await createWebhook(ws);
    const service = await createService(ws);
    const before = await databaseState();

    for (const id of [...MALFORMED_IDS, gid('WebhookService', bare(webhook.id)), service.id]) {
      expectBadId(await ws.api.graphql(UPDATE, { id, input: { name: 'Hijacked' } }), 'webhookUpdate', 'id');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('raises BAD_USER_INPUT on input.serviceId for a malformed id or a global id of another type, and changes nothing', async () => {
    const { webhook } = await createWebhook(ws);
    const service = await createService(ws);
    const before = await databaseState();

    for (const serviceId of [...MALFORMED_IDS, gid('Webhook', bare(service.id))]) {
      expectBadId(await ws.api.graphql(UPDATE, { id: webhook.id, input: { serviceId } }), 'webhookUpdate', 'input.serviceId');
    }
    expect(await databaseState()).toEqual(before);
  });
});

describe('mutation webhookDelete', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('soft-deletes the webhook and returns its id', async () => {
    const { webhook } = await createWebhook(ws);
    const bystander = (await createWebhook(ws, { name: 'Bystander' })).webhook;

    const payload = await mutate(ws, DELETE, { id: webhook.id }, 'webhookDelete');

    expect(payload).toEqual({ deletedWebhookId: webhook.id, userErrors: [] });
    expect(await rowById(app, 'webhooks', dbId(webhook.id))).toMatchObject({ deleted_at: expect.any(Date), active: false });
    expectGraphQLNotFound(await ws.api.graphql(WEBHOOK, { id: webhook.id }), 'webhook', 'Webhook not found');
    expect((await data(ws, WEBHOOKS)).webhooks.map((listed: AnyBody) => listed.id)).not.toContain(webhook.id);
    expect((await data(ws, WEBHOOK, { id: bystander.id })).webhook).toEqual(bystander);
  });

  it("answers NOT_FOUND for unknown, already deleted and another workspace's ids, and changes nothing", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    for (const id of [...missingIds('Webhook'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      expectNotFoundPayload(await ws.api.graphql(DELETE, { id }), 'webhookDelete', { deletedWebhookId: null }, ['id'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
    expect((await data(other, WEBHOOK, { id: theirs.id })).webhook).toEqual(theirs);
  });

  refusesBadWebhookIds('webhookDelete', DELETE, () => ({ ws }));
});

/**
 * What the mutations on one webhook share: BAD_USER_INPUT on `id` for a malformed id or a global id
 * of another type (the right digits under another type included), before any lookup, and nothing changed.
 */
function refusesBadWebhookIds(mutation: string, query: string, workspace: () => { ws: Workspace }): void {
  it('raises BAD_USER_INPUT on id for malformed ids and global ids of another type, and changes nothing', async () => {
    const { ws } = workspace();
    const { webhook } = await createWebhook(ws);
    const service = await createService(ws);
    const before = await databaseState();

    for (const id of [...MALFORMED_IDS, gid('WebhookService', bare(webhook.id)), service.id]) {
      expectBadId(await ws.api.graphql(query, { id }), mutation, 'id');
    }
    expect(await databaseState()).toEqual(before);
  });
}

/** What webhookDisable and webhookEnable share: NOT_FOUND for every id that is not a live webhook of the workspace, BAD_USER_INPUT for what is no webhook id. */
function refusesMissingWebhooks(mutation: string, query: string, workspaces: () => { ws: Workspace; other: Workspace }): void {
  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, and changes nothing", async () => {
    const { ws, other } = workspaces();
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    for (const id of [...missingIds('Webhook'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      expectNotFoundPayload(await ws.api.graphql(query, { id }), mutation, { webhook: null }, ['id'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  refusesBadWebhookIds(mutation, query, workspaces);
}

describe('mutation webhookDisable', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('switches the webhook off, saying a client did', async () => {
    const { webhook } = await createWebhook(ws);

    const disabled = (await mutate(ws, DISABLE, { id: webhook.id }, 'webhookDisable')).webhook;

    expect(disabled).toEqual({ ...webhook, active: false, disabledReason: 'disabled by a client', updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    expect((await data(ws, WEBHOOK, { id: webhook.id })).webhook).toEqual(disabled);
  });

  it('leaves a webhook the service disabled as it is, reason included', async () => {
    const { webhook } = await createWebhook(ws);
    await app.dataSource.query(`UPDATE webhooks SET active = false, disabled_reason = 'gone (410)' WHERE id = $1`, [dbId(webhook.id)]);
    const before = await databaseState();

    const after = (await mutate(ws, DISABLE, { id: webhook.id }, 'webhookDisable')).webhook;

    expect(after).toMatchObject({ active: false, disabledReason: 'gone (410)' });
    expect(await databaseState()).toEqual(before);
  });

  refusesMissingWebhooks('webhookDisable', DISABLE, () => ({ ws, other }));
});

describe('mutation webhookEnable', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('switches a disabled webhook back on', async () => {
    const { webhook } = await createWebhook(ws);
    await mutate(ws, DISABLE, { id: webhook.id }, 'webhookDisable');

    const enabled = (await mutate(ws, ENABLE, { id: webhook.id }, 'webhookEnable')).webhook;

    expect(enabled).toEqual({ ...webhook, active: true, disabledReason: null, updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
  });

  it('forgets the failing streak of a webhook the service disabled', async () => {
    const { webhook } = await createWebhook(ws);
    await app.dataSource.query(`UPDATE webhooks SET active = false, disabled_reason = 'gone (410)', failing_since = now() WHERE id = $1`, [dbId(webhook.id)]);

    const enabled = (await mutate(ws, ENABLE, { id: webhook.id }, 'webhookEnable')).webhook;

    expect(enabled).toMatchObject({ active: true, disabledReason: null });
    expect(await rowById(app, 'webhooks', dbId(webhook.id))).toMatchObject({ active: true, disabled_reason: null, failing_since: null });
  });

  refusesMissingWebhooks('webhookEnable', ENABLE, () => ({ ws, other }));
});

describe('mutation webhookRotateSecret', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('shows a new secret this once; the old one keeps signing for 24 hours', async () => {
    const { webhook, secret } = await createWebhook(ws);
    const sealedBefore = (await rowById(app, 'webhooks', dbId(webhook.id)))?.secret_sealed;

    const response = await ws.api.graphql(ROTATE, { id: webhook.id });

    expect(response.body.errors).toBeUndefined();
    const payload = response.body.data.webhookRotateSecret;
    expect(payload.userErrors).toEqual([]);
    expect(payload.secret).toMatch(SIGNING_SECRET);
    expect(payload.secret).not.toBe(secret);
    expect(payload.webhook).toEqual({ ...webhook, previousSecretExpiresAt: expect.stringMatching(ISO_TIMESTAMP), updatedAt: expect.stringMatching(ISO_TIMESTAMP) });
    const overlap = Date.parse(payload.webhook.previousSecretExpiresAt) - Date.now();
    expect(overlap).toBeGreaterThan(23.9 * 3600_000);
    expect(overlap).toBeLessThanOrEqual(24 * 3600_000);
    expect(await rowById(app, 'webhooks', dbId(webhook.id))).toMatchObject({ previous_secret_sealed: sealedBefore });
    const read = await ws.api.graphql(WEBHOOK, { id: webhook.id });
    expect(text(read)).not.toContain(payload.secret);
    expect(text(read)).not.toContain(secret);
  });

  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, and changes nothing", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    for (const id of [...missingIds('Webhook'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      expectNotFoundPayload(await ws.api.graphql(ROTATE, { id }), 'webhookRotateSecret', { webhook: null, secret: null }, ['id'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  refusesBadWebhookIds('webhookRotateSecret', ROTATE, () => ({ ws }));
});

describe('mutation webhookTest', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });

  it('queues a ping as a pending delivery, recorded as an event of the feed', async () => {
    const { webhook } = await createWebhook(ws);

    const { delivery } = await mutate(ws, TEST, { id: webhook.id }, 'webhookTest');

    expect(delivery).toEqual({
      id: globalIdOf('WebhookDelivery'),
      webhookId: webhook.id,
      eventId: globalIdOf('Event'),
      eventType: 'ping',
      status: 'PENDING',
      attemptCount: 0,
      nextAttemptAt: expect.stringMatching(ISO_TIMESTAMP),
      lastAttemptAt: null,
      lastStatusCode: null,
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
      attempts: [],
      event: {
        id: globalIdOf('Event'),
        type: 'ping',
        organizationCode: ws.organizationCode,
        // The payload is the /v2 face's: the webhook's database id.
        data: { webhook_id: dbId(webhook.id), message: 'A test event sent on request; reply 2xx to show the receiver works.' },
      },
    });
    expect(delivery.event.id).toBe(delivery.eventId);
    expect((await data(ws, DELIVERIES, { id: webhook.id })).webhook.deliveries.nodes.map((node: AnyBody) => node.id)).toEqual([delivery.id]);
    const [event] = await app.dataSource.query('SELECT organisation_id, event_type, resource_type, resource_id FROM outbox_events WHERE id = $1', [bare(delivery.eventId)]);
    expect(event).toEqual({ organisation_id: ws.organisationId, event_type: 'ping', resource_type: 'webhook', resource_id: dbId(webhook.id) });
  });

  it('pings a disabled webhook too', async () => {
    const { webhook } = await createWebhook(ws);
    await mutate(ws, DISABLE, { id: webhook.id }, 'webhookDisable');

    expect(await ping(ws, webhook.id)).toMatchObject({ webhookId: webhook.id, eventType: 'ping', status: 'PENDING' });
  });

  it("answers NOT_FOUND for unknown, deleted and another workspace's ids, and queues nothing", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const doomed = (await createWebhook(ws)).webhook;
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    for (const id of [...missingIds('Webhook'), theirs.id, bare(theirs.id), doomed.id, bare(doomed.id)]) {
      expectNotFoundPayload(await ws.api.graphql(TEST, { id }), 'webhookTest', { delivery: null }, ['id'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  refusesBadWebhookIds('webhookTest', TEST, () => ({ ws }));
});

describe('mutation webhookDeliveryRedeliver', () => {
  const { ws, other } = workspacesForBlock(app, { other: true });
  let webhook: AnyBody;
  let original: AnyBody;

  beforeAll(async () => {
    webhook = (await createWebhook(ws)).webhook;
    original = await ping(ws, webhook.id);
    await app.dataSource.query(`UPDATE webhook_deliveries SET status = 'failed', attempt_count = 1, next_attempt_at = NULL WHERE id = $1`, [bare(original.id)]);
  });

  it('queues the same event again as a new pending delivery; the original stays as it was', async () => {
    const before = (await data(ws, DELIVERY, { webhookId: webhook.id, deliveryId: original.id })).webhookDelivery;

    const payload = await mutate(ws, REDELIVER, { webhookId: webhook.id, deliveryId: original.id }, 'webhookDeliveryRedeliver');

    expect(payload.delivery).toEqual({
      ...original,
      id: globalIdOf('WebhookDelivery'),
      nextAttemptAt: expect.stringMatching(ISO_TIMESTAMP),
      createdAt: expect.stringMatching(ISO_TIMESTAMP),
      updatedAt: expect.stringMatching(ISO_TIMESTAMP),
    });
    expect(payload.delivery.id).not.toBe(original.id);
    expect(payload.delivery.eventId).toBe(original.eventId);
    expect((await data(ws, DELIVERIES, { id: webhook.id })).webhook.deliveries.nodes.map((node: AnyBody) => [node.id, node.status])).toEqual([
      [payload.delivery.id, 'PENDING'],
      [original.id, 'FAILED'],
    ]);
    expect((await data(ws, DELIVERY, { webhookId: webhook.id, deliveryId: original.id })).webhookDelivery).toEqual(before);
  });

  it('names the webhookId argument when the webhook is unknown, deleted or not this workspace’s, and queues nothing', async () => {
    const theirs = (await createWebhook(other)).webhook;
    const theirDelivery = await ping(other, theirs.id);
    const doomed = (await createWebhook(ws, { name: 'Doomed' })).webhook;
    const doomedDelivery = await ping(ws, doomed.id);
    await mutate(ws, DELETE, { id: doomed.id }, 'webhookDelete');
    const before = await databaseState();

    const cases = [
      ...missingIds('Webhook').map((id) => [id, original.id]),
      [theirs.id, theirDelivery.id],
      [bare(theirs.id), bare(theirDelivery.id)],
      [doomed.id, doomedDelivery.id],
      [bare(doomed.id), bare(doomedDelivery.id)],
    ];
    for (const [webhookId, deliveryId] of cases) {
      const response = await ws.api.graphql(REDELIVER, { webhookId, deliveryId });
      expectNotFoundPayload(response, 'webhookDeliveryRedeliver', { delivery: null }, ['webhookId'], 'Webhook not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  it("names the deliveryId argument when the delivery is unknown, another webhook's or another workspace's, and queues nothing", async () => {
    const theirs = (await createWebhook(other)).webhook;
    const theirDelivery = await ping(other, theirs.id);
    const sibling = (await createWebhook(ws, { name: 'Sibling' })).webhook;
    const siblingDelivery = await ping(ws, sibling.id);
    const before = await databaseState();

    for (const deliveryId of [...MISSING_BIG_IDS, theirDelivery.id, bare(theirDelivery.id), siblingDelivery.id, bare(siblingDelivery.id)]) {
      const response = await ws.api.graphql(REDELIVER, { webhookId: webhook.id, deliveryId });
      expectNotFoundPayload(response, 'webhookDeliveryRedeliver', { delivery: null }, ['deliveryId'], 'Webhook delivery not found');
    }
    expect(await databaseState()).toEqual(before);
  });

  it('raises BAD_USER_INPUT on the argument given a malformed id or a global id of another type, and queues nothing', async () => {
    const before = await databaseState();

    const cases: [Record<string, string>, string][] = [
      ...MALFORMED_IDS.map((webhookId): [Record<string, string>, string] => [{ webhookId, deliveryId: original.id }, 'webhookId']),
      ...MALFORMED_IDS.map((deliveryId): [Record<string, string>, string] => [{ webhookId: webhook.id, deliveryId }, 'deliveryId']),
      // The arguments swapped, and the right digits under another type.
      [{ webhookId: original.id, deliveryId: original.id }, 'webhookId'],
      [{ webhookId: webhook.id, deliveryId: webhook.id }, 'deliveryId'],
      [{ webhookId: gid('WebhookService', bare(webhook.id)), deliveryId: original.id }, 'webhookId'],
      [{ webhookId: webhook.id, deliveryId: gid('Event', bare(original.id)) }, 'deliveryId'],
    ];
    for (const [variables, path] of cases) {
      expectBadId(await ws.api.graphql(REDELIVER, variables), 'webhookDeliveryRedeliver', path);
    }
    expect(await databaseState()).toEqual(before);
  });
});
