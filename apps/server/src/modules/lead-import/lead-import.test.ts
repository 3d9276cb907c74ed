import { LOG_TYPE_TITLES } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { LeadImport } from '@vendaval/core/schemas/lead-import';
import { and, asc, count, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csv, finished, importStatus, upload, xlsxOf } from '../../../test/factories/lead-import.ts';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';
import type { DomainEvent } from '../../infra/events.ts';
import { campaigns, medias, products, salesStages } from '../../schema/catalog.tables.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { historyLogs } from '../../schema/history.tables.ts';
import { leadImports } from '../../schema/lead-import.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { users } from '../../schema/users.tables.ts';

let t: TestApp;
let admin: string;
let manager: string;
let salesRep: string;
let centro: number;
let norte: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@demo.local');
  manager = await t.login('gerente@demo.local');
  salesRep = await t.login('atendente@demo.local');
  const ids = await workspaceIds(t, admin);
  centro = ids['Escola Centro'] ?? 0;
  norte = ids['Escola Zona Norte'] ?? 0;
});
afterAll(() => t.close());

const db = () => t.database.db;
const centroScope = (table: typeof contacts | typeof opportunities | typeof historyLogs) =>
  eq(table.workspaceId, centro);

async function idOf(
  table: typeof campaigns | typeof medias | typeof products,
  workspaceId: number,
  name: string,
) {
  const [row] = await db()
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), eq(table.name, name)));
  if (!row) throw new Error(`${name} not found`);
  return row.id;
}

async function stageOf(workspaceId: number, type: string) {
  const [row] = await db()
    .select()
    .from(salesStages)
    .where(and(eq(salesStages.workspaceId, workspaceId), eq(salesStages.type, type as 'First')));
  if (!row) throw new Error(`no ${type} stage`);
  return row;
}

async function userId(email: string) {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? 0;
}

/** The cards an import made, with their contact, in file order. */
async function cardsOf(importId: number) {
  return db()
    .select({
      id: opportunities.id,
      name: opportunities.name,
      userId: opportunities.userId,
      salesStageId: opportunities.salesStageId,
      stateType: opportunities.stateType,
      sourceType: opportunities.sourceType,
      price: opportunities.price,
      productId: opportunities.productId,
      campaignId: opportunities.campaignId,
      mediaId: opportunities.mediaId,
      description: opportunities.description,
      displayOrder: opportunities.displayOrder,
      contactId: contacts.id,
      contactName: contacts.name,
      phone: contacts.phoneNumber,
      email: contacts.email,
      city: contacts.cityName,
      state: contacts.stateCode,
      logUser: historyLogs.userId,
      logContact: historyLogs.contactId,
      row: sql<number>`(${historyLogs.data}->>'row')::int`,
    })
    .from(historyLogs)
    .innerJoin(opportunities, eq(opportunities.id, historyLogs.opportunityId))
    .leftJoin(contacts, eq(contacts.id, opportunities.contactId))
    .where(
      and(
        eq(historyLogs.type, 'OpportunityCreatedFromImport'),
        sql`(${historyLogs.data}->>'import_id')::int = ${importId}`,
      ),
    )
    .orderBy(asc(sql`(${historyLogs.data}->>'row')::int`));
}

async function total(table: typeof contacts | typeof opportunities | typeof leadImports) {
  const [row] = await db().select({ n: count() }).from(table);
  return row?.n ?? 0;
}

/** Uploads as the admin of Escola Centro and waits for the job to end. */
async function imported(
  content: string | Buffer,
  fields: Record<string, string | number> = {},
  filename?: string,
) {
  const res = await upload(t, admin, centro, { content, ...(filename ? { filename } : {}) }, fields);
  expect(res.statusCode, res.body).toBe(200);
  const accepted = res.json() as { id: number; status: string; total_rows: number };
  expect(accepted.status).toBe('queued');
  const done = await finished(t, admin, centro, accepted.id);
  expect(done.status).toBe('done');
  return { accepted, done, cards: await cardsOf(accepted.id) };
}

let phoneSeq = 0;
/** A fresh mobile number as a person types it, and its stored form. */
function newPhone() {
  phoneSeq++;
  const national = `11 9${String(7000_0000 + phoneSeq).padStart(8, '0')}`;
  return {
    typed: `(${national.slice(0, 2)}) ${national.slice(3, 8)}-${national.slice(8)}`,
    stored: `55${national.replace(/\D/g, '')}`,
  };
}

