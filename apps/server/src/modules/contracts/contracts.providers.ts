import type { ContractPaymentStatus } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { BillingType, EnrollmentProvider } from '@vendaval/core/schemas/contracts';
import { z } from 'zod';
import { badRequest, HttpError } from '../../infra/errors.ts';

/** One enrolment to charge: who pays, how much, by when and how. */
export interface ChargeRequest {
  value: number;
  dueDate: string;
  billingType: BillingType;
  description: string;
  /** Our reference of the charge, kept by the provider for reconciliation. */
  externalReference: string;
  payer: { name: string; document: string; email: string | null; phone: string | null };
}

/** The charge as the provider made it; the sandbox keeps none of the provider's ids. */
export interface Charge {
  paymentId: string | null;
  customerId: string | null;
  paymentUrl: string | null;
  pixCode: string | null;
}

/** The workspace's account at the provider: the Asaas API key (null on the sandbox). */
export interface ProviderAccount {
  apiKey: string | null;
}

/** A payment provider enrolments are charged through (ARCHITECTURE §6: every outside system behind an adapter). */
export interface PaymentProvider {
  createCharge(account: ProviderAccount, request: ChargeRequest): Promise<Charge>;
  /** Withdraws a charge that will not be used; a failure is the caller's to log, never to throw at the user. */
  cancelCharge(account: ProviderAccount, paymentId: string): Promise<void>;
}

export type PaymentProviders = Record<EnrollmentProvider, PaymentProvider>;

/** The built-in provider: no account, no money; its payment page in the app pays or cancels the charge. */
export const sandboxProvider: PaymentProvider = {
  async createCharge() {
    return { paymentId: null, customerId: null, paymentUrl: null, pixCode: null };
  },
  async cancelCharge() {},
};

const REQUEST_TIMEOUT_MS = 15_000;

const asaasErrorSchema = z.object({
  errors: z.array(z.object({ code: z.string().optional(), description: z.string() })).min(1),
});
const asaasCustomerSchema = z.object({ id: z.string().min(1) });
const asaasCustomerListSchema = z.object({ data: z.array(asaasCustomerSchema) });
const asaasPaymentSchema = z.object({
  id: z.string().min(1),
  invoiceUrl: z.string().nullish(),
  bankSlipUrl: z.string().nullish(),
});
const asaasPixSchema = z.object({ payload: z.string().min(1) });

/**
 * Asaas API v3 (https://docs.asaas.com/reference): the payer as a customer found by CPF or created, then one
 * payment with billingType PIX or BOLETO, and for PIX its "copia e cola" code. Its errors reach the user in
 * Asaas's own words; an unreachable or failing service answers 502.
 */
export function createAsaasProvider(options: { baseUrl: string; timeoutMs?: number }): PaymentProvider {
  async function call<T>(
    account: ProviderAccount,
    method: string,
    path: string,
    schema: z.ZodType<T>,
    body?: unknown,
  ): Promise<T> {
    if (!account.apiKey) throw badRequest(MESSAGES.asaasNotConfigured);
    let response: Response;
    try {
      response = await fetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          access_token: account.apiKey,
          'content-type': 'application/json',
          accept: 'application/json',
          'user-agent': 'Vendaval CRM',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS),
      });
    } catch {
      throw new HttpError(502, MESSAGES.asaasUnavailable);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (response.status === 400) {
      const refused = asaasErrorSchema.safeParse(answer);
      if (refused.success)
        throw badRequest(MESSAGES.asaasRefused(refused.data.errors.map((e) => e.description).join(' ')));
    }
    if (response.status === 401) throw badRequest(MESSAGES.asaasNotConfigured);
    const parsed = schema.safeParse(answer);
    if (!response.ok || !parsed.success) throw new HttpError(502, MESSAGES.asaasUnavailable);
    return parsed.data;
  }

  async function customerOf(account: ProviderAccount, payer: ChargeRequest['payer']) {
    const found = await call(
      account,
      'GET',
      `/customers?cpfCnpj=${encodeURIComponent(payer.document)}&limit=1`,
      asaasCustomerListSchema,
    );
    if (found.data[0]) return found.data[0].id;
    const created = await call(account, 'POST', '/customers', asaasCustomerSchema, {
      name: payer.name,
      cpfCnpj: payer.document,
      ...(payer.email ? { email: payer.email } : {}),
      // Asaas takes Brazilian numbers without the country code.
      ...(payer.phone?.startsWith('55') ? { mobilePhone: payer.phone.slice(2) } : {}),
      notificationDisabled: false,
    });
    return created.id;
  }

  return {
    async createCharge(account, request) {
      const customerId = await customerOf(account, request.payer);
      const payment = await call(account, 'POST', '/payments', asaasPaymentSchema, {
        customer: customerId,
        billingType: request.billingType,
        value: request.value,
        dueDate: request.dueDate,
        description: request.description,
        externalReference: request.externalReference,
      });
      const pix =
        request.billingType === 'PIX'
          ? await call(
              account,
              'GET',
              `/payments/${encodeURIComponent(payment.id)}/pixQrCode`,
              asaasPixSchema,
            )
          : null;
      return {
        paymentId: payment.id,
        customerId,
        paymentUrl: payment.invoiceUrl ?? payment.bankSlipUrl ?? null,
        pixCode: pix?.payload ?? null,
      };
    },
    async cancelCharge(account, paymentId) {
      await call(account, 'DELETE', `/payments/${encodeURIComponent(paymentId)}`, z.unknown());
    },
  };
}

/** The Asaas webhook events that settle a charge, and where each leaves the enrolment; others change nothing. */
const ASAAS_SETTLING_EVENTS: Readonly<Record<string, ContractPaymentStatus>> = {
  PAYMENT_CONFIRMED: 'Succeeded',
  PAYMENT_RECEIVED: 'Succeeded',
  PAYMENT_RECEIVED_IN_CASH: 'Succeeded',
  PAYMENT_DELETED: 'Canceled',
  PAYMENT_REFUNDED: 'Canceled',
  PAYMENT_CHARGEBACK_REQUESTED: 'Canceled',
};

export const asaasWebhookSchema = z.object({
  id: z.string().optional(),
  event: z.string(),
  payment: z.object({ id: z.string().min(1) }).optional(),
});
export type AsaasWebhook = z.infer<typeof asaasWebhookSchema>;

/** The payment an Asaas webhook is about and the status it brings, or null when it settles nothing. */
export function asaasSettlement(
  body: AsaasWebhook,
): { paymentId: string; status: ContractPaymentStatus } | null {
  const status = ASAAS_SETTLING_EVENTS[body.event];
  if (!status || !body.payment) return null;
  return { paymentId: body.payment.id, status };
}
