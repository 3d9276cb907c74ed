import { MESSAGES } from '@vendaval/core/messages';
import type { OpportunityBatch } from '@vendaval/core/schemas/opportunity-batches';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import type { DomainEvent } from '../../infra/events.ts';
import type { CardEvents } from '../opportunities/opportunities.events.ts';

/** Small pages, so a few cards already take the job through several. */
const PAGE_SIZE = 2;
let w: World;
let northStage: number;
const published: DomainEvent[] = [];
const assigned: CardEvents['card.assigned'][] = [];
beforeAll(async () => {
  w = await cardsWorld({ config: { cardBatchPageSize: PAGE_SIZE } });
  northStage = (await w.stage(w.zonaNorte, 'InProgress')).id;
  w.t.app.deps.events.subscribe(async (_tx, event) => void published.push(event));
  w.t.app.deps.events.on('card.assigned', async (_tx, event) => void assigned.push(event));
});
afterAll(() => w.t.close());

const start = (who: Person, action: 'assign' | 'transfer', payload: object, workspaceId = w.centro) =>
  w.call(who, 'POST', workspaceId, `opportunities/batch-jobs/${action}`, payload);
const progress = (who: Person, id: string, workspaceId = w.centro) =>
  w.call(who, 'GET', workspaceId, `opportunities/batch-jobs/${id}`);