describe('POST /opportunities/upload — reading the spreadsheet', () => {
  it('PLAT-244 OPP-222 OPP-223 a ";" CSV with BOM becomes contacts and cards on top of the First stage, each with an "Oportunidade Importada" entry by the system', async () => {
    const [a, b, c] = [newPhone(), newPhone(), newPhone()];
    const file = `\uFEFF${csv([
      'Nome|Telefone|E-mail|Cidade|UF|Valor|Observação|Coluna Extra',
      `Maria Souza|${a.typed}|MARIA@EXEMPLO.COM|Campinas|sp|1.234,56|Quer turma da manhã|x`,
      `João Lima|${b.typed}||Santos|São Paulo||Ligar depois das 18h|y`,
      `Rita Alves|${c.typed}|rita@exemplo.com|||R$ 99,90||`,
    ])}`;
    const { accepted, done, cards } = await imported(file);
    expect(accepted.total_rows).toBe(3);
    expect(done).toMatchObject({
      total_rows: 3,
      processed_rows: 3,
      created: 3,
      merged: 0,
      failed: 0,
      errors: [],
      ignored_columns: ['Coluna Extra'],
    });
    expect(done.finished_at).not.toBeNull();
    const first = await stageOf(centro, 'First');
    expect(
      cards.map((card) => [card.name, card.phone, card.email, card.city, card.state, card.price]),
    ).toEqual([
      ['Maria Souza', a.stored, 'maria@exemplo.com', 'Campinas', 'SP', 1234.56],
      ['João Lima', b.stored, null, 'Santos', 'SP', 0],
      ['Rita Alves', c.stored, 'rita@exemplo.com', null, null, 99.9],
    ]);
    for (const card of cards) {
      expect(card).toMatchObject({ salesStageId: first.id, stateType: 'Open', sourceType: 'Importacao' });
      expect(card.logUser).toBeNull();
      expect(card.logContact).toBe(card.contactId);
    }
    expect(cards[0]?.description).toBe('Quer turma da manhã');
    // In file order, above every card that was already on the board.
    const orders = cards.map((card) => card.displayOrder);
    expect([...orders].sort((x, y) => y - x)).toEqual(orders);
    const [highest] = await db()
      .select({ max: sql<number>`max(${opportunities.displayOrder})` })
      .from(opportunities)
      .where(
        and(
          centroScope(opportunities),
          notInArray(
            opportunities.id,
            cards.map((x) => x.id),
          ),
        ),
      );
    expect(orders[2]).toBeGreaterThan(Number(highest?.max ?? 0));
    expect(LOG_TYPE_TITLES.OpportunityCreatedFromImport).toBe('Oportunidade Importada');
  });

  it("PLAT-244 each imported card is published once as created, naming its owner, so colleagues' boards and webhooks see it", async () => {
    const published: DomainEvent[] = [];
    t.app.deps.events.subscribe(async (_tx, event) => void published.push(event));
    const file = csv(['Nome|Telefone', `Ana Dias|${newPhone().typed}`, `Bia Reis|${newPhone().typed}`]);
    const { accepted, cards } = await imported(file);
    const created = published.filter((e) => e.type === 'opportunity.created' && e.workspaceId === centro);
    expect(created.map((e) => e.data.opportunity_id).sort()).toEqual(cards.map((c) => c.id).sort());
    for (const card of cards)
      expect(created.find((e) => e.data.opportunity_id === card.id)?.data).toMatchObject({
        user_id: null,
        owner_id: card.userId,
        changes: [{ type: 'OpportunityCreatedFromImport', data: { import_id: accepted.id } }],
      });
  });

  it('PLAT-244 cards go round-robin to the Working members of the main collaborator role (the two salesReps in turn)', async () => {
    const rows = Array.from({ length: 4 }, (_, i) => `Lead ${i}|${newPhone().typed}`);
    const { cards } = await imported(csv(['Nome|Telefone', ...rows]));
    const reps = [await userId('atendente@demo.local'), await userId('bruno@demo.local')].sort();
    const given = cards.map((card) => card.userId);
    expect([...new Set(given)].sort()).toEqual(reps);
    expect(given[0]).not.toBe(given[1]);
    expect(given[2]).toBe(given[0]);
    expect(given[3]).toBe(given[1]);
  });

  it('PLAT-244 OPP-116 with the workspace distribution set to a fixed user, every imported card goes to that user', async () => {
    const bruno = await userId('bruno@demo.local');
    const settings = (payload: object) =>
      t.call({ method: 'POST', url: `/api/v1/workspaces/${centro}/settings`, token: admin, payload });
    expect((await settings({ distribution: 'fixed_user', distribution_user_id: bruno })).statusCode).toBe(
      200,
    );
    try {
      const rows = Array.from({ length: 3 }, (_, i) => `Fixo ${i}|${newPhone().typed}`);
      const { cards } = await imported(csv(['Nome|Telefone', ...rows]));
      expect(cards.map((card) => card.userId)).toEqual([bruno, bruno, bruno]);
    } finally {
      await settings({ distribution: 'round_robin' });
    }
  });

  it('PLAT-244 a "," CSV with quoted fields and English or spelled-out headers is mapped the same way', async () => {
    const [a, b] = [newPhone(), newPhone()];
    const file = csv([
      'Full Name,WhatsApp,e-mail,NOTES,Cidade,Nome do Card,Unknown',
      `"Silva, Ana",${a.typed},ana@exemplo.com,"Disse: ""ligar amanhã""",Recife,Inglês 2027,1`,
      `Bruno Costa,"${b.typed}",,,,,`,
    ]);
    const { done, cards } = await imported(file);
    expect(done).toMatchObject({ created: 2, failed: 0, ignored_columns: ['Unknown'] });
    expect(
      cards.map((card) => [card.contactName, card.name, card.phone, card.description, card.city]),
    ).toEqual([
      ['Silva, Ana', 'Inglês 2027', a.stored, 'Disse: "ligar amanhã"', 'Recife'],
      ['Bruno Costa', 'Bruno Costa', b.stored, null, null],
    ]);
  });

  it('PLAT-244 a CSV saved by Excel in Windows-1252 keeps its accents', async () => {
    const phone = newPhone();
    const file = Buffer.from(
      csv(['Nome;Telefone;Cidade', `Conceição Araújo;${phone.typed};São João`]),
      'latin1',
    );
    const { cards } = await imported(file);
    expect(cards.map((card) => [card.contactName, card.city, card.phone])).toEqual([
      ['Conceição Araújo', 'São João', phone.stored],
    ]);
  });

  it('PLAT-244 PLAT-196 an .xlsx (whatever its name) is read by its content: number cells, product, campaign and media matched by name without case or accents', async () => {
    const [a, b] = [newPhone(), newPhone()];
    const file = xlsxOf([
      ['Lista de leads — março'],
      ['Nome Completo', 'Celular', 'Preço', 'Produto', 'Campanha', 'Mídia', 'CPF', 'CEP'],
      [
        'Carlos Dias',
        Number(a.stored.slice(2)),
        1500.5,
        'curso de ingles',
        'VOLTA AS AULAS',
        'instagram',
        1234567890,
        1310100,
      ],
      ['Dora Reis', b.typed, '2.000,00', 'Curso de Mandarim', null, null, null, null],
    ]);
    const { done, cards } = await imported(file, {}, 'leads.csv');
    expect(done).toMatchObject({ total_rows: 2, created: 2, failed: 0 });
    expect(done.errors).toEqual([
      { row: 4, message: MESSAGES.leadImportUnknownProduct('Curso de Mandarim') },
    ]);
    const english = await idOf(products, centro, 'Curso de Inglês');
    expect(cards[0]).toMatchObject({
      phone: a.stored,
      price: 1500.5,
      productId: english,
      campaignId: await idOf(campaigns, centro, 'Volta às Aulas'),
      mediaId: await idOf(medias, centro, 'Instagram'),
    });
    expect(cards[1]).toMatchObject({ phone: b.stored, price: 2000, productId: null });
    const [carlos] = await db().select().from(contacts).where(eq(contacts.phoneNumber, a.stored));
    expect(carlos).toMatchObject({ document: '01234567890', postalCode: '01310-100' });
  });

  it('PLAT-192 PLAT-193 OPP-070 phones are normalised to digits with 55; rows without a valid name or phone are reported by line and not imported; a CPF with wrong check digits is reported and left out', async () => {
    const file = csv([
      'Nome|Telefone|Email|UF|Valor|CPF',
      'Com Máscara|(21) 98765-0001||||529.982.247-25',
      'Com DDI|+55 21 3456-0002||||',
      'Sem DDD|98765-0003||||',
      'Sem Telefone|||||',
      '|(21) 98765-0004||||',
      '||||',
      'Campos Ruins|21 98765-0005|nao-e-email|XX|abc|529.982.247-26',
    ]);
    const res = await upload(t, admin, centro, { content: file });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total_rows).toBe(6);
    const done = await finished(t, admin, centro, res.json().id);
    expect(done).toMatchObject({ total_rows: 6, processed_rows: 6, created: 3, merged: 0, failed: 3 });
    expect(done.errors).toEqual([
      { row: 4, message: MESSAGES.phoneWithoutAreaCode },
      { row: 5, message: MESSAGES.phoneRequired },
      { row: 6, message: MESSAGES.contactNameRequired },
      { row: 8, message: MESSAGES.leadImportInvalidValue('E-mail', 'nao-e-email') },
      { row: 8, message: MESSAGES.leadImportInvalidValue('CPF', '529.982.247-26') },
      { row: 8, message: MESSAGES.leadImportInvalidValue('Estado', 'XX') },
      { row: 8, message: MESSAGES.leadImportInvalidValue('Valor', 'abc') },
    ]);
    const cards = await cardsOf(res.json().id);
    expect(cards.map((card) => card.phone)).toEqual(['5521987650001', '552134560002', '5521987650005']);
    expect(cards[2]).toMatchObject({ email: null, state: null, price: 0 });
  });
  it('PLAT-244 a file where no row can be imported still finishes, every row reported', async () => {
    const { done, cards } = await imported(csv(['Nome|Telefone', 'Sem DDD|98765-4321', '|(11) 98765-4321']));
    expect(done).toMatchObject({ status: 'done', processed_rows: 2, created: 0, merged: 0, failed: 2 });
    expect(done.errors.map((e) => e.row)).toEqual([2, 3]);
    expect(cards).toEqual([]);
  });
});

