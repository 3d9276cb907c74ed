import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEFAULT_HOST,
  DEMO_PASSWORD,
  RH_HOST,
  type TestApp,
  workspaceIds,
} from '../../../test/test-app.ts';

type Person = 'admin' | 'gerente' | 'atendente' | 'bruno' | 'carla' | 'master' | 'rh';
const EMAILS: Record<Person, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  bruno: 'bruno@demo.local',
  carla: 'carla@demo.local',
  master: 'master@demo.local',
  rh: 'admin@rh.local',
};

let t: TestApp;
const token = {} as Record<Person, string>;
const id = {} as Record<Person, number>;
let centro: number;
let zonaNorte: number;
let recrutamento: number;

const api = (path: string) => `/api/v1${path}`;
const NOT_FOUND = { status: 404, message: MESSAGES.notFound };

beforeAll(async () => {
  t = await buildTestApp();
  for (const [person, email] of Object.entries(EMAILS) as [Person, string][]) {
    const host = person === 'rh' ? RH_HOST : DEFAULT_HOST;
    const res = await t.call({
      method: 'POST',
      url: api('/auth/token'),
      host,
      payload: { username: email, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    token[person] = res.json().access_token;
    id[person] = res.json().user.id;
  }
  const ids = await workspaceIds(t, token.admin);
  centro = ids['Escola Centro'] as number;
  zonaNorte = ids['Escola Zona Norte'] as number;
  recrutamento = (await workspaceIds(t, token.rh, RH_HOST))['Recrutamento e Seleção'] as number;
});
afterAll(() => t.close());

const get = (url: string, who: Person, host = DEFAULT_HOST) =>
  t.call({ method: 'GET', url: api(url), token: token[who], host });
const put = (url: string, who: Person, payload: object) =>
  t.call({ method: 'PUT', url: api(url), token: token[who], payload });

async function members(workspaceId: number, query = '', who: Person = 'admin') {
  const res = await get(`/workspaces/${workspaceId}/users${query}`, who);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { id: number; name: string; email: string; role: string }[];
    pagination: Record<string, number>;
  };
}
const names = (page: { data: { name: string }[] }) => page.data.map((m) => m.name);
const roleIn = async (workspaceId: number, who: Person) =>
  (await get(`/workspaces/${workspaceId}`, who)).json().role;

describe('GET /workspaces/:id/users', () => {
  it('PLAT-235 lists the workspace members by name in the page shape {data, pagination}', async () => {
    const page = await members(centro);
    expect(page.pagination).toEqual({ total_count: 5, limit: 50, offset: 0 });
    expect(page.data).toEqual([
      {
        id: id.atendente,
        name: 'Alice Atendente',
        email: 'atendente@demo.local',
        username: 'atendente',
        role: 'salesRep',
        operational_status: 'Working',
        joined_at: expect.any(String),
        last_login_at: expect.any(String),
        manager_id: null,
      },
      expect.objectContaining({ id: id.admin, name: 'Ana Administradora', role: 'admin' }),
      expect.objectContaining({ id: id.bruno, name: 'Bruno Barros', role: 'salesRep' }),
      expect.objectContaining({ id: id.gerente, name: 'Gustavo Gerente', role: 'manager' }),
      expect.objectContaining({ name: 'Mário Master', role: 'master' }),
    ]);
    // Carla belongs to the other workspace only.
    expect(names(await members(zonaNorte))).toEqual([
      'Alice Atendente',
      'Ana Administradora',
      'Carla Campos',
      'Gustavo Gerente',
    ]);

    const second = await members(centro, '?limit=2&offset=1');
    expect(names(second)).toEqual(['Ana Administradora', 'Bruno Barros']);
    expect(second.pagination).toEqual({ total_count: 5, limit: 2, offset: 1 });
  });

  it('PLAT-235 each member carries the last sign-in, null for someone who never signed in', async () => {
    const before = Date.now();
    const page = (await get(`/workspaces/${recrutamento}/users`, 'rh', RH_HOST)).json() as {
      data: { email: string; last_login_at: string | null }[];
    };
    const lastLogin = (email: string) => page.data.find((m) => m.email === email)?.last_login_at;
    // Renata signed in when the suite started; Paula never did.
    const renata = lastLogin('admin@rh.local');
    expect(renata).toEqual(expect.any(String));
    expect(before - Date.parse(renata as string)).toBeLessThan(5 * 60_000);
    expect(lastLogin('paula@rh.local')).toBeNull();

    const detail = await get(`/workspaces/${centro}/users/${id.bruno}`, 'admin');
    expect(detail.json().last_login_at).toEqual(expect.any(String));
  });

  it('PLAT-235 searches by name, e-mail or username, case-insensitively, and filters by role', async () => {
    expect(names(await members(centro, '?search=bruno'))).toEqual(['Bruno Barros']);
    expect(names(await members(centro, '?search=GERENTE%40demo'))).toEqual(['Gustavo Gerente']);
    expect(names(await members(centro, '?search=ana'))).toEqual(['Ana Administradora']);
    const none = await members(centro, '?search=%25');
    expect(none).toEqual({ data: [], pagination: { total_count: 0, limit: 50, offset: 0 } });
    // Someone of the other workspace is not found through this one.
    expect((await members(centro, '?search=carla')).pagination.total_count).toBe(0);

    const reps = await members(centro, '?role=salesRep');
    expect(names(reps)).toEqual(['Alice Atendente', 'Bruno Barros']);
    expect(reps.pagination.total_count).toBe(2);
    expect(names(await members(centro, '?role=manager&search=gustavo'))).toEqual(['Gustavo Gerente']);
  });

  it('OPP-192 the pickers ask only for people at work: operational_status=Working leaves out who is away', async () => {
    expect(
      (await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', { operational_status: 'Vacation' }))
        .statusCode,
    ).toBe(200);
    try {
      const working = await members(centro, '?limit=500&operational_status=Working&hide_parent_users=false');
      expect(names(working)).toEqual([
        'Alice Atendente',
        'Ana Administradora',
        'Gustavo Gerente',
        'Mário Master',
      ]);
      expect(names(await members(centro, '?operational_status=Vacation'))).toEqual(['Bruno Barros']);
    } finally {
      await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', { operational_status: 'Working' });
    }
    expect((await get(`/workspaces/${centro}/users?operational_status=Sleeping`, 'admin')).statusCode).toBe(
      400,
    );
  });

  it('PLAT-235 a page larger than 500, or an unknown parameter, is refused with 400 naming it', async () => {
    const res = await get(`/workspaces/${centro}/users?limit=501`, 'admin');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'limit' })]);
    expect((await get(`/workspaces/${centro}/users?limit=500`, 'admin')).statusCode).toBe(200);
    const unknown = await get(`/workspaces/${centro}/users?platform_id=1`, 'admin');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'platform_id' })]);
  });
});

