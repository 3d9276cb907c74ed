import { MESSAGES } from '@vendaval/core/messages';
import type { Task } from '@vendaval/core/schemas/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, TasksWorld } from '../../../test/factories/tasks.ts';
import { tasksWorld } from '../../../test/factories/tasks.ts';

/**
 * The agenda of Escola Centro: three cards and their tasks in two windows no demo data reaches, March 2031 (all
 * ahead) and June 2019 (all past), so every filter is checked against a known set.
 */
let w: TasksWorld;
const cards = { alfa: 0, beta: 0, gama: 0 };
const ids: Record<string, number> = {};
const FUTURE = 'start_timestamp=2031-03-01&end_timestamp=2031-03-31';
const PAST = 'start_timestamp=2019-06-01&end_timestamp=2019-06-30';

beforeAll(async () => {
  w = await tasksWorld();
  const c = w.centro;
  cards.alfa = (
    await w.card(c, {
      name: 'Agenda Alfa',
      userId: w.userIds.atendente,
      productId: c.products['Curso de Inglês'],
      campaignId: c.campaigns['Volta às Aulas'],
      mediaId: c.medias.Instagram,
      sourceType: 'Offline',
      stageIndex: 0,
    })
  ).id;
  cards.beta = (
    await w.card(c, {
      name: 'Agenda Beta',
      userId: w.userIds.bruno,
      productId: c.products['Curso de Espanhol'],
      campaignId: c.campaigns['Matrículas 2027'],
      mediaId: c.medias.Facebook,
      sourceType: 'WhatsappEscola',
      stageIndex: 1,
    })
  ).id;
  cards.gama = (
    await w.card(c, {
      name: 'Agenda Gama 100%',
      userId: w.userIds.gerente,
      closedType: c.objections['Preço'],
      sourceType: 'Email',
      stageIndex: 2,
    })
  ).id;
  const add = async (
    key: string,
    parent: number,
    who: Person,
    start: string,
    type: string,
    how: string,
    name?: string,
  ) => {
    const task = await w.createTask('admin', c, {
      parent_id: parent,
      user_id: w.userIds[who],
      task_type_id: c.taskTypes[type],
      interaction_type_id: c.interactionTypes[how],
      start_timestamp: start,
      ...(name ? { name } : {}),
    });
    ids[key] = task.id;
  };
  await add('t1', cards.alfa, 'atendente', '2031-03-01 09:00', 'Ligar', 'Ligação', 'Primeiro contato');
  await add('t1b', cards.beta, 'bruno', '2031-03-01 09:00', 'Ligar', 'WhatsApp');
  await add('t2', cards.beta, 'bruno', '2031-03-02 10:00', 'Enviar proposta', 'E-mail');
  await add('t3', cards.gama, 'gerente', '2031-03-03 23:59', 'Agendar visita', 'Visita');
  await add('t5', cards.alfa, 'gerente', '2031-03-04 00:00', 'Follow-up', 'WhatsApp', 'Retorno de 50%');
  await add('p1', cards.alfa, 'atendente', '2019-06-01 08:00', 'Ligar', 'Ligação');
  await add('p2', cards.beta, 'bruno', '2019-06-02 08:00', 'Ligar', 'Ligação');
  await add('p3', cards.gama, 'gerente', '2019-06-03 08:00', 'Ligar', 'Ligação');
  const ended = await w.call('admin', 'PUT', c.id, `tasks/${ids.p2}/end`, {
    interaction_type_id: c.interactionTypes.Visita,
  });
  if (ended.statusCode !== 200) throw new Error(ended.body);
  const registry = await w.createTask('atendente', c, {
    parent_id: cards.alfa,
    task_type_id: c.taskTypes.Ligar,
    interaction_type_id: c.interactionTypes['Ligação'],
    is_registry: true,
  });
  ids.registry = registry.id;
});
afterAll(() => w.t.close());

