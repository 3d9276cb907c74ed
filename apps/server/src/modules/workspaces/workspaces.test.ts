import { MESSAGES } from '@vendaval/core/messages';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEFAULT_HOST,
  DEMO_PASSWORD,
  RH_HOST,
  type TestApp,
  workspaceIds,
} from '../../../test/test-app.ts';

let t: TestApp;
const token: Record<'admin' | 'gerente' | 'atendente' | 'bruno' | 'carla' | 'rh', string> = {
  admin: '',
  gerente: '',
  atendente: '',
  bruno: '',
  carla: '',
  rh: '',
};
const userId: Record<string, number> = {};
let centro: number;
let zonaNorte: number;
let recrutamento: number;

/** Signs in through the API and keeps the user's id. */
async function signIn(email: string, host = DEFAULT_HOST) {
  const res = await t.call({
    method: 'POST',
    url: '/api/v1/auth/token',
    host,
    payload: { username: email, password: DEMO_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  userId[email] = body.user.id;
  return body as {
    access_token: string;
    user: { id: number; workspaces: { id: number; name: string; role: string }[] };
  };
}

const api = (path: string) => `/api/v1${path}`;

beforeAll(async () => {
  t = await buildTestApp();
  token.admin = (await signIn('admin@demo.local')).access_token;
  token.gerente = (await signIn('gerente@demo.local')).access_token;
  token.atendente = (await signIn('atendente@demo.local')).access_token;
  token.bruno = (await signIn('bruno@demo.local')).access_token;
  token.carla = (await signIn('carla@demo.local')).access_token;
  token.rh = (await signIn('admin@rh.local', RH_HOST)).access_token;
  const ids = await workspaceIds(t, token.admin);
  centro = ids['Escola Centro'] as number;
  zonaNorte = ids['Escola Zona Norte'] as number;
  recrutamento = (await workspaceIds(t, token.rh, RH_HOST))['Recrutamento e Seleção'] as number;
  expect([centro, zonaNorte, recrutamento].every((id) => Number.isInteger(id))).toBe(true);
});
afterAll(() => t.close());

async function logsOf(workspaceId: number, kind: 'logs' | 'user-logs', query = '') {
  const res = await t.call({
    method: 'GET',
    url: api(`/workspaces/${workspaceId}/${kind}${query}`),
    token: token.admin,
  });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: {
      type: string;
      actor: { id: number; name: string } | null;
      subject_user: { id: number; name: string } | null;
      data: Record<string, unknown>;
    }[];
    pagination: { total_count: number; limit: number; offset: number };
  };
}

describe('GET and POST /users/self/workspaces', () => {
  it('PLAT-231 PLAT-077 lists the caller’s workspaces, each with the role they hold in it and its settings', async () => {
    const res = await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: centro,
          name: 'Escola Centro',
          role: 'admin',
          settings: DEFAULT_WORKSPACE_SETTINGS,
          created_at: expect.any(String),
        },
        {
          id: zonaNorte,
          name: 'Escola Zona Norte',
          role: 'admin',
          settings: DEFAULT_WORKSPACE_SETTINGS,
          created_at: expect.any(String),
        },
      ],
      pagination: { total_count: 2, limit: 2, offset: 0 },
    });

    const bruno = (
      await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.bruno })
    ).json();
    expect(bruno.data.map((w: { id: number; role: string }) => [w.id, w.role])).toEqual([
      [centro, 'salesRep'],
    ]);
    const gerente = (
      await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.gerente })
    ).json();
    expect(gerente.data.map((w: { role: string }) => w.role)).toEqual(['manager', 'manager']);
  });

  it('PLAT-231 only the platform’s own workspaces are listed, and without a token the answer is 401', async () => {
    const rh = await t.call({
      method: 'GET',
      url: api('/users/self/workspaces'),
      token: token.rh,
      host: RH_HOST,
    });
    expect(rh.json().data.map((w: { name: string }) => w.name)).toEqual(['Recrutamento e Seleção']);
    expect((await t.call({ method: 'GET', url: api('/users/self/workspaces') })).statusCode).toBe(401);
  });

  it('PLAT-231 an admin opens a workspace, becomes its admin and the creation is logged', async () => {
    const res = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: '  Escola Sul  ' },
    });
    expect(res.statusCode).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({
      name: 'Escola Sul',
      role: 'admin',
      settings: DEFAULT_WORKSPACE_SETTINGS,
    });
    expect(created.id).not.toBe(centro);

    const mine = (
      await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.admin })
    ).json();
    expect(mine.data.find((w: { id: number }) => w.id === created.id)).toMatchObject({
      name: 'Escola Sul',
      role: 'admin',
    });
    const ws = await t.call({ method: 'GET', url: api(`/workspaces/${created.id}`), token: token.admin });
    expect(ws.json().role).toBe('admin');

    const logs = await logsOf(created.id, 'logs');
    expect(logs.data).toEqual([
      expect.objectContaining({
        type: 'WorkspaceCreated',
        actor: { id: userId['admin@demo.local'], name: 'Ana Administradora' },
        subject_user: null,
        data: { name: 'Escola Sul' },
      }),
    ]);
    // Nobody else was made a member.
    const users = (
      await t.call({ method: 'GET', url: api(`/workspaces/${created.id}/users`), token: token.admin })
    ).json();
    expect(users.data.map((u: { email: string }) => u.email)).toEqual(['admin@demo.local']);
  });

  it('PLAT-231 a manager or a salesRep cannot open a workspace (403) and nothing is created', async () => {
    for (const who of [token.gerente, token.atendente]) {
      const res = await t.call({
        method: 'POST',
        url: api('/users/self/workspaces'),
        token: who,
        payload: { name: 'Escola Proibida' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.forbidden);
      const mine = (await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: who })).json();
      expect(mine.data.map((w: { name: string }) => w.name)).not.toContain('Escola Proibida');
    }
  });

  it('PLAT-231 PLAT-136 ceo and auxiliarTi are admin roles too: holding one, a person may open a workspace', async () => {
    const recrutador = (await signIn('recrutador@rh.local', RH_HOST)).access_token;
    const open = (name: string) =>
      t.call({
        method: 'POST',
        url: api('/users/self/workspaces'),
        token: recrutador,
        host: RH_HOST,
        payload: { name },
      });
    const setRole = async (role: string) => {
      const res = await t.call({
        method: 'PUT',
        url: api(`/workspaces/${recrutamento}/users/${userId['recrutador@rh.local']}`),
        token: token.rh,
        host: RH_HOST,
        payload: { role },
      });
      expect(res.statusCode).toBe(200);
    };
    expect((await open('Banco de Talentos')).statusCode).toBe(403);
    for (const role of ['ceo', 'auxiliarTi']) {
      await setRole(role);
      const res = await open(`Seleção ${role}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: `Seleção ${role}`, role: 'admin' });
    }
    await setRole('manager');
  });

  it('PLAT-231 the name is validated and unknown fields are refused', async () => {
    const short = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: 'A' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([expect.objectContaining({ field: 'name' })]);
    const extra = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: 'Escola Leste', platform_id: 1 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toEqual([
      { field: 'platform_id', description: MESSAGES.unknownField('platform_id') },
    ]);
  });
});

describe('GET, PUT, POST and DELETE /users/self/workspaces/:id', () => {
  it('PLAT-231 answers one of the caller’s workspaces with their role; another’s workspace is 404', async () => {
    const own = await t.call({
      method: 'GET',
      url: api(`/users/self/workspaces/${zonaNorte}`),
      token: token.carla,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: zonaNorte, name: 'Escola Zona Norte', role: 'salesRep' });

    for (const [who, id, host] of [
      [token.carla, centro, DEFAULT_HOST],
      [token.bruno, zonaNorte, DEFAULT_HOST],
      [token.admin, 999_999, DEFAULT_HOST],
      [token.rh, centro, RH_HOST],
    ] as const) {
      const res = await t.call({ method: 'GET', url: api(`/users/self/workspaces/${id}`), token: who, host });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    }
  });

  it('PLAT-231 only an admin renames the workspace; the rename is logged', async () => {
    const refused = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.atendente,
      payload: { name: 'Nome Novo' },
    });
    expect(refused.statusCode).toBe(403);
    const manager = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.gerente,
      payload: { name: 'Nome Novo' },
    });
    expect(manager.statusCode).toBe(403);
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token: token.admin })).json().name,
    ).toBe('Escola Centro');

    const renamed = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.admin,
      payload: { name: 'Escola Centro Matriz' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ id: centro, name: 'Escola Centro Matriz', role: 'admin' });
    // Every member sees the new name.
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token: token.bruno })).json().name,
    ).toBe('Escola Centro Matriz');
    const logs = await logsOf(centro, 'logs');
    expect(logs.data[0]).toMatchObject({
      type: 'WorkspaceRenamed',
      actor: { name: 'Ana Administradora' },
      data: { from: 'Escola Centro', to: 'Escola Centro Matriz' },
    });

    const back = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.admin,
      payload: { name: 'Escola Centro' },
    });
    expect(back.json().name).toBe('Escola Centro');
  });

  it('PLAT-231 an admin cannot rename a workspace of another platform or one they are not in (404)', async () => {
    const rh = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.rh,
      host: RH_HOST,
      payload: { name: 'Invadido' },
    });
    expect(rh.statusCode).toBe(404);
    const other = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${recrutamento}`),
      token: token.admin,
      payload: { name: 'Invadido' },
    });
    expect(other.statusCode).toBe(404);
    const names = (
      await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.rh, host: RH_HOST })
    ).json();
    expect(names.data.map((w: { name: string }) => w.name)).toEqual(['Recrutamento e Seleção']);
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token: token.admin })).json().name,
    ).toBe('Escola Centro');
  });

  it('PLAT-231 POST makes it the default workspace: it comes first in the login answer', async () => {
    const before = await signIn('gerente@demo.local');
    expect(before.user.workspaces.map((w) => w.id)).toEqual([centro, zonaNorte]);

    const res = await t.call({
      method: 'POST',
      url: api(`/users/self/workspaces/${zonaNorte}`),
      token: token.gerente,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: zonaNorte, role: 'manager' });

    const after = await signIn('gerente@demo.local');
    expect(after.user.workspaces.map((w) => w.id)).toEqual([zonaNorte, centro]);
    expect(after.user.workspaces[0]).toEqual({ id: zonaNorte, name: 'Escola Zona Norte', role: 'manager' });
  });

  it('PLAT-231 a workspace the caller is not in cannot become their default (404)', async () => {
    const res = await t.call({
      method: 'POST',
      url: api(`/users/self/workspaces/${zonaNorte}`),
      token: token.bruno,
    });
    expect(res.statusCode).toBe(404);
    const session = await signIn('bruno@demo.local');
    expect(session.user.workspaces.map((w) => w.id)).toEqual([centro]);
  });

  it('PLAT-231 the last admin cannot leave the workspace (409)', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.admin,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: MESSAGES.lastAdmin });
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token: token.admin })).json().role,
    ).toBe('admin');
  });

  it('PLAT-231 PLAT-238 a member leaves: the workspace is gone for them and the departure is logged', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: api(`/users/self/workspaces/${zonaNorte}`),
      token: token.carla,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.workspaceLeft });

    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${zonaNorte}`), token: token.carla })).statusCode,
    ).toBe(404);
    const mine = (
      await t.call({ method: 'GET', url: api('/users/self/workspaces'), token: token.carla })
    ).json();
    expect(mine).toEqual({ data: [], pagination: { total_count: 0, limit: 0, offset: 0 } });

    const logs = await logsOf(zonaNorte, 'user-logs');
    expect(logs.data[0]).toMatchObject({
      type: 'UserLeft',
      actor: { id: userId['carla@demo.local'], name: 'Carla Campos' },
      subject_user: { id: userId['carla@demo.local'], name: 'Carla Campos' },
    });
    // Leaving again, or leaving a workspace one never belonged to, is 404.
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: api(`/users/self/workspaces/${zonaNorte}`),
          token: token.carla,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: api(`/users/self/workspaces/${zonaNorte}`),
          token: token.bruno,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('GET /workspaces/:id', () => {
  it('PLAT-232 PLAT-132 PLAT-077 the role comes from the workspace asked for: admin in one, salesRep in another', async () => {
    // Alice is a salesRep in Centro; an admin opens a workspace and invites her as its admin.
    const opened = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: 'Escola Oeste' },
    });
    const oeste = opened.json().id as number;
    const invite = await t.call({
      method: 'POST',
      url: api(`/workspaces/${oeste}/user-invitations`),
      token: token.admin,
      payload: { email: 'atendente@demo.local', role: 'admin' },
    });
    expect(invite.statusCode).toBe(200);
    const accepted = await t.call({
      method: 'POST',
      url: api(`/user-invitations/${invite.json().id}/fulfill`),
      payload: { password: DEMO_PASSWORD },
    });
    expect(accepted.statusCode).toBe(200);

    const inCentro = await t.call({
      method: 'GET',
      url: api(`/workspaces/${centro}`),
      token: token.atendente,
    });
    expect(inCentro.statusCode).toBe(200);
    expect(inCentro.json()).toMatchObject({
      id: centro,
      name: 'Escola Centro',
      role: 'salesRep',
      settings: DEFAULT_WORKSPACE_SETTINGS,
    });
    const inOeste = await t.call({ method: 'GET', url: api(`/workspaces/${oeste}`), token: token.atendente });
    expect(inOeste.json()).toMatchObject({ id: oeste, name: 'Escola Oeste', role: 'admin' });

    // The permissions follow that role: admin rights in Oeste, none in Centro, with the same token.
    const settings = { require_task_for_stage_change: false };
    const asAdmin = await t.call({
      method: 'POST',
      url: api(`/workspaces/${oeste}/settings`),
      token: token.atendente,
      payload: settings,
    });
    expect(asAdmin.statusCode).toBe(200);
    const asSalesRep = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.atendente,
      payload: settings,
    });
    expect(asSalesRep.statusCode).toBe(403);
    const logsOeste = await t.call({
      method: 'GET',
      url: api(`/workspaces/${oeste}/logs`),
      token: token.atendente,
    });
    expect(logsOeste.statusCode).toBe(200);
    const logsCentro = await t.call({
      method: 'GET',
      url: api(`/workspaces/${centro}/logs`),
      token: token.atendente,
    });
    expect(logsCentro.statusCode).toBe(403);
    const rename = await t.call({
      method: 'PUT',
      url: api(`/users/self/workspaces/${centro}`),
      token: token.atendente,
      payload: { name: 'Escola da Alice' },
    });
    expect(rename.statusCode).toBe(403);
  });
});

describe('GET and POST /workspaces/:id/settings', () => {
  it('PLAT-233 any member reads the settings; a salesRep cannot change them (403)', async () => {
    const read = await t.call({
      method: 'GET',
      url: api(`/workspaces/${centro}/settings`),
      token: token.bruno,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: true });

    const res = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.bruno,
      payload: { require_task_for_stage_change: false },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.forbidden);
    const manager = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.gerente,
      payload: { require_task_for_stage_change: false },
    });
    expect(manager.statusCode).toBe(403);
    expect(
      (
        await t.call({ method: 'GET', url: api(`/workspaces/${centro}/settings`), token: token.admin })
      ).json(),
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: true });
  });

  it('PLAT-233 PLAT-238 an admin changes require_task_for_stage_change; the change is logged with before and after', async () => {
    const res = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.admin,
      payload: { require_task_for_stage_change: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false });

    expect(
      (
        await t.call({ method: 'GET', url: api(`/workspaces/${centro}/settings`), token: token.bruno })
      ).json(),
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false });
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token: token.bruno })).json()
        .settings,
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false });
    // Another workspace keeps its own settings.
    expect(
      (
        await t.call({ method: 'GET', url: api(`/workspaces/${zonaNorte}/settings`), token: token.admin })
      ).json(),
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: true });

    const logs = await logsOf(centro, 'logs');
    expect(logs.data[0]).toMatchObject({
      type: 'WorkspaceSettingsUpdated',
      actor: { id: userId['admin@demo.local'], name: 'Ana Administradora' },
      subject_user: null,
      data: {
        before: { require_task_for_stage_change: true },
        after: { require_task_for_stage_change: false },
      },
    });
  });

  it('PLAT-233 an unknown field is refused with 400 naming it, a wrong type with 400 naming the setting', async () => {
    const unknown = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.admin,
      payload: { require_task_for_stage_change: true, allow_everything: true },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      status: 400,
      message: MESSAGES.unknownField('allow_everything'),
      errors: [{ field: 'allow_everything', description: MESSAGES.unknownField('allow_everything') }],
    });
    const wrongType = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/settings`),
      token: token.admin,
      payload: { require_task_for_stage_change: 'yes' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors).toEqual([
      expect.objectContaining({ field: 'require_task_for_stage_change' }),
    ]);
    // Nothing changed.
    expect(
      (
        await t.call({ method: 'GET', url: api(`/workspaces/${centro}/settings`), token: token.admin })
      ).json(),
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false });
  });
});

