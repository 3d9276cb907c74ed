import { ADMIN_LISTS, type AdminList, MEDIA_TYPES } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListsWorld, listsWorld } from '../../../test/factories/lists.ts';

let w: ListsWorld;
beforeAll(async () => {
  w = await listsWorld();
});
afterAll(() => w.t.close());

const names = (items: { name: string }[]) => items.map((i) => i.name);

/** The lists whose items are named; quick answers, keyed by a shortcut, have their own tests. */
type NamedList = Exclude<AdminList, 'quick-answers'>;
const NAMED_LISTS = ADMIN_LISTS.filter((list): list is NamedList => list !== 'quick-answers');

/** What Escola Centro's lists start with (demo seed), in the order the API gives them: by name. */
const DEMO: Record<NamedList, string[]> = {
  tags: ['Bolsa', 'Indicação', 'Irmãos', 'Retorno'],
  campaigns: ['Indique um Amigo', 'Matrículas 2027', 'Volta às Aulas'],
  medias: ['Facebook', 'Fachada da escola', 'Google Ads', 'Instagram', 'Panfleto'],
  products: ['Curso de Espanhol', 'Curso de Inglês', 'Material Didático', 'Reforço Escolar'],
  objections: ['Distância', 'Horário incompatível', 'Matriculou-se na concorrência', 'Preço'],
  'interaction-types': ['E-mail', 'Ligação', 'Visita', 'WhatsApp'],
  'task-types': ['Agendar visita', 'Enviar mensagem', 'Enviar proposta', 'Follow-up', 'Ligar'],
  'opportunity-types': ['Matrícula', 'Rematrícula', 'Transferência'],
};

const LOOKUP_IDS: Record<NamedList, string> = {
  tags: 'PLAT-245 PLAT-280',
  campaigns: 'PLAT-096 PLAT-245 PLAT-280',
  medias: 'PLAT-096 PLAT-245 PLAT-280',
  objections: 'PLAT-096 PLAT-245 PLAT-280',
  products: 'PLAT-096 PLAT-246 PLAT-280',
  'interaction-types': 'PLAT-249 PLAT-280',
  'task-types': 'PLAT-249 PLAT-280',
  'opportunity-types': 'PLAT-268 PLAT-280',
};

