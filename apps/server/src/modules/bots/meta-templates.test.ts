import { createHmac } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { type GraphApi, startGraphApi } from '../../../test/graph-api.ts';

const APP_SECRET = 'segredo-do-app';

let w: World;
let graph: GraphApi;
let cloudId: number;
let sandboxId: number;

beforeAll(async () => {
  graph = await startGraphApi();
  w = await cardsWorld({ config: { whatsappApiBaseUrl: graph.baseUrl } });
  const cloud = await w.call('admin', 'POST', w.centro, 'digital-employees', {
    name: 'WhatsApp Oficial',
    channel: 'whatsapp_cloud',
    whatsapp: {
      phone_number_id: '106540352242922',
      business_account_id: '102290129340398',
      access_token: graph.token,
      app_secret: APP_SECRET,
    },
  });
  cloudId = cloud.json().id;
  const sandbox = await w.call('admin', 'POST', w.centro, 'digital-employees', {
    name: 'Simulador',
    channel: 'sandbox',
  });
  sandboxId = sandbox.json().id;
});
afterAll(async () => {
  await w.t.close();
  await graph.close();
});

const graphTemplate = (name: string, status = 'APPROVED', language = 'pt_BR') => ({
  name,
  language,
  status,
  category: 'MARKETING',
  id: `${name}-${language}`,
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Olá {{1}}', example: { header_text: ['Maria'] } },
    { type: 'BODY', text: 'Seu curso {{1}} começa em {{2}}.', example: { body_text: [['Inglês', 'março']] } },
    { type: 'FOOTER', text: 'Equipe Vendaval' },
    {
      type: 'BUTTONS',
      buttons: [{ type: 'URL', text: 'Ver', url: 'https://x.com/{{1}}', example: ['https://x.com/a'] }],
    },
  ],
});