describe('GET /workspaces/:id/logs and /user-logs', () => {
  it('PLAT-238 a salesRep cannot read the logs (403); a manager can', async () => {
    for (const kind of ['logs', 'user-logs']) {
      const res = await t.call({
        method: 'GET',
        url: api(`/workspaces/${centro}/${kind}`),
        token: token.bruno,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, message: MESSAGES.forbidden });
      const manager = await t.call({
        method: 'GET',
        url: api(`/workspaces/${centro}/${kind}`),
        token: token.gerente,
      });
      expect(manager.statusCode).toBe(200);
    }
  });

  it('PLAT-238 workspace logs and user logs are kept apart, paginated, and name the people involved', async () => {
    // Two changes about people of Centro.
    const bruno = userId['bruno@demo.local'] as number;
    const alice = userId['atendente@demo.local'] as number;
    for (const id of [bruno, alice]) {
      const res = await t.call({
        method: 'PUT',
        url: api(`/workspaces/${centro}/users/${id}`),
        token: token.admin,
        payload: { operational_status: 'Vacation' },
      });
      expect(res.statusCode).toBe(200);
    }

    const workspaceLogs = await logsOf(centro, 'logs');
    expect(workspaceLogs.data.map((l) => l.type)).toEqual(
      expect.arrayContaining(['WorkspaceCreated', 'WorkspaceRenamed', 'WorkspaceSettingsUpdated']),
    );
    expect(workspaceLogs.data.every((l) => l.subject_user === null)).toBe(true);

    const userLogs = await logsOf(centro, 'user-logs');
    expect(userLogs.data.slice(0, 2)).toEqual([
      expect.objectContaining({
        type: 'UserUpdated',
        actor: { id: userId['admin@demo.local'], name: 'Ana Administradora' },
        subject_user: { id: alice, name: 'Alice Atendente' },
      }),
      expect.objectContaining({ type: 'UserUpdated', subject_user: { id: bruno, name: 'Bruno Barros' } }),
    ]);
    expect(userLogs.data.every((l) => l.subject_user !== null)).toBe(true);

    const onlyBruno = await logsOf(centro, 'user-logs', `?user_id=${bruno}`);
    expect(onlyBruno.data.length).toBeGreaterThan(0);
    expect(onlyBruno.data.every((l) => l.subject_user?.id === bruno)).toBe(true);
    expect(onlyBruno.pagination.total_count).toBe(onlyBruno.data.length);
    expect(onlyBruno.pagination.total_count).toBeLessThan(userLogs.pagination.total_count);

    const page = await logsOf(centro, 'logs', '?limit=1&offset=1');
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toEqual(workspaceLogs.data[1]);
    expect(page.pagination).toEqual({
      total_count: workspaceLogs.pagination.total_count,
      limit: 1,
      offset: 1,
    });

    const tooMany = await t.call({
      method: 'GET',
      url: api(`/workspaces/${centro}/logs?limit=501`),
      token: token.admin,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([expect.objectContaining({ field: 'limit' })]);
  });

  it('PLAT-238 the logs of one workspace never show another workspace’s entries', async () => {
    const zn = await logsOf(zonaNorte, 'logs');
    expect(zn.data.map((l) => l.type)).not.toContain('WorkspaceSettingsUpdated');
    expect(zn.data.map((l) => l.type)).not.toContain('WorkspaceRenamed');
    const znUsers = await logsOf(zonaNorte, 'user-logs', `?user_id=${userId['bruno@demo.local']}`);
    expect(znUsers).toEqual({ data: [], pagination: { total_count: 0, limit: 50, offset: 0 } });
  });
});

describe('tenancy', () => {
  it('PLAT-232 PLAT-233 PLAT-238 a member of another workspace gets 404 and no data on every workspace route', async () => {
    const routes = [
      { method: 'GET', url: `/workspaces/${zonaNorte}` },
      { method: 'GET', url: `/workspaces/${zonaNorte}/settings` },
      {
        method: 'POST',
        url: `/workspaces/${zonaNorte}/settings`,
        payload: { require_task_for_stage_change: false },
      },
      { method: 'GET', url: `/workspaces/${zonaNorte}/logs` },
      { method: 'GET', url: `/workspaces/${zonaNorte}/user-logs` },
    ] as const;
    for (const route of routes) {
      const res = await t.call({ ...route, url: api(route.url), token: token.bruno });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    }
    expect(
      (
        await t.call({ method: 'GET', url: api(`/workspaces/${zonaNorte}/settings`), token: token.admin })
      ).json(),
    ).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: true });
  });

  it('PLAT-232 PLAT-233 PLAT-238 a user of another platform gets 404 (on their host) or 401 (with their token on this host)', async () => {
    for (const path of [
      `/workspaces/${centro}`,
      `/workspaces/${centro}/settings`,
      `/workspaces/${centro}/logs`,
      `/workspaces/${centro}/user-logs`,
    ]) {
      const res = await t.call({ method: 'GET', url: api(path), token: token.rh, host: RH_HOST });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
      const elsewhere = await t.call({ method: 'GET', url: api(path), token: token.rh });
      expect(elsewhere.statusCode).toBe(401);
    }
    // And the reverse: a demo admin cannot reach the recruiting workspace on its own host.
    const reverse = await t.call({
      method: 'GET',
      url: api(`/workspaces/${recrutamento}`),
      token: token.admin,
    });
    expect(reverse.statusCode).toBe(404);
    const own = await t.call({
      method: 'GET',
      url: api(`/workspaces/${recrutamento}`),
      token: token.rh,
      host: RH_HOST,
    });
    expect(own.json()).toMatchObject({ name: 'Recrutamento e Seleção', role: 'admin' });
  });
});