describe('POST /opportunities/upload — merging by phone', () => {
  it('PLAT-244 a row with the phone of a contact of the workspace reuses it (merged) and gets a card; a repeated phone in the file makes no second card and fills blanks', async () => {
    const [known] = await db()
      .select()
      .from(contacts)
      .where(centroScope(contacts))
      .orderBy(asc(contacts.id))
      .limit(1);
    if (!known?.phoneNumber) throw new Error('demo contact without phone');
    const fresh = newPhone();
    const contactsBefore = await total(contacts);
    const file = csv([
      'Nome|Telefone|Email|Cidade',
      `Outro Nome|+${known.phoneNumber}||`,
      `Nova Pessoa|${fresh.typed}||`,
      `Nova Pessoa de Novo|${fresh.stored.slice(2)}|nova@exemplo.com|Natal`,
      `Mesma Pessoa|+${known.phoneNumber}||`,
    ]);
    const { done, cards } = await imported(file);
    expect(done).toMatchObject({ total_rows: 4, processed_rows: 4, created: 1, merged: 3, failed: 0 });
    expect(await total(contacts)).toBe(contactsBefore + 1);
    expect(cards.map((card) => [card.row, card.contactId === known.id, card.phone])).toEqual([
      [2, true, known.phoneNumber],
      [3, false, fresh.stored],
    ]);
    expect(cards[0]?.name).toBe('Outro Nome');
    expect(cards[0]?.contactName).toBe(known.name);
    expect(cards[1]).toMatchObject({ contactName: 'Nova Pessoa', email: 'nova@exemplo.com', city: 'Natal' });
  });
});