describe('meta templates', () => {
  it('CHAT-100 PUT syncs every page of the account from the Cloud API and answers the list', async () => {
    graph.templates = [
      graphTemplate('boas_vindas'),
      graphTemplate('boas_vindas', 'APPROVED', 'en_US'),
      graphTemplate('promocao', 'PENDING'),
      graphTemplate('lembrete'),
      graphTemplate('rejeitado', 'REJECTED'),
    ];
    const res = await w.call('admin', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
    expect(res.statusCode, res.body).toBe(200);
    expect(graph.problems).toEqual([]);
    expect(graph.requests.filter((r) => r.path.endsWith('/message_templates'))).toHaveLength(3);
    const names = res.json().data.map((t: { name: string; language: string }) => `${t.name}/${t.language}`);
    expect(names).toEqual([
      'boas_vindas/en_US',
      'boas_vindas/pt_BR',
      'lembrete/pt_BR',
      'promocao/pt_BR',
      'rejeitado/pt_BR',
    ]);
  });

  it('CHAT-071 CHAT-068 the list by bot has only approved templates, with their components and the bot name', async () => {
    const res = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { name: string; status: string }[];
    expect(data.map((t) => t.name)).toEqual(['boas_vindas', 'boas_vindas', 'lembrete']);
    expect(data[0]).toEqual({
      name: 'boas_vindas',
      language: 'en_US',
      status: 'APPROVED',
      category: 'MARKETING',
      bot_id: cloudId,
      bot_name: 'WhatsApp Oficial',
      rejected_reason: null,
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Olá {{1}}', example: { header_text: ['Maria'] } },
        {
          type: 'BODY',
          text: 'Seu curso {{1}} começa em {{2}}.',
          example: { body_text: [['Inglês', 'março']] },
        },
        { type: 'FOOTER', text: 'Equipe Vendaval' },
        {
          type: 'BUTTONS',
          buttons: [{ type: 'URL', text: 'Ver', url: 'https://x.com/{{1}}', example: ['https://x.com/a'] }],
        },
      ],
    });
    const all = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates?all=true`);
    expect(all.json().data).toHaveLength(5);
  });

  it('CHAT-072 one template by name, in the language asked; an unknown name is 404', async () => {
    const one = await w.call(
      'atendente',
      'GET',
      w.centro,
      `bots/${cloudId}/meta-templates/boas_vindas?language=pt_BR`,
    );
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ name: 'boas_vindas', language: 'pt_BR', bot_id: cloudId });
    const any = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates/lembrete`);
    expect(any.json().name).toBe('lembrete');
    const none = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates/nao_existe`);
    expect(none.statusCode).toBe(404);
  });

  it('CHAT-100 a later sync updates changed templates and removes the ones gone from the account', async () => {
    graph.templates = [graphTemplate('boas_vindas', 'PAUSED'), graphTemplate('novo')];
    const res = await w.call('admin', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((t: { name: string; status: string }) => `${t.name}:${t.status}`)).toEqual([
      'boas_vindas:PAUSED',
      'novo:APPROVED',
    ]);
    const approved = await w.call('admin', 'GET', w.centro, `bots/${cloudId}/meta-templates`);
    expect(approved.json().data.map((t: { name: string }) => t.name)).toEqual(['novo']);
  });

  it("CHAT-100 a refused sync keeps the stored templates and says Meta's reason", async () => {
    const token = graph.token;
    graph.token = 'another-token';
    try {
      const res = await w.call('admin', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('WhatsApp Business');
      expect(res.json().message).toContain('Invalid OAuth access token');
    } finally {
      graph.token = token;
      graph.problems.length = 0;
    }
    const kept = await w.call('admin', 'GET', w.centro, `bots/${cloudId}/meta-templates?all=true`);
    expect(kept.json().data).toHaveLength(2);
  });

  it('CHAT-071 CHAT-100 a sandbox bot has the pt-BR demo templates from the start, and its sync calls nothing', async () => {
    const before = graph.requests.length;
    const list = await w.call('atendente', 'GET', w.centro, `bots/${sandboxId}/meta-templates`);
    expect(list.json().data.map((t: { name: string }) => t.name)).toEqual([
      'boas_vindas',
      'cupom_matricula',
      'lembrete_visita',
    ]);
    const synced = await w.call('admin', 'PUT', w.centro, `bots/${sandboxId}/meta-templates`);
    expect(synced.json().data).toHaveLength(3);
    expect(graph.requests.length).toBe(before);
    const visit = await w.call(
      'atendente',
      'GET',
      w.centro,
      `bots/${sandboxId}/meta-templates/lembrete_visita`,
    );
    expect(visit.json().components.map((c: { type: string }) => c.type)).toEqual([
      'HEADER',
      'BODY',
      'BUTTONS',
    ]);
    const coupon = await w.call(
      'atendente',
      'GET',
      w.centro,
      `bots/${sandboxId}/meta-templates/cupom_matricula`,
    );
    expect(coupon.json().components[1].buttons[0].type).toBe('COPY_CODE');
  });

  it('CHAT-100 the templates of a bot of another workspace or platform answer 404', async () => {
    const rh = await w.call('rh', 'POST', w.recrutamento, 'digital-employees', {
      name: 'RH',
      channel: 'sandbox',
    });
    const zn = await w.call('admin', 'POST', w.zonaNorte, 'digital-employees', {
      name: 'ZN',
      channel: 'sandbox',
    });
    for (const id of [rh.json().id, zn.json().id]) {
      for (const [method, path] of [
        ['GET', `bots/${id}/meta-templates`],
        ['GET', `bots/${id}/meta-templates/boas_vindas`],
        ['PUT', `bots/${id}/meta-templates`],
        ['POST', `bots/${id}/meta-templates`],
      ] as const) {
        const res = await w.call(
          'admin',
          method,
          w.centro,
          path,
          method === 'POST' ? newTemplate() : undefined,
        );
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.body).not.toContain('boas_vindas');
      }
    }
  });
});

/** A template as the '/templates' form writes it. */
const newTemplate = (overrides: Record<string, unknown> = {}) => ({
  name: 'matricula_aberta',
  category: 'MARKETING',
  language: 'pt_BR',
  header: { text: 'Matrículas abertas, {{1}}!', example: 'Maria' },
  body: {
    text: 'Oi, {{1}}! As turmas de {{2}} começam em março. Quer garantir sua vaga?',
    examples: ['Maria', 'Inglês'],
  },
  footer: 'Escola Centro',
  buttons: [
    {
      type: 'URL',
      text: 'Ver turmas',
      url: 'https://escola.example.com/turmas/{{1}}',
      example: 'https://escola.example.com/turmas/ingles',
    },
    { type: 'PHONE_NUMBER', text: 'Ligar', phone_number: '5511999998888' },
    { type: 'QUICK_REPLY', text: 'Quero saber mais' },
    { type: 'QUICK_REPLY', text: 'Agora não' },
  ],
  ...overrides,
});

/** Meta's call for a template's review, signed like every call of the app. */
function templateStatus(value: Record<string, unknown>) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        time: 1732350000,
        changes: [{ field: 'message_template_status_update', value }],
      },
    ],
  });
  return w.t.call({
    method: 'POST',
    url: `/api/v1/channels/whatsapp/${cloudId}/webhook`,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(body).digest('hex')}`,
    },
    payload: body,
  });
}