/** Query strings are written readably; spaces are encoded here. */
const get = (who: Person, path: string) => w.call(who, 'GET', w.centro.id, path.replaceAll(' ', '%20'));
const list = async (query: string, who: Person = 'admin') => {
  const res = await get(who, `tasks?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json() as { data: Task[]; pagination: { total_count: number; limit: number; offset: number } };
};
/** The keys (t1, p2…) of the tasks a query lists, in order. */
const keysOf = async (query: string, who: Person = 'admin') => {
  const page = await list(query, who);
  const byId = Object.fromEntries(Object.entries(ids).map(([key, id]) => [id, key]));
  expect(page.pagination.total_count).toBe(page.data.length);
  return page.data.map((task) => byId[task.id] ?? `other#${task.id}`);
};
const sqlYesterday = (id: number) =>
  sql`update tasks set ended_at = now() - interval '1 day' where id = ${id}`;
const summary = async (query: string, who: Person = 'admin') => {
  const res = await get(who, `tasks/summary?${query}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  return res.json();
};

describe('the agenda list', () => {
  it('PLAT-098 PLAT-124 PLAT-247 sorts by start_timestamp by default, ties by id', async () => {
    expect(await keysOf(FUTURE)).toEqual(['t1', 't1b', 't2', 't3', 't5']);
  });

  it('PLAT-125 -start_timestamp sorts descending, ties by id descending', async () => {
    expect(await keysOf(`${FUTURE}&sort=-start_timestamp`)).toEqual(['t5', 't3', 't2', 't1b', 't1']);
  });

  it('PLAT-124 sorts by creation and by update, either way', async () => {
    expect(await keysOf(`${FUTURE}&sort=created_at`)).toEqual(['t1', 't1b', 't2', 't3', 't5']);
    expect(await keysOf(`${FUTURE}&sort=-created_at`)).toEqual(['t5', 't3', 't2', 't1b', 't1']);
    const touched = await w.call('admin', 'PUT', w.centro.id, `tasks/${ids.t2}`, {
      description: 'Enviar valores',
    });
    expect(touched.statusCode).toBe(200);
    expect(await keysOf(`${FUTURE}&sort=updated_at`)).toEqual(['t1', 't1b', 't3', 't5', 't2']);
    expect((await keysOf(`${FUTURE}&sort=-updated_at`))[0]).toBe('t2');
  });

  it('PLAT-097 start and end bound the wall-clock start time; a bare end date covers its whole day', async () => {
    expect(await keysOf('start_timestamp=2031-03-02&end_timestamp=2031-03-03')).toEqual(['t2', 't3']);
    expect(await keysOf('start_timestamp=2031-03-02 10:00&end_timestamp=2031-03-02 10:00')).toEqual(['t2']);
    expect(await keysOf('start_timestamp=2031-03-02 10:01&end_timestamp=2031-03-04 00:00')).toEqual([
      't3',
      't5',
    ]);
    expect(await keysOf('start_timestamp=2031-03-03T23:59:00&end_timestamp=2031-03-03T23:59:30')).toEqual([
      't3',
    ]);
  });

  it('PLAT-097 a bound with a time zone is an instant, read as Brasília wall clock', async () => {
    // 12:00Z is 09:00 in Brasília (UTC-3).
    expect(
      await keysOf('start_timestamp=2031-03-01T12:00:00Z&end_timestamp=2031-03-01T12:00:00.000Z'),
    ).toEqual(['t1', 't1b']);
  });

  it('PLAT-097 impossible or malformed bounds answer 400 naming the field', async () => {
    for (const [query, field] of [
      ['end_timestamp=2031-02-30', 'end_timestamp'],
      ['start_timestamp=2031-03-01 25:00', 'start_timestamp'],
      ['start_timestamp=1', 'start_timestamp'],
    ]) {
      const res = await get('admin', `tasks?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors, query).toEqual([{ field, description: MESSAGES.invalidDateTime }]);
    }
  });

  it('PLAT-116 PLAT-117 from a pipeline card: parent_id with start 2021-01-01 lists that card’s tasks from that date on', async () => {
    expect(await keysOf(`parent_id=${cards.alfa}&start_timestamp=2021-01-01`)).toEqual([
      'registry',
      't1',
      't5',
    ]);
    expect(await keysOf(`parent_id=${cards.alfa}`)).toEqual(['p1', 'registry', 't1', 't5']);
  });

  it('PLAT-097 filters by responsible (a list)', async () => {
    expect(await keysOf(`${FUTURE}&user_id=${w.userIds.gerente}`)).toEqual(['t3', 't5']);
    expect(await keysOf(`${FUTURE}&user_id=${w.userIds.gerente},${w.userIds.bruno}`)).toEqual([
      't1b',
      't2',
      't3',
      't5',
    ]);
    expect(await keysOf(`${FUTURE}&user_id=${w.userIds.gerente}&user_id=${w.userIds.atendente}`)).toEqual([
      't1',
      't3',
      't5',
    ]);
  });

  it('PLAT-099 filters by status and only the delayed ones (open and past)', async () => {
    expect(await keysOf(`${PAST}&task_status=Completed`)).toEqual(['p2']);
    expect(await keysOf(`${PAST}&task_status=NotStarted,InProgress`)).toEqual(['p1', 'p3']);
    expect(await keysOf(`${PAST}&only_delayed=true`)).toEqual(['p1', 'p3']);
    expect(await keysOf(`${FUTURE}&only_delayed=true`)).toEqual([]);
    expect(await keysOf(`${PAST}&only_delayed=false`)).toEqual(['p1', 'p2', 'p3']);
    expect(await keysOf(`parent_id=${cards.alfa}&only_delayed=1&task_status=NotStarted`)).toEqual(['p1']);
  });

  it('every task says whether it is delayed: open and its time has passed', async () => {
    const past = await list(PAST);
    expect(past.data.map((t) => [t.status, t.is_delayed])).toEqual([
      ['NotStarted', true],
      ['Completed', false],
      ['NotStarted', true],
    ]);
    expect((await list(FUTURE)).data.every((t) => !t.is_delayed)).toBe(true);
  });

  it('PLAT-097 filters by action and by interaction type, and registries apart', async () => {
    const c = w.centro;
    expect(await keysOf(`${FUTURE}&task_type_id=${c.taskTypes.Ligar}`)).toEqual(['t1', 't1b']);
    expect(await keysOf(`${FUTURE}&task_type_id=${c.taskTypes.Ligar},${c.taskTypes['Follow-up']}`)).toEqual([
      't1',
      't1b',
      't5',
    ]);
    expect(await keysOf(`${FUTURE}&interaction_type_id=${c.interactionTypes.WhatsApp}`)).toEqual([
      't1b',
      't5',
    ]);
    expect(await keysOf(`parent_id=${cards.alfa}&is_registry=true`)).toEqual(['registry']);
    expect(await keysOf(`parent_id=${cards.alfa}&is_registry=false`)).toEqual(['p1', 't1', 't5']);
  });

  it("PLAT-097 filters on the task's card: product, origin, campaign, media, lost reason and stage", async () => {
    const c = w.centro;
    expect(await keysOf(`${FUTURE}&product_id=${c.products['Curso de Inglês']}`)).toEqual(['t1', 't5']);
    expect(await keysOf(`${FUTURE}&source_type=WhatsappEscola,Email`)).toEqual(['t1b', 't2', 't3']);
    expect(await keysOf(`${FUTURE}&campaign_id=${c.campaigns['Matrículas 2027']}`)).toEqual(['t1b', 't2']);
    expect(await keysOf(`${FUTURE}&media_id=${c.medias.Instagram},${c.medias.Facebook}`)).toEqual([
      't1',
      't1b',
      't2',
      't5',
    ]);
    expect(await keysOf(`${FUTURE}&closed_type=${c.objections['Preço']}`)).toEqual(['t3']);
    expect(await keysOf(`${FUTURE}&sales_stage_id=${c.stages[1]?.id},${c.stages[2]?.id}`)).toEqual([
      't1b',
      't2',
      't3',
    ]);
    expect(
      await keysOf(`${FUTURE}&product_id=${c.products['Curso de Inglês']}&user_id=${w.userIds.gerente}`),
    ).toEqual(['t5']);
  });

  it('searches the task name and the card name, ignoring case and taking % literally', async () => {
    expect(await keysOf(`${FUTURE}&search=primeiro`)).toEqual(['t1']);
    expect(await keysOf(`${FUTURE}&search=AGENDA BETA`)).toEqual(['t1b', 't2']);
    expect(await keysOf(`${FUTURE}&search=100%25`)).toEqual(['t3']);
    expect(await keysOf(`${FUTURE}&search=50%25`)).toEqual(['t5']);
    expect(await keysOf(`${FUTURE}&search=0%25`)).toEqual(['t3', 't5']);
  });

  it('OPP-239 each task carries the names of its responsible, action, interaction type, card and contact', async () => {
    const [t3] = (await list(`${FUTURE}&closed_type=${w.centro.objections['Preço']}`)).data;
    expect(t3).toMatchObject({
      user: { id: w.userIds.gerente, name: 'Gustavo Gerente' },
      task_type: { name: 'Agendar visita' },
      interaction_type: { name: 'Visita' },
      opportunity: {
        id: cards.gama,
        name: 'Agenda Gama 100%',
        sales_stage_id: w.centro.stages[2]?.id,
        state_type: 'Open',
      },
      contact: { name: expect.any(String), phone_number: expect.stringMatching(/^55/) },
      start_timestamp: '2031-03-03 23:59',
    });
  });

  it('pages with limit and offset and reports the total count', async () => {
    const page = await list(`${FUTURE}&limit=2&offset=1`);
    expect(page.data.map((t) => t.id)).toEqual([ids.t1b, ids.t2]);
    expect(page.pagination).toEqual({ total_count: 5, limit: 2, offset: 1 });
    expect((await list(FUTURE)).pagination.limit).toBe(50);
  });

  it('refuses a page over 500, an unknown sort, an unknown status and unknown parameters (400)', async () => {
    for (const query of [
      'limit=501',
      'sort=name',
      'sort=--created_at',
      'task_status=Done',
      'workspace_id=1',
      'user_id=abc',
    ]) {
      const res = await get('admin', `tasks?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it("a salesRep gets only their own tasks, even when asking for someone else's", async () => {
    expect(await keysOf(FUTURE, 'atendente')).toEqual(['t1']);
    expect(await keysOf(`${FUTURE}&user_id=${w.userIds.bruno}`, 'atendente')).toEqual([]);
    expect(await keysOf(`parent_id=${cards.beta}`, 'bruno')).toEqual(['p2', 't1b', 't2']);
    expect(await keysOf(`parent_id=${cards.beta}`, 'atendente')).toEqual([]);
  });

  it('a manager sees every member’s tasks', async () => {
    expect(await keysOf(FUTURE, 'gerente')).toEqual(['t1', 't1b', 't2', 't3', 't5']);
  });
});

describe('the agenda summary', () => {
  it('PLAT-248 counts open, overdue and completed-today tasks under the filters', async () => {
    expect(await summary(PAST)).toEqual({ open: 2, overdue: 2, done_today: 1 });
    expect(await summary(FUTURE)).toEqual({ open: 5, overdue: 0, done_today: 0 });
    expect(await summary(`parent_id=${cards.alfa}`)).toEqual({ open: 3, overdue: 1, done_today: 1 });
    expect(await summary(`${PAST}&product_id=${w.centro.products['Curso de Inglês']}`)).toEqual({
      open: 1,
      overdue: 1,
      done_today: 0,
    });
    expect(await summary(`${FUTURE}&search=agenda gama`)).toEqual({ open: 1, overdue: 0, done_today: 0 });
  });

  it('a task completed on another day is not done today', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, {
      parent_id: card.id,
      task_type_id: w.centro.taskTypes.Ligar,
      interaction_type_id: w.centro.interactionTypes['Ligação'],
      start_timestamp: '2019-01-01 08:00',
    });
    await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.centro.interactionTypes.Visita,
    });
    expect(await summary(`parent_id=${card.id}`)).toEqual({ open: 0, overdue: 0, done_today: 1 });
    await w.t.database.db.execute(
      // Moves the completion to yesterday in Brasília: the only way to age a task without waiting a day.
      sqlYesterday(task.id),
    );
    expect(await summary(`parent_id=${card.id}`)).toEqual({ open: 0, overdue: 0, done_today: 0 });
  });

  it("a salesRep's summary counts only their own tasks", async () => {
    expect(await summary(PAST, 'atendente')).toEqual({ open: 1, overdue: 1, done_today: 0 });
    expect(await summary(PAST, 'bruno')).toEqual({ open: 0, overdue: 0, done_today: 1 });
    expect(await summary(`${PAST}&user_id=${w.userIds.gerente}`, 'bruno')).toEqual({
      open: 0,
      overdue: 0,
      done_today: 0,
    });
  });

  it('refuses sort and paging parameters, which a summary does not take (400)', async () => {
    const res = await get('admin', 'tasks/summary?sort=created_at');
    expect(res.statusCode).toBe(400);
  });
});

describe('the agenda across tenants', () => {
  it('lists and summaries never reach another workspace or platform', async () => {
    const north = await w.card(w.zonaNorte, { userId: w.userIds.carla, name: 'Agenda Norte' });
    await w.createTask('carla', w.zonaNorte, {
      parent_id: north.id,
      task_type_id: w.zonaNorte.taskTypes.Ligar,
      interaction_type_id: w.zonaNorte.interactionTypes['Ligação'],
      start_timestamp: '2031-03-01 09:00',
    });
    expect(await keysOf(FUTURE)).toEqual(['t1', 't1b', 't2', 't3', 't5']);
    expect(await keysOf(`parent_id=${north.id}`)).toEqual([]);
    expect(await summary(`parent_id=${north.id}`)).toEqual({ open: 0, overdue: 0, done_today: 0 });
    const rh = await w.call('rh', 'GET', w.recrutamento.id, `tasks?${FUTURE}`);
    expect(rh.json().data).toEqual([]);
    const northList = await w.call('carla', 'GET', w.zonaNorte.id, `tasks?${FUTURE}`);
    expect(northList.json().data.map((t: Task) => t.opportunity.name)).toEqual(['Agenda Norte']);
  });
});
