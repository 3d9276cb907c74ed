import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AsaasApi, startAsaasApi } from '../../../test/asaas-api.ts';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { RH_HOST } from '../../../test/test-app.ts';

const ASAAS_KEY = '$aact_test_chave_do_workspace_0001';
const WEBHOOK_TOKEN = 'token-do-webhook-asaas-0001';

let w: World;
let asaas: AsaasApi;
beforeAll(async () => {
  asaas = await startAsaasApi(ASAAS_KEY);
  w = await cardsWorld({ config: { asaasApiBaseUrl: asaas.baseUrl } });
});
afterAll(async () => {
  await w.t.close();
  await asaas.close();
});

const CPF = '52998224725';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const form = (card: Card, extra: Record<string, unknown> = {}) => ({
  opportunity_id: card.id,
  enrollment_fee: 350,
  payment_due_date: inDays(7),
  billing_type: 'PIX',
  payer_document: '529.982.247-25',
  ...extra,
});
const enrol = (who: Person, card: Card, extra: Record<string, unknown> = {}, workspaceId = w.centro) =>
  w.call(who, 'POST', workspaceId, 'contracts', form(card, extra));
const pay = (who: Person, contractId: number, status: 'Succeeded' | 'Canceled', workspaceId = w.centro) =>
  w.call(who, 'POST', workspaceId, `contracts/${contractId}/sandbox-payment`, { payment_status: status });
const settings = (payload: Record<string, unknown>, who: Person = 'admin', workspaceId = w.centro) =>
  w.call(who, 'PUT', workspaceId, 'contract-settings', payload);
const webhook = (body: object, token: string | undefined, workspaceId = w.centro, host?: string) =>
  w.t.call({
    method: 'POST',
    url: `/api/v1/contracts/asaas/${workspaceId}/webhook`,
    ...(host ? { host } : {}),
    headers: token === undefined ? {} : { 'asaas-access-token': token },
    payload: body,
  });

