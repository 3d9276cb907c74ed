import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_ID } from '../src/modules/platform/platform.profiles.ts';
import { fillRoute, operatorRoutes, platformRoutes, workspaceRoutes } from './route-table.ts';
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
let otherWorkspaceIntegration: string;
let otherPlatformIntegration: string;

/** An integration token of a workspace, made by its admin (the broadest API role, so only tenancy can refuse). */
async function integrationOf(adminToken: string, workspaceId: number, host?: string) {
  const res = await t.call({
    method: 'POST',
    url: `/api/v1/workspaces/${workspaceId}/api-clients`,
    token: adminToken,
    host,
    payload: { name: 'Integração de fora', role: 'opportunityApi' },
  });
  return res.json().secret as string;
}

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.login('admin@demo.local');
  centro = (await workspaceIds(t, admin))['Escola Centro'] ?? 0;
  outsiderSamePlatform = await t.login('carla@demo.local'); // member of Zona Norte only
  otherPlatform = await t.login('admin@rh.local', RH_HOST);
  const ids = await workspaceIds(t, admin);
  otherWorkspaceIntegration = await integrationOf(admin, ids['Escola Zona Norte'] ?? 0);
  const recrutamento = (await workspaceIds(t, otherPlatform, RH_HOST))['Recrutamento e Seleção'] ?? 0;
  otherPlatformIntegration = await integrationOf(otherPlatform, recrutamento, RH_HOST);
  routes = workspaceRoutes(t.app);
});
afterAll(() => t.close());

