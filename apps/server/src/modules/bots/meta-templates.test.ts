import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { type GraphApi, startGraphApi } from '../../../test/graph-api.ts';

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
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Olá {{1}}' },
        { type: 'BODY', text: 'Seu curso {{1}} começa em {{2}}.' },
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
      ] as const) {
        const res = await w.call('admin', method, w.centro, path);
        expect(res.statusCode, `${method} ${path}`).toBe(404);
        expect(res.body).not.toContain('boas_vindas');
      }
    }
  });
});
