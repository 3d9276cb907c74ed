import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@vendaval/core/messages';
import type { Export } from '@vendaval/core/schemas/exports';
import type { Notification, NotificationPage } from '@vendaval/core/schemas/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream, type Stream } from '../../../test/event-stream.ts';
import type { Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld } from '../../../test/factories/chat.ts';
import { exportCall, exported } from '../../../test/factories/exports.ts';
import { csv, finished, upload } from '../../../test/factories/lead-import.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { DEFAULT_HOST, RH_HOST } from '../../../test/test-app.ts';
import { exportsTable } from '../../schema/exports.tables.ts';
import { notifications } from '../../schema/notifications.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { runExportJob } from '../exports/exports.service.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import { createTasks } from '../tasks/tasks.service.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import { notifyTasksDue } from './notifications.jobs.ts';

let w: ChatWorld;
let port: number;
const tokens = {} as Record<Person, string>;
const EMAILS: Record<Person, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  bruno: 'bruno@demo.local',
  carla: 'carla@demo.local',
  rh: 'admin@rh.local',
};
const hostOf = (who: Person) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);

beforeAll(async () => {
  w = await chatWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as AddressInfo).port;
  for (const [who, email] of Object.entries(EMAILS) as [Person, string][]) {
    tokens[who] = await w.t.login(email, hostOf(who));
  }
});
afterAll(() => w.t.close());

