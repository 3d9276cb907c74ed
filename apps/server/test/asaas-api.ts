import Fastify from 'fastify';

/** A request the stand-in received, as Asaas would see it. */
export interface AsaasRequest {
  method: string;
  path: string;
  accessToken: string | undefined;
  body: Record<string, unknown> | null;
}

/**
 * A stand-in for Asaas API v3 on 127.0.0.1 that checks what Asaas documents: the `access_token` header against
 * the account's key (401 otherwise), customers found by `cpfCnpj` or created with a name and a CPF, payments with a
 * known customer, billingType PIX or BOLETO, a positive value and a 'YYYY-MM-DD' dueDate (400 with Asaas's
 * `errors` otherwise), the PIX copy-and-paste code of a PIX payment, and the removal of a payment.
 */
export interface AsaasApi {
  /** The base URL to configure, `…/v3`. */
  baseUrl: string;
  apiKey: string;
  requests: AsaasRequest[];
  customers: Map<string, { id: string; name: string; cpfCnpj: string }>;
  payments: Map<string, Record<string, unknown> & { id: string; status: string }>;
  close(): Promise<void>;
}

const refuse = (description: string) => ({ errors: [{ code: 'invalid_action', description }] });

export async function startAsaasApi(apiKey: string): Promise<AsaasApi> {
  const app = Fastify();
  const api: AsaasApi = {
    baseUrl: '',
    apiKey,
    requests: [],
    customers: new Map(),
    payments: new Map(),
    close: () => app.close(),
  };
  let ids = 0;
  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers.access_token;
    api.requests.push({
      method: request.method,
      path: request.url.replace(/^\/v3/, ''),
      accessToken: typeof token === 'string' ? token : undefined,
      body: null,
    });
    if (token !== api.apiKey) return reply.code(401).send();
  });
  app.addHook('preHandler', async (request) => {
    const last = api.requests.at(-1);
    if (last && request.body && typeof request.body === 'object')
      last.body = request.body as Record<string, unknown>;
  });

  app.get('/v3/customers', async (request) => {
    const { cpfCnpj } = request.query as { cpfCnpj?: string };
    const data = [...api.customers.values()].filter((c) => c.cpfCnpj === cpfCnpj);
    return { object: 'list', hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
  });
  app.post('/v3/customers', async (request, reply) => {
    const body = request.body as { name?: string; cpfCnpj?: string };
    if (!body.name) return reply.code(400).send(refuse('O nome do cliente deve ser informado.'));
    if (!body.cpfCnpj || !/^\d{11}$/.test(body.cpfCnpj))
      return reply.code(400).send(refuse('O CPF/CNPJ informado é inválido.'));
    const customer = {
      object: 'customer',
      id: `cus_${String(++ids).padStart(12, '0')}`,
      name: body.name,
      cpfCnpj: body.cpfCnpj,
    };
    api.customers.set(customer.id, customer);
    return customer;
  });
  app.post('/v3/payments', async (request, reply) => {
    const body = request.body as Record<string, unknown>;
    if (typeof body.customer !== 'string' || !api.customers.has(body.customer))
      return reply.code(400).send(refuse('Cliente inexistente.'));
    if (body.billingType !== 'PIX' && body.billingType !== 'BOLETO')
      return reply.code(400).send(refuse('Forma de pagamento inválida.'));
    if (typeof body.value !== 'number' || body.value <= 0)
      return reply.code(400).send(refuse('O valor da cobrança deve ser informado.'));
    if (typeof body.dueDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(body.dueDate))
      return reply.code(400).send(refuse('A data de vencimento é inválida.'));
    const id = `pay_${String(++ids).padStart(16, '0')}`;
    const payment = {
      object: 'payment',
      id,
      customer: body.customer,
      billingType: body.billingType,
      value: body.value,
      dueDate: body.dueDate,
      description: body.description ?? null,
      externalReference: body.externalReference ?? null,
      status: 'PENDING',
      invoiceUrl: `https://www.asaas.com/i/${id.slice(4)}`,
      bankSlipUrl: body.billingType === 'BOLETO' ? `https://www.asaas.com/b/pdf/${id.slice(4)}` : null,
      deleted: false,
    };
    api.payments.set(id, payment);
    return payment;
  });
  app.get('/v3/payments/:id/pixQrCode', async (request, reply) => {
    const payment = api.payments.get((request.params as { id: string }).id);
    if (!payment) return reply.code(404).send();
    if (payment.billingType !== 'PIX') return reply.code(400).send(refuse('Esta cobrança não é Pix.'));
    return {
      encodedImage: 'iVBORw0KGgo=',
      payload: `00020101021226820014br.gov.bcb.pix2560qrpix.example/${payment.id}5204000053039865802BR6304ABCD`,
      expirationDate: `${payment.dueDate} 23:59:59`,
    };
  });
  app.delete('/v3/payments/:id', async (request, reply) => {
    const payment = api.payments.get((request.params as { id: string }).id);
    if (!payment) return reply.code(404).send();
    payment.deleted = true;
    return { deleted: true, id: payment.id };
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  api.baseUrl = `http://127.0.0.1:${port}/v3`;
  return api;
}
