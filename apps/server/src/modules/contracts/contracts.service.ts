import { timingSafeEqual } from 'node:crypto';
import { APP_TIME_ZONE, type ContractPaymentStatus } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageMembers, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import {
  type Contract,
  type ContractCreate,
  type ContractListQuery,
  type ContractSettings,
  type ContractSettingsUpdate,
  type EnrollmentProvider,
  enrollmentProviderOf,
  type SandboxPayment,
} from '@vendaval/core/schemas/contracts';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { FastifyBaseLogger } from 'fastify';
import type { WorkspaceContext } from '../../infra/context.ts';
import { brokenConstraint, type Db, type DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { recordLog } from '../audit/audit.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { closeOpportunity } from '../opportunities/opportunities.lifecycle.ts';
import { findCardRef, getOpportunity, getOpportunityRef } from '../opportunities/opportunities.service.ts';
import { findWorkspaceOfPlatform } from '../workspaces/workspaces.service.ts';
import { type AsaasWebhook, asaasSettlement, type PaymentProviders } from './contracts.providers.ts';
import * as q from './contracts.queries.ts';

export interface ContractDeps {
  db: Db;
  events: Events;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
}

/** Where the sandbox's payment page of a contract is, in the app. */
export const sandboxPaymentPath = (id: number) => `/matriculas/${id}/pagamento`;

export function toContract(row: q.ContractRow): Contract {
  return {
    id: row.id,
    opportunity_id: row.opportunityId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    payment_status: row.paymentStatus,
    enrollment_fee: row.enrollmentFee,
    payment_due_date: row.paymentDueDate,
    billing_type: row.billingType,
    provider: row.provider,
    payment_url: row.provider === 'sandbox' ? sandboxPaymentPath(row.id) : row.paymentUrl,
    pix_code: row.pixCode,
  };
}

/**
 * The provider a workspace charges through: none where the profile names no provider; else Asaas once the
 * workspace has its Asaas account, or the profile's provider.
 */
function providerOf(
  platform: Platform,
  settings: q.ContractSettingsRow | undefined,
): EnrollmentProvider | null {
  const named = enrollmentProviderOf(platform.flags.integrated_enroll);
  if (named === null) return null;
  return settings?.asaasApiKey ? 'asaas' : named;
}

function toSettings(platform: Platform, row: q.ContractSettingsRow | undefined): ContractSettings {
  return {
    integrated_enroll: enrollmentProviderOf(platform.flags.integrated_enroll),
    provider: providerOf(platform, row),
    won_on_payment: row?.wonOnPayment ?? false,
    asaas_api_key_set: Boolean(row?.asaasApiKey),
    asaas_webhook_token_set: Boolean(row?.asaasWebhookToken),
  };
}

export async function getContractSettings(db: Db, ctx: WorkspaceContext, platform: Platform) {
  return toSettings(platform, await q.findSettings(db, ctx));
}

/** The admin set changes them; the Asaas secrets are kept as given and never answered back. */
export async function updateContractSettings(
  db: Db,
  ctx: WorkspaceContext,
  platform: Platform,
  patch: ContractSettingsUpdate,
) {
  if (!canManageMembers(ctx.role)) throw forbidden(MESSAGES.forbidden);
  return db.transaction(async (tx) => {
    const before = await q.findSettings(tx, ctx);
    const next = {
      wonOnPayment: patch.won_on_payment ?? before?.wonOnPayment ?? false,
      asaasApiKey: patch.asaas_api_key === undefined ? (before?.asaasApiKey ?? null) : patch.asaas_api_key,
      asaasWebhookToken:
        patch.asaas_webhook_token === undefined
          ? (before?.asaasWebhookToken ?? null)
          : patch.asaas_webhook_token,
    };
    const row = await q.saveSettings(tx, ctx, next);
    const changes = settingsChanges(before, next);
    if (changes.length > 0)
      await recordLog(tx, ctx, { type: 'EnrollmentSettingsUpdated', data: { changes } });
    return toSettings(platform, row);
  });
}

type SettingsValues = Pick<q.ContractSettingsRow, 'wonOnPayment' | 'asaasApiKey' | 'asaasWebhookToken'>;

/** What the audit keeps of a change: the switch from and to, and of each secret only that it was set, replaced
 * or removed. */
function settingsChanges(before: SettingsValues | undefined, after: SettingsValues) {
  const changes: { field: string; from?: boolean; to?: boolean; action?: 'set' | 'replaced' | 'removed' }[] =
    [];
  const wasWon = before?.wonOnPayment ?? false;
  if (wasWon !== after.wonOnPayment)
    changes.push({ field: 'won_on_payment', from: wasWon, to: after.wonOnPayment });
  const secrets = [
    ['asaas_api_key', before?.asaasApiKey ?? null, after.asaasApiKey],
    ['asaas_webhook_token', before?.asaasWebhookToken ?? null, after.asaasWebhookToken],
  ] as const;
  for (const [field, was, is] of secrets) {
    if (was === is) continue;
    changes.push({ field, action: is === null ? 'removed' : was === null ? 'set' : 'replaced' });
  }
  return changes;
}

/** Today in Brasília, 'YYYY-MM-DD': a due date before it is refused. */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: APP_TIME_ZONE }).format(new Date());