describe('GET /workspaces/:id/users-in-hierarchy', () => {
  it('PLAT-235 admins and managers see every member, a salesRep only themself', async () => {
    for (const who of ['admin', 'gerente'] as const) {
      const res = await get(`/workspaces/${centro}/users-in-hierarchy`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().pagination.total_count).toBe(5);
      expect(
        res
          .json()
          .data.map((m: { id: number }) => m.id)
          .sort(),
      ).toEqual([id.admin, id.gerente, id.atendente, id.bruno, id.master].sort());
    }
    const rep = await get(`/workspaces/${centro}/users-in-hierarchy`, 'bruno');
    expect(rep.json()).toEqual({
      data: [expect.objectContaining({ id: id.bruno, name: 'Bruno Barros', role: 'salesRep' })],
      pagination: { total_count: 1, limit: 50, offset: 0 },
    });
    const searchOthers = await get(`/workspaces/${centro}/users-in-hierarchy?search=alice`, 'bruno');
    expect(searchOthers.json().data).toEqual([]);
  });
});

describe('GET /workspaces/:id/users/:userId', () => {
  it('PLAT-236 PLAT-176 PLAT-084 the VoIP password reaches only its owner; an admin sees the SIP user name, a manager neither', async () => {
    const set = await put(`/workspaces/${centro}/users/${id.atendente}`, 'atendente', {
      voip_username: '1001',
      voip_password: 'sip-secret-1001',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      id: id.atendente,
      voip_username: '1001',
      voip_password: 'sip-secret-1001',
    });

    const own = await get(`/workspaces/${centro}/users/${id.atendente}`, 'atendente');
    expect(own.json()).toMatchObject({ voip_username: '1001', voip_password: 'sip-secret-1001' });

    const byAdmin = await get(`/workspaces/${centro}/users/${id.atendente}`, 'admin');
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      id: id.atendente,
      name: 'Alice Atendente',
      voip_username: '1001',
      voip_password: null,
    });
    expect(byAdmin.body).not.toContain('sip-secret-1001');

    const byManager = await get(`/workspaces/${centro}/users/${id.atendente}`, 'gerente');
    expect(byManager.json()).toMatchObject({ voip_username: null, voip_password: null });
    const byColleague = await get(`/workspaces/${centro}/users/${id.atendente}`, 'bruno');
    expect(byColleague.json()).toMatchObject({ voip_username: null, voip_password: null });
    expect((await get(`/workspaces/${centro}/users`, 'admin')).body).not.toContain('sip-secret-1001');

    // The credentials belong to the membership: the other workspace has none.
    expect((await get(`/workspaces/${zonaNorte}/users/${id.atendente}`, 'atendente')).json()).toMatchObject({
      voip_username: null,
      voip_password: null,
    });
  });

  it('PLAT-236 a password an admin sets is write-only for them and readable by its owner', async () => {
    const set = await put(`/workspaces/${centro}/users/${id.bruno}`, 'admin', {
      voip_username: '1002',
      voip_password: 'set-by-admin',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ voip_username: '1002', voip_password: null });
    expect(set.body).not.toContain('set-by-admin');
    expect((await get(`/workspaces/${centro}/users/${id.bruno}`, 'bruno')).json().voip_password).toBe(
      'set-by-admin',
    );
  });
});

