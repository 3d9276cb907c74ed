import { SANDBOX_BOT } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card, Person } from '../../../test/factories/cards.ts';
import { type ChatWorld, chatWorld } from '../../../test/factories/chat.ts';

// The response time (TMA, opportunities.md §3 "Timing", §4.6): the seconds from a card's arrival to the first
// answer a person of the team gives it, kept on the card with its 'OpportunityTma' history entry.

let w: ChatWorld;
let bot: number;
let taskTypeId: number;
let interactionTypeId: number;
beforeAll(async () => {
  w = await chatWorld();
  bot = await w.botId(w.centro);
  const first = async (path: string) => {
    const res = await w.call('admin', 'GET', w.centro, `${path}?limit=500`);
    return (res.json().data as { id: number }[])[0]?.id as number;
  };
  taskTypeId = await first('task-types');
  interactionTypeId = await first('interaction-types');
});
afterAll(() => w.t.close());

/** A new card of the attendant's that came in `secondsAgo` seconds ago. */
async function cardFrom(secondsAgo: number, who: Person = 'atendente') {
  const card = await w.create(who, w.centro, { user_id: w.user[who] });
  await w.t.database.db.execute(
    sql`update opportunities set created_at = now() - make_interval(secs => ${secondsAgo}) where id = ${card.id}`,
  );
  return card;
}
const createdAt = async (card: Card) => Date.parse((await w.card(w.centro, card.id)).created_at as string);
const tmaOf = async (card: Card) => (await w.card(w.centro, card.id)).tma as number | null;
const tmaEntries = async (card: Card) =>
  (await w.history(w.centro, card.id)).filter((e) => e.type === 'OpportunityTma');

async function openRoom(who: Person, card: Card) {
  const res = await w.call(who, 'POST', w.centro, 'dialogs', {
    bot_id: bot,
    bot_name: SANDBOX_BOT.name,
    opportunity_id: card.id,
    message: 'Olá! Aqui é da escola.',
    keep_bot_on_dialog: false,
  });
  expect(res.statusCode, res.body).toBe(200);
  await w.sent();
  return res.json().data.id as number;
}
const registry = (who: Person, card: Card, extra: Record<string, unknown> = {}) =>
  w.call(who, 'POST', w.centro, 'tasks', {
    parent_id: card.id,
    task_type_id: taskTypeId,
    interaction_type_id: interactionTypeId,
    is_registry: true,
    ...extra,
  });

describe('the response time of a new lead', () => {
  it('OPP-156 OPP-232 an attendant’s first chat message stores tma (seconds since the card came in) and its OpportunityTma entry', async () => {
    const card = await cardFrom(700);
    expect(await tmaOf(card)).toBeNull();
    await openRoom('atendente', card);
    const tma = await tmaOf(card);
    expect(tma).toBeGreaterThanOrEqual(700);
    expect(tma).toBeLessThan(700 + 120);
    const [entry, ...more] = await tmaEntries(card);
    expect(more).toEqual([]);
    expect(entry?.data).toEqual({ tma, opportunity_created_at: Math.floor((await createdAt(card)) / 1000) });
    expect(entry?.user?.id).toBe(w.user.atendente);
  });

  it('OPP-232 only the first answer counts: later messages, registries and calls change neither tma nor the history', async () => {
    const card = await cardFrom(60);
    const room = await openRoom('atendente', card);
    const tma = await tmaOf(card);
    const again = await w.call('atendente', 'POST', w.centro, `dialogs/${room}/messages`, {
      dialog_id: room,
      message_object: { message: 'Conseguiu ver a proposta?' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await registry('atendente', card)).statusCode).toBe(200);
    const call = await w.call('atendente', 'POST', w.centro, `opportunities/${card.id}/calls`, {
      duration_seconds: 90,
    });
    expect(call.statusCode, call.body).toBe(200);
    expect(await tmaOf(card)).toBe(tma);
    expect(await tmaEntries(card)).toHaveLength(1);
  });

  it('OPP-232 a registry task is an answer; a scheduled task is not', async () => {
    const card = await cardFrom(1900);
    const scheduled = await registry('atendente', card, {
      is_registry: false,
      start_timestamp: '2031-01-10 10:00',
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await tmaOf(card)).toBeNull();
    const done = await registry('atendente', card);
    expect(done.statusCode, done.body).toBe(200);
    expect(await tmaOf(card)).toBeGreaterThanOrEqual(1900);
    expect(await tmaEntries(card)).toHaveLength(1);
  });

  it('decisions §4 a call answered (over 15 s) is an answer; an attempt of 15 s is not', async () => {
    const card = await cardFrom(300);
    const call = (duration_seconds: number) =>
      w.call('atendente', 'POST', w.centro, `opportunities/${card.id}/calls`, { duration_seconds });
    expect((await call(15)).statusCode).toBe(200);
    expect(await tmaOf(card)).toBeNull();
    const answered = await call(16);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().tma).toBeGreaterThanOrEqual(300);
    expect(await tmaEntries(card)).toHaveLength(1);
  });

  it('OPP-158 a recreated card counts its new response time from the recreation', async () => {
    const card = await cardFrom(5000);
    await w.t.database.db.execute(
      sql`update opportunities set recreated_at = now() - interval '100 seconds' where id = ${card.id}`,
    );
    expect((await registry('atendente', card)).statusCode).toBe(200);
    const tma = await tmaOf(card);
    expect(tma).toBeGreaterThanOrEqual(100);
    expect(tma).toBeLessThan(100 + 120);
    const recreatedAt = Date.parse((await w.card(w.centro, card.id)).recreated_at as string);
    expect((await tmaEntries(card))[0]?.data.opportunity_created_at).toBe(Math.floor(recreatedAt / 1000));
  });

  it('a closed card keeps no response time from a late answer', async () => {
    const card = await cardFrom(60);
    await w.t.database.db.execute(sql`update opportunities set state_type = 'Lost' where id = ${card.id}`);
    expect((await registry('atendente', card)).statusCode).toBe(200);
    expect(await tmaOf(card)).toBeNull();
    expect(await tmaEntries(card)).toEqual([]);
  });

  it('OPP-156 the card’s response time reaches the board’s list', async () => {
    const card = await cardFrom(2000);
    await openRoom('atendente', card);
    const board = await w.call('admin', 'GET', w.centro, `opportunities?limit=500&search=%23${card.id}`);
    expect(board.statusCode, board.body).toBe(200);
    const row = (board.json().data as { id: number; tma: number | null }[]).find((c) => c.id === card.id);
    expect(row?.tma).toBeGreaterThanOrEqual(2000);
  });
});
