import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListItem, type ListsWorld, listsWorld } from '../../../test/factories/lists.ts';

let w: ListsWorld;
beforeAll(async () => {
  w = await listsWorld();
});
afterAll(() => w.t.close());

const named = async (workspaceId: number, list: string, name: string) => {
  const item = (await w.items(workspaceId, list)).find((i) => i.name === name);
  if (!item) throw new Error(`${name} is not in ${list}`);
  return item;
};

describe('task types and their default interaction type', () => {
  it('OPP-241 each demo action names its default interaction type of the same workspace', async () => {
    const ligar = await named(w.centro, 'task-types', 'Ligar');
    const ligacao = await named(w.centro, 'interaction-types', 'Ligação');
    expect(ligar).toEqual({ id: ligar.id, name: 'Ligar', default_interaction_type_id: ligacao.id });
    expect(await named(w.centro, 'task-types', 'Follow-up')).toMatchObject({
      default_interaction_type_id: null,
    });
  });

  it('PLAT-266 an admin sets, changes and clears the default interaction type of an action', async () => {
    const visita = await named(w.centro, 'interaction-types', 'Visita');
    const whatsapp = await named(w.centro, 'interaction-types', 'WhatsApp');
    const created = await w.call('admin', 'POST', w.centro, 'task-types', {
      name: 'Visitar',
      default_interaction_type_id: visita.id,
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    expect(created.json()).toEqual({ id, name: 'Visitar', default_interaction_type_id: visita.id });

    const changed = await w.call('admin', 'PUT', w.centro, `task-types/${id}`, {
      default_interaction_type_id: whatsapp.id,
    });
    expect(changed.json()).toEqual({ id, name: 'Visitar', default_interaction_type_id: whatsapp.id });
    const renamed = await w.call('admin', 'PUT', w.centro, `task-types/${id}`, { name: 'Visitar o aluno' });
    expect(renamed.json()).toMatchObject({
      name: 'Visitar o aluno',
      default_interaction_type_id: whatsapp.id,
    });
    const cleared = await w.call('admin', 'PUT', w.centro, `task-types/${id}`, {
      default_interaction_type_id: null,
    });
    expect(cleared.json()).toEqual({ id, name: 'Visitar o aluno', default_interaction_type_id: null });
    expect((await w.call('admin', 'DELETE', w.centro, `task-types/${id}`)).statusCode).toBe(200);
  });

  it('a default interaction type of another workspace or platform is 404, and nothing is written', async () => {
    const north = await named(w.zonaNorte, 'interaction-types', 'Ligação');
    const rh = await named(w.recrutamento, 'interaction-types', 'Entrevista');
    const ligar = await named(w.centro, 'task-types', 'Ligar');
    const before = await w.items(w.centro, 'task-types');
    const logsBefore = await w.logs(w.centro, 1);
    for (const foreign of [north.id, rh.id, 2_147_483_647]) {
      const created = await w.call('admin', 'POST', w.centro, 'task-types', {
        name: 'Ligar de novo',
        default_interaction_type_id: foreign,
      });
      expect(created.statusCode).toBe(404);
      expect(created.json()).toEqual({ status: 404, message: MESSAGES.interactionTypeNotFound });
      const changed = await w.call('admin', 'PUT', w.centro, `task-types/${ligar.id}`, {
        name: 'Ligar outra vez',
        default_interaction_type_id: foreign,
      });
      expect(changed.statusCode).toBe(404);
    }
    expect(await w.items(w.centro, 'task-types')).toEqual(before);
    expect(await w.logs(w.centro, 1)).toEqual(logsBefore);
  });

  it('an interaction type that an action uses as default is not deleted (409 naming the action)', async () => {
    const ligacao = await named(w.centro, 'interaction-types', 'Ligação');
    const ligar = await named(w.centro, 'task-types', 'Ligar');
    const second = await w.call('admin', 'POST', w.centro, 'task-types', {
      name: 'Retornar ligação',
      default_interaction_type_id: ligacao.id,
    });
    const logsBefore = await w.logs(w.centro, 1);
    const refused = await w.call('admin', 'DELETE', w.centro, `interaction-types/${ligacao.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      status: 409,
      message: MESSAGES.interactionTypeInUse('Ligar, Retornar ligação'),
    });
    expect(await w.items(w.centro, 'interaction-types')).toContainEqual(ligacao);
    expect(await w.logs(w.centro, 1)).toEqual(logsBefore);

    // Once no action defaults to it, the demo's tasks done by phone still keep it.
    await w.call('admin', 'PUT', w.centro, `task-types/${ligar.id}`, { default_interaction_type_id: null });
    await w.call('admin', 'DELETE', w.centro, `task-types/${second.json().id}`);
    const stillUsed = await w.call('admin', 'DELETE', w.centro, `interaction-types/${ligacao.id}`);
    expect(stillUsed.statusCode).toBe(409);
    expect(stillUsed.json().message).toMatch(/^Não é possível excluir: \d+ tarefas? usa/);
    expect(await w.items(w.centro, 'interaction-types')).toContainEqual(ligacao);
    await w.call('admin', 'PUT', w.centro, `task-types/${ligar.id}`, {
      default_interaction_type_id: ligacao.id,
    });
  });

  it('the same name as an interaction type of another workspace does not make it in use here', async () => {
    const north = await named(w.zonaNorte, 'interaction-types', 'Visita');
    expect((await named(w.zonaNorte, 'task-types', 'Agendar visita')).default_interaction_type_id).toBe(
      north.id,
    );
    const res = await w.call('admin', 'DELETE', w.centro, `interaction-types/${north.id}`);
    expect(res.statusCode).toBe(404);
    expect(await w.items(w.zonaNorte, 'interaction-types')).toContainEqual(north);
  });
});

describe('the default opportunity type', () => {
  const defaults = async (workspaceId: number) =>
    (await w.items(workspaceId, 'opportunity-types')).filter((i) => i.is_default).map((i) => i.name);

  it('PLAT-268 OPP-241 each demo workspace has one default opportunity type', async () => {
    expect(await defaults(w.centro)).toEqual(['Matrícula']);
    expect(await defaults(w.zonaNorte)).toEqual(['Matrícula']);
    expect(await defaults(w.recrutamento)).toEqual(['Vaga efetiva']);
  });

  it('PLAT-268 marking a type as default, on create or on update, unmarks the others of that workspace only', async () => {
    const created = await w.call('admin', 'POST', w.centro, 'opportunity-types', {
      name: 'Curso livre',
      is_default: true,
    });
    expect(created.json()).toMatchObject({ name: 'Curso livre', is_default: true });
    expect(await defaults(w.centro)).toEqual(['Curso livre']);
    expect(await defaults(w.zonaNorte)).toEqual(['Matrícula']);

    const rematricula = await named(w.centro, 'opportunity-types', 'Rematrícula');
    const marked = await w.call('admin', 'PUT', w.centro, `opportunity-types/${rematricula.id}`, {
      is_default: true,
    });
    expect(marked.json()).toEqual({ id: rematricula.id, name: 'Rematrícula', is_default: true });
    expect(await defaults(w.centro)).toEqual(['Rematrícula']);

    // Marking the default again keeps it; unmarking leaves the workspace without one.
    await w.call('admin', 'PUT', w.centro, `opportunity-types/${rematricula.id}`, { is_default: true });
    expect(await defaults(w.centro)).toEqual(['Rematrícula']);
    await w.call('admin', 'PUT', w.centro, `opportunity-types/${rematricula.id}`, { is_default: false });
    expect(await defaults(w.centro)).toEqual([]);
  });

  it('marking a type of another workspace as default is 404 and unmarks nothing', async () => {
    const matricula = await named(w.centro, 'opportunity-types', 'Matrícula');
    await w.call('admin', 'PUT', w.centro, `opportunity-types/${matricula.id}`, { is_default: true });
    const north = await named(w.zonaNorte, 'opportunity-types', 'Rematrícula');
    const res = await w.call('admin', 'PUT', w.centro, `opportunity-types/${north.id}`, { is_default: true });
    expect(res.statusCode).toBe(404);
    expect(await defaults(w.centro)).toEqual(['Matrícula']);
    expect(await defaults(w.zonaNorte)).toEqual(['Matrícula']);
  });
});

describe('who may change the lists', () => {
  it('PLAT-136 every admin role (admin, ceo, auxiliarTi) may change the lists; other roles only read', async () => {
    const bruno = await w.t.login('bruno@demo.local');
    const users = await w.call('admin', 'GET', w.centro, 'users?search=bruno');
    const brunoId = (users.json().data as ListItem[])[0]?.id;
    const add = (name: string) =>
      w.t.call({
        method: 'POST',
        url: `/api/v1/workspaces/${w.centro}/campaigns`,
        token: bruno,
        payload: { name },
      });
    expect((await add('Campanha do Bruno')).statusCode).toBe(403);
    for (const role of ['ceo', 'auxiliarTi'] as const) {
      const promoted = await w.call('admin', 'PUT', w.centro, `users/${brunoId}`, { role });
      expect(promoted.statusCode).toBe(200);
      const res = await add(`Campanha de ${role}`);
      expect(res.statusCode, role).toBe(200);
    }
    const logs = await w.logs(w.centro, 1);
    expect(logs[0]).toMatchObject({
      type: 'ListItemCreated',
      data: { list: 'campaigns', name: 'Campanha de auxiliarTi' },
    });
  });
});
