import { SANDBOX_BOT } from '@vendaval/core/messages';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import type { Task } from '@vendaval/core/schemas/tasks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld } from '../../../test/factories/chat.ts';
import { brasiliaNow } from '../../../test/factories/tasks.ts';

// decisions.md §13: a task is InProgress while a call or a room linked to it is on. A call or a room links the
// rep's open tasks on the card that are due by the end of that day.
let w: ChatWorld;
let bot: number;
beforeAll(async () => {
  w = await chatWorld();
  bot = await w.botId(w.centro);
});
afterAll(() => w.t.close());

const ok = async <T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
};
const post = (who: Person, path: string, payload?: object) => w.call(who, 'POST', w.centro, path, payload);

/** A day's wall-clock time relative to today in Brasília, 'YYYY-MM-DD HH:mm'. */
function day(offsetDays: number, time = '08:00') {
  const today = brasiliaNow().slice(0, 10);
  const date = new Date(Date.parse(`${today}T00:00:00Z`) + offsetDays * 86_400_000);
  return `${date.toISOString().slice(0, 10)} ${time}`;
}

async function taskOn(card: Card, who: Person, start: string, registry = false) {
  const taskType = await w.item(w.centro, 'task-types', 'Ligar');
  const interaction = await w.item(w.centro, 'interaction-types', 'Ligação');
  const task = await ok<Task>(
    post(who, 'tasks', {
      parent_id: card.id,
      parent_type: 'Opportunity',
      user_id: w.user[who],
      task_type_id: taskType.id,
      interaction_type_id: interaction.id,
      start_timestamp: start,
      ...(registry ? { is_registry: true } : {}),
    }),
  );
  return task.id;
}
const statusOf = async (id: number) =>
  (await ok<Task>(w.call('admin', 'GET', w.centro, `tasks/${id}`))).status;

/** A call to a number that never answers, so it stays on until it is ended. */
const callCard = (card: Card, who: Person) =>
  ok<OpportunityCall>(
    post(who, 'opportunity-calls', {
      opportunity_id: card.id,
      user_id: w.user[who],
      phone_number: `1199${String(Date.now()).slice(-6)}9`,
    }),
  );
const endCall = (call: OpportunityCall, who: Person) => ok(post(who, `opportunity-calls/${call.id}/end`));

async function openRoom(card: Card, who: Person) {
  const room = await ok<{ data: { id: number } }>(
    post(who, 'dialogs', {
      bot_id: bot,
      bot_name: SANDBOX_BOT.name,
      opportunity_id: card.id,
      message: 'Olá! Aqui é da escola.',
      keep_bot_on_dialog: false,
    }),
  );
  await w.sent();
  return room.data.id;
}

describe('tasks held InProgress by a call or a room (decisions.md §13)', () => {
  it('OPP-187 a call on the card holds the rep’s tasks due by today InProgress until it ends', async () => {
    const card = await w.create('atendente', w.centro, { user_id: w.user.atendente });
    const overdue = await taskOn(card, 'atendente', day(-2));
    const today = await taskOn(card, 'atendente', day(0, '23:30'));
    const tomorrow = await taskOn(card, 'atendente', day(1));
    const registry = await taskOn(card, 'atendente', day(0, '00:01'), true);
    const another = await taskOn(card, 'admin', day(0, '00:01'));

    const call = await callCard(card, 'atendente');
    expect(await statusOf(overdue)).toBe('InProgress');
    expect(await statusOf(today)).toBe('InProgress');
    expect(await statusOf(tomorrow)).toBe('NotStarted');
    expect(await statusOf(registry)).toBe('Completed');
    expect(await statusOf(another)).toBe('NotStarted');
    expect(
      w.published.some(
        (e) =>
          e.type === 'task.updated' &&
          (e.data.task as Task).id === today &&
          (e.data.task as Task).status === 'InProgress',
      ),
    ).toBe(true);

    await endCall(call, 'atendente');
    expect(await statusOf(overdue)).toBe('NotStarted');
    expect(await statusOf(today)).toBe('NotStarted');
  });

  it('OPP-187 a task completed during the call stays Completed when the call ends; an edit keeps InProgress', async () => {
    const card = await w.create('atendente', w.centro, { user_id: w.user.atendente });
    const done = await taskOn(card, 'atendente', day(0, '00:05'));
    const edited = await taskOn(card, 'atendente', day(0, '00:10'));
    const call = await callCard(card, 'atendente');
    const interaction = await w.item(w.centro, 'interaction-types', 'Ligação');
    await ok(
      w.call('atendente', 'PUT', w.centro, `tasks/${done}/end`, {
        id: done,
        interaction_type_id: interaction.id,
      }),
    );
    await ok(w.call('atendente', 'PUT', w.centro, `tasks/${edited}`, { id: edited, name: 'Ligar de novo' }));
    expect(await statusOf(done)).toBe('Completed');
    expect(await statusOf(edited)).toBe('InProgress');
    await endCall(call, 'atendente');
    expect(await statusOf(done)).toBe('Completed');
    expect(await statusOf(edited)).toBe('NotStarted');
  });

  it('OPP-187 an open room holds its rep’s tasks until it closes, and a call ending leaves them to the room', async () => {
    const card = await w.create('atendente', w.centro, { user_id: w.user.atendente });
    const task = await taskOn(card, 'atendente', day(0, '00:05'));
    const room = await openRoom(card, 'atendente');
    expect(await statusOf(task)).toBe('InProgress');

    const call = await callCard(card, 'atendente');
    await endCall(call, 'atendente');
    expect(await statusOf(task)).toBe('InProgress');

    await ok(post('atendente', `dialogs/${room}/close`));
    expect(await statusOf(task)).toBe('NotStarted');
  });
});
