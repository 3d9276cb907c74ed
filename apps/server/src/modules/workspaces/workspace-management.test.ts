import { DEFAULT_QUICK_ANSWERS } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';

let t: TestApp;
const token = { admin: '', gerente: '', bruno: '', carla: '', rh: '' };
let centro: number;
let carlaId: number;
let rhUserId: number;
let created: { id: number; name: string; settings: Record<string, boolean> };

const api = (path: string) => `/api/v1${path}`;

beforeAll(async () => {
  t = await buildTestApp();
  token.admin = await t.login('admin@demo.local');
  token.gerente = await t.login('gerente@demo.local');
  token.bruno = await t.login('bruno@demo.local');
  token.carla = await t.login('carla@demo.local');
  token.rh = await t.login('admin@rh.local', RH_HOST);
  centro = (await workspaceIds(t, token.admin))['Escola Centro'] as number;
  const lookup = await t.call({
    method: 'POST',
    url: api(`/workspaces/${centro}/users/find-one-by-username`),
    token: token.admin,
    payload: { username: 'carla@demo.local' },
  });
  carlaId = lookup.json().id;
  const rhWorkspace = (await workspaceIds(t, token.rh, RH_HOST))['Recrutamento e Seleção'];
  const rhMembers = await t.call({
    method: 'GET',
    url: api(`/workspaces/${rhWorkspace}/users`),
    token: token.rh,
    host: RH_HOST,
  });
  rhUserId = rhMembers.json().data[0].id;
});
afterAll(() => t.close());

const addMember = (who: keyof typeof token, workspaceId: number, payload: object) =>
  t.call({ method: 'POST', url: api(`/workspaces/${workspaceId}/users`), token: token[who], payload });

describe('/workspace-management: creating a workspace', () => {
  it('PLAT-056 PLAT-231 an admin creates a workspace with its settings; it starts with the default sales stages', async () => {
    const res = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: 'Escola Leste', settings: { require_task_for_stage_change: false } },
    });
    expect(res.statusCode).toBe(200);
    created = res.json();
    expect(created).toMatchObject({
      name: 'Escola Leste',
      role: 'admin',
      settings: { require_task_for_stage_change: false },
    });
    const stages = await t.call({
      method: 'GET',
      url: api(`/workspaces/${created.id}/sales-stages`),
      token: token.admin,
    });
    expect(stages.statusCode).toBe(200);
    expect(stages.json().data.map((s: { name: string; type: string }) => [s.type, s.name])).toEqual([
      ['First', 'Novo lead'],
      ['InProgress', 'Em atendimento'],
      ['Negotiation', 'Negociação'],
      ['Won', 'Ganho'],
      ['Lost', 'Perdido'],
    ]);
  });

  it('CHAT-057 a workspace created through the API starts with the 19 default quick answers', async () => {
    const res = await t.call({
      method: 'GET',
      url: api(`/workspaces/${created.id}/quick-answers`),
      token: token.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination.total_count).toBe(19);
    const replies = res.json().data.map(({ shortcut, content }: { shortcut: string; content: string }) => ({
      shortcut,
      content,
    }));
    expect(replies).toEqual(expect.arrayContaining([...DEFAULT_QUICK_ANSWERS]));
    expect(replies).toHaveLength(DEFAULT_QUICK_ANSWERS.length);
  });

  it('PLAT-021 PLAT-022 a workspace of the recruiting tenant names its won and lost stages with the tenant’s terms', async () => {
    const res = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.rh,
      host: RH_HOST,
      payload: { name: 'Vagas de TI' },
    });
    expect(res.statusCode).toBe(200);
    const stages = await t.call({
      method: 'GET',
      url: api(`/workspaces/${res.json().id}/sales-stages`),
      token: token.rh,
      host: RH_HOST,
    });
    const names = stages.json().data.map((s: { name: string }) => s.name);
    expect(names).toContain('Contratado');
    expect(names).toContain('Não Contratado');
  });

  it('PLAT-233 a settings change may name nothing: the settings keep their values', async () => {
    const res = await t.call({
      method: 'POST',
      url: api(`/workspaces/${created.id}/settings`),
      token: token.admin,
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_WORKSPACE_SETTINGS, require_task_for_stage_change: false });
  });

  it('PLAT-231 unknown settings are refused with 400 naming them, and nothing is created', async () => {
    const res = await t.call({
      method: 'POST',
      url: api('/users/self/workspaces'),
      token: token.admin,
      payload: { name: 'Escola Fantasma', settings: { platform_id: 1 } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.unknownField('platform_id'));
    expect(Object.keys(await workspaceIds(t, token.admin))).not.toContain('Escola Fantasma');
  });
});

describe('/workspace-management: its members', () => {
  it('PLAT-236 PLAT-238 an admin adds an existing person of the platform with a role; they see the workspace and it is logged', async () => {
    const res = await addMember('admin', created.id, { user_id: carlaId, role: 'salesRep' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: carlaId,
      name: 'Carla Campos',
      role: 'salesRep',
      manager_id: null,
    });
    expect(Object.keys(await workspaceIds(t, token.carla))).toContain('Escola Leste');
    const logs = await t.call({
      method: 'GET',
      url: api(`/workspaces/${created.id}/user-logs`),
      token: token.admin,
    });
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserAdded',
      subject_user: { id: carlaId, name: 'Carla Campos' },
      data: { role: 'salesRep' },
    });
  });

  it('PLAT-236 adding someone twice is 409 with a Portuguese message', async () => {
    const res = await addMember('admin', created.id, { user_id: carlaId, role: 'manager' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.alreadyMember);
  });

  it('PLAT-236 a person of another platform, or no one, is 404 and joins nothing', async () => {
    for (const userId of [rhUserId, 999_999]) {
      const res = await addMember('admin', created.id, { user_id: userId, role: 'salesRep' });
      expect(res.statusCode, String(userId)).toBe(404);
    }
    const members = await t.call({
      method: 'GET',
      url: api(`/workspaces/${created.id}/users`),
      token: token.admin,
    });
    expect(members.json().data.map((m: { id: number }) => m.id)).not.toContain(rhUserId);
  });

  it('PLAT-135 PLAT-236 an API role or an unknown role cannot be given (400); extra fields are refused', async () => {
    for (const role of ['uraApi', 'superuser']) {
      const res = await addMember('admin', created.id, { user_id: carlaId, role });
      expect(res.statusCode, role).toBe(400);
    }
    const extra = await addMember('admin', created.id, {
      user_id: carlaId,
      role: 'salesRep',
      platform_id: 1,
    });
    expect(extra.statusCode).toBe(400);
  });

  it('PLAT-236 a manager or a salesRep cannot add members (403)', async () => {
    const lookup = await t.call({
      method: 'POST',
      url: api(`/workspaces/${centro}/users/find-one-by-username`),
      token: token.admin,
      payload: { username: 'carla@demo.local' },
    });
    expect(lookup.json().is_member).toBe(false);
    for (const who of ['gerente', 'bruno'] as const) {
      const res = await addMember(who, centro, { user_id: carlaId, role: 'salesRep' });
      expect(res.statusCode, who).toBe(403);
    }
    expect(Object.keys(await workspaceIds(t, token.carla))).not.toContain('Escola Centro');
  });

  it('PLAT-236 an admin removes the member again; they lose the workspace', async () => {
    const res = await t.call({
      method: 'DELETE',
      url: api(`/workspaces/${created.id}/users/${carlaId}`),
      token: token.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(await workspaceIds(t, token.carla))).not.toContain('Escola Leste');
  });
});
