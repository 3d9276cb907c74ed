import { MESSAGES } from '@vendaval/core/messages';
import type { Task } from '@vendaval/core/schemas/tasks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brasiliaNow, minutesApart, type TasksWorld, tasksWorld } from '../../../test/factories/tasks.ts';

let w: TasksWorld;
beforeAll(async () => {
  w = await tasksWorld();
});
afterAll(() => w.t.close());

/** A scheduled task's body in Escola Centro. */
const scheduled = (parentId: number, extra: object = {}) => ({
  parent_id: parentId,
  parent_type: 'Opportunity',
  task_type_id: w.centro.taskTypes.Ligar,
  interaction_type_id: w.centro.interactionTypes['Ligação'],
  start_timestamp: '2030-05-10 14:30',
  ...extra,
});

const tasksOfCard = async (opportunityId: number) => {
  const res = await w.call('admin', 'GET', w.centro.id, `tasks?parent_id=${opportunityId}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as Task[];
};

const readTask = async (id: number) => {
  const res = await w.call('admin', 'GET', w.centro.id, `tasks/${id}`);
  expect(res.statusCode).toBe(200);
  return res.json() as Task;
};

const isoNear = (iso: string | null, seconds = 120) =>
  iso !== null && Math.abs(Date.parse(iso) - Date.now()) < seconds * 1000;

describe('creating a task', () => {
  it('OPP-179 OPP-188 OPP-189 OPP-239 PLAT-247 a scheduled task is created NotStarted on its card, answered with every field of a task', async () => {
    const card = await w.card(w.centro, {
      name: 'Família Souza',
      contactName: 'Marta Souza',
      phoneNumber: '5511988887777',
    });
    const task = await w.createTask(
      'admin',
      w.centro,
      scheduled(card.id, {
        name: 'Primeiro contato',
        user_id: w.userIds.gerente,
        description: 'Ligar após as 14h',
      }),
    );
    expect(task).toEqual({
      id: expect.any(Number),
      name: 'Primeiro contato',
      user_id: w.userIds.gerente,
      user: { id: w.userIds.gerente, name: 'Gustavo Gerente' },
      parent_id: card.id,
      parent_type: 'Opportunity',
      opportunity: {
        id: card.id,
        name: 'Família Souza',
        sales_stage_id: w.centro.stages[0]?.id,
        state_type: 'Open',
      },
      contact: { id: card.contactId, name: 'Marta Souza', phone_number: '5511988887777' },
      task_type_id: w.centro.taskTypes.Ligar,
      task_type: { id: w.centro.taskTypes.Ligar, name: 'Ligar' },
      interaction_type_id: w.centro.interactionTypes['Ligação'],
      interaction_type: { id: w.centro.interactionTypes['Ligação'], name: 'Ligação' },
      description: 'Ligar após as 14h',
      start_timestamp: '2030-05-10 14:30',
      is_registry: false,
      ended_scheduled: false,
      status: 'NotStarted',
      is_delayed: false,
      ended_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    });
    expect(isoNear(task.created_at)).toBe(true);
    expect(await readTask(task.id)).toEqual(task);
  });

  it('OPP-231 TaskCreated is logged with the task data, on the card and its contact, by the caller', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'gerente',
      w.centro,
      scheduled(card.id, { user_id: w.userIds.atendente, description: 'Confirmar visita' }),
    );
    const [entry, ...others] = await w.history(w.centro, card.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      type: 'TaskCreated',
      task_id: task.id,
      user: { id: w.userIds.gerente, name: 'Gustavo Gerente' },
      opportunity: { id: card.id },
    });
    expect(entry?.data).toEqual({
      id: task.id,
      type_name: 'Ligar',
      end_type_name: 'Ligação',
      status_name: 'NotStarted',
      description: 'Confirmar visita',
      start_timestamp: '2030-05-10 14:30:00',
    });
  });

  it('the responsible defaults to the caller; empty name and observation are saved as null', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'atendente',
      w.centro,
      scheduled(card.id, { name: '  ', description: '' }),
    );
    expect(task.user_id).toBe(w.userIds.atendente);
    expect(task.name).toBeNull();
    expect(task.description).toBeNull();
  });

  it('OPP-180 a registry is saved Completed at the current Brasília time, whatever time is sent, and logs TaskRegistry', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'atendente',
      w.centro,
      scheduled(card.id, { is_registry: true, start_timestamp: '2020-01-01 10:00' }),
    );
    expect(task.is_registry).toBe(true);
    expect(task.status).toBe('Completed');
    expect(task.ended_scheduled).toBe(false);
    expect(task.is_delayed).toBe(false);
    expect(minutesApart(task.start_timestamp, brasiliaNow())).toBeLessThanOrEqual(2);
    expect(isoNear(task.ended_at)).toBe(true);
    const [entry] = await w.history(w.centro, card.id);
    expect(entry?.type).toBe('TaskRegistry');
    expect(entry?.data).toMatchObject({ id: task.id, status_name: 'Completed', type_name: 'Ligar' });
    expect(String(entry?.data.start_timestamp)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(String(entry?.data.start_timestamp).slice(0, 16)).toBe(task.start_timestamp);
  });

  it('OPP-180 a registry needs no date; a schedule without one answers the Data message', async () => {
    const card = await w.card(w.centro);
    const { start_timestamp: _omit, ...noDate } = scheduled(card.id);
    const registry = await w.call('atendente', 'POST', w.centro.id, 'tasks', {
      ...noDate,
      is_registry: true,
    });
    expect(registry.statusCode).toBe(200);
    const schedule = await w.call('atendente', 'POST', w.centro.id, 'tasks', noDate);
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json()).toEqual({
      status: 400,
      message: MESSAGES.taskDateRequired,
      errors: [{ field: 'start_timestamp', description: MESSAGES.taskDateRequired }],
    });
    expect(await tasksOfCard(card.id)).toHaveLength(1);
  });

  it('OPP-173 required fields answer 400 naming the field: Ação, Forma de Atendimento, Data, Oportunidade', async () => {
    const card = await w.card(w.centro);
    const cases = [
      ['task_type_id', MESSAGES.taskTypeRequired],
      ['interaction_type_id', MESSAGES.interactionTypeRequired],
      ['start_timestamp', MESSAGES.taskDateRequired],
      ['parent_id', MESSAGES.opportunityRequired],
    ] as const;
    for (const [field, message] of cases) {
      const { [field]: _omit, ...body } = scheduled(card.id);
      const res = await w.call('admin', 'POST', w.centro.id, 'tasks', body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json(), field).toEqual({ status: 400, message, errors: [{ field, description: message }] });
    }
    expect(MESSAGES.taskTypeRequired).toContain('ação');
    expect(MESSAGES.interactionTypeRequired).toContain('forma de atendimento');
    expect(MESSAGES.taskDateRequired).toContain('data');
    expect(await tasksOfCard(card.id)).toEqual([]);
  });

  it('OPP-164 the observation takes up to 1000 characters', async () => {
    const card = await w.card(w.centro);
    const long = await w.call(
      'admin',
      'POST',
      w.centro.id,
      'tasks',
      scheduled(card.id, { description: 'x'.repeat(1001) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([
      { field: 'description', description: MESSAGES.taskDescriptionTooLong },
    ]);
    const max = await w.createTask('admin', w.centro, scheduled(card.id, { description: 'x'.repeat(1000) }));
    expect(max.description).toHaveLength(1000);
  });

  it('OPP-189 start_timestamp is YYYY-MM-DD HH:mm: other formats and impossible dates answer 400, seconds are dropped', async () => {
    const card = await w.card(w.centro);
    for (const bad of [
      '10/05/2030 14:30',
      '2030-05-10',
      '2030-13-01 10:00',
      '2030-02-30 10:00',
      '2030-05-10 24:00',
    ]) {
      const res = await w.call(
        'admin',
        'POST',
        w.centro.id,
        'tasks',
        scheduled(card.id, { start_timestamp: bad }),
      );
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().errors, bad).toEqual([
        { field: 'start_timestamp', description: MESSAGES.invalidDateTime },
      ]);
    }
    expect(await tasksOfCard(card.id)).toEqual([]);
    const task = await w.createTask(
      'admin',
      w.centro,
      scheduled(card.id, { start_timestamp: '2030-05-10T08:05:59' }),
    );
    expect(task.start_timestamp).toBe('2030-05-10 08:05');
  });

  it('fields the client may not set (status, ended_at, workspace) are refused, not ignored', async () => {
    const card = await w.card(w.centro);
    for (const field of ['status', 'ended_at', 'workspace_id']) {
      const res = await w.call(
        'admin',
        'POST',
        w.centro.id,
        'tasks',
        scheduled(card.id, { [field]: 'Completed' }),
      );
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors, field).toEqual([{ field, description: MESSAGES.unknownField(field) }]);
    }
    expect(await tasksOfCard(card.id)).toEqual([]);
  });

  it('a manager names any member of the workspace as responsible', async () => {
    const card = await w.card(w.centro, { userId: w.userIds.bruno });
    const task = await w.createTask('gerente', w.centro, scheduled(card.id, { user_id: w.userIds.bruno }));
    expect(task.user).toEqual({ id: w.userIds.bruno, name: 'Bruno Barros' });
  });

  it('a salesRep schedules for themself on their own card; naming someone else answers 403 and writes nothing', async () => {
    const card = await w.card(w.centro, { userId: w.userIds.atendente });
    const own = await w.createTask(
      'atendente',
      w.centro,
      scheduled(card.id, { user_id: w.userIds.atendente }),
    );
    expect(own.user_id).toBe(w.userIds.atendente);
    const other = await w.call(
      'atendente',
      'POST',
      w.centro.id,
      'tasks',
      scheduled(card.id, { user_id: w.userIds.bruno }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: 403, message: MESSAGES.responsibleNotChangeable });
    expect((await tasksOfCard(card.id)).map((t) => t.id)).toEqual([own.id]);
  });

  it("a salesRep cannot put a task on another rep's card (404)", async () => {
    const card = await w.card(w.centro, { userId: w.userIds.bruno });
    const res = await w.call('atendente', 'POST', w.centro.id, 'tasks', scheduled(card.id));
    expect(res.statusCode).toBe(404);
    expect(await tasksOfCard(card.id)).toEqual([]);
  });

  it('ids of another workspace or platform inside the body (parent_id, user_id, task_type_id, interaction_type_id) answer 404 and write nothing', async () => {
    const card = await w.card(w.centro);
    const northCard = await w.card(w.zonaNorte, { userId: w.userIds.carla });
    const rhCard = await w.card(w.recrutamento, { userId: null });
    const firstOf = (items: Record<string, number>) => Object.values(items)[0] as number;
    const cases: [string, object, string][] = [
      ['parent_id of Zona Norte', { parent_id: northCard.id }, MESSAGES.notFound],
      ['parent_id of another platform', { parent_id: rhCard.id }, MESSAGES.notFound],
      ['parent_id that does not exist', { parent_id: 2_000_000_000 }, MESSAGES.notFound],
      ['user_id of a Zona Norte member', { user_id: w.userIds.carla }, MESSAGES.responsibleNotFound],
      ['user_id of another platform', { user_id: w.userIds.rh }, MESSAGES.responsibleNotFound],
      [
        'task_type_id of Zona Norte',
        { task_type_id: w.zonaNorte.taskTypes.Ligar },
        MESSAGES.taskTypeNotFound,
      ],
      [
        'task_type_id of another platform',
        { task_type_id: firstOf(w.recrutamento.taskTypes) },
        MESSAGES.taskTypeNotFound,
      ],
      [
        'interaction_type_id of Zona Norte',
        { interaction_type_id: w.zonaNorte.interactionTypes['Ligação'] },
        MESSAGES.interactionTypeNotFound,
      ],
      [
        'interaction_type_id of another platform',
        { interaction_type_id: firstOf(w.recrutamento.interactionTypes) },
        MESSAGES.interactionTypeNotFound,
      ],
    ];
    for (const [label, override, message] of cases) {
      for (const registry of [false, true]) {
        const res = await w.call(
          'admin',
          'POST',
          w.centro.id,
          'tasks',
          scheduled(card.id, { ...override, is_registry: registry }),
        );
        expect(res.statusCode, label).toBe(404);
        expect(res.json(), label).toEqual({ status: 404, message });
      }
    }
    expect(await tasksOfCard(card.id)).toEqual([]);
    expect(await w.history(w.centro, card.id)).toEqual([]);
    const north = await w.call('carla', 'GET', w.zonaNorte.id, `tasks?parent_id=${northCard.id}`);
    expect(north.json().data).toEqual([]);
    expect(await w.history(w.zonaNorte, northCard.id)).toEqual([]);
  });
});

describe('updating a task', () => {
  it('OPP-184 OPP-240 PLAT-005 saving a completed schedule reopens it (Reabrir): NotStarted, ended_at cleared, TaskReopened logged', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'admin',
      w.centro,
      scheduled(card.id, { start_timestamp: '2020-03-01 09:00' }),
    );
    const ended = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.centro.interactionTypes.WhatsApp,
    });
    expect(ended.json()).toMatchObject({ status: 'Completed', ended_scheduled: true });
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
      ...scheduled(card.id, { start_timestamp: '2020-03-01 09:00' }),
      id: task.id,
      is_registry: false,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'NotStarted',
      ended_at: null,
      ended_scheduled: false,
      is_delayed: true,
      start_timestamp: '2020-03-01 09:00',
    });
    const types = (await w.history(w.centro, card.id)).map((e) => e.type);
    expect(types).toEqual(['TaskReopened', 'TaskClosed', 'TaskCreated']);
    const [reopened] = await w.history(w.centro, card.id);
    expect(reopened?.data).toEqual({
      id: task.id,
      type_name: 'Ligar',
      end_type_name: 'Ligação',
      status_name: 'NotStarted',
      description: null,
      start_timestamp: '2020-03-01 09:00:00',
    });
  });

  it('PLAT-005 a new time logs TaskRescheduled with the old and new time; a completed task moved in time logs both', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    const moved = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
      start_timestamp: '2030-06-01 08:00',
    });
    expect(moved.json()).toMatchObject({ start_timestamp: '2030-06-01 08:00', status: 'NotStarted' });
    const [rescheduled] = await w.history(w.centro, card.id);
    expect(rescheduled?.type).toBe('TaskRescheduled');
    expect(rescheduled?.data).toMatchObject({
      id: task.id,
      status_name: 'NotStarted',
      start_timestamp: '2030-06-01 08:00:00',
      from_start_timestamp: '2030-05-10 14:30:00',
      to_start_timestamp: '2030-06-01 08:00:00',
    });
    await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.centro.interactionTypes.Visita,
    });
    await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, { start_timestamp: '2030-07-01 08:00' });
    const types = (await w.history(w.centro, card.id)).map((e) => e.type);
    expect(types.slice(0, 3).sort()).toEqual(['TaskClosed', 'TaskReopened', 'TaskRescheduled']);
  });

  it('other edits of an open schedule change the task and its updated_at, and log nothing', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
      name: 'Retorno',
      description: 'Levar material',
      user_id: w.userIds.bruno,
      task_type_id: w.centro.taskTypes['Enviar mensagem'],
      interaction_type_id: w.centro.interactionTypes.WhatsApp,
      start_timestamp: '2030-05-10 14:30',
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json() as Task;
    expect(updated).toMatchObject({
      name: 'Retorno',
      description: 'Levar material',
      user: { id: w.userIds.bruno, name: 'Bruno Barros' },
      task_type: { id: w.centro.taskTypes['Enviar mensagem'], name: 'Enviar mensagem' },
      interaction_type: { id: w.centro.interactionTypes.WhatsApp, name: 'WhatsApp' },
      start_timestamp: '2030-05-10 14:30',
      status: 'NotStarted',
      created_at: task.created_at,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(task.updated_at));
    expect((await w.history(w.centro, card.id)).map((e) => e.type)).toEqual(['TaskCreated']);
    expect(await readTask(task.id)).toEqual(updated);
  });

  it('OPP-181 the registry flag cannot change either way (400); sending the same value is fine', async () => {
    const card = await w.card(w.centro);
    const schedule = await w.createTask('admin', w.centro, scheduled(card.id));
    const registry = await w.createTask('admin', w.centro, scheduled(card.id, { is_registry: true }));
    for (const [task, flag] of [
      [schedule, true],
      [registry, false],
    ] as const) {
      const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
        is_registry: flag,
        name: 'Mudou',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: MESSAGES.registryFlagLocked,
        errors: [{ field: 'is_registry', description: MESSAGES.registryFlagLocked }],
      });
      expect((await readTask(task.id)).name).toBeNull();
    }
    const same = await w.call('admin', 'PUT', w.centro.id, `tasks/${registry.id}`, {
      is_registry: true,
      name: 'Ok',
    });
    expect(same.json()).toMatchObject({ is_registry: true, name: 'Ok' });
  });

  it('a registry keeps its status and its time when edited, and logs nothing', async () => {
    const card = await w.card(w.centro);
    const registry = await w.createTask('admin', w.centro, scheduled(card.id, { is_registry: true }));
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${registry.id}`, {
      description: 'Cliente pediu retorno',
      start_timestamp: '2031-01-01 10:00',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'Completed',
      ended_at: registry.ended_at,
      start_timestamp: registry.start_timestamp,
      description: 'Cliente pediu retorno',
    });
    // The registry was the card's first answer (its OpportunityTma); editing it adds nothing.
    expect((await w.history(w.centro, card.id)).map((e) => e.type)).toEqual([
      'TaskRegistry',
      'OpportunityTma',
    ]);
  });

  it('the body id must be the path id (400)', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
      id: task.id + 1,
      name: 'Outro',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: MESSAGES.idMismatch,
      errors: [{ field: 'id', description: MESSAGES.idMismatch }],
    });
    const end = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      id: task.id + 1,
      interaction_type_id: w.centro.interactionTypes.Visita,
    });
    expect(end.statusCode).toBe(400);
    expect((await readTask(task.id)).status).toBe('NotStarted');
  });

  it('moving a task to another card checks that card like a create: of this workspace and, for a salesRep, their own', async () => {
    const mine = await w.card(w.centro, { userId: w.userIds.atendente });
    const alsoMine = await w.card(w.centro, { userId: w.userIds.atendente, name: 'Outro card' });
    const brunos = await w.card(w.centro, { userId: w.userIds.bruno });
    const north = await w.card(w.zonaNorte, { userId: w.userIds.atendente });
    const task = await w.createTask('atendente', w.centro, scheduled(mine.id));
    const toBruno = await w.call('atendente', 'PUT', w.centro.id, `tasks/${task.id}`, {
      parent_id: brunos.id,
    });
    expect(toBruno.statusCode).toBe(404);
    const toNorth = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, { parent_id: north.id });
    expect(toNorth.statusCode).toBe(404);
    expect((await readTask(task.id)).parent_id).toBe(mine.id);
    const moved = await w.call('atendente', 'PUT', w.centro.id, `tasks/${task.id}`, {
      parent_id: alsoMine.id,
    });
    expect(moved.json()).toMatchObject({
      parent_id: alsoMine.id,
      opportunity: { id: alsoMine.id, name: 'Outro card' },
    });
  });

  it('ids of another tenant inside an update body answer 404 and leave the task as it was', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    const overrides = [
      { user_id: w.userIds.carla },
      { user_id: w.userIds.rh },
      { task_type_id: w.zonaNorte.taskTypes.Ligar },
      { interaction_type_id: w.zonaNorte.interactionTypes['Ligação'] },
    ];
    for (const override of overrides) {
      const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, {
        ...override,
        name: 'Alterada',
      });
      expect(res.statusCode, JSON.stringify(override)).toBe(404);
    }
    expect(await readTask(task.id)).toEqual(task);
  });

  it('a salesRep cannot hand their task to someone else (403); the card keeps its own assign action', async () => {
    const card = await w.card(w.centro, { userId: w.userIds.atendente });
    const task = await w.createTask('atendente', w.centro, scheduled(card.id));
    const res = await w.call('atendente', 'PUT', w.centro.id, `tasks/${task.id}`, {
      user_id: w.userIds.gerente,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.responsibleNotChangeable);
    expect((await readTask(task.id)).user_id).toBe(w.userIds.atendente);
  });

  it("a salesRep reads and acts only on their own tasks: another person's answers 404 and stays as it was", async () => {
    const card = await w.card(w.centro, { userId: w.userIds.atendente });
    const task = await w.createTask('admin', w.centro, scheduled(card.id, { user_id: w.userIds.gerente }));
    const attempts = [
      ['GET', `tasks/${task.id}`, undefined],
      ['PUT', `tasks/${task.id}`, { name: 'Minha' }],
      ['PUT', `tasks/${task.id}/end`, { interaction_type_id: w.centro.interactionTypes.Visita }],
      ['DELETE', `tasks/${task.id}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await w.call('atendente', method, w.centro.id, path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await readTask(task.id)).toEqual(task);
  });
});

describe('ending a task', () => {
  it('OPP-182 OPP-183 PLAT-005 ending sets Completed, ended_at by the server clock, the interaction type, late when past its time; TaskClosed logged', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'atendente',
      w.centro,
      scheduled(card.id, { start_timestamp: '2020-02-03 10:00' }),
    );
    expect(task.is_delayed).toBe(true);
    const res = await w.call('atendente', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      id: task.id,
      status: 'Completed',
      ended_at: '2000-01-01T00:00:00.000Z',
      interaction_type_id: w.centro.interactionTypes.Visita,
    });
    expect(res.statusCode).toBe(200);
    const ended = res.json() as Task;
    expect(ended).toMatchObject({
      status: 'Completed',
      ended_scheduled: true,
      is_delayed: false,
      interaction_type: { id: w.centro.interactionTypes.Visita, name: 'Visita' },
    });
    expect(isoNear(ended.ended_at)).toBe(true);
    const [closed] = await w.history(w.centro, card.id);
    expect(closed).toMatchObject({ type: 'TaskClosed', task_id: task.id, user: { id: w.userIds.atendente } });
    expect(closed?.data).toEqual({
      id: task.id,
      type_name: 'Ligar',
      end_type_name: 'Visita',
      status_name: 'Completed',
      description: null,
      start_timestamp: '2020-02-03 10:00:00',
    });
  });

  it('a task ended before its time is not late (ended_scheduled false)', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask(
      'admin',
      w.centro,
      scheduled(card.id, { start_timestamp: '2099-12-31 23:00' }),
    );
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.centro.interactionTypes['E-mail'],
    });
    expect(res.json()).toMatchObject({ status: 'Completed', ended_scheduled: false });
  });

  it('a registry cannot be ended, nor a completed task ended again (400)', async () => {
    const card = await w.card(w.centro);
    const registry = await w.createTask('admin', w.centro, scheduled(card.id, { is_registry: true }));
    const body = { interaction_type_id: w.centro.interactionTypes.Visita };
    const res = await w.call('admin', 'PUT', w.centro.id, `tasks/${registry.id}/end`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: MESSAGES.registryNotEndable });
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    expect((await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, body)).statusCode).toBe(200);
    const again = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ status: 400, message: MESSAGES.taskAlreadyCompleted });
    const types = (await w.history(w.centro, card.id)).map((e) => e.type);
    expect(types.filter((type) => type === 'TaskClosed')).toHaveLength(1);
  });

  it('ending needs a Forma de Atendimento of this workspace', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('admin', w.centro, scheduled(card.id));
    const missing = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'interaction_type_id', description: MESSAGES.interactionTypeRequired },
    ]);
    const foreign = await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.zonaNorte.interactionTypes.Visita,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(MESSAGES.interactionTypeNotFound);
    expect(await readTask(task.id)).toEqual(task);
  });
});

describe('deleting a task', () => {
  it('OPP-190 DELETE answers the deleted message, the task is gone and TaskDeleted keeps its data and id', async () => {
    const card = await w.card(w.centro);
    const task = await w.createTask('atendente', w.centro, scheduled(card.id, { description: 'Ver bolsa' }));
    const res = await w.call('atendente', 'DELETE', w.centro.id, `tasks/${task.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MESSAGES.taskDeleted });
    expect((await w.call('admin', 'GET', w.centro.id, `tasks/${task.id}`)).statusCode).toBe(404);
    expect(await tasksOfCard(card.id)).toEqual([]);
    const [deleted] = await w.history(w.centro, card.id);
    expect(deleted).toMatchObject({
      type: 'TaskDeleted',
      task_id: task.id,
      user: { id: w.userIds.atendente },
    });
    expect(deleted?.data).toEqual({
      id: task.id,
      type_name: 'Ligar',
      end_type_name: 'Ligação',
      status_name: 'NotStarted',
      description: 'Ver bolsa',
      start_timestamp: '2030-05-10 14:30:00',
    });
    expect((await w.call('atendente', 'DELETE', w.centro.id, `tasks/${task.id}`)).statusCode).toBe(404);
  });

  it('deleting a registry logs TaskRegistryDeleted', async () => {
    const card = await w.card(w.centro);
    const registry = await w.createTask('admin', w.centro, scheduled(card.id, { is_registry: true }));
    await w.call('admin', 'DELETE', w.centro.id, `tasks/${registry.id}`);
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'TaskRegistryDeleted',
      task_id: registry.id,
      data: { status_name: 'Completed' },
    });
  });
});

