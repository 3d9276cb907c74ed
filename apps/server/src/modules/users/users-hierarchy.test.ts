import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';

type Person = 'admin' | 'gerente' | 'atendente' | 'bruno' | 'master';
const EMAILS: Record<Person, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  bruno: 'bruno@demo.local',
  // The demo operator, a member of Escola Centro who reports to nobody.
  master: 'master@demo.local',
};

let t: TestApp;
const token = {} as Record<Person, string>;
const id = {} as Record<Person, number>;
let centro: number;
let rhUserId: number;

beforeAll(async () => {
  t = await buildTestApp();
  for (const [person, email] of Object.entries(EMAILS) as [Person, string][]) {
    token[person] = await t.login(email);
  }
  centro = (await workspaceIds(t, token.admin))['Escola Centro'] as number;
  const members = await t.call({
    method: 'GET',
    url: `/api/v1/workspaces/${centro}/users`,
    token: token.admin,
  });
  for (const m of members.json().data as { id: number; email: string }[]) {
    const person = (Object.keys(EMAILS) as Person[]).find((p) => EMAILS[p] === m.email);
    if (person) id[person] = m.id;
  }
  const rh = await t.login('admin@rh.local', RH_HOST);
  const rhWorkspace = (await workspaceIds(t, rh, RH_HOST))['Recrutamento e Seleção'];
  const rhMembers = await t.call({
    method: 'GET',
    url: `/api/v1/workspaces/${rhWorkspace}/users`,
    token: rh,
    host: RH_HOST,
  });
  rhUserId = rhMembers.json().data[0].id;
});
afterAll(() => t.close());

const setManager = (who: Person, userId: number, managerId: number | null) =>
  t.call({
    method: 'PUT',
    url: `/api/v1/workspaces/${centro}/users/${userId}`,
    token: token[who],
    payload: { manager_id: managerId },
  });
const managerOf = async (userId: number) =>
  (
    await t.call({ method: 'GET', url: `/api/v1/workspaces/${centro}/users/${userId}`, token: token.admin })
  ).json().manager_id;
const hierarchyOf = async (who: Person) => {
  const res = await t.call({
    method: 'GET',
    url: `/api/v1/workspaces/${centro}/users-in-hierarchy`,
    token: token[who],
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }[]).map((m) => m.id).sort();
};

