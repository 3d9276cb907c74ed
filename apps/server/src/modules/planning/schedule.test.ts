import type { HTTPMethods } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FRANCHISE_HOST,
  FRANCHISE_PLATFORM_ID,
  ok,
  useFranchiseWorld,
} from '../../../test/factories/planning.ts';
import { DEMO_PASSWORD, workspaceIds } from '../../../test/test-app.ts';
import { addMember, createUser } from '../users/users.service.ts';

type Person = 'admin' | 'gestor' | 'orientadora' | 'rep2';

const w = useFranchiseWorld();
let centro: number;
let tokens: Record<Person, string>;
let ids: Record<Person, number>;
let instagram: number;
let facebook: number;
let campaign: number;

const call = (who: Person, method: HTTPMethods, path: string, payload?: object, workspaceId = w.jardins) =>
  w.call(who, method, path, payload, workspaceId);

const routineTask = { task: 'Ligar para leads do dia', role: 'salesRep', weekdays: [1, 3], time: '09:30' };

beforeAll(async () => {
  tokens = w.tokens as Record<Person, string>;
  ids = w.ids as Record<Person, number>;
  const db = w.t.database.db;
  const rep2 = await createUser(db, FRANCHISE_PLATFORM_ID, {
    name: 'Rita Representante',
    email: 'rep2@franquia.local',
    password: DEMO_PASSWORD,
  });
  await addMember(db, FRANCHISE_PLATFORM_ID, w.jardins, rep2.id, 'salesRep');
  ids.rep2 = rep2.id;
  tokens.rep2 = await w.t.login('rep2@franquia.local', FRANCHISE_HOST);
  instagram = await w.named('medias', 'Instagram');
  facebook = await w.named('medias', 'Facebook');
  campaign = await w.named('campaigns', 'Volta às Aulas');
  centro = (await workspaceIds(w.t, w.centroToken))['Escola Centro'] as number;
});

