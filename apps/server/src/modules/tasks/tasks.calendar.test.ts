import { MESSAGES } from '@vendaval/core/messages';
import type { Task } from '@vendaval/core/schemas/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, TasksWorld } from '../../../test/factories/tasks.ts';
import { tasksWorld } from '../../../test/factories/tasks.ts';

/**
 * The calendar of Escola Centro in February 2032, a month no demo data reaches. Its month view shows Sunday
 * 1 February to Saturday 13 March and asks for those days as bare dates, the last one inclusive.
 */
let w: TasksWorld;
const MONTH_VIEW = 'start_timestamp=2032-02-01&end_timestamp=2032-03-13';
const ids: Record<string, number> = {};
let card = 0;
let brunoCard = 0;

beforeAll(async () => {
  w = await tasksWorld();
  const c = w.centro;
  card = (await w.card(c, { name: 'Calendário Alfa', userId: w.userIds.atendente })).id;
  brunoCard = (await w.card(c, { name: 'Calendário Beta', userId: w.userIds.bruno })).id;
  const add = async (key: string, who: Person, parent: number, start: string) => {
    const task = await w.createTask('admin', c, {
      parent_id: parent,
      user_id: w.userIds[who],
      name: key,
      task_type_id: c.taskTypes.Ligar,
      interaction_type_id: c.interactionTypes.Ligação,
      start_timestamp: start,
    });
    ids[key] = task.id;
  };
  await add('before', 'atendente', card, '2032-01-31 23:59');
  await add('first', 'atendente', card, '2032-02-01 00:00');
  await add('middle', 'bruno', brunoCard, '2032-02-18 15:00');
  await add('last', 'atendente', card, '2032-03-13 23:59');
  await add('after', 'atendente', card, '2032-03-14 00:00');
});
afterAll(() => w.t.close());

const get = async (who: Person, path: string) => {
  const res = await w.call(who, 'GET', w.centro.id, path.replaceAll(' ', '%20'));
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  return res.json();
};
const namesIn = async (who: Person, query: string) =>
  ((await get(who, `tasks?${query}&sort=start_timestamp&limit=500`)).data as Task[]).map((t) => t.name);

describe('the calendar', () => {
  it('PLAT-040 PLAT-097 the month view gets the tasks of its visible days only, from the first at 00:00 to the last at 23:59, in time order', async () => {
    expect(await namesIn('admin', MONTH_VIEW)).toEqual(['first', 'middle', 'last']);
    const page = await get('admin', `tasks?${MONTH_VIEW}&limit=500`);
    expect(page.pagination).toEqual({ total_count: 3, limit: 500, offset: 0 });
  });

  it('PLAT-097 the week and day views ask for their own days the same way', async () => {
    expect(await namesIn('admin', 'start_timestamp=2032-02-15&end_timestamp=2032-02-21')).toEqual(['middle']);
    expect(await namesIn('admin', 'start_timestamp=2032-03-13&end_timestamp=2032-03-13')).toEqual(['last']);
  });

  it("a salesRep's calendar shows only their own tasks, even when naming someone else", async () => {
    expect(await namesIn('atendente', MONTH_VIEW)).toEqual(['first', 'last']);
    expect(await namesIn('atendente', `${MONTH_VIEW}&user_id=${w.userIds.bruno}`)).toEqual([]);
    expect(await namesIn('bruno', MONTH_VIEW)).toEqual(['middle']);
  });

  it('PLAT-248 the summary counts the same range under the same filters', async () => {
    expect(await get('admin', `tasks/summary?${MONTH_VIEW}`)).toEqual({ open: 3, overdue: 0, done_today: 0 });
    expect(await get('atendente', `tasks/summary?${MONTH_VIEW}`)).toEqual({
      open: 2,
      overdue: 0,
      done_today: 0,
    });
    expect(await get('admin', `tasks/summary?${MONTH_VIEW}&parent_id=${brunoCard}`)).toEqual({
      open: 1,
      overdue: 0,
      done_today: 0,
    });
  });
});