describe('PUT /workspaces/:id/users/:userId', () => {
  it('PLAT-236 anyone may change their own name, operational status and phone credentials', async () => {
    const res = await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', {
      name: '  Bruno B. Barros ',
      operational_status: 'Vacation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: id.bruno,
      name: 'Bruno B. Barros',
      operational_status: 'Vacation',
      role: 'salesRep',
    });
    const seen = await get(`/workspaces/${centro}/users/${id.bruno}`, 'admin');
    expect(seen.json()).toMatchObject({ name: 'Bruno B. Barros', operational_status: 'Vacation' });

    const bad = await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', {
      operational_status: 'Sleeping',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'operational_status' })]);

    const back = await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', {
      name: 'Bruno Barros',
      operational_status: 'Working',
    });
    expect(back.json()).toMatchObject({ name: 'Bruno Barros', operational_status: 'Working' });
  });

  it('PLAT-236 a salesRep cannot change someone else (403) and nothing changes', async () => {
    const res = await put(`/workspaces/${centro}/users/${id.atendente}`, 'bruno', {
      name: 'Trocado',
      voip_username: '666',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: 403, message: MESSAGES.forbidden });
    const manager = await put(`/workspaces/${centro}/users/${id.bruno}`, 'gerente', { name: 'Trocado' });
    expect(manager.statusCode).toBe(403);
    expect((await get(`/workspaces/${centro}/users/${id.atendente}`, 'admin')).json()).toMatchObject({
      name: 'Alice Atendente',
      voip_username: '1001',
    });
    expect((await get(`/workspaces/${centro}/users/${id.bruno}`, 'admin')).json().name).toBe('Bruno Barros');
  });

  it('PLAT-236 a salesRep or a manager cannot give themself another role (no mass assignment)', async () => {
    const rep = await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', {
      name: 'Bruno Barros',
      role: 'admin',
    });
    expect(rep.statusCode).toBe(403);
    expect(await roleIn(centro, 'bruno')).toBe('salesRep');
    const manager = await put(`/workspaces/${centro}/users/${id.gerente}`, 'gerente', { role: 'admin' });
    expect(manager.statusCode).toBe(403);
    expect(await roleIn(centro, 'gerente')).toBe('manager');

    const sneaky = await put(`/workspaces/${centro}/users/${id.bruno}`, 'bruno', {
      name: 'Bruno Barros',
      workspace_id: zonaNorte,
    });
    expect(sneaky.statusCode).toBe(400);
    expect(sneaky.json().errors).toEqual([
      { field: 'workspace_id', description: MESSAGES.unknownField('workspace_id') },
    ]);
  });

  it('PLAT-236 PLAT-132 PLAT-238 an admin changes a role in one workspace: it is logged and the rights follow it there only', async () => {
    const res = await put(`/workspaces/${centro}/users/${id.atendente}`, 'admin', { role: 'manager' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: id.atendente, role: 'manager' });
    expect(await roleIn(centro, 'atendente')).toBe('manager');
    expect(await roleIn(zonaNorte, 'atendente')).toBe('salesRep');
    const inCentro = await get(`/workspaces/${centro}/users-in-hierarchy`, 'atendente');
    expect(inCentro.json().pagination.total_count).toBe(5);
    const inZonaNorte = await get(`/workspaces/${zonaNorte}/users-in-hierarchy`, 'atendente');
    expect(inZonaNorte.json().pagination.total_count).toBe(1);

    const logs = await get(`/workspaces/${centro}/user-logs?user_id=${id.atendente}`, 'admin');
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserRoleUpdated',
      actor: { id: id.admin, name: 'Ana Administradora' },
      subject_user: { id: id.atendente, name: 'Alice Atendente' },
      data: { from: 'salesRep', to: 'manager' },
    });

    await put(`/workspaces/${centro}/users/${id.atendente}`, 'admin', { role: 'salesRep' });
    expect(await roleIn(centro, 'atendente')).toBe('salesRep');
  });

  it('PLAT-135 PLAT-236 API roles and unknown roles cannot be given (400 naming role)', async () => {
    for (const role of ['uraApi', 'opportunityApi', 'superuser']) {
      const res = await put(`/workspaces/${centro}/users/${id.bruno}`, 'admin', { role });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: MESSAGES.roleNotAllowed,
        errors: [{ field: 'role', description: MESSAGES.roleNotAllowed }],
      });
    }
    expect(await roleIn(centro, 'bruno')).toBe('salesRep');
  });

  it('PLAT-236 the last admin cannot be demoted (409); with a second admin it can', async () => {
    const res = await put(`/workspaces/${centro}/users/${id.admin}`, 'admin', { role: 'salesRep' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: MESSAGES.lastAdmin });
    expect(await roleIn(centro, 'admin')).toBe('admin');

    // With Gustavo made admin of Zona Norte, Ana may step down there; Gustavo then restores both.
    expect(
      (await put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'admin', { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await put(`/workspaces/${zonaNorte}/users/${id.admin}`, 'admin', { role: 'manager' })).statusCode,
    ).toBe(200);
    expect(await roleIn(zonaNorte, 'admin')).toBe('manager');
    expect(await roleIn(centro, 'admin')).toBe('admin');
    const lastOne = await put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'gerente', { role: 'manager' });
    expect(lastOne.statusCode).toBe(409);
    expect(
      (await put(`/workspaces/${zonaNorte}/users/${id.admin}`, 'gerente', { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(
      (await put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'admin', { role: 'manager' })).statusCode,
    ).toBe(200);
    expect(await roleIn(zonaNorte, 'gerente')).toBe('manager');
  });

  it('PLAT-236 two admins demoting each other at the same time still leave one admin', async () => {
    expect(
      (await put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'admin', { role: 'admin' })).statusCode,
    ).toBe(200);
    const [a, b] = await Promise.all([
      put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'admin', { role: 'manager' }),
      put(`/workspaces/${zonaNorte}/users/${id.admin}`, 'gerente', { role: 'manager' }),
    ]);
    // The first to commit wins; the other is refused, as the last admin (409) or as no longer an admin (403).
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const admins = await members(zonaNorte, '?role=admin');
    expect(admins.pagination.total_count).toBe(1);
    // Back to the demo roles.
    const [admin] = admins.data;
    if (admin?.id === id.gerente) {
      await put(`/workspaces/${zonaNorte}/users/${id.admin}`, 'gerente', { role: 'admin' });
      await put(`/workspaces/${zonaNorte}/users/${id.gerente}`, 'admin', { role: 'manager' });
    }
    expect(await roleIn(zonaNorte, 'admin')).toBe('admin');
    expect(await roleIn(zonaNorte, 'gerente')).toBe('manager');
  });

  it('PLAT-136 PLAT-236 the last admin may move to another admin role: the workspace keeps an admin', async () => {
    const ceo = await put(`/workspaces/${centro}/users/${id.admin}`, 'admin', { role: 'ceo' });
    expect(ceo.statusCode).toBe(200);
    expect(await roleIn(centro, 'admin')).toBe('ceo');
    // As ceo she still manages the workspace, and the ceo is now the last admin role holder.
    expect(
      (await put(`/workspaces/${centro}/users/${id.admin}`, 'admin', { role: 'manager' })).statusCode,
    ).toBe(409);
    expect(
      (await put(`/workspaces/${centro}/users/${id.admin}`, 'admin', { role: 'admin' })).statusCode,
    ).toBe(200);
    expect(await roleIn(centro, 'admin')).toBe('admin');
  });
});

