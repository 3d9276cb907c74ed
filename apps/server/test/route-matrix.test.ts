import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from './test-app.ts';

/**
 * The tenancy invariant (ARCHITECTURE §3): every route under /workspaces/:workspaceId, called by a member of
 * another workspace or by a user of another platform, answers 404/403 and gives away no data. New routes are
 * covered the day they are registered, because the list comes from the app itself.
 */
let t: TestApp;
let centro: number;
let outsiderSamePlatform: string;
let otherPlatform: string;
let routes: { method: string; url: string }[];

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.login('admin@demo.local');
  centro = (await workspaceIds(t, admin))['Escola Centro'] ?? 0;
  outsiderSamePlatform = await t.login('carla@demo.local'); // member of Zona Norte only
  otherPlatform = await t.login('admin@rh.local', RH_HOST);
  routes = t.app.routeTable.filter(
    (r) => r.url.includes(':workspaceId') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
  );
});
afterAll(() => t.close());

const fill = (url: string, workspaceId: number) =>
  url
    .replace(':workspaceId', String(workspaceId))
    .replace(/:id\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, '1');

const call = (route: { method: string; url: string }, token: string, host?: string) =>
  t.call({
    method: route.method as 'GET',
    url: fill(route.url, centro),
    token,
    host,
    ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
  });

const leaksNothing = (body: string) => {
  expect(body).not.toContain('Escola Centro');
  expect(body).not.toContain('"data"');
  expect(body).not.toContain('@demo.local');
};

describe('tenancy route matrix', () => {
  it('finds the workspace routes it must cover', () => {
    expect(routes.length).toBeGreaterThanOrEqual(12);
    expect(routes.map((r) => r.url)).toContain('/api/v1/workspaces/:workspaceId/users');
    // Pipeline management and the quick answers list are admin writes under the same guard.
    expect(routes.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/workspaces/:workspaceId/sales-stages/order',
        'PUT /api/v1/workspaces/:workspaceId/opportunities/:id/recreate',
        'DELETE /api/v1/workspaces/:workspaceId/sales-stages/:id',
        'POST /api/v1/workspaces/:workspaceId/quick-answers',
        'PUT /api/v1/workspaces/:workspaceId/webhooks/:id',
        'POST /api/v1/workspaces/:workspaceId/webhooks/:id/secret',
        'GET /api/v1/workspaces/:workspaceId/webhooks/:id/logs',
        'PUT /api/v1/workspaces/:workspaceId/bots/:bid/meta-templates',
        'GET /api/v1/workspaces/:workspaceId/bots/:bid/meta-templates/:name',
        'DELETE /api/v1/workspaces/:workspaceId/digital-employees/:id',
        'GET /api/v1/workspaces/:workspaceId/summary-dashboards/voip',
        'GET /api/v1/workspaces/:workspaceId/dashboards/sales-rep',
        'GET /api/v1/workspaces/:workspaceId/dashboards/:id',
        'GET /api/v1/workspaces/:workspaceId/digital-employees/dashboard/opportunities',
        'GET /api/v1/workspaces/:workspaceId/commercial/dashboards/workspaces',
        'GET /api/v1/workspaces/:workspaceId/exports/contacts',
        'GET /api/v1/workspaces/:workspaceId/exports/opportunities',
        'GET /api/v1/workspaces/:workspaceId/exports/:id',
        'GET /api/v1/workspaces/:workspaceId/exports/:id/download',
      ]),
    );
  });

  it('a member of another workspace of the same platform gets 404/403 and no data on every route', async () => {
    for (const route of routes) {
      const res = await call(route, outsiderSamePlatform);
      expect([403, 404], `${route.method} ${route.url}`).toContain(res.statusCode);
      leaksNothing(res.body);
    }
  });

  it('a user of another platform, on their own host, gets 404 and no data on every route', async () => {
    for (const route of routes) {
      const res = await call(route, otherPlatform, RH_HOST);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      leaksNothing(res.body);
    }
  });

  it("a user of another platform, with their token on this platform's host, is not signed in here (401)", async () => {
    for (const route of routes) {
      const res = await call(route, otherPlatform);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      leaksNothing(res.body);
    }
  });

  it('a member of the workspace passes the guard (the matrix is not vacuous)', async () => {
    const member = await t.login('bruno@demo.local');
    const res = await t.call({ method: 'GET', url: `/api/v1/workspaces/${centro}/users`, token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});