describe('POST /opportunities/upload — choices of the form', () => {
  it('PLAT-244 PLAT-285 stage, responsible, source, media, campaign and product of the form apply to every card', async () => {
    const stage = await stageOf(centro, 'InProgress');
    const bruno = await userId('bruno@demo.local');
    const fields = {
      sales_stage_id: stage.id,
      user_id: bruno,
      source_type: 'Offline',
      media_id: await idOf(medias, centro, 'Panfleto'),
      campaign_id: await idOf(campaigns, centro, 'Matrículas 2027'),
      product_id: await idOf(products, centro, 'Reforço Escolar'),
    };
    const rows = [0, 1, 2].map((i) => `Pessoa ${i}|${newPhone().typed}`);
    const { cards } = await imported(csv(['Nome|Telefone', ...rows]), fields);
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card).toMatchObject({
        salesStageId: stage.id,
        userId: bruno,
        sourceType: 'Offline',
        mediaId: fields.media_id,
        campaignId: fields.campaign_id,
        productId: fields.product_id,
      });
    }
  });

  it('PLAT-244 a closed stage or a source the import may not set answers 400 naming the field', async () => {
    const file = { content: csv(['Nome|Telefone', `Ana|${newPhone().typed}`]) };
    const won = await stageOf(centro, 'Won');
    const closed = await upload(t, admin, centro, file, { sales_stage_id: won.id });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().errors).toEqual([
      { field: 'sales_stage_id', description: MESSAGES.openStageRequired },
    ]);
    const source = await upload(t, admin, centro, file, { source_type: 'URA' });
    expect(source.statusCode).toBe(400);
    expect(source.json().errors[0].field).toBe('source_type');
    const unknown = await upload(t, admin, centro, file, { owner: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ field: 'owner', description: MESSAGES.unknownField('owner') }]);
  });
});