describe('POST /workspaces/:id/users/find-one-by-username', () => {
  const find = (who: Person, username: string, workspaceId = centro, host = DEFAULT_HOST) =>
    t.call({
      method: 'POST',
      url: api(`/workspaces/${workspaceId}/users/find-one-by-username`),
      token: token[who],
      host,
      payload: { username },
    });

  it('PLAT-235 an admin finds a person of the platform by username or e-mail, told whether they are a member', async () => {
    const carla = await find('admin', 'carla');
    expect(carla.statusCode).toBe(200);
    expect(carla.json()).toEqual({
      id: id.carla,
      name: 'Carla Campos',
      username: 'carla',
      email: 'carla@demo.local',
      is_member: false,
    });
    const bruno = await find('admin', ' BRUNO@demo.local ');
    expect(bruno.json()).toEqual({
      id: id.bruno,
      name: 'Bruno Barros',
      username: 'bruno',
      email: 'bruno@demo.local',
      is_member: true,
    });
    expect((await find('admin', 'carla', zonaNorte)).json().is_member).toBe(true);
  });

  it('PLAT-235 an unknown login is 404; a salesRep or a manager may not search (403)', async () => {
    const unknown = await find('admin', 'ninguem@demo.local');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, message: MESSAGES.userNotFound });
    for (const who of ['bruno', 'gerente'] as const) {
      const res = await find(who, 'carla');
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('carla@demo.local');
    }
    const empty = await find('admin', '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual([expect.objectContaining({ field: 'username' })]);
  });

  it('PLAT-235 never finds a user of another platform', async () => {
    for (const login of ['admin@rh.local', 'recrutador@rh.local', 'recrutador']) {
      const res = await find('admin', login);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('rh.local');
    }
    // 'admin' is a username on both platforms: only this platform's person is found.
    const admin = await find('admin', 'admin');
    expect(admin.json()).toMatchObject({ id: id.admin, email: 'admin@demo.local' });
    const fromRh = await find('rh', 'carla@demo.local', recrutamento, RH_HOST);
    expect(fromRh.statusCode).toBe(404);
    expect(fromRh.body).not.toContain('Carla');
  });
});