const call = (route: { method: string; url: string }, token: string, host?: string) =>
  t.call({
    method: route.method as 'GET',
    url: fillRoute(route.url, centro),
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
        'POST /api/v1/workspaces/:workspaceId/contracts',
        'GET /api/v1/workspaces/:workspaceId/contracts/:id',
        'POST /api/v1/workspaces/:workspaceId/contracts/:id/sandbox-payment',
        'PUT /api/v1/workspaces/:workspaceId/contract-settings',
        'POST /api/v1/workspaces/:workspaceId/webhooks/:id/secret',
        'GET /api/v1/workspaces/:workspaceId/webhooks/:id/logs',
        'PUT /api/v1/workspaces/:workspaceId/bots/:bid/meta-templates',
        'POST /api/v1/workspaces/:workspaceId/bots/:bid/meta-templates',
        'GET /api/v1/workspaces/:workspaceId/bots/:bid/meta-templates/:name',
        'DELETE /api/v1/workspaces/:workspaceId/digital-employees/:id',
        'GET /api/v1/workspaces/:workspaceId/summary-dashboards/voip',
        'GET /api/v1/workspaces/:workspaceId/dashboards/sales-rep',
        'GET /api/v1/workspaces/:workspaceId/dashboards/:id',
        'GET /api/v1/workspaces/:workspaceId/digital-employees/dashboard/opportunities',
        'GET /api/v1/workspaces/:workspaceId/commercial/dashboards/workspaces',
        'GET /api/v1/workspaces/:workspaceId/exports/contacts',
        'GET /api/v1/workspaces/:workspaceId/exports/opportunities',
        'GET /api/v1/workspaces/:workspaceId/exports/pdca',
        'GET /api/v1/workspaces/:workspaceId/exports/:id',
        'GET /api/v1/workspaces/:workspaceId/exports/:id/download',
        'GET /api/v1/workspaces/:workspaceId/forms',
        'POST /api/v1/workspaces/:workspaceId/forms',
        'GET /api/v1/workspaces/:workspaceId/forms/:id',
        'PUT /api/v1/workspaces/:workspaceId/forms/:id',
        'DELETE /api/v1/workspaces/:workspaceId/forms/:id',
        'GET /api/v1/workspaces/:workspaceId/forms/:id/submissions',
        'POST /api/v1/workspaces/:workspaceId/opportunities/batch-jobs/assign',
        'POST /api/v1/workspaces/:workspaceId/opportunities/batch-jobs/transfer',
        'GET /api/v1/workspaces/:workspaceId/opportunities/batch-jobs/:id',
        'GET /api/v1/workspaces/:workspaceId/telephony',
        'POST /api/v1/workspaces/:workspaceId/batch-calls',
        'GET /api/v1/workspaces/:workspaceId/batch-calls',
        'GET /api/v1/workspaces/:workspaceId/batch-calls/:id',
        'POST /api/v1/workspaces/:workspaceId/batch-calls/:id/start',
        'POST /api/v1/workspaces/:workspaceId/batch-calls/:id/pause',
        'POST /api/v1/workspaces/:workspaceId/batch-calls/:id/stop',
        'POST /api/v1/workspaces/:workspaceId/opportunity-calls',
        'GET /api/v1/workspaces/:workspaceId/opportunity-calls',
        'GET /api/v1/workspaces/:workspaceId/opportunity-calls/:id',
        'POST /api/v1/workspaces/:workspaceId/opportunity-calls/:id/end',
        'POST /api/v1/workspaces/:workspaceId/opportunity-calls/:id/sandbox-hang-up',
        'GET /api/v1/workspaces/:workspaceId/plannings',
        'POST /api/v1/workspaces/:workspaceId/plannings',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id',
        'PUT /api/v1/workspaces/:workspaceId/plannings/:id',
        'PATCH /api/v1/workspaces/:workspaceId/plannings/:id',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id/medias',
        'POST /api/v1/workspaces/:workspaceId/plannings/:id/medias',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id/medias/:mediaId',
        'PUT /api/v1/workspaces/:workspaceId/plannings/:id/medias/:mediaId',
        'DELETE /api/v1/workspaces/:workspaceId/plannings/:id/medias/:mediaId',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id/actions',
        'POST /api/v1/workspaces/:workspaceId/plannings/:id/actions',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id/actions/:actionId',
        'PUT /api/v1/workspaces/:workspaceId/plannings/:id/actions/:actionId',
        'DELETE /api/v1/workspaces/:workspaceId/plannings/:id/actions/:actionId',
        'GET /api/v1/workspaces/:workspaceId/plannings/:id/pdca',
        'PATCH /api/v1/workspaces/:workspaceId/plannings/:id/actions/:actionId/pdca',
        'GET /api/v1/workspaces/:workspaceId/graduation/plannings',
        'POST /api/v1/workspaces/:workspaceId/graduation/plannings',
        'PUT /api/v1/workspaces/:workspaceId/graduation/plannings/:id',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/summary',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/submitted',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/opportunities',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/enrollments',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/remote-enrollments',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/sales',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/remote-sales',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/courseware',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/remote-courseware',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/income',
        'GET /api/v1/workspaces/:workspaceId/planning-dashboards/remote-income',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates',
        'POST /api/v1/workspaces/:workspaceId/schedule-templates',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates/list',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates/:id',
        'PUT /api/v1/workspaces/:workspaceId/schedule-templates/:id',
        'DELETE /api/v1/workspaces/:workspaceId/schedule-templates/:id',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks',
        'POST /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks/:taskId',
        'POST /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks/:taskId',
        'DELETE /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks/:taskId',
        'POST /api/v1/workspaces/:workspaceId/schedule-templates/:id/tasks-batch-upsert',
        'GET /api/v1/workspaces/:workspaceId/schedule-templates-tasks',
        'POST /api/v1/workspaces/:workspaceId/schedule-templates-tasks',
        'GET /api/v1/workspaces/:workspaceId/schedule-tasks',
        'POST /api/v1/workspaces/:workspaceId/schedule-tasks',
        'GET /api/v1/workspaces/:workspaceId/schedule-tasks/:id',
        'PUT /api/v1/workspaces/:workspaceId/schedule-tasks/:id',
        'DELETE /api/v1/workspaces/:workspaceId/schedule-tasks/:id',
        'PATCH /api/v1/workspaces/:workspaceId/schedule-tasks/:id/end',
        'PATCH /api/v1/workspaces/:workspaceId/schedule-tasks/:id/reschedule',
        'POST /api/v1/workspaces/:workspaceId/automations/forecast',
        'GET /api/v1/workspaces/:workspaceId/automations',
        'POST /api/v1/workspaces/:workspaceId/automations',
        'GET /api/v1/workspaces/:workspaceId/automations/:id',
        'PATCH /api/v1/workspaces/:workspaceId/automations/:id',
        'DELETE /api/v1/workspaces/:workspaceId/automations/:id',
        'GET /api/v1/workspaces/:workspaceId/automations/:id/versions',
        'GET /api/v1/workspaces/:workspaceId/automations/:id/versions/:versionId',
        'POST /api/v1/workspaces/:workspaceId/automations/:id/versions/:versionId',
        'POST /api/v1/workspaces/:workspaceId/automations/:id/publish',
        'GET /api/v1/workspaces/:workspaceId/automations/:id/logs',
        'POST /api/v1/workspaces/:workspaceId/automations/sandbox-end-waits',
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

  it('an integration token of another workspace of the same platform gets 404 and no data on every route', async () => {
    for (const route of routes) {
      const res = await call(route, otherWorkspaceIntegration);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
      leaksNothing(res.body);
    }
  });

  it('an integration token of another platform gets 404 on its own host and 401 on this one, with no data', async () => {
    for (const route of routes) {
      const own = await call(route, otherPlatformIntegration, RH_HOST);
      expect(own.statusCode, `${route.method} ${route.url}`).toBe(404);
      leaksNothing(own.body);
      const here = await call(route, otherPlatformIntegration);
      expect(here.statusCode, `${route.method} ${route.url}`).toBe(401);
      leaksNothing(here.body);
    }
  });

  it('a member of the workspace passes the guard (the matrix is not vacuous)', async () => {
    const member = await t.login('bruno@demo.local');
    const res = await t.call({ method: 'GET', url: `/api/v1/workspaces/${centro}/users`, token: member });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.length).toBeGreaterThan(0);
  });
});