describe('the hierarchy: who reports to whom', () => {
  it('PLAT-235 PLAT-236 PLAT-238 an admin sets a member’s manager; the member shows it and the change is logged', async () => {
    const res = await setManager('admin', id.atendente, id.gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: id.atendente, manager_id: id.gerente });
    expect(await managerOf(id.atendente)).toBe(id.gerente);
    const logs = await t.call({
      method: 'GET',
      url: `/api/v1/workspaces/${centro}/user-logs?user_id=${id.atendente}`,
      token: token.admin,
    });
    expect(logs.json().data[0]).toMatchObject({
      type: 'UserManagerUpdated',
      actor: { id: id.admin },
      subject_user: { id: id.atendente },
      data: { from: null, to: id.gerente },
    });
  });

  it('PLAT-235 users-in-hierarchy: a manager sees themself, whoever reports to them at any depth and whoever reports to nobody', async () => {
    expect((await setManager('admin', id.bruno, id.atendente)).statusCode).toBe(200);
    // Bruno reports to Alice, who reports to Gustavo; Ana reports to nobody.
    expect(await hierarchyOf('gerente')).toEqual(
      [id.admin, id.gerente, id.atendente, id.bruno, id.master].sort(),
    );
    // Alice now reports to Ana: Gustavo no longer sees her, nor Bruno below her.
    expect((await setManager('admin', id.atendente, id.admin)).statusCode).toBe(200);
    expect(await hierarchyOf('gerente')).toEqual([id.admin, id.gerente, id.master].sort());
    // Admins see everyone; a salesRep only themself.
    expect(await hierarchyOf('admin')).toEqual(
      [id.admin, id.gerente, id.atendente, id.bruno, id.master].sort(),
    );
    expect(await hierarchyOf('bruno')).toEqual([id.bruno]);
  });

  it('PLAT-236 nobody reports to themself, and a manager cannot be someone below the member (no cycle)', async () => {
    const self = await setManager('admin', id.bruno, id.bruno);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      status: 400,
      message: MESSAGES.managerIsSelf,
      errors: [{ field: 'manager_id', description: MESSAGES.managerIsSelf }],
    });
    // Bruno → Alice → Ana: Ana cannot report to Bruno.
    const cycle = await setManager('admin', id.admin, id.bruno);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(MESSAGES.managerCycle);
    expect(await managerOf(id.admin)).toBeNull();
  });

  it('PLAT-235 OPP-192 a task goes only to someone of the caller’s hierarchy, as the task form lists it', async () => {
    const get = async (path: string) =>
      (
        await t.call({
          method: 'GET',
          url: `/api/v1/workspaces/${centro}/${path}?limit=500`,
          token: token.admin,
        })
      ).json().data as { id: number }[];
    const [media] = await get('medias');
    const [taskType] = await get('task-types');
    const [interactionType] = await get('interaction-types');
    const card = await t.call({
      method: 'POST',
      url: `/api/v1/workspaces/${centro}/opportunities`,
      token: token.gerente,
      payload: {
        source_type: 'Offline',
        media_id: media?.id,
        contact: { name: 'Hugo Hierarquia', phone_number: '11966661234' },
      },
    });
    expect(card.statusCode, card.body).toBe(200);
    const task = (who: Person, userId: number) =>
      t.call({
        method: 'POST',
        url: `/api/v1/workspaces/${centro}/tasks`,
        token: token[who],
        payload: {
          parent_id: card.json().id,
          user_id: userId,
          task_type_id: taskType?.id,
          interaction_type_id: interactionType?.id,
          start_timestamp: '2031-03-10 09:00',
        },
      });
    // Bruno → Alice → Ana: Gustavo's hierarchy is himself and Ana, who reports to nobody.
    expect(await hierarchyOf('gerente')).toEqual([id.admin, id.gerente, id.master].sort());
    for (const userId of [id.gerente, id.admin]) expect((await task('gerente', userId)).statusCode).toBe(200);
    for (const userId of [id.atendente, id.bruno]) {
      const refused = await task('gerente', userId);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(MESSAGES.responsibleOutsideHierarchy);
    }
    // An admin gives a task to anyone; editing a task without changing its responsible is not a new choice.
    const given = await task('admin', id.bruno);
    expect(given.statusCode).toBe(200);
    const edited = await t.call({
      method: 'PUT',
      url: `/api/v1/workspaces/${centro}/tasks/${given.json().id}`,
      token: token.gerente,
      payload: { user_id: id.bruno, name: 'Retornar' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });

  it('PLAT-236 only admin roles change the hierarchy: a salesRep or a manager gets 403, even about themself', async () => {
    for (const [who, userId] of [
      ['bruno', id.bruno],
      ['gerente', id.bruno],
      ['gerente', id.gerente],
    ] as const) {
      const res = await setManager(who, userId, null);
      expect(res.statusCode, `${who} → ${userId}`).toBe(403);
    }
    expect(await managerOf(id.bruno)).toBe(id.atendente);
  });

  it('PLAT-236 a manager from outside the workspace or the platform is 404 and changes nothing', async () => {
    const carlaId = (
      await t.call({
        method: 'POST',
        url: `/api/v1/workspaces/${centro}/users/find-one-by-username`,
        token: token.admin,
        payload: { username: 'carla@demo.local' },
      })
    ).json().id;
    for (const managerId of [carlaId, rhUserId, 999_999]) {
      const res = await setManager('admin', id.bruno, managerId);
      expect(res.statusCode, String(managerId)).toBe(404);
    }
    expect(await managerOf(id.bruno)).toBe(id.atendente);
  });

  it('PLAT-236 when a manager leaves the workspace, whoever reported to them reports to nobody', async () => {
    const removed = await t.call({
      method: 'DELETE',
      url: `/api/v1/workspaces/${centro}/users/${id.atendente}`,
      token: token.admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await managerOf(id.bruno)).toBeNull();
  });
});