describe('GET /users/:id/workspaces and /users/:id/workspaces/:wid', () => {
  const workspacesOf = async (who: Person, userId: number) => {
    const res = await get(`/users/${userId}/workspaces`, who);
    return { status: res.statusCode, body: res.json() };
  };
  const ids = (body: { data: { id: number }[] }) => body.data.map((w) => w.id);

  it('PLAT-237 one sees all of one’s own workspaces with the role in each', async () => {
    const own = await workspacesOf('admin', id.admin);
    expect(own.status).toBe(200);
    expect(own.body.data.map((w: { id: number; role: string }) => [w.id, w.role])).toEqual([
      [centro, 'admin'],
      [zonaNorte, 'admin'],
    ]);
    expect(own.body.pagination).toEqual({ total_count: 2, limit: 2, offset: 0 });
    expect(ids((await workspacesOf('bruno', id.bruno)).body)).toEqual([centro]);
  });

  it('PLAT-237 a manager sees a colleague only in the workspaces they share', async () => {
    expect(ids((await workspacesOf('gerente', id.bruno)).body)).toEqual([centro]);
    expect(ids((await workspacesOf('gerente', id.carla)).body)).toEqual([zonaNorte]);
    expect(ids((await workspacesOf('gerente', id.atendente)).body)).toEqual([centro, zonaNorte]);

    const one = await get(`/users/${id.carla}/workspaces/${zonaNorte}`, 'gerente');
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id: id.carla,
      name: 'Carla Campos',
      role: 'salesRep',
      voip_password: null,
    });
    // Gustavo is in Centro, but Carla is not.
    expect((await get(`/users/${id.carla}/workspaces/${centro}`, 'gerente')).statusCode).toBe(404);
  });

  it('PLAT-237 one’s own membership shows one’s own phone credentials', async () => {
    const res = await get(`/users/${id.atendente}/workspaces/${centro}`, 'atendente');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: id.atendente,
      role: 'salesRep',
      voip_username: '1001',
      voip_password: 'sip-secret-1001',
    });
  });

  it('PLAT-237 a stranger or a salesRep asking about someone else gets 404 and no data', async () => {
    for (const [who, userId] of [
      ['bruno', id.carla],
      ['bruno', id.atendente],
      ['carla', id.bruno],
      ['admin', 999_999],
      ['admin', id.rh],
    ] as const) {
      const res = await workspacesOf(who, userId);
      expect(res.status).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect((await get(`/users/${id.atendente}/workspaces/${centro}`, 'bruno')).json()).toEqual(NOT_FOUND);
    expect((await get(`/users/${id.carla}/workspaces/${zonaNorte}`, 'bruno')).json()).toEqual(NOT_FOUND);
    expect((await get(`/users/${id.admin}/workspaces`, 'rh', RH_HOST)).json()).toEqual(NOT_FOUND);
    expect((await get(`/users/${id.admin}/workspaces/${centro}`, 'rh', RH_HOST)).json()).toEqual(NOT_FOUND);
    expect((await get(`/users/${id.rh}/workspaces/${recrutamento}`, 'admin')).json()).toEqual(NOT_FOUND);
  });
});