describe('operator route matrix', () => {
  it('the platform routes answer only a master of the product’s own platform: 403 to every other role, 404 on another host', async () => {
    const operator = operatorRoutes(t.app);
    expect(operator.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/v1/platforms',
        'POST /api/v1/platforms',
        'GET /api/v1/platforms/:platformId/profile',
        'PUT /api/v1/platforms/:platformId/profile',
        'POST /api/v1/platforms/:platformId/profile/images/:slot',
      ]),
    );
    const sameHost = await Promise.all(
      ['admin', 'gerente', 'atendente'].map((p) => t.login(`${p}@demo.local`)),
    );
    for (const route of operator) {
      const url = route.url.replace(':platformId', '1').replace(':slot', 'favicon');
      const payload = ['POST', 'PUT'].includes(route.method) ? { payload: {} } : {};
      for (const token of sameHost) {
        const res = await t.call({ method: route.method as 'GET', url, token, ...payload });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.body).not.toContain('"hosts"');
      }
      const rh = await t.call({
        method: route.method as 'GET',
        url,
        token: otherPlatform,
        host: RH_HOST,
        ...payload,
      });
      expect(rh.statusCode, `${route.method} ${route.url}`).toBe(404);
      expect(rh.body).not.toContain('"hosts"');
    }
    const master = await t.login('master@demo.local');
    expect((await t.call({ method: 'GET', url: '/api/v1/platforms', token: master })).statusCode).toBe(200);
  });
});

describe('platform route matrix', () => {
  // Checks the empty body before the caller's role, so it answers 400 (still with nothing of the platform in it).
  const bodyCheckedFirst = new Set(['POST /api/v1/platforms/:platformId/api-clients']);
  const refusals = (route: { method: string; url: string }, codes: number[]) =>
    bodyCheckedFirst.has(`${route.method} ${route.url}`) ? [...codes, 400] : codes;
  const platformCall = (
    route: { method: string; url: string },
    token: string,
    platformId: number,
    host?: string,
  ) =>
    t.call({
      method: route.method as 'GET',
      url: fillRoute(
        route.url
          .replace(':platformId', String(platformId))
          .replace(':slot', 'favicon')
          .replace(/:id\b/, '1'),
        centro,
      ),
      token,
      host,
      ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
    });
  let platform: { method: string; url: string }[];
  let rhPlatform: number;
  beforeAll(async () => {
    platform = platformRoutes(t.app);
    rhPlatform = (await t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json().id;
  });

  it('finds the platform routes it must cover', () => {
    expect(platform.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'PUT /api/v1/platforms/:platformId/brand',
        'GET /api/v1/platforms/:platformId/news',
        'POST /api/v1/platforms/:platformId/news',
        'PUT /api/v1/platforms/:platformId/news/:id',
        'DELETE /api/v1/platforms/:platformId/news/:id',
        'POST /api/v1/platforms/:platformId/news/images',
        'GET /api/v1/platforms/:platformId/webhooks',
        'POST /api/v1/platforms/:platformId/webhooks',
        'GET /api/v1/platforms/:platformId/webhooks/:webhookId',
        'PUT /api/v1/platforms/:platformId/webhooks/:webhookId',
        'DELETE /api/v1/platforms/:platformId/webhooks/:webhookId',
        'GET /api/v1/platforms/:platformId/webhooks/:webhookId/logs',
      ]),
    );
  });

  it('a non-admin member of the platform gets 403/404 and no data on every platform route', async () => {
    for (const route of platform) {
      const res = await platformCall(route, outsiderSamePlatform, DEFAULT_PLATFORM_ID);
      expect(refusals(route, [403, 404]), `${route.method} ${route.url}`).toContain(res.statusCode);
      leaksNothing(res.body);
    }
  });

  it('an admin of another platform gets 404 on its own host for this platform, and 401 on this host', async () => {
    for (const route of platform) {
      const own = await platformCall(route, otherPlatform, DEFAULT_PLATFORM_ID, RH_HOST);
      expect(refusals(route, [404]), `${route.method} ${route.url}`).toContain(own.statusCode);
      leaksNothing(own.body);
      const here = await platformCall(route, otherPlatform, rhPlatform);
      expect(here.statusCode, `${route.method} ${route.url}`).toBe(401);
      leaksNothing(here.body);
    }
  });
});