describe('schedule templates', () => {
  it('PLAT-259 PLAT-091 create, read, list, change and delete a template of type Routine or Action', async () => {
    const created = await ok(
      await call('gestor', 'POST', 'schedule-templates', { name: 'Rotina da orientadora', type: 'Routine' }),
    );
    expect(created).toMatchObject({
      name: 'Rotina da orientadora',
      type: 'Routine',
      workspace: { id: w.jardins },
      tasks_count: 0,
    });
    expect(await ok(await call('orientadora', 'GET', `schedule-templates/${created.id}`))).toMatchObject({
      id: created.id,
    });
    const changed = await ok(
      await call('admin', 'PUT', `schedule-templates/${created.id}`, { name: 'Rotina semanal' }),
    );
    expect(changed).toMatchObject({ name: 'Rotina semanal', type: 'Routine' });
    const action = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Ação Instagram', type: 'Action' }),
    );
    const page = await ok(await call('admin', 'GET', 'schedule-templates?type=Action&limit=500'));
    expect(page.data.map((x: { id: number }) => x.id)).toContain(action.id);
    expect(page.data.map((x: { id: number }) => x.id)).not.toContain(created.id);
    const options = await ok(await call('orientadora', 'GET', 'schedule-templates/list'));
    expect(options.data).toEqual(
      expect.arrayContaining([
        { id: created.id, name: 'Rotina semanal', type: 'Routine' },
        { id: action.id, name: 'Ação Instagram', type: 'Action' },
      ]),
    );
    expect((await call('admin', 'POST', 'schedule-templates', { name: 'X', type: 'Other' })).statusCode).toBe(
      400,
    );
    expect((await call('admin', 'DELETE', `schedule-templates/${action.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `schedule-templates/${action.id}`)).statusCode).toBe(404);
  });

  it('PLAT-259 only the unit’s admin and manager write templates; a sales rep reads them (403 on writes)', async () => {
    const tpl = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Só leitura', type: 'Routine' }),
    );
    const writes: [HTTPMethods, string, object?][] = [
      ['POST', 'schedule-templates', { name: 'Nova', type: 'Routine' }],
      ['PUT', `schedule-templates/${tpl.id}`, { name: 'Outra' }],
      ['DELETE', `schedule-templates/${tpl.id}`],
      ['POST', `schedule-templates/${tpl.id}/tasks`, routineTask],
      ['POST', `schedule-templates/${tpl.id}/tasks-batch-upsert`, { tasks: [routineTask] }],
      [
        'POST',
        'schedule-templates-tasks',
        { schedule_template_id: tpl.id, start_date: '2026-03-02', end_date: '2026-03-06' },
      ],
    ];
    for (const [method, path, body] of writes)
      expect((await call('orientadora', method, path, body)).statusCode, `${method} ${path}`).toBe(403);
    expect((await call('orientadora', 'GET', 'schedule-templates')).statusCode).toBe(200);
  });
});

describe('template tasks', () => {
  it('PLAT-260 PLAT-092 a template task takes task, media, campaign and role; GET, POST (change) and DELETE one', async () => {
    const tpl = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Ação Face', type: 'Action' }),
    );
    const task = await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, {
        task: 'Responder comentários',
        role: 'salesRep',
        media_id: facebook,
        campaign_id: campaign,
        weekdays: [5, 1, 1],
        time: '14:00',
      }),
    );
    expect(task).toMatchObject({
      schedule_template_id: tpl.id,
      task: 'Responder comentários',
      role: 'salesRep',
      media_id: facebook,
      campaign_id: campaign,
      weekdays: [1, 5],
      time: '14:00',
    });
    expect(
      await ok(await call('orientadora', 'GET', `schedule-templates/${tpl.id}/tasks/${task.id}`)),
    ).toEqual(task);
    const changed = await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks/${task.id}`, { time: '15:00' }),
    );
    expect(changed).toMatchObject({ time: '15:00', media_id: facebook });
    expect((await ok(await call('admin', 'GET', `schedule-templates/${tpl.id}`))).tasks_count).toBe(1);
    // An Action's task is done on a media.
    const noMedia = await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, routineTask);
    expect(noMedia.statusCode).toBe(400);
    expect(noMedia.json().errors[0].field).toBe('media_id');
    expect((await call('admin', 'DELETE', `schedule-templates/${tpl.id}/tasks/${task.id}`)).statusCode).toBe(
      200,
    );
    expect((await ok(await call('admin', 'GET', `schedule-templates/${tpl.id}/tasks`))).data).toEqual([]);
  });

  it('PLAT-260 tasks-batch-upsert changes rows with id, adds rows without, removes delete_ids, all or nothing', async () => {
    const tpl = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Rotina lote', type: 'Routine' }),
    );
    const a = await ok(await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, routineTask));
    const b = await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, { ...routineTask, task: 'Reunião' }),
    );
    const saved = await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks-batch-upsert`, {
        tasks: [
          { ...routineTask, id: a.id, time: '08:00' },
          { task: 'Reunião semanal', role: 'manager', weekdays: [1], time: '17:00' },
        ],
        delete_ids: [b.id],
      }),
    );
    expect(saved.data.map((x: { task: string; time: string }) => `${x.task}@${x.time}`)).toEqual([
      'Ligar para leads do dia@08:00',
      'Reunião semanal@17:00',
    ]);
    // A foreign task id refuses the whole batch.
    const bad = await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks-batch-upsert`, {
      tasks: [
        { ...routineTask, task: 'Nova' },
        { ...routineTask, id: 2_000_000 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect((await ok(await call('admin', 'GET', `schedule-templates/${tpl.id}/tasks`))).data).toHaveLength(2);
  });
});