describe('the card of a task', () => {
  it('creating, editing, ending and deleting its tasks leave the card as it was', async () => {
    const card = await w.card(w.centro);
    const cardRow = async () => {
      const result = await w.t.database.db.execute(
        sql`select updated_at::text as updated_at, user_id from opportunities where id = ${card.id}`,
      );
      return (result as unknown as { rows: unknown[] }).rows[0];
    };
    const before = await cardRow();
    const task = await w.createTask('admin', w.centro, scheduled(card.id, { user_id: w.userIds.bruno }));
    await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}`, { start_timestamp: '2030-08-01 10:00' });
    await w.call('admin', 'PUT', w.centro.id, `tasks/${task.id}/end`, {
      interaction_type_id: w.centro.interactionTypes.Visita,
    });
    await w.call('admin', 'DELETE', w.centro.id, `tasks/${task.id}`);
    expect((await w.history(w.centro, card.id)).map((e) => e.type)).toEqual([
      'TaskDeleted',
      'TaskClosed',
      'TaskRescheduled',
      'TaskCreated',
    ]);
    expect(await cardRow()).toEqual(before);
  });
});

describe('tasks of another tenant by id', () => {
  it('OPP-190 a task id of another workspace or platform answers 404 on every task route and nothing changes', async () => {
    const northCard = await w.card(w.zonaNorte, { userId: w.userIds.carla });
    const north = await w.createTask('carla', w.zonaNorte, {
      parent_id: northCard.id,
      name: 'Tarefa Norte',
      task_type_id: w.zonaNorte.taskTypes.Ligar,
      interaction_type_id: w.zonaNorte.interactionTypes['Ligação'],
      start_timestamp: '2030-01-01 09:00',
    });
    const attempts = [
      ['GET', `tasks/${north.id}`, undefined],
      ['PUT', `tasks/${north.id}`, { name: 'Invadida' }],
      ['PUT', `tasks/${north.id}/end`, { interaction_type_id: w.centro.interactionTypes.Visita }],
      ['DELETE', `tasks/${north.id}`, undefined],
    ] as const;
    for (const [method, path, body] of attempts) {
      const fromCentro = await w.call('admin', method, w.centro.id, path, body);
      expect(fromCentro.statusCode, `${method} ${path}`).toBe(404);
      expect(fromCentro.body).not.toContain('Tarefa Norte');
      const fromRh = await w.call('rh', method, w.recrutamento.id, path, body);
      expect(fromRh.statusCode, `${method} ${path} (rh)`).toBe(404);
    }
    const after = await w.call('carla', 'GET', w.zonaNorte.id, `tasks/${north.id}`);
    expect(after.json()).toEqual(north);
    expect((await w.history(w.zonaNorte, northCard.id)).map((e) => e.type)).toEqual(['TaskCreated']);
  });
});