describe('reading the admin lists', () => {
  it.each(NAMED_LISTS.map((list) => [LOOKUP_IDS[list], list] as const))(
    '%s GET /%s: any member reads the whole list by name, 500 a page by default',
    async (_ids, list) => {
      const res = await w.call('atendente', 'GET', w.centro, list);
      expect(res.statusCode).toBe(200);
      expect(names(res.json().data)).toEqual(DEMO[list]);
      expect(res.json().pagination).toEqual({ total_count: DEMO[list].length, limit: 500, offset: 0 });
    },
  );

  it('OPP-241 lookup shapes: tag {id, name, color}, action type {id, name, default_interaction_type_id}, interaction type, campaign and lost reason {id, name}, opportunity type {id, name, is_default}', async () => {
    const shape = async (list: AdminList) => Object.keys((await w.items(w.centro, list))[0] ?? {}).sort();
    expect(await shape('tags')).toEqual(['color', 'id', 'name']);
    expect(await shape('task-types')).toEqual(['default_interaction_type_id', 'id', 'name']);
    for (const list of ['interaction-types', 'campaigns', 'objections'] as const) {
      expect(await shape(list)).toEqual(['id', 'name']);
    }
    expect(await shape('opportunity-types')).toEqual(['id', 'is_default', 'name']);
    expect(await shape('medias')).toEqual(['id', 'name', 'type']);
    expect(await shape('products')).toEqual(['category', 'id', 'modality', 'name', 'price']);
  });

  it('PLAT-246 GET /products/:id answers one product; its price is a number', async () => {
    const [product] = (await w.items(w.centro, 'products?search=ingl')) as { id: number }[];
    const res = await w.call('atendente', 'GET', w.centro, `products/${product?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: product?.id,
      name: 'Curso de Inglês',
      price: 389.9,
      category: 'enrollment',
      modality: 'on_site',
    });
  });

  it('PLAT-245 PLAT-280 limit is at most 500; search, limit and offset page the list', async () => {
    for (const bad of ['limit=501', 'limit=0', 'offset=-1', 'order=name']) {
      const res = await w.call('admin', 'GET', w.centro, `tags?${bad}`);
      expect(res.statusCode, bad).toBe(400);
    }
    const page = await w.call('admin', 'GET', w.centro, 'medias?limit=2&offset=1');
    expect(names(page.json().data)).toEqual(['Fachada da escola', 'Google Ads']);
    expect(page.json().pagination).toEqual({ total_count: 5, limit: 2, offset: 1 });
  });

  it('OPP-148 products are searched by name, case-insensitively, with limit, offset and the total count', async () => {
    const res = await w.call('admin', 'GET', w.centro, 'products?search=CURSO&limit=100&offset=0');
    expect(names(res.json().data)).toEqual(['Curso de Espanhol', 'Curso de Inglês']);
    expect(res.json().pagination).toEqual({ total_count: 2, limit: 100, offset: 0 });
    // LIKE wildcards in the search are plain text.
    expect((await w.items(w.centro, 'products?search=%25')).length).toBe(0);
  });

  it('PLAT-284 the demo medias use the three media types', async () => {
    const types = new Set((await w.items(w.centro, 'medias')).map((m) => m.type));
    expect([...types].sort()).toEqual([...MEDIA_TYPES].sort());
  });
});

interface CrudCase {
  list: NamedList;
  ids: string;
  create: Record<string, unknown>;
  /** The item answered after the create, when it is not the payload as sent. */
  created?: Record<string, unknown>;
  update: Record<string, unknown>;
}

const CRUD: CrudCase[] = [
  {
    list: 'tags',
    ids: 'PLAT-266 OPP-092',
    create: { name: '  Vestibular ', color: 'A1B2C3' },
    created: { name: 'Vestibular', color: 'a1b2c3' },
    update: { color: '2f9e44' },
  },
  {
    list: 'campaigns',
    ids: 'PLAT-266',
    create: { name: 'Férias de Julho' },
    update: { name: 'Férias 2028' },
  },
  {
    list: 'medias',
    ids: 'PLAT-266 PLAT-284',
    create: { name: 'TikTok', type: 'SocialMedia' },
    update: { name: 'Busca paga', type: 'Google' },
  },
  {
    list: 'products',
    ids: 'PLAT-266 PLAT-246',
    create: { name: 'Curso de Francês', price: 9_999_999.99 },
    // A product is a course taught on site until told otherwise.
    created: { name: 'Curso de Francês', price: 9_999_999.99, category: 'enrollment', modality: 'on_site' },
    update: { price: 0, category: 'other', modality: 'remote' },
  },
  {
    list: 'products',
    ids: 'PLAT-266 PLAT-246',
    create: { name: 'Apostila EAD', price: 120, category: 'courseware', modality: 'remote' },
    update: { category: 'other', modality: 'on_site' },
  },
  { list: 'objections', ids: 'PLAT-266', create: { name: 'Mudou de cidade' }, update: { name: 'Mudança' } },
  {
    list: 'interaction-types',
    ids: 'PLAT-266',
    create: { name: 'Videochamada' },
    update: { name: 'Videoconferência' },
  },
  {
    list: 'task-types',
    ids: 'PLAT-266',
    create: { name: 'Enviar contrato' },
    created: { name: 'Enviar contrato', default_interaction_type_id: null },
    update: { name: 'Enviar contrato assinado' },
  },
  {
    list: 'opportunity-types',
    ids: 'PLAT-268',
    create: { name: 'Curso de férias' },
    created: { name: 'Curso de férias', is_default: false },
    update: { name: 'Colônia de férias' },
  },
];

describe('changing the admin lists', () => {
  it.each(CRUD.map((c) => [c.ids, c.list, c] as const))(
    '%s an admin adds, edits and deletes an item of /%s, each answering 200 and writing a log entry',
    async (_ids, list, c) => {
      const created = await w.call('admin', 'POST', w.centro, list, c.create);
      expect(created.statusCode).toBe(200);
      const item = created.json();
      expect(item).toEqual({ id: expect.any(Number), ...(c.created ?? c.create) });
      expect(await w.items(w.centro, list)).toContainEqual(item);

      const updated = await w.call('admin', 'PUT', w.centro, `${list}/${item.id}`, c.update);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ ...item, ...c.update });
      expect(await w.items(w.centro, list)).toContainEqual(updated.json());

      const deleted = await w.call('admin', 'DELETE', w.centro, `${list}/${item.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ message: MESSAGES.listItemDeleted });
      expect(names(await w.items(w.centro, list))).toEqual(DEMO[list]);

      const [removal, edit, addition] = await w.logs(w.centro, 3);
      expect(addition).toMatchObject({
        type: 'ListItemCreated',
        data: { list, id: item.id, name: item.name, after: item },
      });
      expect(edit).toMatchObject({
        type: 'ListItemUpdated',
        data: { list, id: item.id, before: item, after: updated.json() },
      });
      expect(removal).toMatchObject({
        type: 'ListItemDeleted',
        data: { list, id: item.id, name: updated.json().name, before: updated.json() },
      });
    },
  );

  it.each(CRUD.map((c) => [c.list, c] as const))(
    'a salesRep or a manager gets 403 on every write of /%s, and nothing changes',
    async (list, c) => {
      const [first] = await w.items(w.centro, list);
      const logsBefore = await w.logs(w.centro, 1);
      for (const who of ['atendente', 'gerente'] as const) {
        expect((await w.call(who, 'POST', w.centro, list, c.create)).statusCode).toBe(403);
        expect((await w.call(who, 'PUT', w.centro, `${list}/${first?.id}`, c.update)).statusCode).toBe(403);
        expect((await w.call(who, 'DELETE', w.centro, `${list}/${first?.id}`)).statusCode).toBe(403);
      }
      expect(names(await w.items(w.centro, list))).toEqual(DEMO[list]);
      expect(await w.items(w.centro, list)).toContainEqual(first);
      expect(await w.logs(w.centro, 1)).toEqual(logsBefore);
    },
  );

  it.each(CRUD.map((c) => [c.list, c] as const))(
    '/%s: a name already in the list, in any case and spacing, is 409 naming the list',
    async (list, c) => {
      const [first, second] = await w.items(w.centro, list);
      const taken = ` ${first?.name.toUpperCase()} `;
      const added = await w.call('admin', 'POST', w.centro, list, { ...c.create, name: taken });
      expect(added.statusCode).toBe(409);
      expect(added.json()).toEqual({ status: 409, message: MESSAGES.listItemExists[list] });
      const renamed = await w.call('admin', 'PUT', w.centro, `${list}/${second?.id}`, { name: taken });
      expect(renamed.statusCode).toBe(409);
      expect(names(await w.items(w.centro, list))).toEqual(DEMO[list]);
      // The same name in another workspace is another item; changing only its case is no clash.
      expect(names(await w.items(w.zonaNorte, list))).toContain(first?.name);
      const recased = await w.call('admin', 'PUT', w.centro, `${list}/${first?.id}`, {
        name: first?.name.toLowerCase(),
      });
      expect(recased.statusCode).toBe(200);
      await w.call('admin', 'PUT', w.centro, `${list}/${first?.id}`, { name: first?.name });
    },
  );
});