describe('contracts on the sandbox provider', () => {
  it('PLAT-251 OPP-242 OPP-152 POST /contracts generates a pending enrolment that the card, the list and the history show', async () => {
    const card = await w.create('admin', w.centro);
    const res = await enrol('admin', card);
    expect(res.statusCode).toBe(200);
    const contract = res.json();
    expect(contract).toMatchObject({
      opportunity_id: card.id,
      payment_status: 'Pending',
      enrollment_fee: 350,
      payment_due_date: inDays(7),
      billing_type: 'PIX',
      provider: 'sandbox',
      payment_url: `/matriculas/${contract.id}/pagamento`,
      pix_code: null,
    });
    expect((await w.card(w.centro, card.id)).contract).toEqual({
      id: contract.id,
      created_at: contract.created_at,
      payment_status: 'Pending',
      enrollment_fee: 350,
      payment_due_date: inDays(7),
    });
    const list = (await w.call('admin', 'GET', w.centro, `contracts?opportunity_id=${card.id}`)).json();
    expect(list.pagination.total_count).toBe(1);
    expect(list.data[0].id).toBe(contract.id);
    const one = await w.call('admin', 'GET', w.centro, `contracts/${contract.id}`);
    expect(one.json()).toEqual(contract);
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'ContractCreated',
      data: { contract_id: contract.id, payment_status: 'Pending', enrollment_fee: 350, billing_type: 'PIX' },
    });
  });

  it('OPP-153 OPP-154 the sandbox page pays or cancels a pending enrolment, once, with its history entry', async () => {
    const card = await w.create('admin', w.centro);
    const first = (await enrol('admin', card)).json();
    const paid = await pay('admin', first.id, 'Succeeded');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().payment_status).toBe('Succeeded');
    expect((await w.card(w.centro, card.id)).contract).toMatchObject({ payment_status: 'Succeeded' });
    const [entry] = await w.history(w.centro, card.id);
    expect(entry).toMatchObject({
      type: 'ContractPaymentStatusUpdated',
      data: { contract_id: first.id, from: 'Pending', payment_status: 'Succeeded' },
      user: { id: w.user.admin },
    });
    expect((await pay('admin', first.id, 'Canceled')).json()).toEqual({
      status: 400,
      message: MESSAGES.enrollmentNotPending,
    });

    const other = await w.create('admin', w.centro);
    const second = (await enrol('admin', other)).json();
    expect((await pay('admin', second.id, 'Canceled')).json().payment_status).toBe('Canceled');
    expect((await w.card(w.centro, other.id)).contract).toMatchObject({ payment_status: 'Canceled' });
  });

  it('PLAT-251 one live enrolment per card: a second is refused until the first is cancelled', async () => {
    const card = await w.create('admin', w.centro);
    const first = (await enrol('admin', card)).json();
    expect((await enrol('admin', card)).json()).toEqual({ status: 400, message: MESSAGES.enrollmentExists });
    await pay('admin', first.id, 'Canceled');
    const again = await enrol('admin', card, { billing_type: 'BOLETO', enrollment_fee: 199.9 });
    expect(again.statusCode).toBe(200);
    expect((await w.card(w.centro, card.id)).contract).toMatchObject({
      id: again.json().id,
      payment_status: 'Pending',
      enrollment_fee: 199.9,
    });
  });

  it('PLAT-251 the form is checked: fee, due date, CPF, open card', async () => {
    const card = await w.create('admin', w.centro);
    const refused = async (extra: Record<string, unknown>, field: string) => {
      const res = await enrol('admin', card, extra);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors?.[0]?.field ?? field).toBe(field);
    };
    await refused({ enrollment_fee: 0 }, 'enrollment_fee');
    await refused({ payer_document: '123' }, 'payer_document');
    await refused({ payment_due_date: '27/11/2026' }, 'payment_due_date');
    await refused({ payment_due_date: inDays(-2) }, 'payment_due_date');
    await refused({ billing_type: 'CREDIT_CARD' }, 'billing_type');
    await refused({ provider: 'asaas' }, 'provider');

    const product = await w.item(w.centro, 'products', 'Curso de Inglês');
    const won = await w.create('admin', w.centro, { product_id: product.id, price: 100 });
    await w.addTask(w.centro, won.id);
    const closed = await w.call('admin', 'PUT', w.centro, `opportunities/${won.id}/close`, {
      data: { state_type: 'Won' },
    });
    expect(closed.statusCode).toBe(200);
    expect((await enrol('admin', won)).json()).toEqual({
      status: 400,
      message: MESSAGES.enrollmentClosedCard,
    });
  });

  it('PLAT-251 foreign and hidden cards answer 404: another workspace, another rep, another platform', async () => {
    const northCard = await w.create('admin', w.zonaNorte);
    expect((await enrol('admin', northCard)).statusCode).toBe(404);
    const brunos = await w.create('bruno', w.centro);
    const others = await w.create('admin', w.centro, { user_id: w.user.atendente });
    expect((await enrol('bruno', others)).statusCode).toBe(404);
    const mine = await enrol('bruno', brunos);
    expect(mine.statusCode).toBe(200);
    const theirs = (await enrol('admin', others)).json();
    expect((await w.call('bruno', 'GET', w.centro, `contracts/${theirs.id}`)).statusCode).toBe(404);
    expect((await pay('bruno', theirs.id, 'Succeeded')).statusCode).toBe(404);
    expect((await w.call('admin', 'GET', w.zonaNorte, `contracts/${theirs.id}`)).statusCode).toBe(404);
    const listed = (await w.call('bruno', 'GET', w.centro, 'contracts?limit=500')).json();
    expect(listed.data.length).toBeGreaterThan(0);
    for (const c of listed.data) expect(c.opportunity_id).toBe(brunos.id);
  });

  it('OPP-155 enrolments are offered only where the profile names a provider', async () => {
    const rhCard = await w.create('rh', w.recrutamento);
    const res = await enrol('rh', rhCard, {}, w.recrutamento);
    expect(res.json()).toEqual({ status: 403, message: MESSAGES.enrollmentNotOffered });
    const rhSettings = (await w.call('rh', 'GET', w.recrutamento, 'contract-settings')).json();
    expect(rhSettings).toMatchObject({ integrated_enroll: null, provider: null });
    const platform = (await w.t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json();
    expect(platform.flags.integrated_enroll).toBeNull();
    const centro = (await w.call('gerente', 'GET', w.centro, 'contract-settings')).json();
    expect(centro).toMatchObject({ integrated_enroll: 'sandbox', won_on_payment: false });
  });

  it('PLAT-251 a paid enrolment moves its card to Won when the workspace asks for it', async () => {
    expect((await settings({ won_on_payment: true }, 'bruno')).statusCode).toBe(403);
    expect((await settings({ won_on_payment: true })).json()).toMatchObject({ won_on_payment: true });
    try {
      const product = await w.item(w.centro, 'products', 'Curso de Inglês');
      const card = await w.create('admin', w.centro, { product_id: product.id, price: 389.9 });
      await w.addTask(w.centro, card.id);
      const contract = (await enrol('admin', card)).json();
      await pay('admin', contract.id, 'Succeeded');
      const after = await w.card(w.centro, card.id);
      expect(after.state_type).toBe('Won');
      expect((await w.history(w.centro, card.id)).map((e) => e.type).slice(0, 2)).toEqual([
        'OpportunityClosedWon',
        'ContractPaymentStatusUpdated',
      ]);

      // Without a product the card's rules keep it open; the payment stands.
      const bare = await w.create('admin', w.centro);
      const unpriced = (await enrol('admin', bare)).json();
      expect((await pay('admin', unpriced.id, 'Succeeded')).json().payment_status).toBe('Succeeded');
      expect((await w.card(w.centro, bare.id)).state_type).toBe('Open');
    } finally {
      await settings({ won_on_payment: false });
    }
  });
});

