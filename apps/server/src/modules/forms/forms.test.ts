import { MESSAGES } from '@vendaval/core/messages';
import { FORM_CONTACT_FIELDS, type Form, type FormWriteInput } from '@vendaval/core/schemas/forms';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';
import type { DomainEvent } from '../../infra/events.ts';
import { isFormEmbedPage } from '../../infra/security-headers.ts';
import { contacts } from '../../schema/contacts.tables.ts';
import { formSubmissions } from '../../schema/forms.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';
import { fillToken } from './forms.service.ts';

let t: TestApp;
let admin: string;
let manager: string;
let salesRep: string;
let rhAdmin: string;
let centro: number;
let zonaNorte: number;
let recrutamento: number;
let platformId: number;
const published: DomainEvent[] = [];

type Named = { id: number; name: string; type?: string };

const api = (workspaceId: number, path: string) => `/api/v1/workspaces/${workspaceId}${path}`;

async function listOf(token: string, workspaceId: number, path: string, host?: string): Promise<Named[]> {
  const res = await t.call({ method: 'GET', url: api(workspaceId, `/${path}?limit=500`), token, host });
  expect(res.statusCode, path).toBe(200);
  return res.json().data;
}

/** A form of every field type, mapped to contact fields where the type allows it. */
function formBody(overrides: Partial<FormWriteInput> = {}): FormWriteInput {
  return {
    name: 'Matrículas 2027',
    fields: [
      { key: 'nome', label: 'Seu nome', type: 'text', required: true, maps_to: 'contact_name' },
      { key: 'telefone', label: 'Celular', type: 'tel', required: true, maps_to: 'phone_number' },
      { key: 'email', label: 'E-mail', type: 'email', maps_to: 'email' },
      { key: 'cpf', label: 'CPF', type: 'text', maps_to: 'document' },
      { key: 'curso', label: 'Curso', type: 'select', options: ['Inglês', 'Espanhol'] },
      { key: 'turno', label: 'Turno', type: 'radio', options: ['Manhã', 'Noite'] },
      { key: 'mensagem', label: 'Mensagem', type: 'text' },
      { key: 'aceite', label: 'Aceito receber contato', type: 'checkbox', required: true },
      { key: 'limpar', label: 'Limpar', type: 'reset' },
    ],
    ...overrides,
  };
}

