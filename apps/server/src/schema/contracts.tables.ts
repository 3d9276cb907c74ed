import type { ContractPaymentStatus } from '@vendaval/core/constants';
import type { BillingType, EnrollmentProvider } from '@vendaval/core/schemas/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { opportunities } from './opportunities.tables.ts';
import { users } from './users.tables.ts';
import { timestamps, workspaceOwned } from './workspace-owned-columns.ts';

/** A card's enrolment: one charge at a payment provider and where its payment stands. */
export const contracts = pgTable(
  'contracts',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    opportunityId: integer('opportunity_id')
      .notNull()
      .references(() => opportunities.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<EnrollmentProvider>().notNull(),
    billingType: text('billing_type').$type<BillingType>().notNull(),
    paymentStatus: text('payment_status').$type<ContractPaymentStatus>().notNull().default('Pending'),
    enrollmentFee: numeric('enrollment_fee', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    paymentDueDate: date('payment_due_date', { mode: 'string' }).notNull(),
    payerDocument: text('payer_document').notNull(),
    /** The provider's ids of the charge and of the payer (Asaas `pay_…` and `cus_…`); null on the sandbox. */
    providerPaymentId: text('provider_payment_id'),
    providerCustomerId: text('provider_customer_id'),
    paymentUrl: text('payment_url'),
    pixCode: text('pix_code'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('contracts_scope_opportunity_idx').on(t.platformId, t.workspaceId, t.opportunityId, t.id),
    // One live enrolment per card: a new one only once the last was cancelled.
    uniqueIndex('contracts_scope_live_card_uq')
      .on(t.platformId, t.workspaceId, t.opportunityId)
      .where(sql`${t.paymentStatus} <> 'Canceled'`),
    index('contracts_scope_status_idx').on(t.platformId, t.workspaceId, t.paymentStatus, t.id),
    // A provider's webhook names the charge by its id.
    uniqueIndex('contracts_provider_payment_uq').on(t.platformId, t.provider, t.providerPaymentId),
  ],
);

/** A workspace's enrolment settings and its own Asaas account; the two secrets are write-only. */
export const contractSettings = pgTable(
  'contract_settings',
  {
    id: serial('id').primaryKey(),
    ...workspaceOwned(),
    wonOnPayment: boolean('won_on_payment').notNull().default(false),
    asaasApiKey: text('asaas_api_key'),
    asaasWebhookToken: text('asaas_webhook_token'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('contract_settings_scope_uq').on(t.platformId, t.workspaceId)],
);