describe('POST /opportunities/upload — who may import', () => {
  it('PLAT-244 PLAT-136 PLAT-137 a salesRep gets 403 and nothing is written; a manager may import and read the progress', async () => {
    const file = { content: csv(['Nome|Telefone', `Ana|${newPhone().typed}`]) };
    const before = await total(leadImports);
    const refused = await upload(t, salesRep, centro, file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, message: MESSAGES.forbidden });
    expect(await total(leadImports)).toBe(before);

    const accepted = await upload(t, manager, centro, file);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await finished(t, manager, centro, accepted.json().id)).created).toBe(1);
    expect((await importStatus(t, salesRep, centro, accepted.json().id)).statusCode).toBe(403);
  });
});

describe('POST /opportunities/upload — tenancy', () => {
  it('PLAT-244 ids of another workspace or platform in the form answer 404 and nothing is written', async () => {
    const rh = await workspaceIds(t, await t.login('admin@rh.local', RH_HOST), RH_HOST);
    const rhWorkspace = Object.values(rh)[0] ?? 0;
    const [rhMedia] = await db()
      .select({ id: medias.id })
      .from(medias)
      .where(eq(medias.workspaceId, rhWorkspace));
    const foreign: Record<string, number>[] = [
      { sales_stage_id: (await stageOf(norte, 'First')).id },
      { user_id: await userId('carla@demo.local') }, // member of Zona Norte only
      { product_id: await idOf(products, norte, 'Curso de Inglês') },
      { campaign_id: await idOf(campaigns, norte, 'Volta às Aulas') },
      { media_id: rhMedia?.id ?? 0 },
    ];
    const counts = async () => [await total(leadImports), await total(contacts), await total(opportunities)];
    const before = await counts();
    for (const fields of foreign) {
      const res = await upload(
        t,
        admin,
        centro,
        { content: csv(['Nome|Telefone', `Ana|${newPhone().typed}`]) },
        fields,
      );
      expect(res.statusCode, JSON.stringify(fields)).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
    }
    expect(await counts()).toEqual(before);
  });

  it('PLAT-244 the progress of an import is not readable from another workspace nor by a non-member', async () => {
    const res = await upload(t, admin, centro, {
      content: csv(['Nome|Telefone', `Ana|${newPhone().typed}`]),
    });
    const id = res.json().id as number;
    await finished(t, admin, centro, id);
    expect((await importStatus(t, admin, norte, id)).statusCode).toBe(404);
    const carla = await t.login('carla@demo.local');
    const other = await importStatus(t, carla, centro, id);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('"total_rows"');
  });
});

