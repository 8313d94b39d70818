import { seedHierarchy } from '../../../src/cli/seed-demo';
import { V2_ROUTES } from '../../../src/app/v2-routes';
import { databaseFingerprint } from '../../support/database-fingerprint';
import { MISSING_IDS, expectRestUnauthenticated } from '../../support/expectations';
import { createService, createWebhook, pingWebhook } from '../../support/webhooks';
import { startTestApp, type TestApp, type Workspace } from '../../support/test-app';
import { pathWith, sendTo } from '../../support/v2-requests';

/**
 * The rules every declared /v2 operation shares, run over the declarations themselves (the list
 * the server registers and the OpenAPI document is generated from): a request without a valid key
 * is a 401 and changes nothing; an id that names nothing in the workspace, another workspace's
 * ids included, is a 404 exactly like an unknown one. Each resource's own tests keep its own rules.
 */

/**
 * Where a path parameter's ids live, to find one of another workspace's: the first row of the
 * table whose `organisation_id` is that workspace's. A declared operation with a parameter missing
 * here fails the suite.
 */
const PARAMETER_TABLES: Record<string, Record<string, string> | 'global'> = {
  '/organisation-users/:id': { id: 'organisation_users' },
  '/advertiser-accounts/:id': { id: 'advertiser_accounts' },
  '/members/:member_id': { member_id: 'advertiser_account_members' },
  '/campaigns/:id': { id: 'campaigns' },
  '/phases/:phase': { phase: 'phases' },
  '/contents/:content_id': { content_id: 'contents' },
  '/distributions/:id': { id: 'distributions' },
  '/publisher-profiles/:id': { id: 'publisher_profiles' },
  // Reference libraries are the same for every workspace: there is no other workspace's to ask for.
  '/libraries/:name': 'global',
  '/webhooks/services/:id': { id: 'webhook_services' },
  '/webhooks/:id': { id: 'webhooks' },
  '/webhooks/:id/enable': { id: 'webhooks' },
  '/webhooks/:id/disable': { id: 'webhooks' },
  '/webhooks/:id/rotate-secret': { id: 'webhooks' },
  '/webhooks/:id/test': { id: 'webhooks' },
  '/webhooks/:id/deliveries': { id: 'webhooks' },
  '/webhooks/:id/deliveries/:delivery_id': { id: 'webhooks', delivery_id: 'webhook_deliveries' },
  '/webhooks/:id/deliveries/:delivery_id/redeliver': { id: 'webhooks', delivery_id: 'webhook_deliveries' },
  '/webhooks/:id/recover': { id: 'webhooks' },
  '/events/:id': { id: 'outbox_events' },
};

/**
 * Bodies for operations whose body has required fields: field rules come before whether the
 * record exists (as on every write), so a 404 is asked for with a body that passes them.
 */
const VALID_BODIES: Record<string, () => object> = {
  '/webhooks/:id/recover': () => ({ since: new Date(Date.now() - 60_000).toISOString() }),
};

/** The operation at `path`, with a body its rules accept. */
function send(client: Workspace['api'], route: (typeof V2_ROUTES)[number], path: string): ReturnType<typeof sendTo> {
  return sendTo(client, route, path, VALID_BODIES[route.path]?.() ?? {});
}

let app: TestApp;
let ws: Workspace;
/** Another workspace with one of everything (the demo hierarchy, a webhook service, a webhook and a delivery). */
let other: Workspace;

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Route contract tests');
  other = await app.workspace('Route contract tests: another workspace');
  await seedHierarchy(app.services, await app.services.apiKeys.authenticate(other.key, 'route contract tests'), 1);
  const service = await createService(other);
  const webhook = await createWebhook(other, { service_id: service.id });
  await pingWebhook(other, webhook.id);
});

afterAll(async () => {
  await app.close();
});

describe.each(V2_ROUTES.map((route) => [`${route.method} /v2${route.path}`, route] as const))('%s', (_name, route) => {
  it('answers 401 UNAUTHENTICATED without a key and with an unknown key, changing nothing', async () => {
    await expectRestUnauthenticated(app, (client) => sendTo(client, route, pathWith(route, () => '1')), () => databaseFingerprint(app));
  });

  const parameters = Object.keys(route.params ?? {});
  if (parameters.length === 0) return;

  it('answers 404 NOT_FOUND, with one body, for ids that name nothing and malformed ids, changing nothing', async () => {
    const before = await databaseFingerprint(app);
    const unknown = await send(ws.api, route, pathWith(route, () => '999999999'));
    expect(unknown.body).toEqual({ success: false, message: expect.stringMatching(/ not found$/), code: 'NOT_FOUND', request_id: expect.any(String) });
    for (const missing of MISSING_IDS) {
      const response = await send(ws.api, route, pathWith(route, () => missing));
      expect({ id: missing, status: response.status, body: { ...response.body, request_id: undefined } }).toEqual({ id: missing, status: 404, body: { ...unknown.body, request_id: undefined } });
    }
    expect(await databaseFingerprint(app)).toEqual(before);
  });

  it("answers another workspace's ids exactly as ids that do not exist", async () => {
    const tables = PARAMETER_TABLES[route.path];
    expect(tables).toBeDefined();
    if (tables === 'global') return;
    expect(Object.keys(tables).sort()).toEqual(parameters.sort());
    const ids: Record<string, string> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = (await app.dataSource.query(`SELECT id FROM "${table}" WHERE organisation_id = $1 ORDER BY id LIMIT 1`, [other.organisationId])) as { id: number }[];
      expect(row).toBeDefined();
      ids[name] = String(row.id);
    }
    const before = await databaseFingerprint(app);
    const foreign = await send(ws.api, route, pathWith(route, (name) => ids[name]));
    const missing = await send(ws.api, route, pathWith(route, () => '999999999'));
    expect(foreign.status).toBe(404);
    expect({ ...foreign.body, request_id: undefined }).toEqual({ ...missing.body, request_id: undefined });
    expect(await databaseFingerprint(app)).toEqual(before);
    // The id was real: its own workspace reads it.
    if (route.method === 'GET') expect((await sendTo(other.api, route, pathWith(route, (name) => ids[name]))).status).toBe(200);
  });
});