describe('tenancy', () => {
  const routes = (userId: number) =>
    [
      { method: 'GET', url: `/workspaces/${centro}/users` },
      { method: 'GET', url: `/workspaces/${centro}/users-in-hierarchy` },
      { method: 'GET', url: `/workspaces/${centro}/users/${userId}` },
      { method: 'PUT', url: `/workspaces/${centro}/users/${userId}`, payload: { name: 'Invasor' } },
      { method: 'DELETE', url: `/workspaces/${centro}/users/${userId}` },
      {
        method: 'POST',
        url: `/workspaces/${centro}/users/find-one-by-username`,
        payload: { username: 'bruno' },
      },
    ] as const;

  it('PLAT-235 PLAT-236 a member of another workspace gets 404 and no data on every user route', async () => {
    for (const route of routes(id.bruno)) {
      const res = await t.call({ ...route, url: api(route.url), token: token.carla });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await get(`/workspaces/${centro}/users/${id.bruno}`, 'admin')).json().name).toBe('Bruno Barros');
  });

  it('PLAT-235 PLAT-236 a user of another platform gets 404 on their host and 401 with their token here', async () => {
    for (const route of routes(id.bruno)) {
      const res = await t.call({ ...route, url: api(route.url), token: token.rh, host: RH_HOST });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
      expect((await t.call({ ...route, url: api(route.url), token: token.rh })).statusCode).toBe(401);
    }
    expect(await roleIn(centro, 'bruno')).toBe('salesRep');
  });

  it('PLAT-236 an admin cannot reach through their workspace a person who is not its member', async () => {
    for (const other of [id.carla, id.rh]) {
      expect((await get(`/workspaces/${centro}/users/${other}`, 'admin')).json()).toEqual(NOT_FOUND);
      const rename = await put(`/workspaces/${centro}/users/${other}`, 'admin', {
        name: 'Invasor',
        role: 'salesRep',
      });
      expect(rename.statusCode).toBe(404);
      const remove = await t.call({
        method: 'DELETE',
        url: api(`/workspaces/${centro}/users/${other}`),
        token: token.admin,
      });
      expect(remove.statusCode).toBe(404);
    }
    expect((await get(`/workspaces/${zonaNorte}/users/${id.carla}`, 'admin')).json()).toMatchObject({
      name: 'Carla Campos',
      role: 'salesRep',
    });
    const rh = await get(`/workspaces/${recrutamento}/users/${id.rh}`, 'rh', RH_HOST);
    expect(rh.json()).toMatchObject({ name: 'Renata Recursos Humanos', role: 'admin' });
  });
});