describe('applying a template and the schedule tasks', () => {
  it('PLAT-262 PLAT-261 applying a Routine gives each member of the role a task on each matching day, once', async () => {
    const tpl = await ok(
      await call('gestor', 'POST', 'schedule-templates', { name: 'Rotina março', type: 'Routine' }),
    );
    await ok(await call('gestor', 'POST', `schedule-templates/${tpl.id}/tasks`, routineTask));
    // 2026-03-02 is a Monday: Mon 2, Wed 4 in range for each of the two reps.
    const range = { schedule_template_id: tpl.id, start_date: '2026-03-02', end_date: '2026-03-06' };
    expect(await ok(await call('gestor', 'POST', 'schedule-templates-tasks', range))).toEqual({
      created_count: 4,
      users_count: 2,
    });
    expect((await ok(await call('gestor', 'POST', 'schedule-templates-tasks', range))).created_count).toBe(0);
    const mine = await ok(
      await call('orientadora', 'GET', 'schedule-tasks?start_timestamp=2026-03-01&end_timestamp=2026-03-08'),
    );
    expect(mine.data.map((x: { start_timestamp: string }) => x.start_timestamp)).toEqual([
      '2026-03-02 09:30:00',
      '2026-03-04 09:30:00',
    ]);
    expect(mine.data[0]).toMatchObject({
      user_id: ids.orientadora,
      name: 'Ligar para leads do dia',
      schedule_template_id: tpl.id,
      status: 'NotStarted',
    });
    const imported = await ok(
      await call('gestor', 'GET', `schedule-templates-tasks?schedule_template_id=${tpl.id}`),
    );
    expect(imported.pagination.total_count).toBe(4);
    // A rep never sees another rep's tasks, even asking for them.
    const asked = await ok(await call('orientadora', 'GET', `schedule-tasks?user_id=${ids.rep2}&limit=500`));
    expect(asked.data.every((x: { user_id: number }) => x.user_id === ids.orientadora)).toBe(true);
    const theirs = (await ok(await call('gestor', 'GET', `schedule-tasks?user_id=${ids.rep2}`))).data[0];
    expect((await call('orientadora', 'GET', `schedule-tasks/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('orientadora', 'PATCH', `schedule-tasks/${theirs.id}/end`)).statusCode).toBe(404);
  });

  it('PLAT-261 create, read, change, end, reschedule and delete a schedule task, with the role rules', async () => {
    const own = await ok(
      await call('orientadora', 'POST', 'schedule-tasks', {
        name: 'Visitar escola',
        start_timestamp: '2026-04-01 10:00',
      }),
    );
    expect(own).toMatchObject({
      user_id: ids.orientadora,
      start_timestamp: '2026-04-01 10:00:00',
      status: 'NotStarted',
    });
    // A rep gives no task to someone else; a manager does, to a member only.
    expect(
      (
        await call('orientadora', 'POST', 'schedule-tasks', {
          name: 'X',
          start_timestamp: '2026-04-01 10:00',
          user_id: ids.rep2,
        })
      ).statusCode,
    ).toBe(403);
    const given = await ok(
      await call('gestor', 'POST', 'schedule-tasks', {
        name: 'Ligar',
        start_timestamp: '2026-04-02 11:00',
        user_id: ids.rep2,
      }),
    );
    expect(given.user_id).toBe(ids.rep2);
    expect(
      (
        await call('gestor', 'POST', 'schedule-tasks', {
          name: 'X',
          start_timestamp: '2026-04-01 10:00',
          user_id: 2_000_000,
        })
      ).statusCode,
    ).toBe(400);
    expect((await ok(await call('orientadora', 'GET', `schedule-tasks/${own.id}`))).name).toBe(
      'Visitar escola',
    );
    expect(
      (await ok(await call('orientadora', 'PUT', `schedule-tasks/${own.id}`, { name: 'Visitar colégio' })))
        .name,
    ).toBe('Visitar colégio');
    const ended = await ok(await call('orientadora', 'PATCH', `schedule-tasks/${own.id}/end`));
    expect(ended.status).toBe('Completed');
    expect(ended.ended_at).not.toBeNull();
    const moved = await ok(
      await call('orientadora', 'PATCH', `schedule-tasks/${own.id}/reschedule`, {
        start_timestamp: '2026-04-03T08:15',
      }),
    );
    expect(moved).toMatchObject({
      start_timestamp: '2026-04-03 08:15:00',
      status: 'NotStarted',
      ended_at: null,
    });
    expect((await call('orientadora', 'DELETE', `schedule-tasks/${own.id}`)).statusCode).toBe(403);
    expect((await call('gestor', 'DELETE', `schedule-tasks/${own.id}`)).statusCode).toBe(200);
    expect((await call('gestor', 'GET', `schedule-tasks/${own.id}`)).statusCode).toBe(404);
  });
});

describe('the Action lookups', () => {
  it('PLAT-263 PLAT-264 medias and campaigns named by Action template tasks of a role', async () => {
    const tpl = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Ação Insta', type: 'Action' }),
    );
    await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, {
        task: 'Publicar stories',
        role: 'manager',
        media_id: instagram,
        campaign_id: campaign,
        weekdays: [2],
        time: '10:00',
      }),
    );
    // A Routine's media is no Action.
    const routine = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'R', type: 'Routine' }),
    );
    await ok(
      await call('admin', 'POST', `schedule-templates/${routine.id}/tasks`, {
        ...routineTask,
        role: 'manager',
        media_id: facebook,
      }),
    );
    const names = async (path: string) =>
      (await ok(await call('gestor', 'GET', path))).data.map((x: { id: number }) => x.id);
    expect(await names('medias?limit=500&schedule_template_type=Action&role=manager')).toEqual([instagram]);
    expect(await names('medias?limit=500&schedule_template_type=Action&role=ceo')).toEqual([]);
    expect(
      await names(
        `campaigns?limit=500&schedule_template_type=Action&schedule_template_task_media_id=${instagram}&role=manager`,
      ),
    ).toEqual([campaign]);
    expect(
      await names(
        `campaigns?limit=500&schedule_template_type=Action&schedule_template_task_media_id=${facebook}&role=manager`,
      ),
    ).toEqual([]);
    // Without the lookup the lists are whole.
    expect((await names('medias?limit=500')).length).toBeGreaterThan(1);
  });
});

describe('tenancy and the profile gate', () => {
  it('a template, its task and a schedule task of another workspace answer 404 on every route', async () => {
    const tpl = await ok(
      await call('admin', 'POST', 'schedule-templates', { name: 'Moema', type: 'Routine' }, w.moema),
    );
    const task = await ok(
      await call('admin', 'POST', `schedule-templates/${tpl.id}/tasks`, routineTask, w.moema),
    );
    const st = await ok(
      await call(
        'admin',
        'POST',
        'schedule-tasks',
        { name: 'Moema', start_timestamp: '2026-05-01 09:00' },
        w.moema,
      ),
    );
    const paths: [HTTPMethods, string, object?][] = [
      ['GET', `schedule-templates/${tpl.id}`],
      ['PUT', `schedule-templates/${tpl.id}`, { name: 'Y' }],
      ['DELETE', `schedule-templates/${tpl.id}`],
      ['GET', `schedule-templates/${tpl.id}/tasks`],
      ['POST', `schedule-templates/${tpl.id}/tasks`, routineTask],
      ['GET', `schedule-templates/${tpl.id}/tasks/${task.id}`],
      ['POST', `schedule-templates/${tpl.id}/tasks/${task.id}`, { time: '10:00' }],
      ['DELETE', `schedule-templates/${tpl.id}/tasks/${task.id}`],
      ['POST', `schedule-templates/${tpl.id}/tasks-batch-upsert`, { tasks: [] }],
      [
        'POST',
        'schedule-templates-tasks',
        { schedule_template_id: tpl.id, start_date: '2026-03-02', end_date: '2026-03-03' },
      ],
      ['GET', `schedule-tasks/${st.id}`],
      ['PUT', `schedule-tasks/${st.id}`, { name: 'Y' }],
      ['DELETE', `schedule-tasks/${st.id}`],
      ['PATCH', `schedule-tasks/${st.id}/end`],
      ['PATCH', `schedule-tasks/${st.id}/reschedule`, { start_timestamp: '2026-05-02 09:00' }],
    ];
    for (const [method, path, body] of paths) {
      const res = await call('admin', method, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.body).not.toContain('Moema');
    }
    const listed = await ok(await call('admin', 'GET', 'schedule-templates?limit=500'));
    expect(listed.data.map((x: { id: number }) => x.id)).not.toContain(tpl.id);
  });

  it('a brand without the planning key answers 404 on every schedule route', async () => {
    const routes = w.t.app.routeTable.filter(
      (r) => r.url.includes(':workspaceId/schedule-') && r.method !== 'HEAD' && r.method !== 'OPTIONS',
    );
    expect(routes.length).toBe(21);
    for (const route of routes) {
      const res = await w.t.call({
        method: route.method as HTTPMethods,
        url: route.url.replace(':workspaceId', String(centro)).replace(/:\w+/g, '1'),
        token: w.centroToken,
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { payload: { name: 'X', type: 'Routine' } }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(404);
    }
  });
});
