import { MESSAGES } from '@vendaval/core/messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  DEFAULT_HOST,
  DEMO_PASSWORD,
  RH_HOST,
  type TestApp,
  workspaceIds,
} from '../../../test/test-app.ts';
import { invitations } from '../../schema/invitations.tables.ts';

let t: TestApp;
let admin: string;
let atendente: string;
let gerente: string;
let carla: string;
let rh: string;
let centro: number;
let zonaNorte: number;
let recrutamento: number;

const api = (path: string) => `/api/v1${path}`;
const NEW_PASSWORD = 'Nova-Senha1!';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@demo.local');
  atendente = await t.login('atendente@demo.local');
  gerente = await t.login('gerente@demo.local');
  carla = await t.login('carla@demo.local');
  rh = await t.login('admin@rh.local', RH_HOST);
  const ids = await workspaceIds(t, admin);
  centro = ids['Escola Centro'] as number;
  zonaNorte = ids['Escola Zona Norte'] as number;
  recrutamento = (await workspaceIds(t, rh, RH_HOST))['Recrutamento e Seleção'] as number;
});
afterAll(() => t.close());

async function invite(email: string, role = 'salesRep', workspaceId = centro) {
  const res = await t.call({
    method: 'POST',
    url: api(`/workspaces/${workspaceId}/user-invitations`),
    token: admin,
    payload: { email, role },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { id: string; email: string; role: string; workspace: { id: number; name: string } };
}
const validate = (id: string, method: 'GET' | 'POST' = 'GET', host = DEFAULT_HOST) =>
  t.call({ method, url: api(`/user-invitations/${id}/validate`), host });
const fulfill = (id: string, payload: object, host = DEFAULT_HOST) =>
  t.call({ method: 'POST', url: api(`/user-invitations/${id}/fulfill`), host, payload });
const newUser = (name: string, password = NEW_PASSWORD, confirmation = password) => ({
  name,
  password,
  password_confirmation: confirmation,
});

async function memberRole(workspaceId: number, search: string) {
  const res = await t.call({
    method: 'GET',
    url: api(`/workspaces/${workspaceId}/users?search=${encodeURIComponent(search)}`),
    token: admin,
  });
  return (res.json().data as { role: string }[]).map((m) => m.role);
}

describe('a new person accepts an invitation', () => {
  let invitationId: string;

  it('PLAT-234 an admin invites by e-mail and the invitee receives the link', async () => {
    const sent = t.outbox.length;
    const res = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/user-invitations`),
      token: admin,
      payload: { email: 'Nova.Pessoa@Exemplo.com.br', role: 'manager' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    invitationId = body.id;
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      email: 'nova.pessoa@exemplo.com.br',
      role: 'manager',
      workspace: { id: centro, name: 'Escola Centro' },
      inviter_name: 'Ana Administradora',
      user_exists: false,
      expires_at: expect.any(String),
    });
    const days = (Date.parse(body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    expect(t.outbox).toHaveLength(sent + 1);
    const mail = t.outbox.at(-1);
    expect(mail?.to).toBe('nova.pessoa@exemplo.com.br');
    expect(mail?.subject).toContain('Escola Centro');
    expect(mail?.text).toContain(`http://${DEFAULT_HOST}/user-invitations/${invitationId}/validate`);
    expect(mail?.text).toContain('Gerente');
    expect(mail?.html).toContain(`/user-invitations/${invitationId}/validate`);

    const logs = await t.call({ method: 'GET', url: api(`/workspaces/${centro}/logs`), token: admin });
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserInvited',
      actor: { name: 'Ana Administradora' },
      data: { email: 'nova.pessoa@exemplo.com.br', role: 'manager' },
    });
  });

  it('PLAT-228 GET and POST validate show the workspace, inviter, role and that no account exists yet', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await validate(invitationId, method);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: invitationId,
        email: 'nova.pessoa@exemplo.com.br',
        role: 'manager',
        workspace: { id: centro, name: 'Escola Centro' },
        inviter_name: 'Ana Administradora',
        user_exists: false,
      });
    }
  });

  it('PLAT-228 a weak password is refused with 400 naming password, and nothing is created', async () => {
    const res = await fulfill(invitationId, newUser('Nova Pessoa', 'fraca', 'fraca'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual(['password']);
    expect((await validate(invitationId)).json().user_exists).toBe(false);
  });

  it('PLAT-228 a confirmation that does not match is refused with 400 naming password_confirmation', async () => {
    const res = await fulfill(invitationId, newUser('Nova Pessoa', NEW_PASSWORD, 'Outra-Senha1!'));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'password_confirmation', description: 'As senhas não conferem' },
    ]);
    expect((await validate(invitationId)).statusCode).toBe(200);
  });

  it('PLAT-228 a new person must give a name (400 naming name)', async () => {
    const res = await fulfill(invitationId, { password: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'name', description: MESSAGES.nameRequired }]);
    expect((await validate(invitationId)).json().user_exists).toBe(false);
  });

  it('PLAT-228 PLAT-076 fulfilling as a new user answers a session; they can sign in and are members with that role', async () => {
    const res = await fulfill(invitationId, newUser('  Nova Pessoa ', NEW_PASSWORD));
    expect(res.statusCode).toBe(200);
    const session = res.json();
    expect(session).toMatchObject({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      user: {
        id: expect.any(Number),
        name: 'Nova Pessoa',
        email: 'nova.pessoa@exemplo.com.br',
        username: 'nova.pessoa',
        access_code: expect.stringMatching(/^[A-Z0-9]{8}$/),
        workspaces: [{ id: centro, name: 'Escola Centro', role: 'manager' }],
      },
    });
    const ws = await t.call({
      method: 'GET',
      url: api(`/workspaces/${centro}`),
      token: session.access_token,
    });
    expect(ws.json()).toMatchObject({ id: centro, role: 'manager' });

    const token = await t.login('nova.pessoa@exemplo.com.br', DEFAULT_HOST, NEW_PASSWORD);
    expect((await t.call({ method: 'GET', url: api(`/workspaces/${centro}`), token })).statusCode).toBe(200);
    expect(await memberRole(centro, 'nova.pessoa')).toEqual(['manager']);
    expect(await memberRole(zonaNorte, 'nova.pessoa')).toEqual([]);

    const logs = await t.call({ method: 'GET', url: api(`/workspaces/${centro}/user-logs`), token: admin });
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserJoined',
      subject_user: { id: session.user.id, name: 'Nova Pessoa' },
      data: { role: 'manager' },
    });
  });

  it('PLAT-228 an invitation already used answers 410, on validate and on fulfill', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await validate(invitationId, method);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual({ status: 410, message: MESSAGES.invitationUsed });
    }
    const again = await fulfill(invitationId, newUser('Outra Pessoa', 'Outra-Senha1!'));
    expect(again.statusCode).toBe(410);
    // The account keeps the password of the first acceptance.
    await expect(t.login('nova.pessoa@exemplo.com.br', DEFAULT_HOST, 'Outra-Senha1!')).rejects.toThrow();
  });
});