/** A contract the caller may see: of this workspace and, for a salesRep, of their own card. */
async function visibleContract(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const row = await q.findContract(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  await getOpportunityRef(db, ctx, row.opportunityId);
  return row;
}

export async function getContract(db: Db, ctx: WorkspaceContext, id: number) {
  return toContract(await visibleContract(db, ctx, id));
}

export async function listContracts(db: Db, ctx: WorkspaceContext, query: ContractListQuery) {
  const { limit, offset } = query;
  const { rows, total } = await q.listContracts(
    db,
    ctx,
    {
      opportunityId: query.opportunity_id,
      paymentStatus: query.payment_status,
      ownerId: seesOnlyOwnOpportunities(ctx.role) ? ctx.userId : undefined,
    },
    { limit, offset },
  );
  return pageOf(rows.map(toContract), total, limit, offset);
}

const isLiveCardConflict = (error: unknown) =>
  brokenConstraint(error)?.constraint === 'contracts_scope_live_card_uq';

/**
 * The enrolment form (opportunities.md §2.3, §4.5): one charge for an open card that has no pending or paid
 * enrolment, through the workspace's provider, recorded as ContractCreated. The charge is made before the row,
 * so a provider that refuses leaves nothing behind; a row that then cannot be written withdraws the charge.
 */
export async function createContract(
  deps: ContractDeps,
  ctx: WorkspaceContext,
  platform: Platform,
  input: ContractCreate,
): Promise<Contract> {
  const { db, events } = deps;
  const card = await getOpportunity(db, ctx, input.opportunity_id);
  const settings = await q.findSettings(db, ctx);
  const provider = providerOf(platform, settings);
  if (provider === null) throw forbidden(MESSAGES.enrollmentNotOffered);
  if (card.state_type !== 'Open') throw badRequest(MESSAGES.enrollmentClosedCard);
  if (input.payment_due_date < today()) throw badRequest(MESSAGES.enrollmentDueDatePast, 'payment_due_date');
  if (await q.findLiveContractOfCard(db, ctx, card.id)) throw badRequest(MESSAGES.enrollmentExists);

  const account = { apiKey: settings?.asaasApiKey ?? null };
  const charge = await deps.providers[provider].createCharge(account, {
    value: input.enrollment_fee,
    dueDate: input.payment_due_date,
    billingType: input.billing_type,
    description: `Matrícula - ${card.student_name || card.contact?.name || card.name}`,
    externalReference: `vendaval:${ctx.platformId}:${ctx.workspaceId}:${card.id}`,
    payer: {
      name: card.contact?.name || card.name,
      document: input.payer_document,
      email: card.contact?.email ?? null,
      phone: card.contact?.phone_number ?? null,
    },
  });
  try {
    const row = await db.transaction(async (tx) => {
      const created = await q.insertContract(tx, ctx, {
        opportunityId: card.id,
        provider,
        billingType: input.billing_type,
        enrollmentFee: input.enrollment_fee,
        paymentDueDate: input.payment_due_date,
        payerDocument: input.payer_document,
        providerPaymentId: charge.paymentId,
        providerCustomerId: charge.customerId,
        paymentUrl: charge.paymentUrl,
        pixCode: charge.pixCode,
        createdBy: ctx.userId,
      });
      const data = {
        contract_id: created.id,
        payment_status: created.paymentStatus,
        enrollment_fee: created.enrollmentFee,
        payment_due_date: created.paymentDueDate,
        billing_type: created.billingType,
      };
      await recordHistory(tx, ctx, {
        type: 'ContractCreated',
        opportunityId: card.id,
        contactId: card.contact_id,
        userId: ctx.userId,
        data,
      });
      await announce(tx, events, ctx, 'contract.created', {
        ...data,
        opportunity_id: card.id,
        owner_id: card.user_id,
        user_id: ctx.userId,
      });
      return created;
    });
    return toContract(row);
  } catch (error) {
    if (charge.paymentId)
      await deps.providers[provider]
        .cancelCharge(account, charge.paymentId)
        .catch((err) =>
          deps.log.warn({ err, paymentId: charge.paymentId }, 'could not withdraw an unused charge'),
        );
    if (isLiveCardConflict(error)) throw badRequest(MESSAGES.enrollmentExists);
    throw error;
  }
}

/** Publishes a contract event on the workspace's feed (event stream, webhooks), in the change's transaction. */
function announce(tx: DbOrTx, events: Events, scope: Scope, type: string, data: Record<string, unknown>) {
  return events.publish(tx, { type, platformId: scope.platformId, workspaceId: scope.workspaceId, data });
}

/**
 * A pending enrolment paid or cancelled, by a person (`actorId`) or by the provider (null): its
 * ContractPaymentStatusUpdated entry and `contract.updated` event in the same transaction. Then,
 * when the workspace asks for it, a paid one moves its card to Won under the card's usual rules; a card those
 * rules keep open stays open, and the payment stands.
 */
async function settle(
  deps: ContractDeps,
  scope: Scope,
  contract: q.ContractRow,
  status: ContractPaymentStatus,
  actorId: number | null,
) {
  const { db, events } = deps;
  const settled = await db.transaction(async (tx) => {
    const row = await q.settleContract(tx, scope, contract.id, status);
    if (!row) return undefined;
    const card = await findCardRef(tx, scope, row.opportunityId);
    const data = { contract_id: row.id, from: contract.paymentStatus, payment_status: status };
    await recordHistory(tx, scope, {
      type: 'ContractPaymentStatusUpdated',
      opportunityId: row.opportunityId,
      contactId: card.contactId,
      userId: actorId,
      data,
    });
    await announce(tx, events, scope, 'contract.updated', {
      ...data,
      opportunity_id: row.opportunityId,
      owner_id: card.userId,
      user_id: actorId,
    });
    return row;
  });
  if (settled?.paymentStatus === 'Succeeded') await winCard(deps, scope, settled, actorId);
  return settled;
}

async function winCard(deps: ContractDeps, scope: Scope, contract: q.ContractRow, actorId: number | null) {
  const settings = await q.findSettings(deps.db, scope);
  const userId = actorId ?? contract.createdBy;
  if (!settings?.wonOnPayment || userId === null) return;
  // The workspace's own rule acts, not the person: the card's close rules apply, no role's limits; the history
  // names who settled the payment, or who generated the enrolment when the provider did.
  const ctx: WorkspaceContext = { ...scope, userId, role: 'admin' };
  try {
    await closeOpportunity(deps, ctx, contract.opportunityId, { data: { state_type: 'Won' } });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    deps.log.info(
      { contractId: contract.id, opportunityId: contract.opportunityId, reason: error.message },
      'paid enrolment left its card open',
    );
  }
}

/** The sandbox's payment page: pays or cancels a pending sandbox charge. */
export async function paySandboxContract(
  deps: ContractDeps,
  ctx: WorkspaceContext,
  id: number,
  input: SandboxPayment,
) {
  const row = await visibleContract(deps.db, ctx, id);
  if (row.provider !== 'sandbox') throw badRequest(MESSAGES.enrollmentNotSandbox);
  if (row.paymentStatus !== 'Pending') throw badRequest(MESSAGES.enrollmentNotPending);
  const settled = await settle(deps, ctx, row, input.payment_status, ctx.userId);
  if (!settled) throw badRequest(MESSAGES.enrollmentNotPending);
  return toContract(await visibleContract(deps.db, ctx, id));
}

function sameSecret(given: string, kept: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(kept);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Asaas's webhook for one workspace: authenticated by the `asaas-access-token` header against the workspace's
 * webhook token (refused, and nothing read, when it differs or the workspace has none). An event that settles a
 * charge of ours settles its enrolment once; anything else is acknowledged and changes nothing, so Asaas does
 * not pause the queue.
 */
export async function acceptAsaasWebhook(
  deps: ContractDeps,
  platformId: number,
  workspaceId: number,
  token: string | undefined,
  body: AsaasWebhook,
) {
  const workspace = await findWorkspaceOfPlatform(deps.db, platformId, workspaceId);
  if (!workspace) throw notFound(MESSAGES.notFound);
  const scope = { platformId, workspaceId };
  const settings = await q.findSettings(deps.db, scope);
  if (!settings?.asaasWebhookToken || token === undefined || !sameSecret(token, settings.asaasWebhookToken))
    throw forbidden(MESSAGES.asaasBadToken);
  const settlement = asaasSettlement(body);
  if (!settlement) return;
  const contract = await q.findContractByPayment(deps.db, scope, 'asaas', settlement.paymentId);
  if (contract?.paymentStatus !== 'Pending') return;
  await settle(deps, scope, contract, settlement.status, null);
}

/** Cards moved to another workspace take their enrolments along. */
export async function moveContracts(tx: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) {
  if (opportunityIds.length > 0) await q.moveCardContracts(tx, from, to, opportunityIds);
}