describe('what a write may carry', () => {
  const refused = async (
    list: AdminList,
    payload: object,
    field: string,
    method: 'POST' | 'PUT' = 'POST',
  ) => {
    const [first] = await w.items(w.centro, list);
    const path = method === 'POST' ? list : `${list}/${first?.id}`;
    const res = await w.call('admin', method, w.centro, path, payload);
    expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toEqual([field]);
    return res.json();
  };

  it('OPP-092 a tag colour is 6 hex digits without #, else 400 naming color', async () => {
    for (const color of ['#fab005', 'fab00', 'fab0055', 'ggg000', '', 123]) {
      const body = await refused('tags', { name: 'Nova', color }, 'color');
      if (typeof color === 'string' && color.length === 7) expect(body.message).toBe(MESSAGES.invalidColor);
    }
    await refused('tags', { name: 'Nova' }, 'color');
    await refused('tags', { color: 'red' }, 'color', 'PUT');
  });

  it('a product price is 0 to 9,999,999.99 with 2 decimals at most, else 400 naming price', async () => {
    for (const price of [-0.01, 10_000_000, 9_999_999.991, 1.005, '389,90', null]) {
      const body = await refused('products', { name: 'Novo', price }, 'price');
      expect(body.message).toBe(MESSAGES.invalidPrice);
    }
    await refused('products', { price: -1 }, 'price', 'PUT');
  });

  it('a product category is enrollment, courseware or other and its modality on_site or remote, else 400 in pt-BR', async () => {
    for (const category of ['Matrícula', 'ENROLLMENT', '', null]) {
      const body = await refused('products', { name: 'Novo', price: 1, category }, 'category');
      expect(body.message).toBe(MESSAGES.invalidProductCategory);
    }
    for (const modality of ['EAD', 'onsite', '', 1]) {
      const body = await refused('products', { name: 'Novo', price: 1, modality }, 'modality');
      expect(body.message).toBe(MESSAGES.invalidProductModality);
    }
    await refused('products', { category: 'course' }, 'category', 'PUT');
    await refused('products', { modality: 'hybrid' }, 'modality', 'PUT');
  });

  it('PLAT-284 a media type is Offline, Google or SocialMedia, else 400 naming type', async () => {
    for (const type of ['TV', 'socialmedia', '']) {
      expect((await refused('medias', { name: 'Rádio', type }, 'type')).message).toBe(
        MESSAGES.invalidMediaType,
      );
    }
    for (const [i, type] of MEDIA_TYPES.entries()) {
      const res = await w.call('admin', 'POST', w.zonaNorte, 'medias', { name: `Mídia ${i}`, type });
      expect(res.statusCode).toBe(200);
      expect(res.json().type).toBe(type);
    }
  });

  it('a name is 1 to 120 characters after trimming, else 400 naming name', async () => {
    expect((await refused('campaigns', { name: '   ' }, 'name')).message).toBe(MESSAGES.listItemNameRequired);
    await refused('campaigns', { name: 'x'.repeat(121) }, 'name');
    await refused('campaigns', {}, 'name');
    await refused('objections', { name: '' }, 'name', 'PUT');
    const longest = await w.call('admin', 'POST', w.zonaNorte, 'campaigns', { name: 'x'.repeat(120) });
    expect(longest.statusCode).toBe(200);
  });

  it('unknown fields are refused by name (no mass assignment), and an empty update is 400', async () => {
    for (const field of ['id', 'workspace_id', 'platform_id', 'created_at']) {
      await refused('campaigns', { name: 'Nova', [field]: 1 }, field);
      await refused('tags', { name: 'Nova', [field]: 1 }, field, 'PUT');
    }
    await refused('opportunity-types', { name: 'Nova', default: true }, 'default');
    const empty = await w.call(
      'admin',
      'PUT',
      w.centro,
      `campaigns/${(await w.items(w.centro, 'campaigns'))[0]?.id}`,
      {},
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.emptyUpdate);
    expect(names(await w.items(w.centro, 'campaigns'))).toEqual(DEMO.campaigns);
  });

  it('an id that is not a positive integer of the database is 400, one that names no item 404', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648']) {
      expect((await w.call('admin', 'DELETE', w.centro, `tags/${id}`)).statusCode, id).toBe(400);
    }
    expect((await w.call('admin', 'DELETE', w.centro, 'tags/2147483647')).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', w.centro, 'products/2147483647')).statusCode).toBe(404);
  });
});

describe('ids of other tenants', () => {
  it.each(CRUD.map((c) => [c.list, c] as const))(
    '/%s: an item of another workspace or platform is 404 through this workspace, and stays as it was',
    async (list, c) => {
      const [north] = await w.items(w.zonaNorte, list);
      const [rh] = await w.items(w.recrutamento, list);
      const logsBefore = await w.logs(w.centro, 1);
      for (const foreign of [north, rh]) {
        const put = await w.call('admin', 'PUT', w.centro, `${list}/${foreign?.id}`, c.update);
        expect(put.statusCode).toBe(404);
        expect(put.json()).toEqual({ status: 404, message: MESSAGES.notFound });
        expect((await w.call('admin', 'DELETE', w.centro, `${list}/${foreign?.id}`)).statusCode).toBe(404);
        if (list === 'products') {
          expect((await w.call('admin', 'GET', w.centro, `${list}/${foreign?.id}`)).statusCode).toBe(404);
        }
      }
      expect((await w.items(w.zonaNorte, list))[0]).toEqual(north);
      expect((await w.items(w.recrutamento, list))[0]).toEqual(rh);
      expect(await w.logs(w.centro, 1)).toEqual(logsBefore);
    },
  );
});
