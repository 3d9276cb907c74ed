import { z } from 'zod';
import { CONTRACT_PAYMENT_STATUSES } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isValidCpf } from '../validators.ts';
import { paginationQuerySchema, rowIdSchema } from './common.ts';

/**
 * The payment providers an enrolment is charged through. A profile's `integrated_enroll` names one of them to offer
 * enrolments at all (opportunities.md §4.5); `sandbox` needs no account, `asaas` charges PIX or boleto through the
 * workspace's own Asaas account.
 */
export const ENROLLMENT_PROVIDERS = ['sandbox', 'asaas'] as const;
export type EnrollmentProvider = (typeof ENROLLMENT_PROVIDERS)[number];

/** The provider a profile's `integrated_enroll` names, or null when it names none (no enrolment generation). */
export function enrollmentProviderOf(integratedEnroll: string | null): EnrollmentProvider | null {
  return (ENROLLMENT_PROVIDERS as readonly string[]).includes(integratedEnroll ?? '')
    ? (integratedEnroll as EnrollmentProvider)
    : null;
}

export const BILLING_TYPES = ['PIX', 'BOLETO'] as const;
export type BillingType = (typeof BILLING_TYPES)[number];
export const BILLING_TYPE_LABELS: Readonly<Record<BillingType, string>> = { PIX: 'Pix', BOLETO: 'Boleto' };

export const ENROLLMENT_FEE_MAX = 1_000_000;

const cpf = z
  .string()
  .transform((v) => v.replace(/\D/g, ''))
  .refine(isValidCpf, MESSAGES.invalidCpf);

const dueDate = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate);

/** The enrolment form: one enrolment charge for one card. */
export const contractCreateSchema = z.strictObject({
  opportunity_id: rowIdSchema,
  enrollment_fee: z
    .number()
    .positive(MESSAGES.enrollmentFeeRequired)
    .max(ENROLLMENT_FEE_MAX)
    .transform((v) => Math.round(v * 100) / 100),
  /** 'YYYY-MM-DD', today or later. */
  payment_due_date: dueDate,
  billing_type: z.enum(BILLING_TYPES),
  /** CPF of whoever pays; the card's contact gets it when they have none. */
  payer_document: cpf,
});
export type ContractCreate = z.infer<typeof contractCreateSchema>;
export type ContractCreateInput = z.input<typeof contractCreateSchema>;

export const contractListQuerySchema = paginationQuerySchema.extend({
  opportunity_id: z.coerce.number().pipe(rowIdSchema).optional(),
  payment_status: z.enum(CONTRACT_PAYMENT_STATUSES).optional(),
});
export type ContractListQuery = z.infer<typeof contractListQuerySchema>;

/** A contract as answered: the provider's ids and the workspace's secrets never leave the server. */
export const contractSchema = z.object({
  id: z.number().int(),
  opportunity_id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  payment_status: z.enum(CONTRACT_PAYMENT_STATUSES),
  enrollment_fee: z.number().nullable(),
  payment_due_date: z.string().nullable(),
  billing_type: z.enum(BILLING_TYPES),
  provider: z.enum(ENROLLMENT_PROVIDERS),
  /** Where the payer pays: the provider's invoice, or the sandbox's payment page. */
  payment_url: z.string().nullable(),
  /** PIX copia e cola, when the charge is PIX and the provider gave one. */
  pix_code: z.string().nullable(),
});
export type Contract = z.infer<typeof contractSchema>;

/** What the sandbox's payment page does to a pending charge: pay it or cancel it. */
export const sandboxPaymentSchema = z.strictObject({ payment_status: z.enum(['Succeeded', 'Canceled']) });
export type SandboxPayment = z.infer<typeof sandboxPaymentSchema>;

/** The workspace's enrolment settings as answered: the Asaas secrets only as "set or not". */
export const contractSettingsSchema = z.object({
  /** The provider the platform's profile names; null when enrolments are not offered. */
  integrated_enroll: z.enum(ENROLLMENT_PROVIDERS).nullable(),
  /** The provider this workspace charges through: the profile's, or Asaas once the workspace has its account. */
  provider: z.enum(ENROLLMENT_PROVIDERS).nullable(),
  /** A paid enrolment moves its card to the won stage. */
  won_on_payment: z.boolean(),
  asaas_api_key_set: z.boolean(),
  asaas_webhook_token_set: z.boolean(),
});
export type ContractSettings = z.infer<typeof contractSettingsSchema>;

const secret = (tooShort: string) => z.string().trim().min(8, tooShort).max(500);

/**
 * A change of the enrolment settings. The Asaas secrets are write-only: given to set them, null to remove the
 * account (back to the profile's provider), absent to keep them.
 */
export const contractSettingsUpdateSchema = z.strictObject({
  won_on_payment: z.boolean().optional(),
  asaas_api_key: secret(MESSAGES.secretTooShort).nullable().optional(),
  asaas_webhook_token: secret(MESSAGES.webhookTokenTooShort).nullable().optional(),
});
export type ContractSettingsUpdate = z.infer<typeof contractSettingsUpdateSchema>;
