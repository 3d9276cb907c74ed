import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';

let w: World;
beforeAll(async () => {
  w = await cardsWorld();
});
afterAll(() => w.t.close());

const put = (who: Person, id: number, payload: object, workspaceId = w.centro) =>
  w.call(who, 'PUT', workspaceId, `opportunities/${id}`, payload);
const refused = (field: string, description: string) => ({
  status: 400,
  message: description,
  errors: [{ field, description }],
});
/** The card without the fields every write moves. */
const steady = ({ updated_at: _u, ...card }: Card) => card;

describe('PUT /opportunities/:id', () => {
  it('OPP-047 the notes tab sends id and description alone: nothing else changes', async () => {
    const card = await w.create('admin', w.centro, {
      name: 'Card das notas',
      probability: 80,
      price: 50,
      campaign_url: 'escola.com.br/a',
      is_responsible: true,
      student_name: 'Bia',
      student_document: '11122233396',
    });
    const res = await put('admin', card.id, { id: card.id, description: 'Prefere ligação à tarde.' });
    expect(res.statusCode).toBe(200);
    expect(steady(res.json())).toEqual({ ...steady(card), description: 'Prefere ligação à tarde.' });
    const cleared = await put('admin', card.id, { id: card.id, description: '' });
    expect(cleared.json().description).toBeNull();
    expect(cleared.json().name).toBe('Card das notas');
  });

  it('OPP-061 the edit form saves every field it sends, contact included, and updated_at moves', async () => {
    const card = await w.create('admin', w.centro);
    const product = await w.item(w.centro, 'products', 'Material Didático');
    const campaign = await w.item(w.centro, 'campaigns', 'Indique um Amigo');
    const media = await w.item(w.centro, 'medias', 'Facebook');
    const tag = await w.item(w.centro, 'tags', 'Indicação');
    const type = await w.item(w.centro, 'opportunity-types', 'Rematrícula');
    await w.t.database.db.execute(
      sql`update opportunities set updated_at = '2025-01-01T00:00:00Z' where id = ${card.id}`,
    );
    const res = await put('gerente', card.id, {
      id: card.id,
      name: 'Card editado',
      opportunity_type_id: type.id,
      source_type: 'Email',
      media_id: media.id,
      workspace_id: w.centro,
      is_responsible: false,
      student_name: null,
      student_document: null,
      description: 'Nova observação',
      campaign_id: campaign.id,
      campaign_url: 'escola.com.br/indique',
      probability: 100,
      user_id: w.user.bruno,
      product_id: product.id,
      price: 189.9,
      contact_id: card.contact_id,
      tags: [tag.id],
      contact: {
        id: card.contact_id,
        name: 'Contato Editado',
        phone_number: '(21) 99876-5432',
        city_name: 'Niterói',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Card editado',
      opportunity_type_id: type.id,
      source_type: 'Email',
      media: { id: media.id, name: 'Facebook' },
      description: 'Nova observação',
      campaign: { id: campaign.id, name: 'Indique um Amigo' },
      campaign_url: 'escola.com.br/indique',
      probability: 100,
      user: { id: w.user.bruno, name: 'Bruno Barros' },
      product: { id: product.id, name: 'Material Didático', price: 189.9 },
      price: 189.9,
      tags: [tag.id],
      contact: {
        id: card.contact_id,
        name: 'Contato Editado',
        phone_number: '5521998765432',
        city_name: 'Niterói',
      },
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(Date.parse('2025-01-02T00:00:00Z'));
  });

  it('OPP-222 OPP-226 OPP-230 each changed field logs its entry with from/to; unchanged fields log nothing', async () => {
    const ingles = await w.item(w.centro, 'products', 'Curso de Inglês');
    const espanhol = await w.item(w.centro, 'products', 'Curso de Espanhol');
    const card = await w.create('admin', w.centro, { description: 'antes' });
    await put('admin', card.id, { price: 100, probability: 40, description: 'antes', product_id: ingles.id });
    await put('admin', card.id, {
      price: 150,
      probability: 80,
      description: 'depois',
      product_id: espanhol.id,
      user_id: w.user.gerente,
    });
    const entries = (await w.history(w.centro, card.id)).map((e) => [e.type, e.data]);
    expect(entries).toEqual([
      ['OpportunityUserUpdated', { from_name: 'Ana Administradora', to_name: 'Gustavo Gerente' }],
      ['OpportunityProductUpdated', { from_name: 'Curso de Inglês', to_name: 'Curso de Espanhol' }],
      ['OpportunityDescriptionUpdated', { from_description: 'antes', to_description: 'depois' }],
      ['OpportunityProbabilityUpdated', { from_probability: 40, to_probability: 80 }],
      ['OpportunityPriceUpdated', { from_price: 100, to_price: 150 }],
      ['OpportunityProductCreated', { from_name: null, to_name: 'Curso de Inglês' }],
      ['OpportunityPriceCreated', { from_price: null, to_price: 100 }],
      ['OpportunityCreated', { sales_stage_name: 'Novo lead' }],
    ]);
    const again = await put('admin', card.id, { price: 150, probability: 80, user_id: w.user.gerente });
    expect(again.statusCode).toBe(200);
    expect(await w.history(w.centro, card.id)).toHaveLength(8);
  });

  it('OPP-028 an emptied name falls back to the contact name', async () => {
    const card = await w.create('admin', w.centro, {
      name: 'Nome do card',
      contact: { name: 'Nome do Contato', phone_number: w.phone() },
    });
    expect((await put('admin', card.id, { name: '' })).json().name).toBe('Nome do Contato');
    const renamed = await put('admin', card.id, { name: '', contact: { name: 'Contato Renomeado' } });
    expect(renamed.json().name).toBe('Contato Renomeado');
  });

  it('the form sends back a responsible who left the workspace: saving still works, choosing them does not', async () => {
    const card = await w.create('admin', w.centro);
    await w.t.database.db.execute(
      sql`update opportunities set user_id = ${w.user.carla} where id = ${card.id}`,
    );
    const res = await put('admin', card.id, { user_id: w.user.carla, description: 'ok' });
    expect(res.statusCode).toBe(200);
    const other = await w.create('admin', w.centro);
    expect((await put('admin', other.id, { user_id: w.user.carla })).statusCode).toBe(404);
  });

  it('the body id must be the path id; another workspace_id is a transfer', async () => {
    const card = await w.create('admin', w.centro);
    expect((await put('admin', card.id, { id: card.id + 1, description: 'x' })).json()).toEqual(
      refused('id', MESSAGES.idMismatch),
    );
    expect((await put('admin', card.id, { workspace_id: w.zonaNorte, description: 'x' })).json()).toEqual(
      refused('workspace_id', MESSAGES.workspaceChangeByTransfer),
    );
    expect((await w.card(w.centro, card.id)).description).toBeNull();
  });

  it('OPP-060 OPP-066 a salesRep cannot change the responsible (403); nobody can empty it', async () => {
    const card = await w.create('atendente', w.centro);
    const res = await put('atendente', card.id, { user_id: w.user.bruno });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.responsibleNotChangeable);
    expect((await put('atendente', card.id, { user_id: w.user.atendente, price: 10 })).statusCode).toBe(200);
    expect((await put('admin', card.id, { user_id: null })).json()).toEqual(
      refused('user_id', MESSAGES.responsibleFieldRequired),
    );
    expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.atendente);
  });

  it("OPP-204 a salesRep editing another rep's card gets 404", async () => {
    const card = await w.create('admin', w.centro, { user_id: w.user.bruno });
    expect((await put('atendente', card.id, { description: 'x' })).statusCode).toBe(404);
    expect((await w.card(w.centro, card.id)).description).toBeNull();
  });

  it('OPP-076 OPP-078 origin and media of a URA, Bella or site-form card are locked', async () => {
    const card = await w.create('admin', w.centro);
    for (const source of ['URA', 'Bella', 'FormularioSite']) {
      await w.t.database.db.execute(
        sql`update opportunities set source_type = ${source} where id = ${card.id}`,
      );
      expect((await put('admin', card.id, { source_type: 'Offline' })).json(), source).toEqual(
        refused('source_type', TOASTS.fieldLocked.message),
      );
      expect((await put('admin', card.id, { media_id: null })).json()).toEqual(
        refused('media_id', TOASTS.fieldLocked.message),
      );
      // The same values, sent back by the form, are not a change.
      const same = await put('admin', card.id, { source_type: source, media_id: card.media_id, price: 5 });
      expect(same.statusCode).toBe(200);
    }
    expect((await w.card(w.centro, card.id)).source_type).toBe('FormularioSite');
  });

  it('OPP-026 OPP-067 OPP-069 an edit cannot choose an automatic source, drop the media of a manual card or the student', async () => {
    const card = await w.create('admin', w.centro);
    expect((await put('admin', card.id, { source_type: 'Importacao' })).json()).toEqual(
      refused('source_type', MESSAGES.automaticSourceNotAllowed),
    );
    expect((await put('admin', card.id, { media_id: null })).json()).toEqual(
      refused('media_id', MESSAGES.mediaRequired),
    );
    expect((await put('admin', card.id, { is_responsible: true })).json()).toEqual(
      refused('student_name', MESSAGES.studentNameRequired),
    );
    const student = await put('admin', card.id, {
      is_responsible: true,
      student_name: 'Caio',
      student_document: '11122233396',
    });
    expect(student.json()).toMatchObject({ is_responsible: true, student_name: 'Caio' });
    expect((await put('admin', card.id, { student_document: null })).json()).toEqual(
      refused('student_document', MESSAGES.studentDocumentRequired),
    );
  });

  it("a contact's phone may not be another contact's of the workspace (409); contact.id must be the card's", async () => {
    const a = await w.create('admin', w.centro);
    const b = await w.create('admin', w.centro);
    const bPhone = (b.contact as { phone_number: string }).phone_number;
    const res = await put('admin', a.id, { contact: { phone_number: bPhone } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.contactPhoneTaken);
    expect((await put('admin', a.id, { contact: { id: b.contact_id, name: 'X' } })).json()).toEqual(
      refused('contact.id', MESSAGES.contactIdMismatch),
    );
    const switched = await put('admin', a.id, { contact_id: b.contact_id });
    expect(switched.json().contact.id).toBe(b.contact_id);
  });

  it('PLAT-239 user, product, campaign, media, type, tag and contact ids of another tenant answer 404 and change nothing', async () => {
    const card = await w.create('admin', w.centro);
    const north = await w.create('admin', w.zonaNorte);
    const foreign: Record<string, unknown>[] = [
      { user_id: w.user.carla },
      { user_id: w.user.rh },
      { product_id: (await w.item(w.zonaNorte, 'products', 'Curso de Inglês')).id, price: 10 },
      { campaign_id: (await w.item(w.zonaNorte, 'campaigns', 'Volta às Aulas')).id },
      { media_id: (await w.item(w.recrutamento, 'medias', 'LinkedIn')).id },
      { opportunity_type_id: (await w.item(w.zonaNorte, 'opportunity-types', 'Matrícula')).id },
      { tags: [(await w.item(w.zonaNorte, 'tags', 'Bolsa')).id] },
      { contact_id: north.contact_id },
      { contact_id: north.contact_id, contact: { id: north.contact_id, name: 'Trocado' } },
    ];
    const before = await w.card(w.centro, card.id);
    for (const body of foreign) {
      const res = await put('admin', card.id, { description: 'não deve gravar', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect(await w.card(w.centro, card.id)).toEqual(before);
    expect((await w.card(w.zonaNorte, north.id)).contact).toMatchObject({ name: 'Contato de Teste' });
    expect(await w.history(w.centro, card.id)).toHaveLength(1);
    expect((await put('admin', north.id, { description: 'x' })).statusCode).toBe(404);
  });
});

describe('PUT /opportunities/:id/assign', () => {
  it('OPP-123 OPP-226 hands the card to a member and logs the owner change; the same person is a no-op', async () => {
    const card = await w.create('admin', w.centro);
    const res = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.bruno,
      opportunity_id: card.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ id: w.user.bruno, name: 'Bruno Barros' });
    const again = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.bruno,
    });
    expect(again.statusCode).toBe(200);
    const entries = await w.history(w.centro, card.id);
    expect(entries.map((e) => [e.type, e.data])).toEqual([
      ['OpportunityUserUpdated', { from_name: 'Ana Administradora', to_name: 'Bruno Barros' }],
      ['OpportunityCreated', { sales_stage_name: 'Novo lead' }],
    ]);
  });

  it('OPP-186 a salesRep may hand their own card to someone else, then no longer sees it', async () => {
    const card = await w.create('atendente', w.centro);
    const res = await w.call('atendente', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.bruno,
    });
    expect(res.statusCode).toBe(200);
    expect((await w.call('atendente', 'GET', w.centro, `opportunities/${card.id}`)).statusCode).toBe(404);
    const back = await w.call('atendente', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.atendente,
    });
    expect(back.statusCode).toBe(404);
  });

  it('a person who is not a member of the workspace answers 404 and the card keeps its responsible', async () => {
    const card = await w.create('admin', w.centro);
    for (const userId of [w.user.carla, w.user.rh, 2147483647]) {
      const res = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
        user_id: userId,
      });
      expect(res.statusCode).toBe(404);
    }
    expect((await w.card(w.centro, card.id)).user_id).toBe(w.user.admin);
    const mismatch = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}/assign`, {
      user_id: w.user.bruno,
      opportunity_id: card.id + 1,
    });
    expect(mismatch.json()).toEqual(refused('opportunity_id', MESSAGES.idMismatch));
  });
});