/** Starts a batch and polls it until its job has finished. */
async function ran(who: Person, action: 'assign' | 'transfer', payload: object): Promise<OpportunityBatch> {
  const started = await start(who, action, payload);
  expect(started.statusCode, started.body).toBe(200);
  const { id } = started.json() as OpportunityBatch;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const body = (await progress(who, id)).json() as OpportunityBatch;
    if (body.status === 'done' || body.status === 'failed') return body;
    if (Date.now() > deadline) throw new Error(`batch ${id} still ${body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const createMany = async (count: number, who: Person = 'admin', payload: Record<string, unknown> = {}) => {
  const cards: Card[] = [];
  for (let i = 0; i < count; i++) cards.push(await w.create(who, w.centro, payload));
  return cards;
};
const named = (name: string) => ({ contact: { name, phone_number: w.phone() } });
const toNorth = (extra: Record<string, unknown> = {}) => ({
  workspace_id: w.zonaNorte,
  sales_stage_id: northStage,
  ...extra,
});
const ofCards = (events: DomainEvent[], type: string, ids: number[]) =>
  events.filter((e) => e.type === type && ids.includes(e.data.opportunity_id as number));

describe('POST /opportunities/batch-jobs/assign', () => {
  it('PLAT-242 a list of ids: each card to the member, its history entry and its card.assigned', async () => {
    const cards = await createMany(3, 'admin', { user_id: w.user.admin });
    const ids = cards.map((c) => c.id);
    const batch = await ran('admin', 'assign', { user_id: w.user.bruno, opportunity_ids: [...ids, ids[0]] });
    expect(batch).toMatchObject({ action: 'assign', status: 'done', total: 3, processed: 3, changed: 3 });
    expect(batch.skipped).toBe(0);
    for (const card of cards) {
      expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.bruno);
      expect((await w.history(w.centro, card.id))[0]).toMatchObject({ type: 'OpportunityUserUpdated' });
      expect(assigned.filter((e) => e.card.id === card.id)).toMatchObject([
        {
          userId: w.user.bruno,
          byUserId: w.user.admin,
          transferred: false,
          scope: { workspaceId: w.centro },
        },
      ]);
    }
    expect(ofCards(published, 'opportunity.updated', ids)).toHaveLength(3);
  });

  it('a filter: the job pages through every card it picks, more than a page, and only those', async () => {
    const picked = await createMany(2 * PAGE_SIZE + 1, 'admin', named('Lote Filtro Atribuir'));
    const other = await w.create('admin', w.centro, named('Fora do Lote'));
    const batch = await ran('admin', 'assign', {
      user_id: w.user.gerente,
      filter: { search: 'Lote Filtro Atribuir' },
    });
    expect(batch).toMatchObject({ status: 'done', total: picked.length, processed: picked.length });
    expect(batch.changed).toBe(picked.length);
    for (const card of [picked[0], picked.at(-1)] as Card[]) {
      expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.gerente);
    }
    expect((await w.card(w.centro, other.id)).user_id).toBe(other.user_id);
  });

  it('PLAT-242 a salesRep hands over only their own cards, like one by one', async () => {
    const own = await w.create('atendente', w.centro, named('Lote Vendedor'));
    const colleague = await w.create('admin', w.centro, { ...named('Lote Vendedor'), user_id: w.user.bruno });
    expect(
      (await start('atendente', 'assign', { user_id: w.user.bruno, opportunity_ids: [colleague.id] }))
        .statusCode,
    ).toBe(404);
    const batch = await ran('atendente', 'assign', {
      user_id: w.user.gerente,
      filter: { search: 'Lote Vendedor' },
    });
    expect(batch).toMatchObject({ status: 'done', total: 1, changed: 1 });
    expect((await w.card(w.centro, own.id)).user_id).toBe(w.user.gerente);
    expect((await w.card(w.centro, colleague.id)).user_id).toBe(w.user.bruno);
  });
});

describe('POST /opportunities/batch-jobs/transfer', () => {
  it('PLAT-242 OPP-117 a list of ids: each card moves with its history entry and its events in both workspaces', async () => {
    const cards = await createMany(3);
    const ids = cards.map((c) => c.id);
    const batch = await ran('admin', 'transfer', toNorth({ user_id: w.user.carla, opportunity_ids: ids }));
    expect(batch).toMatchObject({ action: 'transfer', status: 'done', total: 3, changed: 3, skipped: 0 });
    for (const card of cards) {
      expect(await w.card(w.zonaNorte, card.id)).toMatchObject({
        workspace_id: w.zonaNorte,
        sales_stage_id: northStage,
        user_id: w.user.carla,
      });
      expect((await w.history(w.zonaNorte, card.id))[0]?.type).toBe('OpportunityTransferred');
      expect(assigned.filter((e) => e.card.id === card.id)).toMatchObject([
        { userId: w.user.carla, transferred: true, scope: { workspaceId: w.zonaNorte } },
      ]);
    }
    const moved = ofCards(published, 'opportunity.transferred', ids);
    expect(moved.filter((e) => e.workspaceId === w.centro)).toHaveLength(3);
    expect(moved.filter((e) => e.workspaceId === w.zonaNorte)).toHaveLength(3);
    expect((await w.call('admin', 'GET', w.centro, `opportunities/${ids[0]}`)).statusCode).toBe(404);
  });

  it('a filter with keep_user_id: open cards move keeping their responsible, a closed one is skipped and counted', async () => {
    const open = await createMany(2, 'admin', { ...named('Lote Filtro Transferir'), user_id: w.user.admin });
    const [closed] = await createMany(1, 'admin', named('Lote Filtro Transferir'));
    if (!closed) throw new Error('no card');
    await w.addTask(w.centro, closed.id);
    const reason = await w.item(w.centro, 'objections', 'Preço');
    await w.call('admin', 'PUT', w.centro, `opportunities/${closed.id}/close`, {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    const batch = await ran(
      'admin',
      'transfer',
      toNorth({ keep_user_id: true, filter: { search: 'Lote Filtro Transferir' } }),
    );
    expect(batch).toMatchObject({ status: 'done', total: 3, processed: 3, changed: 2, skipped: 1 });
    for (const card of open) {
      expect(await w.card(w.zonaNorte, card.id)).toMatchObject({
        workspace_id: w.zonaNorte,
        user_id: w.user.admin,
      });
    }
    expect((await w.card(w.centro, closed.id)).workspace_id).toBe(w.centro);
  });

  it('PLAT-242 roles and checks answer before anything starts: salesRep 403, foreign ids 404', async () => {
    const card = await w.create('admin', w.centro);
    const north = await w.create('admin', w.zonaNorte);
    const rh = await w.create('rh', w.recrutamento);
    expect((await start('atendente', 'transfer', toNorth({ opportunity_ids: [card.id] }))).statusCode).toBe(
      403,
    );
    for (const foreign of [north.id, rh.id]) {
      const res = await start('admin', 'transfer', toNorth({ opportunity_ids: [card.id, foreign] }));
      expect(res.statusCode).toBe(404);
      expect(
        (await start('admin', 'assign', { user_id: w.user.bruno, opportunity_ids: [foreign] })).statusCode,
      ).toBe(404);
    }
    expect(
      (await start('admin', 'assign', { user_id: w.user.rh, opportunity_ids: [card.id] })).statusCode,
    ).toBe(404);
    expect(
      (
        await start(
          'admin',
          'transfer',
          toNorth({ workspace_id: w.recrutamento, opportunity_ids: [card.id] }),
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await start('admin', 'transfer', toNorth({ sales_stage_id: undefined, opportunity_ids: [card.id] })))
        .statusCode,
    ).toBe(400);
    expect((await w.card(w.centro, card.id)).workspace_id).toBe(w.centro);
  });

  it('exactly one of ids and filter is named', async () => {
    const card = await w.create('admin', w.centro);
    const message = MESSAGES.cardBatchSelectionRequired;
    for (const selection of [{}, { opportunity_ids: [card.id], filter: {} }]) {
      const res = await start('admin', 'assign', { user_id: w.user.bruno, ...selection });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        errors: [{ field: 'opportunity_ids', description: message }],
      });
    }
  });
});

describe('GET /opportunities/batch-jobs/:id', () => {
  it("only its starter reads a batch's progress; another workspace or platform gets 404", async () => {
    const card = await w.create('admin', w.centro);
    const batch = await ran('admin', 'assign', { user_id: w.user.bruno, opportunity_ids: [card.id] });
    expect((await progress('admin', batch.id)).statusCode).toBe(200);
    expect((await progress('gerente', batch.id)).statusCode).toBe(404);
    expect((await progress('admin', batch.id, w.zonaNorte)).statusCode).toBe(404);
    expect((await progress('rh', batch.id, w.recrutamento)).statusCode).toBe(404);
  });
});