describe('contracts through Asaas', () => {
  const configure = () => settings({ asaas_api_key: ASAAS_KEY, asaas_webhook_token: WEBHOOK_TOKEN });

  it('PLAT-251 the Asaas secrets are write-only: GET answers only whether they are set', async () => {
    const saved = await settings(
      { asaas_api_key: ASAAS_KEY, asaas_webhook_token: WEBHOOK_TOKEN },
      'admin',
      w.zonaNorte,
    );
    expect(saved.json()).toEqual({
      integrated_enroll: 'sandbox',
      provider: 'asaas',
      won_on_payment: false,
      asaas_api_key_set: true,
      asaas_webhook_token_set: true,
    });
    const read = await w.call('gerente', 'GET', w.zonaNorte, 'contract-settings');
    expect(read.body).not.toContain(ASAAS_KEY);
    expect(read.body).not.toContain(WEBHOOK_TOKEN);
    expect(saved.body).not.toContain(ASAAS_KEY);
    expect((await settings({ asaas_api_key: 'curta' }, 'admin', w.zonaNorte)).statusCode).toBe(400);
    const removed = await settings({ asaas_api_key: null, asaas_webhook_token: null }, 'admin', w.zonaNorte);
    expect(removed.json()).toMatchObject({ provider: 'sandbox', asaas_api_key_set: false });

    // The audit says who set and removed the secrets, never what they were; a save that changes nothing is not logged.
    await settings({ won_on_payment: false }, 'admin', w.zonaNorte);
    const audit = await w.call('admin', 'GET', w.zonaNorte, 'logs?limit=2');
    expect(audit.body).not.toContain(ASAAS_KEY);
    expect(audit.body).not.toContain(WEBHOOK_TOKEN);
    expect(
      (audit.json().data as { type: string; data: unknown }[]).map(({ type, data }) => ({ type, data })),
    ).toEqual([
      {
        type: 'EnrollmentSettingsUpdated',
        data: {
          changes: [
            { field: 'asaas_api_key', action: 'removed' },
            { field: 'asaas_webhook_token', action: 'removed' },
          ],
        },
      },
      {
        type: 'EnrollmentSettingsUpdated',
        data: {
          changes: [
            { field: 'asaas_api_key', action: 'set' },
            { field: 'asaas_webhook_token', action: 'set' },
          ],
        },
      },
    ]);
  });

  it('the settings name each refused secret under its own field, and a change of the switch keeps the secrets', async () => {
    const refused = await settings(
      { asaas_api_key: 'curta', asaas_webhook_token: ' 1234 ' },
      'admin',
      w.zonaNorte,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      { field: 'asaas_api_key', description: MESSAGES.secretTooShort },
      { field: 'asaas_webhook_token', description: MESSAGES.webhookTokenTooShort },
    ]);
    await settings({ asaas_api_key: ASAAS_KEY, asaas_webhook_token: WEBHOOK_TOKEN }, 'admin', w.zonaNorte);
    try {
      const switched = await settings({ won_on_payment: true }, 'admin', w.zonaNorte);
      expect(switched.json()).toMatchObject({
        won_on_payment: true,
        provider: 'asaas',
        asaas_api_key_set: true,
        asaas_webhook_token_set: true,
      });
      // Only the admin set changes them: a manager is refused like a rep, and nothing changes.
      expect((await settings({ won_on_payment: true }, 'gerente')).json()).toEqual({
        status: 403,
        message: MESSAGES.forbidden,
      });
      expect((await w.call('gerente', 'GET', w.centro, 'contract-settings')).json().won_on_payment).toBe(
        false,
      );
      const keyOnly = await settings({ asaas_api_key: null }, 'admin', w.zonaNorte);
      expect(keyOnly.json()).toMatchObject({
        won_on_payment: true,
        provider: 'sandbox',
        asaas_api_key_set: false,
        asaas_webhook_token_set: true,
      });
    } finally {
      await settings(
        { won_on_payment: false, asaas_api_key: null, asaas_webhook_token: null },
        'admin',
        w.zonaNorte,
      );
    }
  });

  it('PLAT-251 a PIX enrolment creates the customer and the payment at Asaas and keeps its copy-and-paste code', async () => {
    await configure();
    const card = await w.create('admin', w.centro, {
      contact: { name: 'Maria Responsável', phone_number: w.phone(), email: 'maria@example.com' },
    });
    asaas.requests.length = 0;
    const res = await enrol('admin', card);
    expect(res.statusCode).toBe(200);
    const contract = res.json();
    expect(asaas.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /customers',
      'POST /customers',
      'POST /payments',
      expect.stringMatching(/^GET \/payments\/pay_\d+\/pixQrCode$/),
    ]);
    expect(asaas.requests.every((r) => r.accessToken === ASAAS_KEY)).toBe(true);
    expect(asaas.requests[1]?.body).toMatchObject({
      name: 'Maria Responsável',
      cpfCnpj: CPF,
      email: 'maria@example.com',
    });
    const payment = [...asaas.payments.values()].at(-1);
    expect(payment).toMatchObject({
      billingType: 'PIX',
      value: 350,
      dueDate: inDays(7),
      externalReference: `vendaval:1000:${w.centro}:${card.id}`,
    });
    expect(contract).toMatchObject({
      provider: 'asaas',
      payment_status: 'Pending',
      payment_url: payment?.invoiceUrl,
      pix_code: expect.stringContaining(payment?.id as string),
    });
    expect(Object.keys(contract)).not.toContain('provider_payment_id');

    // The same payer is found by CPF, and a boleto has no PIX code.
    const second = await w.create('admin', w.centro);
    asaas.requests.length = 0;
    const boleto = (await enrol('admin', second, { billing_type: 'BOLETO' })).json();
    expect(asaas.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /customers',
      'POST /payments',
    ]);
    expect(boleto).toMatchObject({ provider: 'asaas', billing_type: 'BOLETO', pix_code: null });
  });

  it('PLAT-251 a signed Asaas webhook settles the enrolment once; a bad or missing token changes nothing', async () => {
    await configure();
    const card = await w.create('admin', w.centro);
    const contract = (await enrol('admin', card)).json();
    const paymentId = [...asaas.payments.values()].at(-1)?.id;
    const received = {
      id: 'evt_1',
      event: 'PAYMENT_RECEIVED',
      payment: { id: paymentId, status: 'RECEIVED' },
    };

    for (const token of [undefined, 'token-errado', `${WEBHOOK_TOKEN}x`]) {
      const res = await webhook(received, token);
      expect(res.json()).toEqual({ status: 403, message: MESSAGES.asaasBadToken });
    }
    // The token of one workspace opens no other's, nor another platform's.
    expect((await webhook(received, WEBHOOK_TOKEN, w.zonaNorte)).statusCode).toBe(403);
    expect((await webhook(received, WEBHOOK_TOKEN, w.centro, RH_HOST)).statusCode).toBe(404);
    expect((await w.card(w.centro, card.id)).contract).toMatchObject({ payment_status: 'Pending' });
    expect((await w.history(w.centro, card.id))[0]?.type).toBe('ContractCreated');

    const ok = await webhook(received, WEBHOOK_TOKEN);
    expect(ok.statusCode).toBe(200);
    expect((await w.card(w.centro, card.id)).contract).toMatchObject({
      id: contract.id,
      payment_status: 'Succeeded',
    });
    await webhook({ ...received, event: 'PAYMENT_CONFIRMED' }, WEBHOOK_TOKEN);
    const entries = (await w.history(w.centro, card.id)).filter(
      (e) => e.type === 'ContractPaymentStatusUpdated',
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ data: { payment_status: 'Succeeded' }, user: null });

    // Events that settle nothing, and payments not ours, are acknowledged and change nothing.
    expect(
      (await webhook({ id: 'evt_2', event: 'PAYMENT_OVERDUE', payment: { id: paymentId } }, WEBHOOK_TOKEN))
        .statusCode,
    ).toBe(200);
    expect(
      (await webhook({ id: 'evt_3', event: 'PAYMENT_RECEIVED', payment: { id: 'pay_000' } }, WEBHOOK_TOKEN))
        .statusCode,
    ).toBe(200);
    expect((await webhook({ event: 42 }, WEBHOOK_TOKEN)).statusCode).toBe(400);
  });

  it('PLAT-251 a deleted Asaas payment cancels the enrolment; a sandbox payment cannot pay an Asaas one', async () => {
    await configure();
    const card = await w.create('admin', w.centro);
    const contract = (await enrol('admin', card)).json();
    expect((await pay('admin', contract.id, 'Succeeded')).json()).toEqual({
      status: 400,
      message: MESSAGES.enrollmentNotSandbox,
    });
    const paymentId = [...asaas.payments.values()].at(-1)?.id;
    await webhook({ id: 'evt_4', event: 'PAYMENT_DELETED', payment: { id: paymentId } }, WEBHOOK_TOKEN);
    expect((await w.card(w.centro, card.id)).contract).toMatchObject({ payment_status: 'Canceled' });
  });

  it('PLAT-251 Asaas refusing the charge or the key leaves no enrolment behind', async () => {
    await settings({ asaas_api_key: 'chave-que-o-asaas-nao-conhece' });
    const card = await w.create('admin', w.centro);
    expect((await enrol('admin', card)).json()).toEqual({
      status: 400,
      message: MESSAGES.asaasNotConfigured,
    });
    await configure();
    const refused = await enrol('admin', card, { enrollment_fee: 0.001 });
    expect(refused.statusCode).toBe(400);
    expect((await w.card(w.centro, card.id)).contract).toBeNull();
  });
});
