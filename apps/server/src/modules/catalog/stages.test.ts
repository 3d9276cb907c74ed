import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

const ids = (stages: { id: number }[]) => stages.map((s) => s.id);
const logs = async (workspaceId: number, limit: number) =>
  (await w.call('admin', 'GET', workspaceId, `logs?limit=${limit}`)).json().data as {
    type: string;
    data: Record<string, unknown>;
  }[];

describe('pipeline management: adding, renaming, recolouring', () => {
  it('PLAT-266 PLAT-080 an admin adds a stage at the end, renames and recolours it, each logged', async () => {
    const before = await w.stages(w.centro);
    const added = await w.call('admin', 'POST', w.centro, 'sales-stages', {
      name: '  Matrícula pendente ',
      color: 'A1B2C3',
      type: 'Default',
    });
    expect(added.statusCode).toBe(200);
    const stage = added.json();
    expect(stage).toEqual({
      id: expect.any(Number),
      name: 'Matrícula pendente',
      color: 'a1b2c3',
      type: 'Default',
      display_order: Math.max(...before.map((s) => s.display_order)) + 1,
    });
    expect(ids(await w.stages(w.centro))).toEqual([...ids(before), stage.id]);

    const edited = await w.call('admin', 'PUT', w.centro, `sales-stages/${stage.id}`, {
      name: 'Pendente',
      color: 'e03131',
      type: 'Negotiation',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({ ...stage, name: 'Pendente', color: 'e03131', type: 'Negotiation' });
    const [edit, creation] = await logs(w.centro, 2);
    expect(creation).toMatchObject({
      type: 'SalesStageCreated',
      data: { list: 'sales-stages', after: stage },
    });
    expect(edit).toMatchObject({ type: 'SalesStageUpdated', data: { before: stage, after: edited.json() } });

    expect((await w.call('admin', 'DELETE', w.centro, `sales-stages/${stage.id}`)).statusCode).toBe(200);
    expect(ids(await w.stages(w.centro))).toEqual(ids(before));
  });

  it('PLAT-080 a pipeline keeps exactly one Won and one Lost stage and at most one First', async () => {
    const before = await w.stages(w.centro);
    const refusedType = async (res: Awaited<ReturnType<World['call']>>, message: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message, errors: [{ field: 'type', description: message }] });
    };
    for (const [type, label] of [
      ['Won', 'Ganho'],
      ['Lost', 'Perdido'],
      ['First', 'Primeira'],
    ] as const) {
      const second = await w.call('admin', 'POST', w.centro, 'sales-stages', {
        name: 'Outra',
        color: '228be6',
        type,
      });
      await refusedType(second, MESSAGES.stageTypeTaken(label));
    }
    const won = await w.stage(w.centro, 'Won');
    const lost = await w.stage(w.centro, 'Lost');
    await refusedType(
      await w.call('admin', 'PUT', w.centro, `sales-stages/${won.id}`, { type: 'Default' }),
      MESSAGES.stageTypeRequired('Ganho'),
    );
    const negotiation = await w.stage(w.centro, 'Negotiation');
    await refusedType(
      await w.call('admin', 'PUT', w.centro, `sales-stages/${negotiation.id}`, { type: 'Lost' }),
      MESSAGES.stageTypeTaken('Perdido'),
    );
    for (const closed of [won, lost]) {
      const res = await w.call('admin', 'DELETE', w.centro, `sales-stages/${closed.id}`);
      expect(res.statusCode).toBe(400);
    }
    // Renaming the Won stage keeps its type: that is allowed.
    const renamed = await w.call('admin', 'PUT', w.centro, `sales-stages/${won.id}`, { name: 'Matriculado' });
    expect(renamed.json()).toMatchObject({ name: 'Matriculado', type: 'Won' });
    await w.call('admin', 'PUT', w.centro, `sales-stages/${won.id}`, { name: won.name });
    expect(await w.stages(w.centro)).toEqual(before);
  });

  it('a stage payload is strict: name, 6-hex colour and a known type, else 400 naming the field', async () => {
    const bad = [
      [{ name: '', color: '228be6', type: 'Default' }, 'name'],
      [{ name: 'X', color: '#228be6', type: 'Default' }, 'color'],
      [{ name: 'X', color: '228be6', type: 'Closed' }, 'type'],
      [{ name: 'X', color: '228be6', type: 'Default', display_order: 1 }, 'display_order'],
      [{ name: 'X', color: '228be6', type: 'Default', workspace_id: w.zonaNorte }, 'workspace_id'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await w.call('admin', 'POST', w.centro, 'sales-stages', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });
});

describe('pipeline management: order', () => {
  it('PLAT-266 the whole pipeline is reordered in one call; the board reads the new order', async () => {
    const before = await w.stages(w.centro);
    const reversed = ids(before).reverse();
    const res = await w.call('admin', 'PUT', w.centro, 'sales-stages/order', { stage_ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json().data)).toEqual(reversed);
    const after = await w.stages(w.centro);
    expect(ids(after)).toEqual(reversed);
    expect(after.map((s) => s.display_order)).toEqual(reversed.map((_, i) => i));
    const [entry] = await logs(w.centro, 1);
    expect(entry).toMatchObject({
      type: 'SalesStagesReordered',
      data: { before: ids(before), after: reversed },
    });
    await w.call('admin', 'PUT', w.centro, 'sales-stages/order', { stage_ids: ids(before) });
  });

  it('an order that misses, repeats or adds a stage is 400; a stage of another workspace is 404', async () => {
    const all = ids(await w.stages(w.centro));
    const [north] = await w.stages(w.zonaNorte);
    const [rh] = await w.stages(w.recrutamento);
    for (const stageIds of [all.slice(1), [...all, all[0]], [all[1], ...all.slice(1)]]) {
      const res = await w.call('admin', 'PUT', w.centro, 'sales-stages/order', { stage_ids: stageIds });
      expect(res.statusCode, JSON.stringify(stageIds)).toBe(400);
      expect(res.json().message).toBe(MESSAGES.stageOrderMismatch);
    }
    for (const foreign of [north, rh]) {
      const res = await w.call('admin', 'PUT', w.centro, 'sales-stages/order', {
        stage_ids: [...all.slice(1), foreign?.id],
      });
      expect(res.statusCode).toBe(404);
    }
    expect(ids(await w.stages(w.centro))).toEqual(all);
  });
});

describe('pipeline management: deleting a stage', () => {
  it('PLAT-266 OPP-226 a stage with cards is deleted only after moving its cards to another open stage, each move in the card history', async () => {
    const [added] = await w.addStages(w.centro, [{ name: 'Temporária', type: 'Default' }]);
    const stageId = added?.id as number;
    const target = await w.stage(w.centro, 'InProgress');
    const card = await w.create('admin', w.centro);
    await w.t.database.db.execute(
      sql`update opportunities set sales_stage_id = ${stageId} where id = ${card.id}`,
    );
    const refused = await w.call('admin', 'DELETE', w.centro, `sales-stages/${stageId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(MESSAGES.stageHasCards(1));

    const won = await w.stage(w.centro, 'Won');
    for (const [moveTo, status] of [
      [won.id, 400],
      [stageId, 400],
      [(await w.stages(w.zonaNorte))[0]?.id, 404],
      ['abc', 400],
    ] as const) {
      const res = await w.call('admin', 'DELETE', w.centro, `sales-stages/${stageId}?move_to=${moveTo}`);
      expect(res.statusCode, String(moveTo)).toBe(status);
    }
    expect((await w.card(w.centro, card.id)).sales_stage_id).toBe(stageId);

    const deleted = await w.call('admin', 'DELETE', w.centro, `sales-stages/${stageId}?move_to=${target.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await w.card(w.centro, card.id)).sales_stage_id).toBe(target.id);
    expect(ids(await w.stages(w.centro))).not.toContain(stageId);
    const [moveEntry] = await w.history(w.centro, card.id);
    expect(moveEntry).toMatchObject({
      type: 'OpportunitySalesStageUpdated',
      data: { from_name: 'Temporária', to_name: target.name },
    });
    const [entry] = await logs(w.centro, 1);
    expect(entry).toMatchObject({
      type: 'SalesStageDeleted',
      data: { id: stageId, name: 'Temporária', moved_to: target.id, moved_cards: 1 },
    });
  });
});

describe('pipeline management: who may change it', () => {
  it('PLAT-136 PLAT-137 a salesRep gets 403 on every stage write; a manager (managing role) may change the pipeline', async () => {
    const before = await w.stages(w.centro);
    const first = before[0]?.id;
    const writes = [
      ['POST', 'sales-stages', { name: 'Nova', color: '228be6', type: 'Default' }],
      ['PUT', `sales-stages/${first}`, { name: 'Outro nome' }],
      ['PUT', 'sales-stages/order', { stage_ids: ids(before).reverse() }],
      ['DELETE', `sales-stages/${first}`, undefined],
    ] as const;
    for (const [method, path, payload] of writes) {
      const res = await w.call('atendente', method, w.centro, path, payload);
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
    expect(await w.stages(w.centro)).toEqual(before);

    const renamed = await w.call('gerente', 'PUT', w.centro, `sales-stages/${first}`, { name: 'Entrada' });
    expect(renamed.statusCode).toBe(200);
    await w.call('gerente', 'PUT', w.centro, `sales-stages/${first}`, { name: before[0]?.name });
  });

  it('a stage of another workspace or platform is 404 through this workspace and stays as it was', async () => {
    const [north] = await w.stages(w.zonaNorte);
    const [rh] = await w.stages(w.recrutamento);
    for (const foreign of [north, rh]) {
      expect(
        (await w.call('admin', 'PUT', w.centro, `sales-stages/${foreign?.id}`, { name: 'X' })).statusCode,
      ).toBe(404);
      expect((await w.call('admin', 'DELETE', w.centro, `sales-stages/${foreign?.id}`)).statusCode).toBe(404);
    }
    expect((await w.stages(w.zonaNorte))[0]).toEqual(north);
    expect((await w.stages(w.recrutamento))[0]).toEqual(rh);
  });
});