describe('DELETE /workspaces/:id/users/:userId', () => {
  it('PLAT-236 a salesRep or a manager cannot remove a member (403)', async () => {
    for (const who of ['atendente', 'gerente'] as const) {
      const res = await t.call({
        method: 'DELETE',
        url: api(`/workspaces/${centro}/users/${id.bruno}`),
        token: token[who],
      });
      expect(res.statusCode).toBe(403);
    }
    expect(names(await members(centro))).toContain('Bruno Barros');
  });

  it('PLAT-236 the last admin cannot be removed (409)', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: api(`/workspaces/${centro}/users/${id.admin}`),
      token: token.admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: MESSAGES.lastAdmin });
    expect(await roleIn(centro, 'admin')).toBe('admin');
  });

  it('PLAT-236 PLAT-238 an admin removes a member: the removal is logged and their token now gets 404 there', async () => {
    expect(await roleIn(centro, 'bruno')).toBe('salesRep');
    const res = await t.call({
      method: 'DELETE',
      url: api(`/workspaces/${centro}/users/${id.bruno}`),
      token: token.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.memberRemoved });

    for (const url of [
      `/workspaces/${centro}`,
      `/workspaces/${centro}/users`,
      `/workspaces/${centro}/users/${id.bruno}`,
    ]) {
      const after = await get(url, 'bruno');
      expect(after.statusCode).toBe(404);
      expect(after.json()).toEqual(NOT_FOUND);
    }
    const page = await members(centro);
    expect(page.pagination.total_count).toBe(4);
    expect(names(page)).not.toContain('Bruno Barros');

    const logs = await get(`/workspaces/${centro}/user-logs?user_id=${id.bruno}`, 'admin');
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserRemoved',
      actor: { id: id.admin, name: 'Ana Administradora' },
      subject_user: { id: id.bruno, name: 'Bruno Barros' },
    });
    const again = await t.call({
      method: 'DELETE',
      url: api(`/workspaces/${centro}/users/${id.bruno}`),
      token: token.admin,
    });
    expect(again.statusCode).toBe(404);
  });
});