const allOf = async (botId: number) =>
  (await w.call('gerente', 'GET', w.centro, `bots/${botId}/meta-templates?all=true`)).json().data as {
    name: string;
    language: string;
    status: string;
    rejected_reason: string | null;
    components: unknown[];
  }[];

describe('writing templates (/templates)', () => {
  it('PLAT-053 CHAT-068 a manager submits a new template to Meta as documented; it is kept as pending with its preview parts', async () => {
    graph.templates = [];
    graph.problems.length = 0;
    const res = await w.call('gerente', 'POST', w.centro, `bots/${cloudId}/meta-templates`, newTemplate());
    expect(res.statusCode, res.body).toBe(200);
    expect(graph.problems).toEqual([]);
    const sent = graph.requests.filter(
      (r) => r.method === 'POST' && r.path === '/102290129340398/message_templates',
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      name: 'matricula_aberta',
      language: 'pt_BR',
      category: 'MARKETING',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Matrículas abertas, {{1}}!',
          example: { header_text: ['Maria'] },
        },
        {
          type: 'BODY',
          text: 'Oi, {{1}}! As turmas de {{2}} começam em março. Quer garantir sua vaga?',
          example: { body_text: [['Maria', 'Inglês']] },
        },
        { type: 'FOOTER', text: 'Escola Centro' },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'Ver turmas',
              url: 'https://escola.example.com/turmas/{{1}}',
              example: ['https://escola.example.com/turmas/ingles'],
            },
            { type: 'PHONE_NUMBER', text: 'Ligar', phone_number: '5511999998888' },
            { type: 'QUICK_REPLY', text: 'Quero saber mais' },
            { type: 'QUICK_REPLY', text: 'Agora não' },
          ],
        },
      ],
    });
    expect(res.json()).toMatchObject({
      name: 'matricula_aberta',
      language: 'pt_BR',
      status: 'PENDING',
      category: 'MARKETING',
      bot_id: cloudId,
      rejected_reason: null,
    });
    const submitted = sent[0]?.body as { components: unknown[] } | undefined;
    expect(res.json().components).toEqual(submitted?.components);

    // Pending templates are listed on the templates screen, not offered to the chat.
    const listed = await allOf(cloudId);
    expect(listed.map((t) => `${t.name}:${t.status}`)).toContain('matricula_aberta:PENDING');
    const chat = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates`);
    expect(chat.json().data.map((t: { name: string }) => t.name)).not.toContain('matricula_aberta');

    // Meta lists it from now on, so a sync keeps it.
    const synced = await w.call('admin', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
    expect(synced.json().data.map((t: { name: string; status: string }) => `${t.name}:${t.status}`)).toEqual([
      'matricula_aberta:PENDING',
    ]);
  });

  it('PLAT-053 a copy-code button goes to Meta as its example code alone; the category Meta answers is kept', async () => {
    const res = await w.call(
      'admin',
      'POST',
      w.centro,
      `bots/${cloudId}/meta-templates`,
      newTemplate({
        name: 'cupom_volta_as_aulas',
        category: 'UTILITY',
        header: null,
        footer: null,
        body: { text: 'Seu cupom de volta às aulas chegou. Use no site até sexta.', examples: [] },
        buttons: [{ type: 'COPY_CODE', example: 'VOLTA10' }],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(graph.problems).toEqual([]);
    const sent = graph.requests.at(-1)?.body as { components: unknown[] };
    expect(sent.components).toEqual([
      { type: 'BODY', text: 'Seu cupom de volta às aulas chegou. Use no site até sexta.' },
      { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'VOLTA10' }] },
    ]);
    expect(res.json().components[1]).toEqual({
      type: 'BUTTONS',
      buttons: [{ type: 'COPY_CODE', text: 'Copiar código', example: ['VOLTA10'] }],
    });
  });

  it('PLAT-053 every member sees all templates; only admin and managing roles create or sync them (403)', async () => {
    const seen = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates?all=true`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.length).toBeGreaterThan(0);
    const before = graph.requests.length;
    const create = await w.call(
      'atendente',
      'POST',
      w.centro,
      `bots/${cloudId}/meta-templates`,
      newTemplate({ name: 'do_atendente' }),
    );
    expect(create.statusCode).toBe(403);
    expect(create.json().message).toBe(MESSAGES.forbidden);
    const sync = await w.call('atendente', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
    expect(sync.statusCode).toBe(403);
    expect(graph.requests.length).toBe(before);
  });

  const refused: [string, Record<string, unknown>, string, string][] = [
    ['a name with capitals and spaces', { name: 'Boas Vindas' }, 'name', MESSAGES.templateNameFormat],
    ['a name with an accent', { name: 'matrícula' }, 'name', MESSAGES.templateNameFormat],
    ['an empty name', { name: '' }, 'name', MESSAGES.templateNameRequired],
    ['an unknown category', { category: 'PROMOCAO' }, 'category', MESSAGES.templateCategoryInvalid],
    [
      'an authentication template',
      { category: 'AUTHENTICATION' },
      'category',
      MESSAGES.templateAuthenticationFixed,
    ],
    ['an unknown language', { language: 'pt-br' }, 'language', MESSAGES.templateLanguageInvalid],
    ['an empty body', { body: { text: ' ', examples: [] } }, 'body.text', MESSAGES.templateBodyRequired],
    [
      'a named variable',
      { body: { text: 'Oi, {{nome}}, tudo bem?', examples: ['Maria'] } },
      'body.text',
      MESSAGES.templateVariablesNumbered,
    ],
    [
      'variables out of order',
      { body: { text: 'Oi, {{1}}! Turma de {{3}} aberta.', examples: ['Maria', 'Inglês'] } },
      'body.text',
      MESSAGES.templateVariablesInOrder,
    ],
    [
      'a variable without an example',
      { body: { text: 'Oi, {{1}}! Turma de {{2}} aberta.', examples: ['Maria'] } },
      'body.examples',
      MESSAGES.templateExampleRequired('{{2}}'),
    ],
    [
      'more examples than variables',
      { body: { text: 'Oi, {{1}}! Tudo bem?', examples: ['Maria', 'Inglês'] } },
      'body.examples',
      MESSAGES.templateExamplesTooMany,
    ],
    [
      'a body starting with a variable',
      { body: { text: '{{1}}, sua turma abriu.', examples: ['Maria'] } },
      'body.text',
      MESSAGES.templateBodyVariableAtEdge,
    ],
    [
      'a header with two variables',
      { header: { text: 'Oi {{1}} {{2}}', example: 'Maria' } },
      'header.text',
      MESSAGES.templateHeaderOneVariable,
    ],
    [
      'a header variable without example',
      { header: { text: 'Oi {{1}}' } },
      'header.example',
      MESSAGES.templateExampleRequired('{{1}}'),
    ],
    ['a footer with a variable', { footer: 'Até {{1}}' }, 'footer', MESSAGES.templateFooterNoVariables],
    [
      'three link buttons',
      {
        buttons: [1, 2, 3].map((n) => ({
          type: 'URL',
          text: `Link ${n}`,
          url: 'https://escola.example.com',
        })),
      },
      'buttons',
      MESSAGES.templateTooManyUrlButtons,
    ],
    [
      'two call buttons',
      {
        buttons: [1, 2].map((n) => ({
          type: 'PHONE_NUMBER',
          text: `Ligar ${n}`,
          phone_number: '5511999998888',
        })),
      },
      'buttons',
      MESSAGES.templateTooManyPhoneButtons,
    ],
    [
      'eleven buttons',
      { buttons: Array.from({ length: 11 }, (_, n) => ({ type: 'QUICK_REPLY', text: `Opção ${n}` })) },
      'buttons',
      MESSAGES.templateTooManyButtons,
    ],
    [
      'quick replies split by a link',
      {
        buttons: [
          { type: 'QUICK_REPLY', text: 'Sim' },
          { type: 'URL', text: 'Site', url: 'https://escola.example.com' },
          { type: 'QUICK_REPLY', text: 'Não' },
        ],
      },
      'buttons',
      MESSAGES.templateQuickRepliesTogether,
    ],
    [
      'a button text over 25 characters',
      { buttons: [{ type: 'QUICK_REPLY', text: 'Quero muito saber mais sobre isso' }] },
      'buttons.0.text',
      'O texto do botão tem no máximo 25 caracteres.',
    ],
    [
      'a link variable in the middle of the address',
      {
        buttons: [
          {
            type: 'URL',
            text: 'Site',
            url: 'https://escola.example.com/{{1}}/turmas',
            example: 'https://escola.example.com/a/turmas',
          },
        ],
      },
      'buttons.0.url',
      MESSAGES.templateUrlVariableAtEnd,
    ],
    [
      'a link that is not https',
      { buttons: [{ type: 'URL', text: 'Site', url: 'http://escola.example.com' }] },
      'buttons.0.url',
      MESSAGES.templateUrlInvalid,
    ],
    [
      'a coupon example over 15 characters',
      { buttons: [{ type: 'COPY_CODE', example: 'CUPOMMUITOLONGO2026' }] },
      'buttons.0.example',
      MESSAGES.templateCouponExample,
    ],
  ];
  it.each(refused)(
    'PLAT-053 %s is refused (400) with its reason in pt-BR, and Meta is not called',
    async (_, body, field, description) => {
      const before = graph.requests.length;
      const res = await w.call(
        'admin',
        'POST',
        w.centro,
        `bots/${cloudId}/meta-templates`,
        newTemplate({ name: 'recusado', ...body }),
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual({ field, description });
      expect(graph.requests.length).toBe(before);
    },
  );

  it('PLAT-053 a name already used in that language is refused before Meta; one Meta already has is refused with its reason', async () => {
    const before = graph.requests.length;
    const again = await w.call('admin', 'POST', w.centro, `bots/${cloudId}/meta-templates`, newTemplate());
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MESSAGES.templateExists);
    expect(graph.requests.length).toBe(before);

    const otherLanguage = await w.call(
      'admin',
      'POST',
      w.centro,
      `bots/${cloudId}/meta-templates`,
      newTemplate({ language: 'es' }),
    );
    expect(otherLanguage.statusCode, otherLanguage.body).toBe(200);

    graph.templates.push({
      name: 'so_na_meta',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'MARKETING',
      components: [],
    });
    const atMeta = await w.call(
      'admin',
      'POST',
      w.centro,
      `bots/${cloudId}/meta-templates`,
      newTemplate({ name: 'so_na_meta' }),
    );
    expect(atMeta.statusCode).toBe(400);
    expect(atMeta.json().message).toContain('There is already pt_BR content for this template');
    expect((await allOf(cloudId)).map((t) => t.name)).not.toContain('so_na_meta');
  });

  it('PLAT-053 a sandbox bot keeps its demo templates: creating one there is refused with the reason', async () => {
    const res = await w.call('admin', 'POST', w.centro, `bots/${sandboxId}/meta-templates`, newTemplate());
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.templateSandboxFixed);
    expect((await allOf(sandboxId)).map((t) => t.name)).toEqual([
      'boas_vindas',
      'cupom_matricula',
      'lembrete_visita',
    ]);
  });

  it("PLAT-053 Meta's status webhook rejects a template with its reason, then approves it", async () => {
    const [pending] = (graph.templates as { id: string; name: string; language: string }[]).filter(
      (t) => t.name === 'matricula_aberta' && t.language === 'pt_BR',
    );
    const rejected = await templateStatus({
      event: 'REJECTED',
      message_template_id: Number(pending?.id),
      message_template_name: 'matricula_aberta',
      message_template_language: 'pt_BR',
      reason: 'INVALID_FORMAT',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const row = await eventually(async () => {
      const found = (await allOf(cloudId)).find(
        (t) => t.name === 'matricula_aberta' && t.language === 'pt_BR',
      );
      return found?.status === 'REJECTED' ? found : undefined;
    });
    expect(row.rejected_reason).toBe('INVALID_FORMAT');
    // The other language of the same name is another template: untouched.
    expect(
      (await allOf(cloudId)).find((t) => t.name === 'matricula_aberta' && t.language === 'es')?.status,
    ).toBe('PENDING');

    await templateStatus({
      event: 'APPROVED',
      message_template_id: Number(pending?.id),
      message_template_name: 'matricula_aberta',
      message_template_language: 'pt_BR',
      reason: 'NONE',
    });
    const approved = await eventually(async () => {
      const found = (await allOf(cloudId)).find(
        (t) => t.name === 'matricula_aberta' && t.language === 'pt_BR',
      );
      return found?.status === 'APPROVED' ? found : undefined;
    });
    expect(approved.rejected_reason).toBeNull();
    const chat = await w.call('atendente', 'GET', w.centro, `bots/${cloudId}/meta-templates`);
    expect(chat.json().data.map((t: { name: string }) => t.name)).toContain('matricula_aberta');
  });

  it("PLAT-053 a sync brings Meta's rejection reason of each template", async () => {
    graph.templates = [
      { ...graphTemplate('recusado_pela_meta', 'REJECTED'), rejected_reason: 'PROMOTIONAL' },
      { ...graphTemplate('aprovado'), rejected_reason: 'NONE' },
    ];
    const res = await w.call('admin', 'PUT', w.centro, `bots/${cloudId}/meta-templates`);
    expect(res.statusCode, res.body).toBe(200);
    const query = graph.requests.at(-1)?.query.get('fields') ?? '';
    expect(query.split(',')).toEqual(expect.arrayContaining(['id', 'rejected_reason']));
    expect(
      res
        .json()
        .data.map((t: { name: string; rejected_reason: string | null }) => [t.name, t.rejected_reason]),
    ).toEqual([
      ['aprovado', null],
      ['recusado_pela_meta', 'PROMOTIONAL'],
    ]);
  });
});