const api = (who: Person, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  w.t.call({
    method,
    url: `/api/v1/${url}`,
    token: tokens[who],
    host: hostOf(who),
    ...(payload ? { payload } : {}),
  });

async function listOf(who: Person, query = 'limit=500'): Promise<NotificationPage> {
  const res = await api(who, 'GET', `notifications?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The user's notifications about one origin, oldest first. */
async function about(who: Person, origin: string, id: number | string): Promise<Notification[]> {
  const page = await listOf(who);
  return page.data.filter((n) => n.data.origin === origin && n.data.id === String(id)).reverse();
}

async function subscribe(who: Person, workspaceId: number): Promise<Stream> {
  const res = await w.call(who, 'POST', workspaceId, 'events/ticket');
  expect(res.statusCode).toBe(200);
  const s = await readStream(port, workspaceId, `?ticket=${res.json().ticket}`, hostOf(who));
  expect(s.status).toBe(200);
  return s;
}

const notificationsOn = (s: Stream) =>
  s.events.filter((e) => e.type === 'notification.created').map((e) => e.notification as Notification);

/** A card of the salesRep in Escola Centro, and the phone its contact writes from. */
async function repCard(owner: Person = 'atendente') {
  const phone = w.phone();
  const card = await w.create('admin', w.centro, {
    user_id: w.user[owner],
    contact: { name: 'Lia Souza', phone_number: phone },
  });
  return { card, phone: `55${phone}` };
}

describe('notifications made by the events of other features', () => {
  it("PLAT-086 a contact's message on a salesRep's card notifies that salesRep only, once", async () => {
    const { card, phone } = await repCard();
    const remoteId = `wamid.notif-${card.id}`;
    await w.inbound(w.centro, {
      from: phone,
      contactName: 'Lia Souza',
      text: 'Oi, quero saber da matrícula',
      remoteId,
    });
    await w.inbound(w.centro, {
      from: phone,
      contactName: 'Lia Souza',
      text: 'Oi, quero saber da matrícula',
      remoteId,
    });
    const [room] = await w.roomsOf(phone);
    const mine = await about('atendente', 'Dialog', room?.id ?? 0);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      workspace_id: w.centro,
      kind: 'message',
      read: false,
      data: {
        title: MESSAGES.notificationNewMessage('Lia Souza'),
        body: 'Oi, quero saber da matrícula',
        origin: 'Dialog',
        opportunity_id: card.id,
        filename: null,
      },
    });
    for (const other of ['bruno', 'admin', 'gerente', 'carla'] as const) {
      expect(await about(other, 'Dialog', room?.id ?? 0)).toEqual([]);
    }
  });

  it('a message in a room nobody attends notifies the members who may take it, not the salesReps', async () => {
    const { card, phone } = await repCard();
    await w.t.database.db.update(opportunities).set({ userId: null }).where(eq(opportunities.id, card.id));
    await w.inbound(w.centro, { from: phone, text: 'Alguém aí?' });
    const [room] = await w.roomsOf(phone);
    expect(room?.userId).toBeNull();
    for (const taker of ['admin', 'gerente'] as const) {
      expect(await about(taker, 'Dialog', room?.id ?? 0)).toHaveLength(1);
    }
    for (const rep of ['atendente', 'bruno'] as const) {
      expect(await about(rep, 'Dialog', room?.id ?? 0)).toEqual([]);
    }
  });

  it('a card assigned to someone notifies them; one taken by oneself notifies nobody', async () => {
    const card = await w.create('admin', w.centro);
    const assigned = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.bruno,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await about('bruno', 'Opportunity', card.id)).toMatchObject([
      {
        kind: 'assignment',
        workspace_id: w.centro,
        data: { title: MESSAGES.notificationCardAssigned, body: card.name, opportunity_id: card.id },
      },
    ]);
    await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, { user_id: w.user.admin });
    expect(await about('admin', 'Opportunity', card.id)).toEqual([]);
    // An edit that changes the responsible tells the new one too.
    await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}`, { user_id: w.user.atendente });
    expect(await about('atendente', 'Opportunity', card.id)).toHaveLength(1);
  });

  it('a card transferred to someone of another workspace notifies them there', async () => {
    const card = await w.create('admin', w.centro);
    const stage = await w.stage(w.zonaNorte, 'First');
    const res = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/transfer`, {
      workspace_id: w.zonaNorte,
      user_id: w.user.carla,
      sales_stage_id: stage.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await about('carla', 'Opportunity', card.id)).toMatchObject([
      { workspace_id: w.zonaNorte, data: { title: MESSAGES.notificationCardTransferred } },
    ]);
  });

  it('a change that rolls back notifies nobody', async () => {
    const card = await w.create('admin', w.centro);
    const bad = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}`, {
      user_id: w.user.bruno,
      sales_stage_id: 999999,
    });
    expect(bad.statusCode).not.toBe(200);
    expect(await about('bruno', 'Opportunity', card.id)).toEqual([]);
  });

  it('a task of yours due within 15 minutes notifies you once, however often the sweep runs', async () => {
    const card = await w.create('admin', w.centro, { user_id: w.user.atendente });
    const now = new Date();
    const at = (minutes: number) => wallClockOf(new Date(now.getTime() + minutes * 60_000)).slice(0, 16);
    const scope = { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro };
    const [soon, later, done] = await createTasks(w.t.database.db, scope, [
      { opportunityId: card.id, userId: w.user.atendente, name: 'Ligar para a Lia', startTimestamp: at(10) },
      { opportunityId: card.id, userId: w.user.atendente, name: 'Mais tarde', startTimestamp: at(40) },
      {
        opportunityId: card.id,
        userId: w.user.atendente,
        name: 'Já feita',
        startTimestamp: at(5),
        status: 'Completed',
      },
    ]);
    const deps = { db: w.t.database.db, events: w.t.app.deps.events, jobs: w.t.app.deps.jobs };
    await notifyTasksDue(deps, now);
    await notifyTasksDue(deps, now);
    expect(await about('atendente', 'Task', soon?.id ?? 0)).toMatchObject([
      {
        kind: 'task_due',
        data: {
          title: MESSAGES.notificationTaskDue,
          body: MESSAGES.notificationTaskDueBody('Ligar para a Lia', at(10).slice(11, 16)),
          opportunity_id: card.id,
        },
      },
    ]);
    expect(await about('atendente', 'Task', later?.id ?? 0)).toEqual([]);
    expect(await about('atendente', 'Task', done?.id ?? 0)).toEqual([]);
    // Later, when the second task comes within 15 minutes, it is told too; the first is not told again.
    await notifyTasksDue(deps, new Date(now.getTime() + 30 * 60_000));
    expect(await about('atendente', 'Task', later?.id ?? 0)).toHaveLength(1);
    expect(await about('atendente', 'Task', soon?.id ?? 0)).toHaveLength(1);
  });

  it('PLAT-184 a finished lead import notifies its uploader with the result file to download', async () => {
    const phones = [w.phone(), w.phone()];
    const res = await upload(
      w.t,
      tokens.admin,
      w.centro,
      { content: csv(['Nome;Telefone', `Ana;${phones[0]}`, `Beto;${phones[1]}`, 'Sem telefone;']) },
      { sales_stage_id: (await w.stage(w.centro, 'First')).id, source_type: 'Importacao' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json() as { id: number };
    await finished(w.t, tokens.admin, w.centro, id);
    const [notice] = await eventually(async () => {
      const found = await about('admin', 'LeadImportJob', id);
      return found.length > 0 ? found : undefined;
    });
    expect(notice).toMatchObject({
      kind: 'job',
      data: {
        title: MESSAGES.notificationImportDone,
        body: MESSAGES.notificationImportBody(2, 1),
        filename: `importacao-${id}.csv`,
      },
    });
    const file = await w.call('admin', 'GET', w.centro, `opportunities/upload/${id}/report`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="importacao-${id}.csv"`);
    expect(file.body).toContain('Criados;2');
    expect((await w.call('carla', 'GET', w.centro, `opportunities/upload/${id}/report`)).statusCode).toBe(
      404,
    );
  });

  it('a finished export notifies its owner once, even when its job runs again', async () => {
    const done = await exported(w.t, tokens.admin, w.centro, 'contacts?format=csv');
    const notices = await eventually(async () => {
      const found = await about('admin', 'ExportContactBatchJob', done.id);
      return found.length > 0 ? found : undefined;
    });
    expect(notices).toMatchObject([
      {
        kind: 'job',
        data: {
          title: MESSAGES.notificationExportDone,
          filename: expect.stringMatching(/^contatos-.+\.csv$/),
        },
      },
    ]);
    const [row] = await w.t.database.db.select().from(exportsTable).where(eq(exportsTable.id, done.id));
    if (!row) throw new Error('export not kept');
    await w.t.database.db.update(exportsTable).set({ status: 'running' }).where(eq(exportsTable.id, row.id));
    const context = { id: 'x', retryCount: 1, isLastAttempt: false, signal: new AbortController().signal };
    const job = { exportId: row.id, platformId: row.platformId, workspaceId: row.workspaceId };
    const deps = {
      db: w.t.database.db,
      storage: w.t.app.deps.storage,
      events: w.t.app.deps.events,
      platforms: w.t.app.deps.platforms,
    };
    await runExportJob(deps, job, context);
    expect(((await exportCall(w.t, tokens.admin, w.centro, row.id)).json() as Export).status).toBe('done');
    expect(await about('admin', 'ExportContactBatchJob', done.id)).toHaveLength(1);
  });
});

describe('the notification endpoints', () => {
  /** Three fresh notifications of the salesRep, newest first. */
  async function three() {
    const made: number[] = [];
    for (let i = 0; i < 3; i++) {
      const card = await w.create('admin', w.centro, { user_id: w.user.atendente });
      const [n] = await about('atendente', 'Opportunity', card.id);
      made.unshift(n?.id ?? 0);
    }
    return made;
  }

  it('PLAT-269 GET /notifications lists your own, newest first, paginated, with the unread count', async () => {
    const ids = await three();
    const page = await listOf('atendente', 'limit=2');
    expect(page.data.map((n) => n.id)).toEqual(ids.slice(0, 2));
    expect(page.pagination).toMatchObject({ limit: 2, offset: 0, total_count: expect.any(Number) });
    expect(page.pagination.total_count).toBeGreaterThanOrEqual(3);
    expect(page.unread_count).toBeGreaterThanOrEqual(3);
    const unread = await listOf('atendente', 'unread=true&limit=500');
    expect(unread.data.every((n) => !n.read)).toBe(true);
    expect((await listOf('bruno')).data.map((n) => n.id)).not.toEqual(expect.arrayContaining([ids[0]]));
  });

  it('PLAT-269 GET /notifications/{id}/read marks it read; a foreign id answers 404 and changes nothing', async () => {
    const [id] = await three();
    const before = (await listOf('atendente')).unread_count;
    for (const who of ['bruno', 'admin', 'rh'] as const) {
      expect((await api(who, 'GET', `notifications/${id}/read`)).statusCode).toBe(404);
    }
    const res = await api('atendente', 'GET', `notifications/${id}/read`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, read: true });
    expect((await listOf('atendente')).unread_count).toBe(before - 1);
    expect((await api('atendente', 'GET', `notifications/${id}/read`)).json().read).toBe(true);
  });

  it('PLAT-269 DELETE /notifications/{id} deletes your own; a foreign id answers 404 and stays', async () => {
    const [id, kept] = await three();
    expect((await api('bruno', 'DELETE', `notifications/${id}`)).statusCode).toBe(404);
    expect((await api('rh', 'DELETE', `notifications/${id}`)).statusCode).toBe(404);
    const res = await api('atendente', 'DELETE', `notifications/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 1 });
    const left = (await listOf('atendente')).data.map((n) => n.id);
    expect(left).not.toContain(id);
    expect(left).toContain(kept);
    expect((await api('atendente', 'DELETE', `notifications/${id}`)).statusCode).toBe(404);
  });

  it("PLAT-269 POST /notifications/batch-delete deletes your own of the ids and skips another user's", async () => {
    const mine = await three();
    const [brunos] = await (async () => {
      const card = await w.create('admin', w.centro, { user_id: w.user.bruno });
      return (await about('bruno', 'Opportunity', card.id)).map((n) => n.id);
    })();
    const res = await api('atendente', 'POST', 'notifications/batch-delete', {
      ids: [mine[0], mine[1], brunos],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ deleted: 2 });
    const left = (await listOf('atendente')).data.map((n) => n.id);
    expect(left).toContain(mine[2]);
    expect(left).not.toContain(mine[0]);
    expect((await listOf('bruno')).data.map((n) => n.id)).toContain(brunos);
    expect((await api('atendente', 'POST', 'notifications/batch-delete', { ids: [] })).statusCode).toBe(400);
  });

  it('PLAT-269 POST /notifications/clear deletes all of yours and nobody else’s', async () => {
    await three();
    const brunoBefore = (await listOf('bruno')).pagination.total_count;
    const res = await api('atendente', 'POST', 'notifications/clear');
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toBeGreaterThanOrEqual(3);
    expect((await listOf('atendente')).pagination.total_count).toBe(0);
    expect((await listOf('bruno')).pagination.total_count).toBe(brunoBefore);
  });

  it('every notification route answers 401 without a token and with a token of another platform', async () => {
    const routes = w.t.app.routeTable.filter(
      (r) => /^\/api\/v1\/(notifications|user\/settings)/.test(r.url) && r.method !== 'HEAD',
    );
    expect(routes).toHaveLength(7);
    for (const route of routes) {
      const url = route.url.replace(':id', '1');
      const payload = route.method === 'POST' ? {} : undefined;
      const anonymous = await w.t.call({
        method: route.method as 'GET',
        url,
        ...(payload ? { payload } : {}),
      });
      expect(anonymous.statusCode, `${route.method} ${url}`).toBe(401);
      const foreign = await w.t.call({
        method: route.method as 'GET',
        url,
        token: tokens.rh,
        ...(payload ? { payload } : {}),
      });
      expect(foreign.statusCode, `${route.method} ${url}`).toBe(401);
    }
  });

  it('PLAT-270 GET and POST /user/settings keep each user’s own choices, with the defaults first', async () => {
    expect((await api('bruno', 'GET', 'user/settings')).json()).toEqual({
      notify_kinds: ['message', 'assignment', 'task_due', 'job', 'automation'],
      push_enabled: true,
      sound_enabled: true,
      quiet_start: null,
      quiet_end: null,
    });
    const saved = await api('bruno', 'POST', 'user/settings', {
      notify_kinds: ['message', 'task_due', 'job'],
      quiet_start: '22:00',
      quiet_end: '07:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      notify_kinds: ['message', 'task_due', 'job'],
      quiet_start: '22:00',
    });
    expect((await api('bruno', 'POST', 'user/settings', { sound_enabled: false })).json()).toMatchObject({
      sound_enabled: false,
      quiet_end: '07:00',
    });
    expect((await api('atendente', 'GET', 'user/settings')).json().notify_kinds).toHaveLength(5);
    // A kind switched off makes no notification.
    const card = await w.create('admin', w.centro, { user_id: w.user.bruno });
    expect(await about('bruno', 'Opportunity', card.id)).toEqual([]);

    const half = await api('bruno', 'POST', 'user/settings', { quiet_start: '22:00' });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors).toEqual([{ field: 'quiet_end', description: MESSAGES.quietHoursIncomplete }]);
    expect(
      (await api('bruno', 'POST', 'user/settings', { quiet_start: '25:00', quiet_end: '07:00' })).statusCode,
    ).toBe(400);
    expect((await api('bruno', 'POST', 'user/settings', { user_id: w.user.atendente })).statusCode).toBe(400);
    await api('bruno', 'POST', 'user/settings', {
      notify_kinds: ['message', 'assignment', 'task_due', 'job', 'automation'],
    });
  });

  it('a notification of a workspace the user has left is no longer theirs to see', async () => {
    const card = await w.create('admin', w.zonaNorte, { user_id: w.user.carla });
    const [notice] = await about('carla', 'Opportunity', card.id);
    expect(notice).toBeDefined();
    const [row] = await w.t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, notice?.id ?? 0));
    expect(row?.userId).toBe(w.user.carla);
    const removed = await w.call('admin', 'DELETE', w.zonaNorte, `users/${w.user.carla}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await about('carla', 'Opportunity', card.id)).toEqual([]);
    expect((await api('carla', 'GET', `notifications/${notice?.id}/read`)).statusCode).toBe(404);
  });
});

describe('live delivery on the event stream', () => {
  it('a notification reaches every open stream of its recipient, in any workspace, and nobody else', async () => {
    const repElsewhere = await subscribe('atendente', w.zonaNorte);
    const repHere = await subscribe('atendente', w.centro);
    const others = [await subscribe('admin', w.centro), await subscribe('gerente', w.centro)];
    const bruno = await subscribe('bruno', w.centro);
    const rh = await subscribe('rh', w.recrutamento);
    const { card, phone } = await repCard();
    await w.inbound(w.centro, { from: phone, contactName: 'Lia Souza', text: 'Chegou?' });
    const [room] = await w.roomsOf(phone);
    const isMessage = (n: Notification) => n.data.origin === 'Dialog' && n.data.id === String(room?.id);
    for (const s of [repElsewhere, repHere]) {
      const [live] = await eventually(async () => {
        const found = notificationsOn(s).filter(isMessage);
        return found.length > 0 ? found : undefined;
      });
      expect(live).toMatchObject({
        data: { body: 'Chegou?', opportunity_id: card.id },
        workspace_id: w.centro,
      });
    }
    // A notification of Bruno's own, made after the first: once it reaches him, the first would have too.
    const brunos = await w.create('admin', w.centro, { user_id: w.user.bruno });
    await eventually(async () =>
      notificationsOn(bruno).some((n) => n.data.id === String(brunos.id)) ? true : undefined,
    );
    expect(notificationsOn(bruno).filter(isMessage)).toEqual([]);
    for (const s of [...others, rh]) expect(notificationsOn(s).filter(isMessage)).toEqual([]);
    expect(notificationsOn(repHere).filter((n) => n.data.id === String(brunos.id))).toEqual([]);
    for (const s of [repElsewhere, repHere, ...others, bruno, rh]) s.close();
  });
});
