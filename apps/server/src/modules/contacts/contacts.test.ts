import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

interface Contact {
  id: number;
  name: string;
  phone_number: string;
  [field: string]: unknown;
}
const list = async (query: string, who: 'admin' | 'atendente' = 'atendente', workspaceId = w.centro) => {
  const res = await w.call(who, 'GET', workspaceId, `contacts?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Contact[];
    pagination: { total_count: number; limit: number; offset: number };
  };
};

describe('GET /contacts', () => {
  it('PLAT-250 OPP-010 any member lists the contacts by name, 25 at a time by default', async () => {
    const res = await list('');
    expect(res.pagination).toEqual({ total_count: 36, limit: 25, offset: 0 });
    const names = res.data.map((c) => c.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(Object.keys(res.data[0] ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'phone_number',
        'email',
        'document',
        'city_name',
        'workspace_id',
      ]),
    );
    const next = await list('limit=25&offset=25');
    expect(next.data).toHaveLength(11);
    expect((await w.call('admin', 'GET', w.centro, 'contacts?limit=501')).statusCode).toBe(400);
  });

  it('OPP-009 searches name (any case or accent), phone digits, e-mail or #id', async () => {
    const phone = w.phone();
    const card = await w.create('admin', w.centro, {
      contact: { name: 'Ângela Müller', phone_number: phone, email: 'angela.m@escola.com' },
    });
    const id = card.contact_id as number;
    for (const term of [
      'angela',
      'ÂNGELA MÜ',
      'muller',
      phone.slice(3, 9),
      'ANGELA.M@',
      `#${id}`,
      String(id),
    ]) {
      expect(
        (await list(`search=${encodeURIComponent(term)}`)).data.map((c) => c.id),
        term,
      ).toContain(id);
    }
    expect((await list('search=%25')).data).toEqual([]);
    // Another workspace's contacts are not listed.
    expect((await list(`search=${encodeURIComponent('Ângela')}`, 'admin', w.zonaNorte)).data).toEqual([]);
  });
});

describe('GET and PUT /contacts/:contactId', () => {
  it('PLAT-250 OPP-062 reads one contact; any member edits any field, the others stay', async () => {
    const card = await w.create('admin', w.centro, {
      contact: { name: 'Davi Rocha', phone_number: w.phone(), city_name: 'Olinda', state_code: 'PE' },
    });
    const id = card.contact_id as number;
    const one = await w.call('atendente', 'GET', w.centro, `contacts/${id}`);
    expect(one.json()).toMatchObject({ id, name: 'Davi Rocha', city_name: 'Olinda', country_code: '55' });
    const res = await w.call('atendente', 'PUT', w.centro, `contacts/${id}`, {
      email: 'DAVI@rocha.com',
      document: '529.982.247-25',
      birthdate: '2010-05-20',
      is_blacklisted: true,
      blacklist_reason: 'Pediu para não receber mensagens',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      name: 'Davi Rocha',
      city_name: 'Olinda',
      state_code: 'PE',
      email: 'davi@rocha.com',
      document: '52998224725',
      birthdate: '2010-05-20',
      is_blacklisted: true,
      blacklist_reason: 'Pediu para não receber mensagens',
    });
    expect((await w.card(w.centro, card.id)).contact).toMatchObject({ email: 'davi@rocha.com' });
  });

  it('decisions §21 the payload is checked: empty, unknown fields, a phone without area code, a CPF short or with wrong check digits', async () => {
    const id = (await w.create('admin', w.centro)).contact_id as number;
    const cases: [object, string][] = [
      [{}, MESSAGES.emptyUpdate],
      [{ workspace_id: w.zonaNorte }, MESSAGES.unknownField('workspace_id')],
      [{ phone_number: '9876-5432' }, MESSAGES.phoneWithoutAreaCode],
      [{ document: '123' }, MESSAGES.invalidCpf],
      [{ document: '529.982.247-52' }, MESSAGES.invalidCpf],
      [{ name: '' }, MESSAGES.contactNameRequired],
    ];
    for (const [body, message] of cases) {
      const res = await w.call('admin', 'PUT', w.centro, `contacts/${id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.map((e: { description: string }) => e.description)).toContain(message);
    }
  });

  it('a phone another contact of the workspace has answers 409 and changes nothing', async () => {
    const a = await w.create('admin', w.centro);
    const b = await w.create('admin', w.centro);
    const taken = (b.contact as Contact).phone_number;
    const res = await w.call('admin', 'PUT', w.centro, `contacts/${a.contact_id}`, {
      phone_number: taken,
      name: 'X',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: MESSAGES.contactPhoneTaken });
    const after = await w.call('admin', 'GET', w.centro, `contacts/${a.contact_id}`);
    expect(after.json()).toMatchObject({
      name: 'Contato de Teste',
      phone_number: (a.contact as Contact).phone_number,
    });
    // Its own number, sent back by the form, is no conflict.
    const same = { phone_number: (a.contact as Contact).phone_number, name: 'Contato Renomeado' };
    expect((await w.call('admin', 'PUT', w.centro, `contacts/${a.contact_id}`, same)).statusCode).toBe(200);
  });

  it('a contact of another workspace or tenant answers 404 and is not changed', async () => {
    const north = await w.create('admin', w.zonaNorte);
    for (const [method, path] of [
      ['GET', `contacts/${north.contact_id}`],
      ['PUT', `contacts/${north.contact_id}`],
      ['GET', `contacts/${north.contact_id}/logs`],
      ['GET', 'contacts/2147483647'],
    ] as const) {
      const res = await w.call(
        'admin',
        method,
        w.centro,
        path,
        method === 'PUT' ? { name: 'Trocado' } : undefined,
      );
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await w.card(w.zonaNorte, north.id)).contact).toMatchObject({ name: 'Contato de Teste' });
    expect((await w.call('carla', 'GET', w.centro, 'contacts')).statusCode).toBe(404);
  });
});

describe('GET /contacts/:contactId/logs', () => {
  it("PLAT-250 OPP-210 OPP-216 the contact's history across its cards, newest first, 100 by default", async () => {
    const first = await w.create('admin', w.centro, { price: 10 });
    const second = await w.create('gerente', w.centro, { contact_id: first.contact_id });
    const res = await w.call('atendente', 'GET', w.centro, `contacts/${first.contact_id}/logs`);
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json();
    expect(pagination).toEqual({ total_count: 3, limit: 100, offset: 0 });
    expect(
      data.map((e: { type: string; opportunity: { id: number } }) => [e.type, e.opportunity.id]),
    ).toEqual([
      ['OpportunityCreated', second.id],
      ['OpportunityPriceCreated', first.id],
      ['OpportunityCreated', first.id],
    ]);
    expect(data[0].user).toMatchObject({ id: w.user.gerente, name: 'Gustavo Gerente' });
    const paged = await w.call(
      'admin',
      'GET',
      w.centro,
      `contacts/${first.contact_id}/logs?limit=1&offset=1`,
    );
    expect(paged.json().data.map((e: { type: string }) => e.type)).toEqual(['OpportunityPriceCreated']);
    expect(
      (await w.call('admin', 'GET', w.centro, `contacts/${first.contact_id}/logs?limit=501`)).statusCode,
    ).toBe(400);
  });
});