async function createForm(token: string, body: FormWriteInput, workspaceId = centro, host?: string) {
  const res = await t.call({ method: 'POST', url: api(workspaceId, '/forms'), token, host, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Form;
}

/** A page opened `agoMs` before now, as the visitor's browser holds it. */
const tokenOf = (publicId: string, agoMs = 10_000, platform = platformId) =>
  fillToken(t.app.deps.tokens, platform, publicId, Date.now() - agoMs);

let phoneSeq = 0;
const nextPhone = () => `(11) 9${String(70000000 + ++phoneSeq).padStart(8, '0')}`;

function answers(overrides: Record<string, string | boolean> = {}) {
  return { nome: 'Ana Souza', telefone: nextPhone(), aceite: true, curso: 'Inglês', ...overrides };
}

function submit(
  form: Pick<Form, 'public_id'>,
  body: Record<string, unknown>,
  options: { host?: string; address?: string } = {},
) {
  return t.call({
    method: 'POST',
    url: `/api/v1/public/forms/${form.public_id}/submissions`,
    host: options.host,
    remoteAddress: options.address ?? '198.51.100.1',
    payload: { fill_token: tokenOf(form.public_id), ...body },
  });
}

const db = () => t.database.db;

async function cardsOf(publicId: string) {
  return db()
    .select()
    .from(opportunities)
    .where(and(eq(opportunities.workspaceId, centro), eq(opportunities.formId, publicId)));
}

async function submissionCount(formId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(formSubmissions)
    .where(eq(formSubmissions.formId, formId));
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@demo.local');
  manager = await t.login('gerente@demo.local');
  salesRep = await t.login('atendente@demo.local');
  rhAdmin = await t.login('admin@rh.local', RH_HOST);
  const ids = await workspaceIds(t, admin);
  centro = ids['Escola Centro'] ?? 0;
  zonaNorte = ids['Escola Zona Norte'] ?? 0;
  recrutamento = (await workspaceIds(t, rhAdmin, RH_HOST))['Recrutamento e Seleção'] ?? 0;
  platformId = t.app.deps.platforms.forHost('localhost').id;
  t.app.deps.events.subscribe(async (_tx, event) => void published.push(event));
});
afterAll(() => t.close());

describe('forms: building them', () => {
  it('PLAT-273 PLAT-094 admins create, list, read, change and delete forms with every field type', async () => {
    const form = await createForm(admin, formBody());
    expect(form.public_id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(form.fields.map((f) => f.type)).toEqual([
      'text',
      'tel',
      'email',
      'text',
      'select',
      'radio',
      'text',
      'checkbox',
      'reset',
    ]);
    expect(form).toMatchObject({ active: true, submission_count: 0, sales_stage_id: null, tags: [] });

    const list = await t.call({ method: 'GET', url: api(centro, '/forms'), token: admin });
    expect(list.json().data.map((f: Form) => f.id)).toContain(form.id);

    const changed = await t.call({
      method: 'PUT',
      url: api(centro, `/forms/${form.id}`),
      token: admin,
      payload: formBody({ name: 'Matrículas 2027 (site)', active: false }),
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      name: 'Matrículas 2027 (site)',
      active: false,
      public_id: form.public_id,
    });

    const read = await t.call({ method: 'GET', url: api(centro, `/forms/${form.id}`), token: admin });
    expect(read.json().name).toBe('Matrículas 2027 (site)');

    const removed = await t.call({ method: 'DELETE', url: api(centro, `/forms/${form.id}`), token: admin });
    expect(removed.statusCode).toBe(200);
    const gone = await t.call({ method: 'GET', url: api(centro, `/forms/${form.id}`), token: admin });
    expect(gone.statusCode).toBe(404);
  });

  it('PLAT-095 each of the 16 contact fields can be the target of a form field', async () => {
    const fields = FORM_CONTACT_FIELDS.map((target) => ({
      key: `f_${target}`,
      label: target,
      type:
        target === 'email'
          ? ('email' as const)
          : target === 'phone_number'
            ? ('tel' as const)
            : ('text' as const),
      maps_to: target,
    }));
    const form = await createForm(manager, formBody({ fields }));
    expect(form.fields.map((f) => f.maps_to)).toEqual([...FORM_CONTACT_FIELDS]);
  });

  it('PLAT-273 managers build forms; a salesRep only lists them (the board filter) and is refused the rest', async () => {
    const form = await createForm(manager, formBody());
    const list = await t.call({ method: 'GET', url: api(centro, '/forms'), token: salesRep });
    expect(list.statusCode).toBe(200);
    for (const [method, path, payload] of [
      ['POST', '/forms', formBody()],
      ['PUT', `/forms/${form.id}`, formBody()],
      ['DELETE', `/forms/${form.id}`, undefined],
      ['GET', `/forms/${form.id}/submissions`, undefined],
    ] as const) {
      const res = await t.call({ method, url: api(centro, path), token: salesRep, payload });
      expect(res.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it('PLAT-094 a form without a phone or a name to make the card with, or with a broken field, is refused by field', async () => {
    const cases: [Partial<FormWriteInput>, string][] = [
      [
        { fields: [{ key: 'nome', label: 'Nome', type: 'text', maps_to: 'name' }] },
        MESSAGES.formPhoneFieldRequired,
      ],
      [
        { fields: [{ key: 'tel', label: 'Tel', type: 'tel', maps_to: 'phone_number' }] },
        MESSAGES.formNameFieldRequired,
      ],
      [
        {
          fields: [
            ...formBody().fields,
            { key: 'optin', label: 'Opt-in', type: 'checkbox', maps_to: 'instagram' },
          ],
        },
        MESSAGES.formFieldMappingNotAllowed,
      ],
      [
        { fields: [...formBody().fields, { key: 'nome', label: 'De novo', type: 'text' }] },
        MESSAGES.formFieldKeyRepeated('nome'),
      ],
      [
        { fields: [...formBody().fields, { key: 'serie', label: 'Série', type: 'radio' }] },
        MESSAGES.formFieldOptionsRequired,
      ],
      [
        {
          fields: [
            ...formBody().fields,
            { key: 'outro', label: 'Outro', type: 'text', maps_to: 'contact_name' },
          ],
        },
        MESSAGES.formFieldMappedTwice('Nome do contato'),
      ],
      [{ redirect_url: 'javascript:alert(1)' }, MESSAGES.formRedirectInvalid],
    ];
    for (const [overrides, message] of cases) {
      const res = await t.call({
        method: 'POST',
        url: api(centro, '/forms'),
        token: admin,
        payload: formBody(overrides),
      });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().errors.map((e: { description: string }) => e.description)).toContain(message);
    }
    const unknownType = await t.call({
      method: 'POST',
      url: api(centro, '/forms'),
      token: admin,
      payload: { ...formBody(), fields: [{ key: 'x', label: 'X', type: 'file' }] },
    });
    expect(unknownType.statusCode).toBe(400);
    const extra = await t.call({
      method: 'POST',
      url: api(centro, '/forms'),
      token: admin,
      payload: { ...formBody(), workspace_id: zonaNorte },
    });
    expect(extra.statusCode).toBe(400);
  });

  it("PLAT-273 ids in the body are checked against the workspace: another workspace's stage, media, tag or user is 404", async () => {
    const [foreignStage] = await listOf(admin, zonaNorte, 'sales-stages');
    const [foreignTag] = await listOf(admin, zonaNorte, 'tags');
    const [foreignMedia] = await listOf(admin, zonaNorte, 'medias');
    const foreignUser = (await listOf(rhAdmin, recrutamento, 'users', RH_HOST))[0];
    for (const overrides of [
      { sales_stage_id: foreignStage?.id ?? 0 },
      { tags: [foreignTag?.id ?? 0] },
      { media_id: foreignMedia?.id ?? 0 },
      { responsible_user_id: foreignUser?.id ?? 0 },
    ]) {
      const res = await t.call({
        method: 'POST',
        url: api(centro, '/forms'),
        token: admin,
        payload: formBody(overrides),
      });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(404);
    }
    const won = (await listOf(admin, centro, 'sales-stages')).find((s) => s.type === 'Won');
    const closed = await t.call({
      method: 'POST',
      url: api(centro, '/forms'),
      token: admin,
      payload: formBody({ sales_stage_id: won?.id ?? 0 }),
    });
    expect(closed.statusCode).toBe(400);
  });

  it("PLAT-273 another workspace's form answers 404 on every form route", async () => {
    const foreign = await createForm(admin, formBody(), zonaNorte);
    for (const [method, path, payload] of [
      ['GET', `/forms/${foreign.id}`, undefined],
      ['PUT', `/forms/${foreign.id}`, formBody()],
      ['DELETE', `/forms/${foreign.id}`, undefined],
      ['GET', `/forms/${foreign.id}/submissions`, undefined],
    ] as const) {
      const res = await t.call({ method, url: api(centro, path), token: admin, payload });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
  });
});

describe('forms: public submissions', () => {
  it('PLAT-273 the public form gives the visitor its fields, the ending and a fill token, nothing of the workspace', async () => {
    const form = await createForm(admin, formBody({ thank_you_text: 'Valeu! Falamos em breve.' }));
    const res = await t.call({ method: 'GET', url: `/api/v1/public/forms/${form.public_id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ public_id: form.public_id, thank_you_text: 'Valeu! Falamos em breve.' });
    expect(body.fill_token).toMatch(/^\d+\./);
    expect(body.min_fill_seconds).toBe(3);
    for (const key of ['id', 'sales_stage_id', 'responsible_user_id', 'tags', 'workspace_id'])
      expect(body).not.toHaveProperty(key);
  });

  it("PLAT-273 the public route leaks no other tenant's form: another platform's public id answers 404 on this host", async () => {
    const rhForm = await createForm(rhAdmin, formBody(), recrutamento, RH_HOST);
    const own = await t.call({
      method: 'GET',
      url: `/api/v1/public/forms/${rhForm.public_id}`,
      host: RH_HOST,
    });
    expect(own.statusCode).toBe(200);
    const here = await t.call({ method: 'GET', url: `/api/v1/public/forms/${rhForm.public_id}` });
    expect(here.statusCode).toBe(404);
    expect(here.body).not.toContain(rhForm.name);
    const sent = await submit(rhForm, { answers: answers() });
    expect(sent.statusCode).toBe(404);
    // Even with a token made for this platform, the form stays out of reach.
    const signed = await submit(rhForm, { answers: answers(), fill_token: tokenOf(rhForm.public_id) });
    expect(signed.statusCode).toBe(404);
  });

  it('a switched-off form is not found by visitors', async () => {
    const form = await createForm(admin, formBody({ active: false }));
    const res = await t.call({ method: 'GET', url: `/api/v1/public/forms/${form.public_id}` });
    expect(res.statusCode).toBe(404);
    expect((await submit(form, { answers: answers() })).statusCode).toBe(404);
  });

  it('a submission makes the contact and the card (source, form, stage, media, campaign, tags, responsible), its history and the opportunity.created event, and keeps the UTM parameters', async () => {
    const stages = await listOf(admin, centro, 'sales-stages');
    const preSale = stages.find((s) => s.type === 'PreSale') ?? stages.find((s) => s.type === 'First');
    const [media] = await listOf(admin, centro, 'medias');
    const [campaign] = await listOf(admin, centro, 'campaigns');
    const tagIds = (await listOf(admin, centro, 'tags')).slice(0, 2).map((tag) => tag.id);
    const members = await listOf(admin, centro, 'users');
    const bruno = members.find((m) => m.name.startsWith('Bruno')) ?? members[0];
    const form = await createForm(
      admin,
      formBody({
        sales_stage_id: preSale?.id ?? null,
        media_id: media?.id ?? null,
        campaign_id: campaign?.id ?? null,
        tags: tagIds,
        responsible_user_id: bruno?.id ?? null,
        redirect_url: 'https://escola.example/obrigado',
      }),
    );
    published.length = 0;
    const phone = nextPhone();
    const res = await submit(form, {
      channel: 'hosted',
      answers: answers({
        telefone: phone,
        email: 'Ana@Example.com',
        cpf: '529.982.247-25',
        turno: 'Noite',
        mensagem: 'Quero saber dos horários',
      }),
      utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'matriculas' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      message: MESSAGES.formThankYouDefault,
      redirect_url: 'https://escola.example/obrigado',
    });

    const [card] = await cardsOf(form.public_id);
    expect(card).toMatchObject({
      name: 'Ana Souza',
      sourceType: 'FormularioSite',
      salesStageId: preSale?.id,
      mediaId: media?.id,
      campaignId: campaign?.id,
      tagIds,
      userId: bruno?.id,
      stateType: 'Open',
    });
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(eq(contacts.id, card?.contactId ?? 0));
    expect(contact).toMatchObject({ name: 'Ana Souza', email: 'ana@example.com', document: '52998224725' });
    expect(contact?.phoneNumber).toBe(`55${phone.replace(/\D/g, '')}`);

    const created = published.find((e) => e.type === 'opportunity.created');
    expect(created?.data).toMatchObject({ opportunity_id: card?.id });
    expect(created).toMatchObject({ workspaceId: centro, platformId });

    const history = await t.call({
      method: 'GET',
      url: api(centro, `/opportunities/history?opportunity_id=${card?.id}`),
      token: admin,
    });
    expect(history.json().data.map((h: { type: string }) => h.type)).toContain('OpportunityCreated');

    const list = await t.call({
      method: 'GET',
      url: api(centro, `/forms/${form.id}/submissions`),
      token: manager,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({
        opportunity_id: card?.id,
        contact_id: contact?.id,
        contact_name: 'Ana Souza',
        source_type: 'FormularioSite',
        utm: { utm_source: 'google', utm_medium: 'cpc', utm_campaign: 'matriculas' },
        answers: expect.objectContaining({
          turno: 'Noite',
          mensagem: 'Quero saber dos horários',
          aceite: true,
        }),
      }),
    ]);
    const read = await t.call({ method: 'GET', url: api(centro, `/forms/${form.id}`), token: admin });
    expect(read.json().submission_count).toBe(1);
  });

  it('without a responsible the card goes to the workspace distribution; embed and API submissions are FormularioExterno', async () => {
    const form = await createForm(admin, formBody());
    const members = new Map((await listOf(admin, centro, 'users')).map((m) => [m.id, m]));
    for (const channel of ['embed', 'api'] as const) {
      const res = await submit(form, { channel, answers: answers() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const cards = await cardsOf(form.public_id);
    expect(cards.map((c) => c.sourceType).sort()).toEqual(['FormularioExterno', 'FormularioExterno']);
    for (const card of cards) expect(members.has(card.userId ?? 0)).toBe(true);
    // Without a channel the call is another system's: also FormularioExterno.
    await submit(form, { answers: answers() });
    expect((await cardsOf(form.public_id)).every((c) => c.sourceType === 'FormularioExterno')).toBe(true);
  });

  it('a phone already known reuses its contact: one contact, one card per submission', async () => {
    const form = await createForm(admin, formBody());
    const phone = nextPhone();
    for (const name of ['Bia Lima', 'Beatriz Lima'])
      expect(
        (await submit(form, { channel: 'hosted', answers: answers({ nome: name, telefone: phone }) }))
          .statusCode,
      ).toBe(200);
    const cards = await cardsOf(form.public_id);
    expect(cards).toHaveLength(2);
    expect(new Set(cards.map((c) => c.contactId)).size).toBe(1);
    const digits = `55${phone.replace(/\D/g, '')}`;
    const [row] = await db()
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.workspaceId, centro), eq(contacts.phoneNumber, digits)));
    expect(row?.n).toBe(1);
  });

  it('answers are checked like the card form: phone, CPF, e-mail, required fields and options, each named by its field', async () => {
    const form = await createForm(admin, formBody());
    const cases: [Record<string, string | boolean>, string][] = [
      [{ telefone: '1234' }, 'answers.telefone'],
      [{ cpf: '123' }, 'answers.cpf'],
      [{ email: 'não é e-mail' }, 'answers.email'],
      [{ nome: '  ' }, 'answers.nome'],
      [{ aceite: false }, 'answers.aceite'],
      [{ curso: 'Alemão' }, 'answers.curso'],
      [{ aceite: 'sim' }, 'answers.aceite'],
    ];
    for (const [overrides, field] of cases) {
      const res = await submit(form, { answers: answers(overrides) });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect(await submissionCount(form.id)).toBe(0);
  });

  it('hostile bodies: unknown fields, an oversized body and script in every text field leave nothing unsafe behind', async () => {
    const form = await createForm(admin, formBody());
    const unknownAnswer = await submit(form, { answers: answers({ salario: '1000' }) });
    expect(unknownAnswer.statusCode).toBe(400);
    expect(unknownAnswer.json().errors).toEqual([
      { field: 'answers.salario', description: MESSAGES.formAnswerUnknown },
    ]);
    const unknownField = await submit(form, { answers: answers(), user_id: 1 });
    expect(unknownField.statusCode).toBe(400);
    const huge = await submit(form, { answers: answers({ mensagem: 'x'.repeat(200_000) }) });
    expect(huge.statusCode).toBe(413);
    const long = await submit(form, { answers: answers({ mensagem: 'x'.repeat(2001) }) });
    expect(long.statusCode).toBe(400);
    expect(await submissionCount(form.id)).toBe(0);

    const script = '<script>alert(1)</script>';
    const res = await submit(form, {
      channel: 'hosted',
      answers: answers({ nome: script, mensagem: script, curso: 'Espanhol' }),
      utm: { utm_source: script, utm_campaign: script },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const [card] = await cardsOf(form.public_id);
    expect(card?.name).toBe(script);
    const list = await t.call({
      method: 'GET',
      url: api(centro, `/forms/${form.id}/submissions`),
      token: admin,
    });
    expect(list.headers['content-type']).toContain('application/json');
    expect(list.json().data[0]).toMatchObject({
      contact_name: script,
      answers: expect.objectContaining({ nome: script, mensagem: script }),
      utm: { utm_source: script, utm_campaign: script },
    });
  });

  it('spam: the hidden field is thanked and dropped; a page sent too fast or with a forged token is refused', async () => {
    const form = await createForm(admin, formBody());
    const trapped = await submit(form, { answers: answers(), website: 'https://spam.example' });
    expect(trapped.statusCode).toBe(200);
    expect(await submissionCount(form.id)).toBe(0);

    const page = await t.call({ method: 'GET', url: `/api/v1/public/forms/${form.public_id}` });
    const fast = await submit(form, { answers: answers(), fill_token: page.json().fill_token });
    expect(fast.statusCode).toBe(400);
    expect(fast.json().message).toBe(MESSAGES.formFilledTooFast);

    const issued = Date.now() - 60_000;
    for (const fill_token of [`${issued}.forged`, 'abc', tokenOf(form.public_id, 2 * 24 * 3600 * 1000)]) {
      const res = await submit(form, { answers: answers(), fill_token });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(MESSAGES.formFillTokenInvalid);
    }
    expect(await submissionCount(form.id)).toBe(0);
  });

  it('100 submissions from one address: the first 20 of the hour are accepted and kept, the rest answer 429', async () => {
    const form = await createForm(admin, formBody());
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await submit(form, { channel: 'hosted', answers: answers() }, { address: '203.0.113.7' });
      statuses.push(res.statusCode);
    }
    const accepted = statuses.filter((s) => s === 200).length;
    expect(accepted).toBe(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(80);
    expect(await submissionCount(form.id)).toBe(accepted);
    expect(await cardsOf(form.public_id)).toHaveLength(accepted);
    // Another address still gets through.
    expect((await submit(form, { answers: answers() }, { address: '203.0.113.8' })).statusCode).toBe(200);
  });

  it("PLAT-273 the board's forms filter lists only the cards of the chosen forms", async () => {
    const first = await createForm(admin, formBody({ name: 'Filtro A' }));
    const second = await createForm(admin, formBody({ name: 'Filtro B' }));
    await submit(first, { answers: answers() });
    await submit(second, { answers: answers() });
    await submit(second, { answers: answers() });
    const res = await t.call({
      method: 'GET',
      url: api(centro, `/opportunities?forms=${second.public_id}&limit=100`),
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((c) => c.id).sort();
    expect(ids).toEqual((await cardsOf(second.public_id)).map((c) => c.id).sort());
    expect(ids).toHaveLength(2);
  });

  it('deleting a form keeps the cards it made', async () => {
    const form = await createForm(admin, formBody());
    await submit(form, { answers: answers() });
    await t.call({ method: 'DELETE', url: api(centro, `/forms/${form.id}`), token: admin });
    expect(await cardsOf(form.public_id)).toHaveLength(1);
  });

  it('only the embed page of a form may be framed by another site', async () => {
    expect(isFormEmbedPage('/f/AbCdEfGh12345678/embed')).toBe(true);
    expect(isFormEmbedPage('/f/AbCdEfGh12345678/embed?utm_source=x')).toBe(true);
    expect(isFormEmbedPage('/f/AbCdEfGh12345678')).toBe(false);
    expect(isFormEmbedPage('/f/AbCdEfGh12345678/embed/../../login')).toBe(false);
    const embed = await t.call({ method: 'GET', url: '/f/AbCdEfGh12345678/embed' });
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();
    const hosted = await t.call({ method: 'GET', url: '/f/AbCdEfGh12345678' });
    expect(hosted.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(hosted.headers['x-frame-options']).toBe('DENY');
  });
});