describe('POST /opportunities/upload — refused files', () => {
  const rows = csv(['Nome|Telefone', 'Ana|(11) 98765-4321']);

  it('PLAT-244 a file over 10 MB answers 413 with a pt-BR message', async () => {
    const big = `${rows}\r\n${'x'.repeat(10 * 1024 * 1024)}`;
    const res = await upload(t, admin, centro, { content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, message: MESSAGES.leadImportFileTooLarge });
  });

  it('PLAT-244 the content decides, not the name: an image or an old .xls called leads.csv answers 415', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      Buffer.alloc(64),
    ]);
    const image = await upload(t, admin, centro, {
      content: png,
      filename: 'leads.csv',
      contentType: 'text/csv',
    });
    expect(image.statusCode).toBe(415);
    expect(image.json().message).toBe(MESSAGES.leadImportUnsupportedFile);
    const xls = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
    ]);
    const legacy = await upload(t, admin, centro, { content: xls, filename: 'leads.xlsx' });
    expect(legacy.statusCode).toBe(415);
    expect(legacy.json().message).toBe(MESSAGES.leadImportLegacyExcel);
    const broken = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    const corrupt = await upload(t, admin, centro, { content: broken, filename: 'leads.xlsx' });
    expect(corrupt.statusCode).toBe(400);
    expect(corrupt.json().message).toBe(MESSAGES.leadImportUnreadableXlsx);
  });

  it('PLAT-244 a JSON body, a missing file, two files and a file in another field are refused with pt-BR messages', async () => {
    const url = `/api/v1/workspaces/${centro}/opportunities/upload`;
    const json = await t.call({ method: 'POST', url, token: admin, payload: { file: rows } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(MESSAGES.leadImportNotMultipart);
    const missing = await upload(t, admin, centro, null, { source_type: 'Offline' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.leadImportFileMissing);
    const two = await upload(t, admin, centro, [{ content: rows }, { content: rows }]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(MESSAGES.leadImportOneFile);
    const elsewhere = await upload(t, admin, centro, { content: rows, field: 'planilha' });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toBe(MESSAGES.unknownField('planilha'));
  });

  it('PLAT-244 a sheet without name and phone columns, without rows or with more than 10,000 rows answers 400', async () => {
    const noPhone = await upload(t, admin, centro, { content: csv(['Nome|Cidade', 'Ana|Recife']) });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json().message).toBe(MESSAGES.leadImportColumnsMissing);
    const empty = await upload(t, admin, centro, { content: csv(['Nome|Telefone', '|', '']) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.leadImportEmpty);
    const lines = Array.from({ length: 10_001 }, (_, i) => `L${i}|11 9${String(i).padStart(8, '0')}`);
    const tooMany = await upload(t, admin, centro, { content: csv(['Nome|Telefone', ...lines]) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(MESSAGES.leadImportTooManyRows('10.000'));
  });
});

describe('POST /opportunities/upload — the job', () => {
  /** `count` rows: every 100th repeats the phone of the row before, every 250th has no phone. */
  function bigFile(count: number, prefix: string) {
    const lines: string[] = [];
    let last = '';
    for (let i = 1; i <= count; i++) {
      const phone = i % 250 === 0 ? '' : i % 100 === 0 ? last : `${prefix}${String(i).padStart(7, '0')}`;
      last = phone || last;
      lines.push(`${prefix}-${i}|${phone}|Cidade ${i % 7}`);
    }
    return csv(['Nome|Telefone|Cidade', ...lines]);
  }

  it('PLAT-244 1,000 rows finish with the right counts, one card per distinct phone', async () => {
    const { done, cards } = await imported(bigFile(1000, '2198'));
    // 4 rows without phone (250, 500, 750, 1000); 8 repeats (the other multiples of 100).
    expect(done).toMatchObject({
      total_rows: 1000,
      processed_rows: 1000,
      created: 988,
      merged: 8,
      failed: 4,
    });
    expect(done.errors).toHaveLength(4);
    expect(cards).toHaveLength(988);
    expect(new Set(cards.map((c) => c.phone)).size).toBe(988);
  }, 120_000);

  it('PLAT-244 stopped halfway (a restart), the job resumes from the last batch and imports every row exactly once', async () => {
    const res = await upload(t, admin, centro, { content: bigFile(1000, '3199') });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().id as number;
    let seen: LeadImport | undefined;
    for (let i = 0; i < 600 && !(seen && seen.processed_rows > 0); i++) {
      seen = (await importStatus(t, admin, centro, id)).json();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await t.app.deps.jobs.stop();
    const halfway = (await importStatus(t, admin, centro, id)).json() as LeadImport;
    expect(halfway.processed_rows).toBeGreaterThan(0);
    expect(halfway.processed_rows).toBeLessThan(1000);
    expect(halfway.status).toBe('running');

    await t.app.deps.jobs.start();
    const done = await finished(t, admin, centro, id);
    expect(done).toMatchObject({
      status: 'done',
      processed_rows: 1000,
      created: 988,
      merged: 8,
      failed: 4,
    });
    const cards = await cardsOf(id);
    expect(cards).toHaveLength(988);
    expect(new Set(cards.map((c) => c.row)).size).toBe(988);
    const [made] = await db()
      .select({ n: count() })
      .from(contacts)
      .where(and(centroScope(contacts), sql`${contacts.name} like '3199-%'`));
    expect(made?.n).toBe(988);
  }, 120_000);
});
