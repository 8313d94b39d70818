import { V2_ROUTES } from '../../src/app/v2-routes';
import { seedHierarchy } from '../../src/cli/seed-demo';
import { ALL_SCOPES, grants, type Scope, type ScopeNeed } from '../../src/common/scopes';
import type { V2Route } from '../../src/http/rest/v2-route';
import { databaseFingerprint } from '../support/database-fingerprint';
import { contextOf } from '../support/fixtures';
import { startTestApp, type TestApp, type Workspace } from '../support/test-app';
import { pathWith, sendTo } from '../support/v2-requests';
import { createService, createWebhook, pingWebhook } from '../support/webhooks';

/**
 * Every declared /v2 operation, from its declaration (`V2Route.scope`): a key without the scope
 * it names is refused with 403 FORBIDDEN naming the scope, and nothing changes; a key with exactly
 * that scope gets past it (whatever the operation then answers); an operation any valid key may
 * call takes a key with no scope at all. A new route is swept the day it is declared.
 */

let app: TestApp;
let ws: Workspace;

/** Every scope that does not by itself allow `needed`: what a key lacking just that holds. */
function allBut(needed: ScopeNeed): Scope[] {
  return ALL_SCOPES.filter((scope) => scope !== '*' && !grants([scope], needed));
}

beforeAll(async () => {
  app = await startTestApp();
  ws = await app.workspace('Scope sweep');
  // One of everything, so that the "1"s of the paths name rows a refused request could have touched.
  await seedHierarchy(app.services, contextOf(ws), 1);
  const service = await createService(ws);
  const webhook = await createWebhook(ws, { service_id: service.id });
  await pingWebhook(ws, webhook.id);
});
afterAll(() => app.close());

const path = (route: V2Route): string => pathWith(route, (name) => (name === 'name' ? 'campaign-statuses' : '1'));

describe.each(V2_ROUTES.filter((route) => route.scope !== 'key').map((route) => [`${route.method} /v2${route.path}`, route] as const))('%s', (_title, route) => {
  it(`is refused with 403 FORBIDDEN to a key without ${route.scope}, changing nothing`, async () => {
    const lacking = await app.keyFor(ws, { scopes: allBut(route.scope) });
    const before = await databaseFingerprint(app);
    const response = await sendTo(lacking.api, route, path(route));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ success: false, message: expect.stringContaining(`lacks the scope ${route.scope}`), code: 'FORBIDDEN', request_id: expect.any(String) });
    expect(await databaseFingerprint(app)).toEqual(before);
  });

  it(`is let through to a key with ${route.scope} alone`, async () => {
    const exact = await app.keyFor(ws, { scopes: [route.scope as Scope] });
    const response = await sendTo(exact.api, route, path(route));
    expect([response.status, response.body.code]).not.toEqual([403, 'FORBIDDEN']);
  });
});

describe.each(V2_ROUTES.filter((route) => route.scope === 'key').map((route) => [`${route.method} /v2${route.path}`, route] as const))('%s', (_title, route) => {
  it('answers any valid key, one with no scope at all', async () => {
    const bare = await app.keyFor(ws, { scopes: [] });
    const response = await sendTo(bare.api, route, path(route));
    expect(response.status).toBe(200);
  });
});

it('holds every route to a scope of its group, read for GET and write for the rest', () => {
  for (const route of V2_ROUTES) {
    if (route.scope === 'key') continue;
    expect([route.operationId, route.scope.endsWith(route.method === 'GET' ? ':read' : ':write')]).toEqual([route.operationId, true]);
  }
});
