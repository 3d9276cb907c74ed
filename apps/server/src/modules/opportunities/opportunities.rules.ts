import { isClosedStageType, type LogType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { Opportunity, OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import type { WorkspaceContext } from '../../infra/context.ts';
import { concurrently, type Db, type DbOrTx } from '../../infra/db.ts';
import { badRequest, notFound } from '../../infra/errors.ts';
import type { Events } from '../../infra/events.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { listSalesStages } from '../catalog/catalog.service.ts';
import * as lists from '../catalog/lists.service.ts';
import { toContact } from '../contacts/contacts.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { findMembership } from '../users/users.service.ts';
import { findWorkspaceOfPlatform } from '../workspaces/workspaces.service.ts';
import * as q from './opportunities.queries.ts';

// The services of the other features take the database type; a transaction is one.
const asDb = (tx: DbOrTx) => tx as Db;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toListItem(row: q.ListRow, hasOpenRoom = false): OpportunityListItem {
  const { card } = row;
  return {
    id: card.id,
    name: card.name,
    state_type: card.stateType,
    workspace_id: card.workspaceId,
    sales_stage_id: card.salesStageId,
    display_order: card.displayOrder,
    user_id: card.userId,
    user: card.userId !== null && row.userName !== null ? { id: card.userId, name: row.userName } : null,
    contact_id: card.contactId,
    contact:
      card.contactId !== null && row.contactName !== null
        ? { id: card.contactId, name: row.contactName, phone_number: row.contactPhone }
        : null,
    product_id: card.productId,
    product:
      card.productId !== null && row.productName !== null
        ? { id: card.productId, name: row.productName }
        : null,
    price: card.price,
    probability: card.probability,
    source_type: card.sourceType,
    media_id: card.mediaId,
    campaign_id: card.campaignId,
    opportunity_type_id: card.opportunityTypeId,
    tags: card.tagIds,
    tma: card.tma,
    has_open_room: hasOpenRoom,
    closed_at: iso(card.closedAt),
    created_at: card.createdAt.toISOString(),
    recreated_at: iso(card.recreatedAt),
    updated_at: card.updatedAt.toISOString(),
  };
}

type CardDialogs = Opportunity['dialogs'];

export function toCard(
  row: q.DetailRow,
  taskCount: number,
  rooms: { dialogs: CardDialogs; hasOpenRoom: boolean },
  contract: q.CardContractRow | undefined,
): Opportunity {
  const { card } = row;
  return {
    ...toListItem(
      { card, userName: row.userName, contactName: null, contactPhone: null, productName: null },
      rooms.hasOpenRoom,
    ),
    workspace: row.workspace,
    sales_stage: row.stage,
    contact: row.contact ? toContact(row.contact) : null,
    product: row.product,
    media: row.media,
    campaign: row.campaign,
    campaign_url: card.campaignUrl,
    description: card.description,
    is_responsible: card.isResponsible,
    student_name: card.studentName,
    student_document: card.studentDocument,
    visit_generator: card.visitGenerator,
    form_id: card.formId,
    closed_type: card.closedType,
    closed_description: card.closedDescription,
    remote_id: card.remoteId,
    task: { count: taskCount },
    dialogs: rooms.dialogs,
    contract: contract
      ? {
          id: contract.id,
          created_at: contract.createdAt.toISOString(),
          payment_status: contract.paymentStatus,
          enrollment_fee: contract.enrollmentFee,
          payment_due_date: contract.paymentDueDate,
        }
      : null,
  };
}

/**
 * A card's rooms, newest first: only the newest unless `oldChats` asks for all of them. An older room may still
 * be open on another bot, so whether one is open is asked of all of them.
 */
async function cardRooms(db: DbOrTx, scope: Scope, opportunityId: number, oldChats: boolean) {
  const [rows, withOpenRoom] = await concurrently(
    db,
    () => q.listCardDialogs(db, scope, opportunityId, oldChats ? undefined : 1),
    () => q.cardsWithOpenRoom(db, scope, [opportunityId]),
  );
  const dialogs: CardDialogs = rows.map((r) => ({
    id: r.id,
    bot_name: r.botName,
    user_id: r.userId,
    closed_at: r.closedAt ? r.closedAt.toISOString() : null,
  }));
  return { dialogs, hasOpenRoom: withOpenRoom.has(opportunityId) };
}

/**
 * A card as the detail modal shows it, read inside `db` (a transaction sees its own changes); `oldChats` lists
 * its older rooms too (`show_old_chats`).
 */
export async function readCard(
  db: DbOrTx,
  scope: Scope,
  id: number,
  { oldChats = false }: { oldChats?: boolean } = {},
): Promise<Opportunity> {
  const [row, tasks, rooms, contract] = await concurrently(
    db,
    () => q.findOpportunity(db, scope, id),
    () => q.countCardTasks(db, scope, id),
    () => cardRooms(db, scope, id, oldChats),
    () => q.findCardContract(db, scope, id),
  );
  if (!row) throw notFound(MESSAGES.notFound);
  return toCard(row, tasks, rooms, contract);
}

/** The card, locked for the rest of the transaction. */
export async function lockCard(tx: DbOrTx, scope: Scope, id: number) {
  const [card] = await q.lockOpportunities(tx, scope, [id]);
  if (!card) throw notFound(MESSAGES.notFound);
  return card;
}

// ---- stages -------------------------------------------------------------------------------------

// The catalog's list reads run two queries at once: they take the pool, outside any transaction.

/** The workspace's stages in board order. */
export async function stagesOf(db: Db, ctx: WorkspaceContext): Promise<SalesStage[]> {
  return (await listSalesStages(db, ctx, { limit: 500, offset: 0 })).data;
}

export function stageById(stages: SalesStage[], id: number): SalesStage {
  const stage = stages.find((s) => s.id === id);
  if (!stage) throw notFound(MESSAGES.notFound);
  return stage;
}

export const isOpenStage = (stage: SalesStage) => !isClosedStageType(stage.type);

export const stageName = (stages: SalesStage[], id: number | null) =>
  stages.find((s) => s.id === id)?.name ?? null;

/**
 * The workspace's "Exigir tarefa para mudar de etapa" (on unless turned off): moving a card to another stage or
 * closing it needs at least one task.
 */
export async function ensureTaskRule(tx: DbOrTx, ctx: WorkspaceContext, opportunityId: number) {
  const workspace = await findWorkspaceOfPlatform(tx, ctx.platformId, ctx.workspaceId);
  const settings = { ...DEFAULT_WORKSPACE_SETTINGS, ...workspace?.settings };
  if (!settings.require_task_for_stage_change) return;
  if ((await q.countCardTasks(tx, ctx, opportunityId)) === 0) throw badRequest(MESSAGES.noTaskForStageChange);
}

// ---- ids in bodies --------------------------------------------------------------------------------

/** Ids of the workspace's lists that a card names. */
export interface ListRefs {
  product_id?: number | null | undefined;
  media_id?: number | null | undefined;
  campaign_id?: number | null | undefined;
  opportunity_type_id?: number | null | undefined;
  tags?: number[] | undefined;
}

/**
 * Every list id a body names must be an item of this workspace (404 otherwise, as for ids in paths). Runs before
 * the change writes anything. Answers the product, whose name and price the change may need.
 */
export async function checkListRefs(tx: DbOrTx, ctx: WorkspaceContext, refs: ListRefs) {
  const db = asDb(tx);
  const product = refs.product_id ? await lists.getItem(db, ctx, lists.products, refs.product_id) : null;
  if (refs.media_id) await lists.getItem(db, ctx, lists.medias, refs.media_id);
  if (refs.campaign_id) await lists.getItem(db, ctx, lists.campaigns, refs.campaign_id);
  if (refs.opportunity_type_id)
    await lists.getItem(db, ctx, lists.opportunityTypes, refs.opportunity_type_id);
  for (const tag of refs.tags ?? []) await lists.getItem(db, ctx, lists.tags, tag);
  return { product };
}

export async function productName(tx: DbOrTx, ctx: WorkspaceContext, id: number | null) {
  if (id === null) return null;
  return (await lists.getItem(asDb(tx), ctx, lists.products, id).catch(() => null))?.name ?? null;
}

/** The lost reason (objection) of this workspace a close names. */
export const lostReason = (tx: DbOrTx, ctx: WorkspaceContext, id: number) =>
  lists.getItem(asDb(tx), ctx, lists.objections, id);

/** The workspace's default opportunity type, if it has one. */
export async function defaultOpportunityTypeId(db: Db, ctx: WorkspaceContext) {
  const types = await lists.listItems(db, ctx, lists.opportunityTypes, { limit: 500, offset: 0 });
  return types.data.find((t) => t.is_default)?.id ?? null;
}

/** A responsible must be a member of the workspace (404 otherwise: people of other tenants leak nothing). */
export async function ensureMember(tx: DbOrTx, scope: Scope, userId: number) {
  if (!(await findMembership(tx, scope.platformId, scope.workspaceId, userId)))
    throw notFound(MESSAGES.notFound);
}

/** Distinct tag ids, in the order given. */
export const distinctTags = (tags: number[] | undefined) => (tags ? [...new Set(tags)] : undefined);

// ---- history ------------------------------------------------------------------------------------

export interface CardEvent {
  type: LogType;
  data?: Record<string, unknown>;
}

/**
 * Writes entries about one card, by the caller, in the change's transaction, and publishes the change in that
 * same transaction (`opportunity.created|won|lost|updated`) for the features that react to it.
 */
export async function logCard(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  events: Events,
  card: { id: number; contactId: number | null; userId?: number | null; previousUserId?: number | null },
  ...entries: CardEvent[]
) {
  if (entries.length === 0) return;
  const changes = entries.map((e) => ({ type: e.type, data: e.data ?? {} }));
  await recordHistory(
    tx,
    ctx,
    ...changes.map((e) => ({ ...e, opportunityId: card.id, contactId: card.contactId, userId: ctx.userId })),
  );
  await events.publish(tx, {
    type: cardEventType(entries.map((e) => e.type)),
    platformId: ctx.platformId,
    workspaceId: ctx.workspaceId,
    // The owners (after and before a hand-over) let the event stream reach a salesRep's own cards only.
    data: {
      opportunity_id: card.id,
      user_id: ctx.userId,
      owner_id: card.userId ?? null,
      ...(card.previousUserId !== undefined ? { previous_owner_id: card.previousUserId } : {}),
      changes,
    },
  });
}

function cardEventType(types: LogType[]) {
  if (types.includes('OpportunityCreated')) return 'opportunity.created';
  if (types.includes('OpportunityClosedWon')) return 'opportunity.won';
  if (types.includes('OpportunityClosedLost')) return 'opportunity.lost';
  return 'opportunity.updated';
}