describe('an existing person of the platform accepts an invitation', () => {
  it('PLAT-228 PLAT-234 Bruno joins Zona Norte with his own password; a wrong password is 400', async () => {
    const invitation = await invite('bruno@demo.local', 'salesRep', zonaNorte);
    const shown = await validate(invitation.id, 'POST');
    expect(shown.json()).toMatchObject({
      workspace: { id: zonaNorte, name: 'Escola Zona Norte' },
      role: 'salesRep',
      user_exists: true,
    });

    const wrong = await fulfill(invitation.id, { password: 'Errada-Senha1!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      status: 400,
      message: MESSAGES.invalidPassword,
      errors: [{ field: 'password', description: MESSAGES.invalidPassword }],
    });
    expect(await memberRole(zonaNorte, 'bruno')).toEqual([]);

    const res = await fulfill(invitation.id, { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      email: 'bruno@demo.local',
      name: 'Bruno Barros',
      workspaces: [
        { id: centro, name: 'Escola Centro', role: 'salesRep' },
        { id: zonaNorte, name: 'Escola Zona Norte', role: 'salesRep' },
      ],
    });
    expect(await memberRole(zonaNorte, 'bruno')).toEqual(['salesRep']);
    const bruno = await t.login('bruno@demo.local');
    expect(
      (await t.call({ method: 'GET', url: api(`/workspaces/${zonaNorte}`), token: bruno })).json().role,
    ).toBe('salesRep');
  });

  it('PLAT-234 inviting someone who is already a member is 409 and sends nothing', async () => {
    const sent = t.outbox.length;
    const res = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/user-invitations`),
      token: admin,
      payload: { email: 'ATENDENTE@demo.local', role: 'admin' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: MESSAGES.alreadyMember });
    expect(t.outbox).toHaveLength(sent);
  });
});

describe('who may invite and what', () => {
  it('PLAT-234 a salesRep or a manager cannot invite (403) and no e-mail leaves', async () => {
    const sent = t.outbox.length;
    for (const token of [atendente, gerente]) {
      const res = await t.call({
        method: 'POST',
        url: api(`/workspaces/${centro}/user-invitations`),
        token,
        payload: { email: 'amigo@exemplo.com.br', role: 'salesRep' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, message: MESSAGES.forbidden });
    }
    expect(t.outbox).toHaveLength(sent);
  });

  it('PLAT-234 PLAT-135 an invalid e-mail, an API role or an unknown field is refused with 400 naming it', async () => {
    const sent = t.outbox.length;
    const cases = [
      [{ email: 'nao-e-email', role: 'salesRep' }, 'email'],
      [{ email: 'robo@exemplo.com.br', role: 'uraApi' }, 'role'],
      [{ email: 'robo@exemplo.com.br', role: 'superuser' }, 'role'],
      [{ email: 'robo@exemplo.com.br', role: 'salesRep', workspace_id: zonaNorte }, 'workspace_id'],
    ] as const;
    for (const [payload, field] of cases) {
      const res = await t.call({
        method: 'POST',
        url: api(`/workspaces/${centro}/user-invitations`),
        token: admin,
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field })]);
    }
    expect(t.outbox).toHaveLength(sent);
  });

  it('PLAT-234 a new invitation to the same address replaces the pending one', async () => {
    const first = await invite('duplicada@exemplo.com.br');
    const second = await invite('duplicada@exemplo.com.br', 'manager');
    expect((await validate(first.id)).statusCode).toBe(410);
    expect((await validate(second.id)).json()).toMatchObject({ role: 'manager' });
  });
});

describe('invitations that cannot be used', () => {
  it('PLAT-228 an unknown or malformed id is 404', async () => {
    for (const id of ['6f1c2a8e-3b7d-4c1e-9a2b-0d4e5f6a7b8c', 'nao-e-um-uuid', '../../etc/passwd']) {
      const res = await validate(encodeURIComponent(id));
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.invitationInvalid });
    }
  });

  it('PLAT-228 an expired invitation is 410 and cannot be fulfilled', async () => {
    const invitation = await invite('atrasada@exemplo.com.br');
    await t.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));
    const res = await validate(invitation.id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ status: 410, message: MESSAGES.invitationInvalid });
    const used = await fulfill(invitation.id, newUser('Pessoa Atrasada'));
    expect(used.statusCode).toBe(410);
    await expect(t.login('atrasada@exemplo.com.br', DEFAULT_HOST, NEW_PASSWORD)).rejects.toThrow();
  });
});

describe('tenancy', () => {
  it('PLAT-228 the invitation of one platform is unknown on another platform’s host (404) and no account is made there', async () => {
    const invitation = await invite('outra.marca@exemplo.com.br');
    for (const method of ['GET', 'POST'] as const) {
      const res = await validate(invitation.id, method, RH_HOST);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.invitationInvalid });
      expect(res.body).not.toContain('Escola Centro');
    }
    const res = await fulfill(invitation.id, newUser('Outra Marca'), RH_HOST);
    expect(res.statusCode).toBe(404);
    await expect(t.login('outra.marca@exemplo.com.br', RH_HOST, NEW_PASSWORD)).rejects.toThrow();
    // Still usable where it belongs.
    expect((await validate(invitation.id)).json()).toMatchObject({
      workspace: { id: centro },
      user_exists: false,
    });
  });

  it('PLAT-234 a member of another workspace or a user of another platform cannot invite into it (404)', async () => {
    const sent = t.outbox.length;
    const payload = { email: 'intruso@exemplo.com.br', role: 'admin' };
    const fromCarla = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/user-invitations`),
      token: carla,
      payload,
    });
    expect(fromCarla.statusCode).toBe(404);
    expect(fromCarla.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    const fromRh = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/user-invitations`),
      token: rh,
      host: RH_HOST,
      payload,
    });
    expect(fromRh.statusCode).toBe(404);
    const intoRh = await t.call({
      method: 'POST',
      url: api(`/workspaces/${recrutamento}/user-invitations`),
      token: admin,
      payload,
    });
    expect(intoRh.statusCode).toBe(404);
    expect(t.outbox).toHaveLength(sent);
  });

  it('PLAT-228 a person of the other platform with the same e-mail is a new person here', async () => {
    // admin@rh.local exists only on the recruiting platform: invited here, the account does not exist yet.
    const invitation = await invite('admin@rh.local');
    expect((await validate(invitation.id)).json().user_exists).toBe(false);
    const rhInvitation = await t.call({
      method: 'POST',
      url: api(`/workspaces/${recrutamento}/user-invitations`),
      token: rh,
      host: RH_HOST,
      payload: { email: 'admin@demo.local', role: 'salesRep' },
    });
    expect(rhInvitation.statusCode).toBe(200);
    expect(rhInvitation.json()).toMatchObject({
      user_exists: false,
      workspace: { name: 'Recrutamento e Seleção' },
    });
    expect(t.outbox.at(-1)?.text).toContain(
      `http://${RH_HOST}/user-invitations/${rhInvitation.json().id}/validate`,
    );
  });
});
