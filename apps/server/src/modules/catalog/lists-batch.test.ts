import { LIST_ITEM_NAME_MAX } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListsWorld, listsWorld } from '../../../test/factories/lists.ts';

let w: ListsWorld;
beforeAll(async () => {
  w = await listsWorld();
});
afterAll(() => w.t.close());

const names = async (list: string) => (await w.items(w.centro, list)).map((i) => i.name).sort();
/** A new item, on no card yet, so that it may be deleted. */
async function added(list: string, payload: object): Promise<number> {
  const res = await w.call('admin', 'POST', w.centro, list, payload);
  expect(res.statusCode).toBe(200);
  return res.json().id;
}

describe('POST /:list/batch, the edits /lists collected', () => {
  it('defect 3 PLAT-074 deletes, updates and creates together, in one transaction', async () => {
    const price = await added('objections', { name: 'Preço alto' });
    const distance = await added('objections', { name: 'Longe de casa' });
    const before = await names('objections');
    const res = await w.call('admin', 'POST', w.centro, 'objections/batch', {
      deletes: [distance],
      updates: [{ id: price, values: { name: 'Preço acima do orçamento' } }],
      creates: [{ name: 'Mudou de cidade' }, { name: 'Sem vaga no turno' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted).toEqual([distance]);
    expect(res.json().updated.map((i: { name: string }) => i.name)).toEqual(['Preço acima do orçamento']);
    expect(res.json().created.map((i: { name: string }) => i.name)).toEqual([
      'Mudou de cidade',
      'Sem vaga no turno',
    ]);
    expect(await names('objections')).toEqual(
      [
        ...before.filter((n) => n !== 'Longe de casa' && n !== 'Preço alto'),
        'Preço acima do orçamento',
        'Mudou de cidade',
        'Sem vaga no turno',
      ].sort(),
    );
  });

  it('defect 3 PLAT-074 one refused edit saves none of them and names the edit it is about', async () => {
    const volta = await added('campaigns', { name: 'Black Friday' });
    const before = await names('campaigns');
    const duplicate = await w.call('admin', 'POST', w.centro, 'campaigns/batch', {
      deletes: [volta],
      creates: [{ name: 'Feira de Profissões' }, { name: 'Matrículas 2027' }],
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual([
      { field: 'creates.1', description: MESSAGES.listItemExists.campaigns },
    ]);
    // Two new rows of the same name in one batch: the second is the one refused.
    const twice = await w.call('admin', 'POST', w.centro, 'campaigns/batch', {
      creates: [{ name: 'Semana Aberta' }, { name: 'semana aberta' }],
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0].field).toBe('creates.1');
    expect(await names('campaigns')).toEqual(before);
  });

  it('defect 3 PLAT-074 a name over the limit is refused before anything is written, naming the row and field', async () => {
    const before = await names('tags');
    const res = await w.call('admin', 'POST', w.centro, 'tags/batch', {
      creates: [
        { name: 'Vip', color: 'fab005' },
        { name: 'x'.repeat(LIST_ITEM_NAME_MAX + 1), color: 'fab005' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'creates.1.name', description: MESSAGES.listItemNameTooLong(LIST_ITEM_NAME_MAX) },
    ]);
    expect(await names('tags')).toEqual(before);
  });

  it('an item of another workspace answers 404 and nothing of the batch is saved; a salesRep may not save', async () => {
    const before = await names('medias');
    const foreign = (await w.items(w.zonaNorte, 'medias'))[0]?.id;
    const res = await w.call('admin', 'POST', w.centro, 'medias/batch', {
      creates: [{ name: 'TikTok', type: 'SocialMedia' }],
      deletes: [foreign],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().errors).toEqual([{ field: 'deletes.0', description: MESSAGES.notFound }]);
    const rep = await w.call('atendente', 'POST', w.centro, 'medias/batch', {
      creates: [{ name: 'TikTok', type: 'SocialMedia' }],
    });
    expect(rep.statusCode).toBe(403);
    expect(await names('medias')).toEqual(before);
  });
});
