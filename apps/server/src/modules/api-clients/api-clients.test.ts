import { API_ROLE_OPERATIONS, apiRoleMayCall } from '@vendaval/core/permissions';
import { API_ROLES } from '@vendaval/core/roles';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrations } from '../../../test/factories/api-clients.ts';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { chatFixtures } from '../../../test/factories/rooms.ts';
import { fillRoute, workspaceRoutes } from '../../../test/route-table.ts';
import { RH_HOST } from '../../../test/test-app.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

let w: World;
let api: ReturnType<typeof integrations>;
beforeAll(async () => {
  w = await cardsWorld();
  api = integrations(w);
});
afterAll(() => w.t.close());

const WORKSPACE_PREFIX = '/api/v1/workspaces/:workspaceId';

describe('integration tokens (API clients)', () => {
  it('an admin makes an integration of the workspace and sees its secret once; the list never shows it', async () => {
    const res = await w.call('admin', 'POST', w.centro, 'api-clients', {
      name: 'Landing page da matrícula',
      role: 'imLandingPageApi',
    });
    expect(res.statusCode).toBe(200);
    const made = res.json();
    expect(made.secret).toMatch(/^vdv_[\w-]{40,}$/);
    expect(made).toMatchObject({ role: 'imLandingPageApi', workspace_id: w.centro, revoked_at: null });
    expect(made.secret.startsWith(made.secret_hint)).toBe(true);

    const list = await w.call('admin', 'GET', w.centro, 'api-clients');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.secret);
    expect(list.json().data.find((c: { id: number }) => c.id === made.id)).toMatchObject({
      name: 'Landing page da matrícula',
      secret_hint: made.secret_hint,
    });
  });

  it('people who are not admins neither list nor make integrations (403), and API roles are the only roles', async () => {
    for (const who of ['gerente', 'atendente'] as const) {
      expect((await w.call(who, 'GET', w.centro, 'api-clients')).statusCode).toBe(403);
      const made = await w.call(who, 'POST', w.centro, 'api-clients', { name: 'X', role: 'uraApi' });
      expect(made.statusCode).toBe(403);
    }
    const person = await w.call('admin', 'POST', w.centro, 'api-clients', { name: 'X', role: 'admin' });
    expect(person.statusCode).toBe(400);
  });

  it('each API role may call only its operations: every other workspace route answers 403', async () => {
    const routes = workspaceRoutes(w.t.app);
    for (const role of API_ROLES) {
      const { secret } = await api.create(role);
      for (const route of routes) {
        const path = route.url.slice(WORKSPACE_PREFIX.length);
        const res = await w.t.call({
          method: route.method as HTTPMethods,
          url: fillRoute(route.url, w.centro),
          token: secret,
          ...(['POST', 'PUT', 'PATCH'].includes(route.method) ? { payload: {} } : {}),
        });
        const where = `${role} ${route.method} ${route.url}`;
        if (apiRoleMayCall(role, route.method, path)) expect(res.statusCode, where).not.toBe(403);
        else expect(res.statusCode, where).toBe(403);
        expect(res.statusCode, where).not.toBe(401);
      }
    }
  });

  it('every operation an API role lists is a route of the app', () => {
    const known = new Set(
      workspaceRoutes(w.t.app).map((r) => `${r.method} ${r.url.slice(WORKSPACE_PREFIX.length)}`),
    );
    for (const [role, operations] of Object.entries(API_ROLE_OPERATIONS))
      for (const operation of operations) expect(known.has(operation), `${role}: ${operation}`).toBe(true);
  });

  it('opportunityApi and imLandingPageApi create cards with their contacts; the card goes to the distribution and its history names the integration', async () => {
    const media = (await w.item(w.centro, 'medias', 'Instagram')).id;
    for (const role of ['opportunityApi', 'imLandingPageApi'] as const) {
      const { secret } = await api.create(role);
      const phone = w.phone();
      const res = await api.call(secret, 'POST', w.centro, 'opportunities', {
        source_type: 'Offline',
        media_id: media,
        contact: { name: `Lead ${role}`, phone_number: phone },
      });
      expect(res.statusCode, res.body).toBe(200);
      const card = res.json();
      expect(card.contact_id).toBeGreaterThan(0);
      expect(card.user_id).not.toBe(null);
      const [created] = await w.history(w.centro, card.id);
      expect(created).toMatchObject({ type: 'OpportunityCreated', user: { name: `Integração ${role}` } });
    }
  });

  it('uraApi and voipApi find the card by the caller phone and record the call on it', async () => {
    const phone = w.phone();
    const card = await w.create('admin', w.centro, { contact: { name: 'Quem liga', phone_number: phone } });
    for (const role of ['uraApi', 'voipApi'] as const) {
      const { secret } = await api.create(role);
      const found = await api.call(secret, 'GET', w.centro, `opportunities?search=${phone.slice(-8)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.map((c: { id: number }) => c.id)).toContain(card.id);
      const call = await api.call(secret, 'POST', w.centro, `opportunities/${card.id}/calls`, {
        duration_seconds: 95,
        voip_username: '2001',
      });
      expect(call.statusCode, call.body).toBe(200);
      // The answered call is also the card's first answer, so its response-time entry may follow it.
      const entry = (await w.history(w.centro, card.id)).find((e) => e.type === 'OpportunityCallSuccess');
      expect(entry).toMatchObject({
        type: 'OpportunityCallSuccess',
        data: { duration_seconds: 95, voip_username: '2001' },
        user: { name: `Integração ${role}` },
      });
    }
  });

  it('imBotApi writes a message in a conversation of the workspace', async () => {
    const rooms = chatFixtures(w);
    const card = await w.create('admin', w.centro);
    const room = await rooms.room(w.centro, card, { messages: [{ text: 'Oi', at: '2026-01-10 10:00' }] });
    const { secret } = await api.create('imBotApi');
    const res = await api.call(secret, 'POST', w.centro, `dialogs/${room}/messages`, {
      dialog_id: room,
      message_object: { message: 'Olá! Sou o robô.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const messages = await api.call(secret, 'GET', w.centro, `dialogs/${room}/messages`);
    expect(messages.body).toContain('Olá! Sou o robô.');
  });

  it('xmacnaApi reads cards but cannot create them', async () => {
    const card = await w.create('admin', w.centro);
    const { secret } = await api.create('xmacnaApi');
    expect((await api.call(secret, 'GET', w.centro, `opportunities/${card.id}`)).statusCode).toBe(200);
    expect((await api.call(secret, 'POST', w.centro, 'opportunities', {})).statusCode).toBe(403);
  });

  it('a rotated secret stops working at once and the new one works', async () => {
    const client = await api.create('opportunityApi');
    expect((await api.call(client.secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(200);
    const rotated = await w.call('admin', 'POST', w.centro, `api-clients/${client.id}/secret`);
    expect(rotated.statusCode).toBe(200);
    const { secret } = rotated.json();
    expect(secret).not.toBe(client.secret);
    expect((await api.call(client.secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(401);
    expect((await api.call(secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(200);
  });

  it('a revoked secret stops working at once; a revoked integration cannot be rotated back to life', async () => {
    const client = await api.create('opportunityApi');
    const revoked = await w.call('admin', 'DELETE', w.centro, `api-clients/${client.id}`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().revoked_at).not.toBeNull();
    expect((await api.call(client.secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(401);
    expect((await w.call('admin', 'POST', w.centro, `api-clients/${client.id}/secret`)).statusCode).toBe(409);
  });

  it("another tenant's token gets 404 in another workspace and 401 on another platform; admins of other workspaces cannot touch it", async () => {
    const norte = await api.create('opportunityApi', w.zonaNorte);
    expect((await api.call(norte.secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(404);
    const rh = await api.create('opportunityApi', w.recrutamento, 'rh');
    expect((await api.call(rh.secret, 'GET', w.centro, 'sales-stages')).statusCode).toBe(401);
    expect((await api.call(rh.secret, 'GET', w.centro, 'sales-stages', undefined, RH_HOST)).statusCode).toBe(
      404,
    );
    expect(
      (await api.call(rh.secret, 'GET', w.recrutamento, 'sales-stages', undefined, RH_HOST)).statusCode,
    ).toBe(200);
    // The demo admin is an admin of Centro, but the RH integration is not Centro's: 404.
    expect((await w.call('admin', 'DELETE', w.centro, `api-clients/${rh.id}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'DELETE', w.centro, `api-clients/${norte.id}`)).statusCode).toBe(404);
  });

  it("a token is no person's session: it does not open the routes outside a workspace", async () => {
    const { secret } = await api.create('opportunityApi');
    const self = await w.t.call({ method: 'GET', url: '/api/v1/users/self/workspaces', token: secret });
    expect(self.statusCode).toBe(401);
  });

  it('making, rotating and revoking are in the workspace log, signed by the admin', async () => {
    const client = await api.create('uraApi');
    await w.call('admin', 'POST', w.centro, `api-clients/${client.id}/secret`);
    await w.call('admin', 'DELETE', w.centro, `api-clients/${client.id}`);
    const logs = (await w.call('admin', 'GET', w.centro, 'logs?limit=50')).json().data as {
      type: string;
      actor: { name: string } | null;
      data: { api_client_id?: number };
    }[];
    const mine = logs.filter((l) => l.data.api_client_id === client.id);
    expect(mine.map((l) => l.type).sort()).toEqual([
      'ApiClientCreated',
      'ApiClientRevoked',
      'ApiClientRotated',
    ]);
    for (const log of mine) expect(log.actor?.name).toBe('Ana Administradora');
  });
});

