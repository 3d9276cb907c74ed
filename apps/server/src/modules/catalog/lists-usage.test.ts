import { DEFAULT_QUICK_ANSWERS } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

const add = async (list: string, payload: object) => {
  const res = await w.call('admin', 'POST', w.centro, list, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: number };
};
const remove = (list: string, id: number) => w.call('admin', 'DELETE', w.centro, `${list}/${id}`);

describe('deleting a list item that cards use', () => {
  it('PLAT-266 a tag, campaign, media, product or opportunity type on a card is not deleted (409); unused, it goes', async () => {
    const tag = await add('tags', { name: 'Em uso', color: '228be6' });
    const campaign = await add('campaigns', { name: 'Campanha em uso' });
    const media = await add('medias', { name: 'Mídia em uso', type: 'Offline' });
    const product = await add('products', { name: 'Produto em uso', price: 10 });
    const type = await add('opportunity-types', { name: 'Tipo em uso' });
    const card = await w.create('admin', w.centro, {
      tags: [tag.id],
      campaign_id: campaign.id,
      media_id: media.id,
      product_id: product.id,
      price: 10,
      opportunity_type_id: type.id,
    });
    const used = [
      ['tags', tag],
      ['campaigns', campaign],
      ['medias', media],
      ['products', product],
      ['opportunity-types', type],
    ] as const;
    for (const [list, item] of used) {
      const res = await remove(list, item.id);
      expect(res.statusCode, list).toBe(409);
      expect(res.json()).toEqual({ status: 409, message: MESSAGES.listItemUsedByCards(1) });
    }
    const kept = await w.card(w.centro, card.id);
    expect(kept).toMatchObject({ campaign_id: campaign.id, media_id: media.id, product_id: product.id });

    await w.t.database.db.execute(sql`delete from opportunities where id = ${card.id}`);
    for (const [list, item] of used) expect((await remove(list, item.id)).statusCode, list).toBe(200);
  });

  it('PLAT-266 a lost reason given when a card was lost is not deleted', async () => {
    const reason = await add('objections', { name: 'Motivo em uso' });
    const card = await w.create('admin', w.centro);
    await w.addTask(w.centro, card.id);
    const lost = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/close`, {
      data: { state_type: 'Lost', closed_type: reason.id },
    });
    expect(lost.statusCode, lost.body).toBe(200);
    const res = await remove('objections', reason.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.listItemUsedByCards(1));
  });

  it('PLAT-081 an action that tasks were done with is not deleted (409 counting the tasks)', async () => {
    const action = await add('task-types', { name: 'Ação em uso' });
    const card = await w.create('admin', w.centro);
    const task = await w.call('admin', 'POST', w.centro, 'tasks', {
      parent_id: card.id,
      parent_type: 'Opportunity',
      task_type_id: action.id,
      interaction_type_id: (await w.item(w.centro, 'interaction-types', 'Ligação')).id,
      start_timestamp: '2030-01-01 09:00',
    });
    expect(task.statusCode, task.body).toBe(200);
    const res = await remove('task-types', action.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.listItemUsedByTasks(1));
  });
});

describe('quick answers', () => {
  it('CHAT-057 PLAT-266 a workspace starts with the 19 default replies, /saudacao and /retorno among them', async () => {
    const res = await w.call('atendente', 'GET', w.centro, 'quick-answers');
    expect(res.statusCode).toBe(200);
    expect(res.json().pagination).toEqual({ total_count: 19, limit: 500, offset: 0 });
    const shortcuts = res.json().data.map((a: { shortcut: string }) => a.shortcut);
    expect(shortcuts).toEqual(DEFAULT_QUICK_ANSWERS.map((a) => a.shortcut).sort());
    expect(shortcuts).toEqual(expect.arrayContaining(['/saudacao', '/retorno']));
    expect(Object.keys(res.json().data[0]).sort()).toEqual(['content', 'id', 'shortcut']);
  });

  it('CHAT-053 CHAT-055 PLAT-266 an admin adds, edits, searches and deletes a quick answer; its shortcut starts with a slash', async () => {
    const added = await add('quick-answers', { shortcut: '/matricula', content: 'Matrículas abertas!' });
    expect(added).toEqual({ id: expect.any(Number), shortcut: '/matricula', content: 'Matrículas abertas!' });
    const edited = await w.call('admin', 'PUT', w.centro, `quick-answers/${added.id}`, {
      content: 'Vagas abertas!',
    });
    expect(edited.json()).toEqual({ ...added, content: 'Vagas abertas!' });
    const found = await w.call('admin', 'GET', w.centro, 'quick-answers?search=matri');
    expect(found.json().data).toEqual([edited.json()]);
    const taken = await w.call('admin', 'POST', w.centro, 'quick-answers', {
      shortcut: '/SAUDACAO',
      content: 'x',
    });
    expect(taken.json()).toEqual({ status: 409, message: MESSAGES.listItemExists['quick-answers'] });
    for (const shortcut of ['saudacao', '/com espaço', '/', '']) {
      const res = await w.call('admin', 'POST', w.centro, 'quick-answers', { shortcut, content: 'x' });
      expect(res.statusCode, shortcut).toBe(400);
      expect(res.json().errors[0].field).toBe('shortcut');
    }
    const empty = await w.call('admin', 'POST', w.centro, 'quick-answers', {
      shortcut: '/vazio',
      content: ' ',
    });
    expect(empty.json().message).toBe(MESSAGES.quickAnswerContentRequired);
    expect((await remove('quick-answers', added.id)).statusCode).toBe(200);
  });

  it('a salesRep gets 403 on quick-answer writes; one of another workspace is 404', async () => {
    const [north] = (await w.call('admin', 'GET', w.zonaNorte, 'quick-answers')).json().data;
    const [mine] = (await w.call('admin', 'GET', w.centro, 'quick-answers')).json().data;
    expect(
      (await w.call('atendente', 'POST', w.centro, 'quick-answers', { shortcut: '/x', content: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await w.call('atendente', 'PUT', w.centro, `quick-answers/${mine.id}`, { content: 'x' })).statusCode,
    ).toBe(403);
    expect((await w.call('atendente', 'DELETE', w.centro, `quick-answers/${mine.id}`)).statusCode).toBe(403);
    expect(
      (await w.call('admin', 'PUT', w.centro, `quick-answers/${north.id}`, { content: 'x' })).statusCode,
    ).toBe(404);
    expect((await w.call('admin', 'DELETE', w.centro, `quick-answers/${north.id}`)).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', w.zonaNorte, 'quick-answers')).json().data[0]).toEqual(north);
  });
});
