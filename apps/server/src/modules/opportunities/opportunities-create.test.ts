import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';

let w: World;
let media: number;
beforeAll(async () => {
  w = await cardsWorld();
  media = (await w.item(w.centro, 'medias', 'Instagram')).id;
});
afterAll(() => w.t.close());

const post = (who: Person, payload: object, workspaceId = w.centro) =>
  w.call(who, 'POST', workspaceId, 'opportunities', payload);
const valid = (extra: Record<string, unknown> = {}) => ({
  source_type: 'Offline',
  media_id: media,
  contact: { name: 'Maria Souza', phone_number: w.phone() },
  ...extra,
});
const refused = (field: string, description: string) => ({
  status: 400,
  message: description,
  errors: [{ field, description }],
});

/** How many cards and contacts Escola Centro has, to prove a refused request wrote nothing. */
async function counts() {
  const cards = await w.call('admin', 'GET', w.centro, 'opportunities?limit=1');
  const contacts = await w.call('admin', 'GET', w.centro, 'contacts?limit=1');
  const history = await w.call(
    'admin',
    'GET',
    w.centro,
    `opportunities/history?user_id=${w.user.admin}&limit=1`,
  );
  return [cards, contacts, history].map((r) => r.json().pagination.total_count);
}

describe('POST /opportunities', () => {
  it('OPP-006 OPP-008 OPP-024 OPP-031 OPP-032 a new card: Open, in the First stage at the top, 40, price 0, the caller responsible, the default type', async () => {
    const first = await w.stage(w.centro, 'First');
    const before = await w.call('admin', 'GET', w.centro, `opportunities?sales_stage_id=${first.id}&limit=1`);
    const top = before.json().data[0].display_order as number;
    const res = await post('atendente', valid());
    expect(res.statusCode).toBe(200);
    const type = await w.item(w.centro, 'opportunity-types', 'Matrícula');
    expect(res.json()).toMatchObject({
      state_type: 'Open',
      sales_stage_id: first.id,
      display_order: top + 1,
      probability: 40,
      price: 0,
      user_id: w.user.atendente,
      opportunity_type_id: type.id,
      source_type: 'Offline',
      media_id: media,
      product: null,
      tags: [],
    });
  });

  it('OPP-028 an empty card name falls back to the contact name', async () => {
    expect((await post('admin', valid({ name: '' }))).json().name).toBe('Maria Souza');
    expect((await post('admin', valid({ name: '  Irmãos Souza ' }))).json().name).toBe('Irmãos Souza');
  });

  it('OPP-030 OPP-062 OPP-068 the whole create payload is stored: contact details, product, price, campaign, tags, student', async () => {
    const product = await w.item(w.centro, 'products', 'Curso de Espanhol');
    const tags = [
      (await w.item(w.centro, 'tags', 'Bolsa')).id,
      (await w.item(w.centro, 'tags', 'Retorno')).id,
    ];
    const type = await w.item(w.centro, 'opportunity-types', 'Transferência');
    const presale = await w.stage(w.centro, 'PreSale');
    const phone = w.phone();
    const res = await post('gerente', {
      name: 'Card completo',
      state_type: 'Open',
      opportunity_type_id: type.id,
      source_type: 'WhatsappEscola',
      media_id: media,
      is_responsible: true,
      student_name: 'Pedrinho Souza',
      student_document: '529.982.247-25',
      description: 'Quer começar em março.',
      campaign_id: null,
      campaign_url: 'https://escola.com.br/lp',
      probability: 60,
      user_id: w.user.bruno,
      product_id: product.id,
      price: 349.9,
      contact_id: null,
      sales_stage_id: presale.id,
      tags,
      contact: {
        name: 'Paula Souza',
        phone_number: phone,
        email: 'Paula@Exemplo.com',
        birthdate: '1988-04-02',
        document: '987.654.321-00',
        id_number: '12.345.678-9',
        postal_code: '01001-000',
        address_line1: 'Praça da Sé, 1',
        address_line2: 'Sala 2',
        state_code: 'SP',
        city_name: 'São Paulo',
        neighborhood: 'Sé',
        instagram: '@paula',
        facebook: 'paula.souza',
        linkedin: 'paulasouza',
        is_blacklisted: false,
        blacklist_reason: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Card completo',
      sales_stage_id: presale.id,
      opportunity_type_id: type.id,
      source_type: 'WhatsappEscola',
      is_responsible: true,
      student_name: 'Pedrinho Souza',
      student_document: '52998224725',
      description: 'Quer começar em março.',
      campaign: null,
      campaign_url: 'https://escola.com.br/lp',
      probability: 60,
      user: { id: w.user.bruno, name: 'Bruno Barros' },
      product: { id: product.id, name: 'Curso de Espanhol', price: 349.9 },
      price: 349.9,
      tags,
      contact: {
        name: 'Paula Souza',
        phone_number: `55${phone}`,
        email: 'paula@exemplo.com',
        birthdate: '1988-04-02',
        document: '98765432100',
        id_number: '12.345.678-9',
        postal_code: '01001-000',
        address_line1: 'Praça da Sé, 1',
        address_line2: 'Sala 2',
        state_code: 'SP',
        city_name: 'São Paulo',
        neighborhood: 'Sé',
        instagram: '@paula',
        facebook: 'paula.souza',
        linkedin: 'paulasouza',
        is_blacklisted: false,
        blacklist_reason: null,
        workspace_id: w.centro,
      },
    });
  });

  it('OPP-222 OPP-230 creating writes OpportunityCreated, and the price and product set, in the history', async () => {
    const product = await w.item(w.centro, 'products', 'Reforço Escolar');
    const card = (await post('admin', valid({ product_id: product.id, price: 250 }))).json();
    const entries = await w.history(w.centro, card.id);
    expect(entries.map((e) => [e.type, e.data])).toEqual(
      expect.arrayContaining([
        ['OpportunityCreated', { sales_stage_name: 'Novo lead' }],
        ['OpportunityPriceCreated', { from_price: null, to_price: 250 }],
        ['OpportunityProductCreated', { from_name: null, to_name: 'Reforço Escolar' }],
      ]),
    );
    expect(entries).toHaveLength(3);
    const plain = (await post('admin', valid())).json();
    expect((await w.history(w.centro, plain.id)).map((e) => e.type)).toEqual(['OpportunityCreated']);
  });

  it('OPP-007 a card starts in a First or PreSale stage only; no First stage answers the opening-stage message', async () => {
    const progress = await w.stage(w.centro, 'InProgress');
    expect((await post('admin', valid({ sales_stage_id: progress.id }))).json()).toEqual(
      refused('sales_stage_id', MESSAGES.creationStageOnly),
    );
    const won = await w.stage(w.centro, 'Won');
    expect((await post('admin', valid({ sales_stage_id: won.id }))).statusCode).toBe(400);
  });

  it('OPP-023 OPP-025 a salesRep can only name themself responsible; other roles choose any member', async () => {
    const [before] = await counts();
    const res = await post('atendente', valid({ user_id: w.user.bruno }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MESSAGES.responsibleNotChangeable);
    expect((await counts())[0]).toBe(before);
    expect((await post('atendente', valid({ user_id: w.user.atendente }))).statusCode).toBe(200);
    expect((await post('gerente', valid({ user_id: w.user.atendente }))).json().user_id).toBe(
      w.user.atendente,
    );
  });

  it('OPP-026 OPP-077 automatic sources (URA, Bella, FormularioSite, Importacao) cannot be chosen by a person', async () => {
    for (const source of ['URA', 'Bella', 'FormularioSite', 'Importacao']) {
      expect((await post('admin', valid({ source_type: source }))).json(), source).toEqual(
        refused('source_type', MESSAGES.automaticSourceNotAllowed),
      );
    }
  });

  it('OPP-067 source and media are required for a card made by a person', async () => {
    const { source_type: _s, ...noSource } = valid();
    const res = await post('admin', noSource);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'source_type', description: MESSAGES.sourceRequired }]);
    expect((await post('admin', valid({ media_id: null }))).json()).toEqual(
      refused('media_id', MESSAGES.mediaRequired),
    );
    const { media_id: _m, ...noMedia } = valid();
    expect((await post('admin', noMedia)).json()).toEqual(refused('media_id', MESSAGES.mediaRequired));
  });

  it("OPP-069 'Não é aluno?' requires the student's name and a CPF with right check digits", async () => {
    expect((await post('admin', valid({ is_responsible: true }))).json()).toEqual(
      refused('student_name', MESSAGES.studentNameRequired),
    );
    expect((await post('admin', valid({ is_responsible: true, student_name: 'Ana' }))).json()).toEqual(
      refused('student_document', MESSAGES.studentDocumentRequired),
    );
    for (const document of ['123', '529.982.247-26', '111.111.111-11']) {
      const bad = await post(
        'admin',
        valid({ is_responsible: true, student_name: 'Ana', student_document: document }),
      );
      expect(bad.json().errors, document).toEqual([
        { field: 'student_document', description: MESSAGES.invalidCpf },
      ]);
    }
  });

  it('decisions §21 the contact CPF needs its two check digits right', async () => {
    const bad = await post('admin', valid({ contact: { ...valid().contact, document: '52998224724' } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'contact.document', description: MESSAGES.invalidCpf }]);
  });

  it('OPP-064 OPP-065 OPP-070 the contact needs a name and a phone with its area code', async () => {
    const cases: [object, string, string][] = [
      [{ phone_number: w.phone() }, 'contact.name', MESSAGES.contactNameRequired],
      [{ name: 'Sem Fone' }, 'contact.phone_number', MESSAGES.phoneRequired],
      [
        { name: 'Sem DDD', phone_number: '98765-4321' },
        'contact.phone_number',
        MESSAGES.phoneWithoutAreaCode,
      ],
    ];
    for (const [contact, field, description] of cases) {
      const res = await post('admin', valid({ contact }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([{ field, description }]);
    }
    const { contact: _c, ...noContact } = valid();
    expect((await post('admin', noContact)).json()).toEqual(refused('contact', MESSAGES.contactRequired));
  });

  it('OPP-073 OPP-075 a description of at most 10,000 characters and at most 5 distinct tags', async () => {
    const long = await post('admin', valid({ description: 'a'.repeat(10_001) }));
    expect(long.json().errors).toEqual([{ field: 'description', description: MESSAGES.descriptionTooLong }]);
    expect((await post('admin', valid({ description: 'a'.repeat(10_000) }))).statusCode).toBe(200);
    const tag = (await w.item(w.centro, 'tags', 'Bolsa')).id;
    const six = await post('admin', valid({ tags: [1, 2, 3, 4, 5, 6] }));
    expect(six.json().errors).toEqual([{ field: 'tags', description: MESSAGES.tooManyTags }]);
    expect((await post('admin', valid({ tags: [tag, tag] }))).json().tags).toEqual([tag]);
  });

  it('OPP-082 the qualification is a multiple of 20 up to 100; the price a BRL amount in range', async () => {
    for (const probability of [30, 120, -20]) {
      const res = await post('admin', valid({ probability }));
      expect(res.json().errors, String(probability)).toEqual([
        { field: 'probability', description: MESSAGES.invalidProbability },
      ]);
    }
    for (const price of [-1, 10_000_000, 1.234]) {
      expect((await post('admin', valid({ price }))).json().errors, String(price)).toEqual([
        { field: 'price', description: MESSAGES.invalidPrice },
      ]);
    }
  });

  it('OPP-030 a chosen contact is linked, and the fields sent update it; contact.id must match contact_id', async () => {
    const first = (
      await post(
        'admin',
        valid({ contact: { name: 'Rui Lima', phone_number: w.phone(), city_name: 'Santos' } }),
      )
    ).json();
    const contactId = first.contact_id as number;
    const second = await post('admin', {
      source_type: 'Offline',
      media_id: media,
      contact_id: contactId,
      contact: {
        id: contactId,
        name: 'Rui Lima Filho',
        phone_number: first.contact.phone_number,
        email: 'rui@x.com',
      },
    });
    expect(second.statusCode).toBe(200);
    expect(second.json().contact).toMatchObject({
      id: contactId,
      name: 'Rui Lima Filho',
      email: 'rui@x.com',
      // Fields the form did not send stay as they were.
      city_name: 'Santos',
    });
    const onlyId = await post('admin', { source_type: 'Offline', media_id: media, contact_id: contactId });
    expect(onlyId.json()).toMatchObject({ contact_id: contactId, name: 'Rui Lima Filho' });
    const mismatch = await post('admin', {
      source_type: 'Offline',
      media_id: media,
      contact_id: contactId,
      contact: { id: contactId + 1, name: 'X', phone_number: w.phone() },
    });
    expect(mismatch.json()).toEqual(refused('contact.id', MESSAGES.contactIdMismatch));
  });

  it('a new contact whose phone a contact of the workspace already has reuses that contact (and updates it)', async () => {
    const phone = w.phone();
    const first = (await post('admin', valid({ contact: { name: 'Lia', phone_number: phone } }))).json();
    const [, contactsBefore] = await counts();
    const again = await post(
      'admin',
      valid({ contact: { name: 'Lia Martins', phone_number: `+55 ${phone}` } }),
    );
    expect(again.json().contact).toMatchObject({ id: first.contact_id, name: 'Lia Martins' });
    expect((await counts())[1]).toBe(contactsBefore);
    // Another workspace's contact with that phone is not this workspace's.
    const north = (
      await post('admin', valid({ contact: { name: 'Lia', phone_number: phone } }), w.zonaNorte)
    ).json();
    expect(north.contact_id).not.toBe(first.contact_id);
  });
});

describe('POST /opportunities with ids of another tenant', () => {
  it('PLAT-239 user, product, stage, contact, campaign, media, type and tag ids of another workspace answer 404 and write nothing', async () => {
    const north = await w.create('admin', w.zonaNorte);
    const foreign: Record<string, unknown>[] = [
      { user_id: w.user.carla },
      { user_id: w.user.rh },
      { product_id: (await w.item(w.zonaNorte, 'products', 'Curso de Inglês')).id },
      { sales_stage_id: (await w.stage(w.zonaNorte, 'First')).id },
      { contact_id: north.contact_id },
      { campaign_id: (await w.item(w.zonaNorte, 'campaigns', 'Volta às Aulas')).id },
      { media_id: (await w.item(w.zonaNorte, 'medias', 'Instagram')).id },
      { opportunity_type_id: (await w.item(w.zonaNorte, 'opportunity-types', 'Matrícula')).id },
      {
        tags: [(await w.item(w.centro, 'tags', 'Bolsa')).id, (await w.item(w.zonaNorte, 'tags', 'Bolsa')).id],
      },
      { product_id: (await w.item(w.recrutamento, 'products', 'Analista de Marketing')).id },
      { media_id: 2147483647 },
    ];
    const before = await counts();
    for (const ids of foreign) {
      const res = await post('admin', valid(ids));
      expect(res.statusCode, JSON.stringify(ids)).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    }
    expect(await counts()).toEqual(before);
  });

  it('a contact_id of another workspace with contact fields changes neither contact', async () => {
    const north = await w.create('admin', w.zonaNorte);
    const res = await post('admin', {
      source_type: 'Offline',
      media_id: media,
      contact_id: north.contact_id,
      contact: { id: north.contact_id, name: 'Trocado', phone_number: w.phone() },
    });
    expect(res.statusCode).toBe(404);
    expect((await w.card(w.zonaNorte, north.id)).contact).toMatchObject({ name: 'Contato de Teste' });
  });
});