describe('dragging a task to another day', () => {
  it('PLAT-005 sends only the new time: the task moves and keeps everything else, TaskRescheduled logged', async () => {
    const before = (await get('atendente', `tasks/${ids.last}`)) as Task;
    const moved = await w.call('atendente', 'PUT', w.centro.id, `tasks/${ids.last}`, {
      id: ids.last,
      start_timestamp: '2032-03-10 23:59',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json() as Task;
    expect(after.start_timestamp).toBe('2032-03-10 23:59');
    const { start_timestamp: _a, updated_at: _b, ...kept } = before;
    expect(after).toMatchObject(kept);
    const [entry] = await w.history(w.centro, card);
    expect(entry?.type).toBe('TaskRescheduled');
    expect(entry?.data).toMatchObject({
      id: ids.last,
      from_start_timestamp: '2032-03-13 23:59:00',
      to_start_timestamp: '2032-03-10 23:59:00',
    });
    expect(await namesIn('admin', 'start_timestamp=2032-03-10&end_timestamp=2032-03-10')).toEqual(['last']);
  });

  it("a salesRep dragging someone else's task gets 404 and the task stays where it was", async () => {
    const res = await w.call('atendente', 'PUT', w.centro.id, `tasks/${ids.middle}`, {
      start_timestamp: '2032-02-20 09:00',
    });
    expect(res.statusCode).toBe(404);
    expect(((await get('admin', `tasks/${ids.middle}`)) as Task).start_timestamp).toBe('2032-02-18 15:00');
  });

  it('an impossible day answers 400 naming start_timestamp and moves nothing', async () => {
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${ids.first}`, {
      start_timestamp: '2032-02-30 09:00',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'start_timestamp' })]);
    expect(((await get('admin', `tasks/${ids.first}`)) as Task).start_timestamp).toBe('2032-02-01 00:00');
  });
});

/**
 * A busy May 2033 in Escola Centro: on the 10th the atendente has four tasks and bruno two, the last at 23:30
 * Brasília (already the 11th in UTC); on the 12th the atendente has one.
 */
describe('a month with more tasks a day than a cell shows', () => {
  const MAY = 'start_timestamp=2033-05-01&end_timestamp=2033-05-31';
  beforeAll(async () => {
    const c = w.centro;
    const add = (name: string, who: Person, parent: number, start: string) =>
      w.createTask('admin', c, {
        parent_id: parent,
        user_id: w.userIds[who],
        name,
        task_type_id: c.taskTypes.Ligar,
        interaction_type_id: c.interactionTypes.Ligação,
        start_timestamp: start,
      });
    await add('may10-a4', 'atendente', card, '2033-05-10 16:00');
    await add('may10-a1', 'atendente', card, '2033-05-10 08:00');
    await add('may10-b1', 'bruno', brunoCard, '2033-05-10 09:00');
    await add('may10-a2', 'atendente', card, '2033-05-10 10:00');
    await add('may10-a3', 'atendente', card, '2033-05-10 11:00');
    await add('may10-b2', 'bruno', brunoCard, '2033-05-10 23:30');
    await add('may12-a1', 'atendente', card, '2033-05-12 09:00');
  });

  it('PLAT-040 PLAT-247 per_day answers the earliest tasks of each Brasília day, in time order, and counts what it answers', async () => {
    expect(await namesIn('admin', `${MAY}&per_day=2`)).toEqual(['may10-a1', 'may10-b1', 'may12-a1']);
    expect(await namesIn('admin', `${MAY}&per_day=5`)).toEqual([
      'may10-a1',
      'may10-b1',
      'may10-a2',
      'may10-a3',
      'may10-a4',
      'may12-a1',
    ]);
    const page = await get('admin', `tasks?${MAY}&per_day=2&limit=2`);
    expect(page.pagination).toEqual({ total_count: 3, limit: 2, offset: 0 });
    expect(await namesIn('admin', `${MAY}&per_day=1&user_id=${w.userIds.bruno}`)).toEqual(['may10-b1']);
  });

  it('PLAT-040 GET /tasks/days counts every task of each day under the same filters, whatever per_day cut', async () => {
    expect(await get('admin', `tasks/days?${MAY}`)).toEqual([
      { day: '2033-05-10', count: 6 },
      { day: '2033-05-12', count: 1 },
    ]);
    expect(await get('admin', `tasks/days?${MAY}&user_id=${w.userIds.bruno}`)).toEqual([
      { day: '2033-05-10', count: 2 },
    ]);
    expect(await get('admin', `tasks/days?${MAY}&search=Beta`)).toEqual([{ day: '2033-05-10', count: 2 }]);
  });

  it('PLAT-097 days are Brasília days: an instant range is read as Brasília wall clock and 23:30 stays on its day', async () => {
    const brasiliaDay = 'start_timestamp=2033-05-10T03:00:00Z&end_timestamp=2033-05-11T02:59:59Z';
    expect(await get('admin', `tasks/days?${brasiliaDay}`)).toEqual([{ day: '2033-05-10', count: 6 }]);
    expect(await namesIn('admin', `${brasiliaDay}&per_day=1`)).toEqual(['may10-a1']);
    expect(await get('admin', 'tasks/days?start_timestamp=2033-05-11&end_timestamp=2033-05-11')).toEqual([]);
  });

  it('a salesRep counts and gets only their own tasks per day, even when naming someone else', async () => {
    expect(await get('atendente', `tasks/days?${MAY}`)).toEqual([
      { day: '2033-05-10', count: 4 },
      { day: '2033-05-12', count: 1 },
    ]);
    expect(await get('atendente', `tasks/days?${MAY}&user_id=${w.userIds.bruno}`)).toEqual([]);
    expect(await namesIn('bruno', `${MAY}&per_day=1`)).toEqual(['may10-b1']);
  });

  it('refuses a per_day outside 1–100, a missing bound and a range over 62 days, in Portuguese (400)', async () => {
    for (const [query, field] of [
      [`tasks?${MAY}&per_day=0`, 'per_day'],
      [`tasks?${MAY}&per_day=101`, 'per_day'],
      [`tasks?${MAY}&per_day=abc`, 'per_day'],
      ['tasks/days?start_timestamp=2033-05-01', 'end_timestamp'],
      ['tasks/days?start_timestamp=2033-05-01&end_timestamp=2033-02-30', 'end_timestamp'],
      ['tasks/days?start_timestamp=2033-05-01&end_timestamp=2033-07-02', 'end_timestamp'],
      [`tasks/days?${MAY}&per_day=2`, 'per_day'],
    ] as const) {
      const res = await w.call('admin', 'GET', w.centro.id, query);
      expect(res.statusCode, query).toBe(400);
      const errors = res.json().errors as { field: string; description: string }[];
      expect(
        errors.map((e) => e.field),
        query,
      ).toEqual([field]);
      expect(errors[0]?.description, query).toMatch(/[ãáéêíóúç]|deve|Informe|inválid/i);
    }
    const missing = await w.call('admin', 'GET', w.centro.id, 'tasks/days?start_timestamp=2033-05-01');
    expect(missing.json().errors[0].description).toBe(MESSAGES.taskDaysRangeRequired);
    const long = await w.call(
      'admin',
      'GET',
      w.centro.id,
      'tasks/days?start_timestamp=2033-05-01&end_timestamp=2033-07-02',
    );
    expect(long.json().errors[0].description).toBe(MESSAGES.taskDaysRangeTooLong(62));
    const month = await w.call(
      'admin',
      'GET',
      w.centro.id,
      'tasks/days?start_timestamp=2033-05-01&end_timestamp=2033-07-01',
    );
    expect(month.statusCode).toBe(200);
  });

  it("another workspace's member or another platform's user gets 404/403 and no counts", async () => {
    for (const who of ['carla', 'rh'] as const) {
      const res = await w.call(who, 'GET', w.centro.id, `tasks/days?${MAY}`);
      expect([403, 404], who).toContain(res.statusCode);
      expect(res.body).not.toContain('2033-05-10');
      const list = await w.call(who, 'GET', w.centro.id, `tasks?${MAY}&per_day=2`);
      expect([403, 404], who).toContain(list.statusCode);
      expect(list.body).not.toContain('may10');
    }
  });
});