describe('integrations managed by platform administrators', () => {
  const platformPath = (path = '') => `/api/v1/platforms/${DEFAULT_PLATFORM_ID}/api-clients${path}`;
  const asCarla = (method: HTTPMethods, path: string, payload?: object) =>
    w.t.call({ method, url: platformPath(path), token: carlaToken, ...(payload ? { payload } : {}) });
  let carlaToken: string;
  beforeAll(async () => {
    // Carla becomes an admin of Zona Norte: a platform administrator who is no member of Centro.
    const promoted = await w.call('admin', 'PUT', w.zonaNorte, `users/${w.user.carla}`, { role: 'admin' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    carlaToken = await w.t.login('carla@demo.local');
  });

  it('a platform administrator makes, lists, renews and revokes an integration of a workspace they are no member of', async () => {
    expect((await w.call('carla', 'GET', w.centro, 'api-clients')).statusCode).toBe(404);
    const made = await asCarla('POST', '', {
      workspace_id: w.centro,
      name: 'ERP da rede',
      role: 'xmacnaApi',
    });
    expect(made.statusCode, made.body).toBe(200);
    const { id, secret } = made.json();
    expect(made.json().workspace_id).toBe(w.centro);
    expect((await api.call(secret, 'GET', w.centro, 'contacts')).statusCode).toBe(200);

    const listed = await asCarla('GET', `?workspace_id=${w.centro}`);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toContain(id);
    expect(listed.body).not.toContain(secret);

    const rotated = await asCarla('POST', `/${id}/secret`);
    expect(rotated.statusCode).toBe(200);
    expect((await api.call(secret, 'GET', w.centro, 'contacts')).statusCode).toBe(401);
    expect((await asCarla('DELETE', `/${id}`)).statusCode).toBe(200);
    expect((await api.call(rotated.json().secret, 'GET', w.centro, 'contacts')).statusCode).toBe(401);
  });

  it('people who administer no workspace get 403; another platform and its workspaces are 404', async () => {
    const gerente = await w.t.login('gerente@demo.local');
    const refused = await w.t.call({
      method: 'POST',
      url: platformPath(),
      token: gerente,
      payload: { workspace_id: w.centro, name: 'X', role: 'uraApi' },
    });
    expect(refused.statusCode).toBe(403);
    const foreignWorkspace = await asCarla('POST', '', {
      workspace_id: w.recrutamento,
      name: 'X',
      role: 'uraApi',
    });
    expect(foreignWorkspace.statusCode).toBe(404);
    const rhClient = await api.create('uraApi', w.recrutamento, 'rh');
    expect((await asCarla('DELETE', `/${rhClient.id}`)).statusCode).toBe(404);
    const rh = await w.t.login('admin@rh.local', RH_HOST);
    const otherPlatform = await w.t.call({ method: 'GET', url: platformPath(), token: rh, host: RH_HOST });
    expect(otherPlatform.statusCode).toBe(404);
  });
});

describe('integration rate limit', () => {
  let limited: World;
  beforeAll(async () => {
    limited = await cardsWorld({ seed: true, config: { apiClientRequestsPerMinute: 3 } });
  });
  afterAll(() => limited.t.close());

  it('each integration has its own budget of calls per minute: beyond it 429 with Retry-After', async () => {
    const own = integrations(limited);
    const first = await own.create('opportunityApi');
    const second = await own.create('opportunityApi');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await own.call(first.secret, 'GET', limited.centro, 'sales-stages')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const refused = await own.call(first.secret, 'GET', limited.centro, 'sales-stages');
    expect(refused.json()).toMatchObject({ status: 429 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await own.call(second.secret, 'GET', limited.centro, 'sales-stages')).statusCode).toBe(200);
  });
});
