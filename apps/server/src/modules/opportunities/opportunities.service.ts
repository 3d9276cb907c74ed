import {
  CREATION_STAGE_TYPES,
  DEFAULT_PROBABILITY,
  isAnsweredCall,
  isAutomaticSource,
  isClosedStageType,
  isManualSource,
  isOriginLocked,
  type SourceType,
} from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { canChangeResponsible, canSeeAllUsers, seesOnlyOwnOpportunities } from '@vendaval/core/permissions';
import { isApiRole } from '@vendaval/core/roles';
import type { ContactFields } from '@vendaval/core/schemas/contacts';
import type { HistoryQuery } from '@vendaval/core/schemas/history';
import type {
  OpportunityCall,
  OpportunityCreate,
  OpportunityFilter,
  OpportunityListQuery,
  OpportunityUpdate,
  StageSummary,
} from '@vendaval/core/schemas/opportunities';
import type { BatchPlaceholderValues } from '@vendaval/core/template-variables';
import type { WorkspaceContext } from '../../infra/context.ts';
import { concurrently, type Db, type DbOrTx } from '../../infra/db.ts';
import { badRequest, forbidden, notFound } from '../../infra/errors.ts';
import type { Events, PublishingDeps } from '../../infra/events.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { salesStagesOf } from '../catalog/catalog.service.ts';
import { hasItem, medias } from '../catalog/lists.service.ts';
import { changeContact, contactForCard, findContact } from '../contacts/contacts.service.ts';
import { listHistory, recordHistory } from '../history/history.service.ts';
import { findMembership, userNames } from '../users/users.service.ts';
import { takeNextAssignee } from '../workspaces/workspaces.settings.ts';
import { announceAssignment } from './opportunities.events.ts';
import * as q from './opportunities.queries.ts';
import {
  type CardEvent,
  checkListRefs,
  defaultOpportunityTypeId,
  distinctTags,
  ensureMember,
  lockCard,
  logCard,
  productName,
  readCard,
  stageById,
  stagesOf,
  toListItem,
} from './opportunities.rules.ts';

/**
 * Cards written as given, dates included, with no history and no event: for a seeded world (the demo, test
 * worlds) whose own code writes the history of a past it makes up.
 */
export const seedOpportunities = (db: DbOrTx, scope: Scope, rows: q.OpportunityInsert[]) =>
  q.insertOpportunities(db, scope, rows);

/** A card a lead import brings in, and the spreadsheet row it came from. */
export interface ImportedCard {
  card: q.OpportunityInsert;
  row: number;
}

/**
 * The cards of one batch of a lead import, in bulk. Each gets its 'created from import' history entry and is
 * published as created, so colleagues' boards, webhooks and dashboards see it like any other new card.
 */
export async function importOpportunities(
  tx: DbOrTx,
  scope: Scope,
  events: Events,
  importId: number,
  imported: ImportedCard[],
) {
  if (imported.length === 0) return [];
  const created = await q.insertOpportunities(
    tx,
    scope,
    imported.map((i) => i.card),
  );
  const entries = created.map((card, i) => ({
    type: 'OpportunityCreatedFromImport' as const,
    data: { import_id: importId, row: imported[i]?.row },
    card,
  }));
  await recordHistory(
    tx,
    scope,
    ...entries.map(({ card, ...entry }) => ({
      ...entry,
      opportunityId: card.id,
      contactId: card.contactId,
      userId: null,
    })),
  );
  for (const { card, ...entry } of entries)
    await events.publish(tx, {
      type: 'opportunity.created',
      platformId: scope.platformId,
      workspaceId: scope.workspaceId,
      data: { opportunity_id: card.id, user_id: null, owner_id: card.userId, changes: [entry] },
    });
  return created;
}

export type OpportunityRef = NonNullable<Awaited<ReturnType<typeof q.findOpportunityRef>>>;

/**
 * A card the caller may act on: of this workspace and, for a salesRep, their own. Anything else answers 404,
 * so ids of other tenants and other reps' cards leak nothing.
 */
export async function getOpportunityRef(
  db: DbOrTx,
  ctx: WorkspaceContext,
  id: number,
): Promise<OpportunityRef> {
  const ref = await q.findOpportunityRef(db, ctx, id);
  if (!ref || (seesOnlyOwnOpportunities(ctx.role) && ref.userId !== ctx.userId))
    throw notFound(MESSAGES.notFound);
  return ref;
}

/** A card of the workspace by id, whoever asks (a provider's webhook, a job); 404 when it is not there. */
export async function findCardRef(db: DbOrTx, scope: Scope, id: number): Promise<OpportunityRef> {
  const ref = await q.findOpportunityRef(db, scope, id);
  if (!ref) throw notFound(MESSAGES.notFound);
  return ref;
}

// ---- reading ----------------------------------------------------------------------------------------

/** A salesRep only ever sees their own cards, whatever responsible they ask for. */
function visibleTo(ctx: WorkspaceContext, filter: OpportunityFilter): q.ListFilter {
  if (!seesOnlyOwnOpportunities(ctx.role)) return filter;
  return { ...filter, user_id: undefined, ownerId: ctx.userId };
}

export async function listOpportunities(db: Db, ctx: WorkspaceContext, query: OpportunityListQuery) {
  const { sort, limit, offset, ...filter } = query;
  const { rows, total } = await q.listOpportunities(db, ctx, visibleTo(ctx, filter), { sort, limit, offset });
  const withRoom = await q.cardsWithOpenRoom(
    db,
    ctx,
    rows.map((r) => r.card.id),
  );
  return pageOf(
    rows.map((r) => toListItem(r, withRoom.has(r.card.id))),
    total,
    limit,
    offset,
  );
}

/**
 * One card per reachable phone (not black-listed) among the cards a board filter shows the caller, at most
 * `limit`: who a message to a board selection reaches. A salesRep's only their own.
 */
export function reachableCardsByPhone(
  db: DbOrTx,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
  limit: number,
) {
  return q.listAudience(db, ctx, visibleTo(ctx, filter), limit);
}

/** A keyset page of the cards an export writes (see `listExportPage`); a salesRep's only their own. */
export function exportCardsPage(
  db: DbOrTx,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
  afterId: number,
  limit: number,
) {
  return q.listExportPage(db, ctx, visibleTo(ctx, filter), afterId, limit);
}
export type ExportCard = q.ExportCardRow;

/** How many cards a batch picks among those the caller sees: a filter, narrowed to ids when given. */
export function countBatchSelection(
  db: DbOrTx,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
  ids: number[] | null,
) {
  return q.countSelection(db, ctx, visibleTo(ctx, filter), ids);
}

/** A keyset page of the ids of a batch's cards after `afterId`, among those the caller sees. */
export function batchSelectionPage(
  db: DbOrTx,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
  ids: number[] | null,
  afterId: number,
  limit: number,
) {
  return q.listSelectionPage(db, ctx, visibleTo(ctx, filter), ids, afterId, limit);
}

/** The ids of the cards a board filter shows the caller, in board order, at most `limit`; a salesRep's only their own. */
export function boardOrderSelection(
  db: DbOrTx,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
  limit: number,
) {
  return q.listSelectionInBoardOrder(db, ctx, visibleTo(ctx, filter), limit);
}

/** Locks the cards of the workspace among these ids until the transaction ends; others are left out. */
export const lockCards = (tx: DbOrTx, scope: Scope, ids: number[]) => q.lockOpportunities(tx, scope, ids);
export type CardRow = q.OpportunityRow;

export type BatchCard = q.BatchCardRow;

/** The cards of a batch's recipients with what its placeholders read, by id. */
export async function batchCards(db: DbOrTx, scope: Scope, ids: number[]) {
  return new Map((await q.listBatchCards(db, scope, ids)).map((row) => [row.id, row]));
}

/** The values of a card that template variables stand for (CHAT-062, CHAT-063). */
export function cardPlaceholderValues(card: BatchCard): BatchPlaceholderValues {
  const price = card.price || card.productPrice || null;
  return {
    user: card.userName,
    campaign: card.campaignName,
    name: card.contactName,
    city: card.cityName,
    product: card.productName,
    price: price ? formatBRL(price) : null,
  };
}

export async function summarizeOpportunities(
  db: Db,
  ctx: WorkspaceContext,
  filter: OpportunityFilter,
): Promise<StageSummary> {
  const rows = await q.summarizeByStage(db, ctx, visibleTo(ctx, filter));
  return {
    data: rows.map((r) => ({ sales_stage_id: r.salesStageId, count: r.count, total_price: r.totalPrice })),
  };
}

export async function getOpportunity(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
  query: { show_old_chats?: boolean | undefined } = {},
) {
  const card = await readCard(db, ctx, id, { oldChats: query.show_old_chats === true });
  if (seesOnlyOwnOpportunities(ctx.role) && card.user_id !== ctx.userId) throw notFound(MESSAGES.notFound);
  return card;
}

/**
 * The history of a card, a contact or a user. A salesRep reads their own cards' and their own; with no subject
 * named, they read what they did.
 */
export async function listOpportunityHistory(db: Db, ctx: WorkspaceContext, query: HistoryQuery) {
  if (query.opportunity_id !== undefined) await getOpportunityRef(db, ctx, query.opportunity_id);
  if (query.contact_id !== undefined && !(await findContact(db, ctx, query.contact_id))) {
    throw notFound(MESSAGES.notFound);
  }
  const limited = !canSeeAllUsers(ctx.role);
  if (query.user_id !== undefined && query.user_id !== ctx.userId) {
    if (limited) throw notFound(MESSAGES.notFound);
    await ensureMember(db, ctx, query.user_id);
  }
  const anySubject = [query.opportunity_id, query.contact_id, query.user_id].some((id) => id !== undefined);
  return listHistory(db, ctx, limited && !anySubject ? { ...query, user_id: ctx.userId } : query);
}

// ---- creating -----------------------------------------------------------------------------------------

/** Source and media of a card a person makes (decisions.md §10). */
function checkOrigin(sourceType: string, mediaId: number | null) {
  if (isAutomaticSource(sourceType)) throw badRequest(MESSAGES.automaticSourceNotAllowed, 'source_type');
  if (isManualSource(sourceType) && mediaId === null) throw badRequest(MESSAGES.mediaRequired, 'media_id');
}

/** 'Não é aluno?': the student's name and CPF are required. */
function checkStudent(card: {
  isResponsible: boolean;
  studentName: string | null;
  studentDocument: string | null;
}) {
  if (!card.isResponsible) return;
  if (!card.studentName) throw badRequest(MESSAGES.studentNameRequired, 'student_name');
  if (!card.studentDocument) throw badRequest(MESSAGES.studentDocumentRequired, 'student_document');
}

function checkContactPayload(contactId: number | null, contact: { id?: number | undefined } | undefined) {
  if (contact?.id !== undefined && contact.id !== contactId) {
    throw badRequest(MESSAGES.contactIdMismatch, 'contact.id');
  }
}

/** Events of a price set or changed (a card at 0 has no price yet). */
function priceEvents(from: number, to: number): CardEvent[] {
  if (from === to) return [];
  if (from === 0) return [{ type: 'OpportunityPriceCreated', data: { from_price: null, to_price: to } }];
  return [{ type: 'OpportunityPriceUpdated', data: { from_price: from, to_price: to } }];
}

function productEvents(
  fromId: number | null,
  toId: number | null,
  fromName: string | null,
  toName: string | null,
) {
  if (fromId === toId) return [];
  const type = fromId === null ? 'OpportunityProductCreated' : 'OpportunityProductUpdated';
  return [{ type, data: { from_name: fromName, to_name: toName } } satisfies CardEvent];
}

/** The rules of a new card that need no database: who may be responsible, origin, student, contact. */
function checkNewCard(ctx: WorkspaceContext, input: OpportunityCreate) {
  const userId = input.user_id ?? (isApiRole(ctx.role) ? null : ctx.userId);
  if (userId !== null && userId !== ctx.userId && !canChangeResponsible(ctx.role)) {
    throw forbidden(MESSAGES.responsibleNotChangeable);
  }
  checkOrigin(input.source_type, input.media_id ?? null);
  const student = {
    isResponsible: input.is_responsible ?? false,
    studentName: input.student_name,
    studentDocument: input.student_document,
  };
  checkStudent(student);
  checkContactPayload(input.contact_id ?? null, input.contact);
  if (!input.contact_id && !input.contact) throw badRequest(MESSAGES.contactRequired, 'contact');
  return { userId, student, tags: distinctTags(input.tags) ?? [] };
}

/** The platform's preset media (PLAT-019), for a card sent without one, when the card's workspace has it. */
async function presetMedia(db: Db, ctx: WorkspaceContext, platform: { presetMediaId: number | null }) {
  const id = platform.presetMediaId;
  return id !== null && (await hasItem(db, ctx, medias, id)) ? id : undefined;
}

/**
 * A new card. An integration that names no responsible hands the card to the workspace's distribution, like a
 * card from a bot: it is no member, so it cannot hold the card itself.
 */
export async function createOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  sent: OpportunityCreate,
  platform: { mainCollaborator: string; presetMediaId: number | null },
) {
  const { mainCollaborator } = platform;
  const input = {
    ...sent,
    media_id: sent.media_id !== undefined ? sent.media_id : await presetMedia(db, ctx, platform),
  };
  const { userId: named, student, tags } = checkNewCard(ctx, input);
  const stage = creationStage(await stagesOf(db, ctx), input.sales_stage_id);
  const typeId = input.opportunity_type_id ?? (await defaultOpportunityTypeId(db, ctx));
  const id = await db.transaction(async (tx) => {
    const { product } = await checkListRefs(tx, ctx, { ...input, tags });
    if (named !== null) await ensureMember(tx, ctx, named);
    const userId = named ?? (await takeNextAssignee(tx, ctx, mainCollaborator));
    if (input.contact_id && !(await findContact(tx, ctx, input.contact_id)))
      throw notFound(MESSAGES.notFound);
    const contact = await contactOfNewCard(tx, ctx, input.contact_id ?? null, input.contact);
    const price = input.price ?? 0;
    const [created] = await q.insertOpportunities(tx, ctx, [
      {
        ...student,
        name: input.name ?? contact.name,
        stateType: 'Open',
        salesStageId: stage.id,
        displayOrder: await q.topOfColumn(tx, ctx, stage.id),
        userId,
        contactId: contact.id,
        opportunityTypeId: typeId,
        price,
        probability: input.probability ?? DEFAULT_PROBABILITY,
        productId: product?.id ?? null,
        sourceType: input.source_type,
        mediaId: input.media_id ?? null,
        campaignId: input.campaign_id ?? null,
        campaignUrl: input.campaign_url,
        tagIds: tags,
        description: input.description,
      },
    ]);
    if (!created) throw new Error('opportunity insert returned nothing');
    await logCard(
      tx,
      ctx,
      events,
      created,
      { type: 'OpportunityCreated', data: { sales_stage_name: stage.name } },
      ...priceEvents(0, price),
      ...productEvents(null, product?.id ?? null, null, product?.name ?? null),
    );
    await announceAssignment(tx, events, ctx, created, created.userId, ctx);
    return created.id;
  });
  return readCard(db, ctx, id);
}

/** The newest open card of a contact, with its responsible, or undefined. */
export const newestOpenCardOf = (db: DbOrTx, scope: Scope, contactId: number) =>
  q.findNewestOpenOfContact(db, scope, contactId);

/** What an inbound card may bring besides its contact; anything left out takes the bot card's default. */
export interface InboundCard {
  contactId: number;
  name: string;
  mainCollaborator: string;
  /** Default 'Imbot'. */
  sourceType?: SourceType;
  /** An open stage of the workspace; otherwise the stage of type First. */
  salesStageId?: number | null;
  /** A member of the workspace; otherwise the distribution. */
  userId?: number | null;
  mediaId?: number | null;
  campaignId?: number | null;
  tagIds?: number[];
  formId?: string | null;
}

/**
 * A card nobody in the workspace made — a contact who wrote to a bot (source 'Imbot'), a visitor who sent a
 * marketing form — inside the caller's transaction: in the stage asked for while it is still open, else the one
 * of type First; to the responsible asked for while still a member, else to the next Working member of the
 * platform's main collaborator role in turn (the distribution transfers use). Its history entry names no user.
 */
export async function createInboundOpportunity(tx: DbOrTx, events: Events, scope: Scope, input: InboundCard) {
  const stages = await salesStagesOf(tx, scope);
  const asked = stages.find((s) => s.id === input.salesStageId && !isClosedStageType(s.type));
  const stage =
    asked ?? stages.find((s) => s.type === 'First') ?? stages.find((s) => !isClosedStageType(s.type));
  if (!stage) throw badRequest(MESSAGES.openingStageMissing);
  const named =
    input.userId && (await findMembership(tx, scope.platformId, scope.workspaceId, input.userId))
      ? input.userId
      : null;
  const userId = named ?? (await takeNextAssignee(tx, scope, input.mainCollaborator));
  const [created] = await q.insertOpportunities(tx, scope, [
    {
      name: input.name,
      stateType: 'Open',
      salesStageId: stage.id,
      displayOrder: await q.topOfColumn(tx, scope, stage.id),
      userId,
      contactId: input.contactId,
      sourceType: input.sourceType ?? 'Imbot',
      probability: DEFAULT_PROBABILITY,
      mediaId: input.mediaId ?? null,
      campaignId: input.campaignId ?? null,
      tagIds: input.tagIds ?? [],
      formId: input.formId ?? null,
    },
  ]);
  if (!created) throw new Error('opportunity insert returned nothing');
  const entry = { type: 'OpportunityCreated' as const, data: { sales_stage_name: stage.name } };
  await recordHistory(tx, scope, {
    ...entry,
    opportunityId: created.id,
    contactId: input.contactId,
    userId: null,
  });
  await events.publish(tx, {
    type: 'opportunity.created',
    platformId: scope.platformId,
    workspaceId: scope.workspaceId,
    data: { opportunity_id: created.id, user_id: userId, changes: [entry] },
  });
  await announceAssignment(tx, events, scope, created, userId, { userId: null });
  return created;
}

/** The stage of type First, or a creation stage (First, PreSale) the caller chose. */
function creationStage(stages: Awaited<ReturnType<typeof stagesOf>>, chosen: number | undefined) {
  if (chosen === undefined) {
    const first = stages.find((s) => s.type === 'First');
    if (!first) throw badRequest(MESSAGES.openingStageMissing);
    return first;
  }
  const stage = stageById(stages, chosen);
  if (!(CREATION_STAGE_TYPES as readonly string[]).includes(stage.type)) {
    throw badRequest(MESSAGES.creationStageOnly, 'sales_stage_id');
  }
  return stage;
}

/** The chosen contact (with the form's changes), else the workspace's contact with that phone, else a new one. */
async function contactOfNewCard(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  contactId: number | null,
  fields: Partial<ContactFields> | undefined,
) {
  if (contactId !== null) return changeContact(tx, ctx, contactId, fields ?? {});
  if (!fields?.name || !fields.phone_number) throw badRequest(MESSAGES.contactRequired, 'contact');
  return contactForCard(tx, ctx, { ...fields, name: fields.name, phone_number: fields.phone_number });
}

// ---- editing ------------------------------------------------------------------------------------------

/** What a PUT names: fields it leaves out keep their value (`patch` holds only the fields sent). */
export async function updateOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  patch: OpportunityUpdate,
) {
  if (patch.id !== undefined && patch.id !== id) throw badRequest(MESSAGES.idMismatch, 'id');
  if (patch.workspace_id !== undefined && patch.workspace_id !== ctx.workspaceId) {
    throw badRequest(MESSAGES.workspaceChangeByTransfer, 'workspace_id');
  }
  await getOpportunityRef(db, ctx, id);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    const next = await checkChanges(tx, ctx, card, patch);
    const contact = await contactOfCard(tx, ctx, next.contactId, patch.contact);
    const contactId = contact?.id ?? next.contactId;
    const tags = distinctTags(patch.tags);
    await q.updateOpportunity(tx, ctx, id, {
      ...columnsOf(patch),
      ...(tags ? { tagIds: tags } : {}),
      ...(patch.name === null ? { name: await fallbackName(tx, ctx, contact, contactId, card.name) } : {}),
      contactId,
    });
    const owner = { id, contactId, userId: patch.user_id ?? card.userId, previousUserId: card.userId };
    await logCard(tx, ctx, events, owner, ...(await changeEvents(tx, ctx, card, patch)));
    if (owner.userId !== card.userId) await announceAssignment(tx, events, ctx, card, owner.userId, ctx);
  });
  return readCard(db, ctx, id);
}

/** The rules of an edit, checked before anything is written; answers the card's contact after it. */
async function checkChanges(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  card: q.OpportunityRow,
  patch: OpportunityUpdate,
) {
  if (patch.user_id !== undefined) {
    if (patch.user_id === null) throw badRequest(MESSAGES.responsibleFieldRequired, 'user_id');
    if (patch.user_id !== card.userId && !canChangeResponsible(ctx.role)) {
      throw forbidden(MESSAGES.responsibleNotChangeable);
    }
  }
  checkOriginChange(card, patch);
  checkStudent({
    isResponsible: patch.is_responsible ?? card.isResponsible,
    studentName: patch.student_name !== undefined ? patch.student_name : card.studentName,
    studentDocument: patch.student_document !== undefined ? patch.student_document : card.studentDocument,
  });
  const contactId = patch.contact_id !== undefined ? patch.contact_id : card.contactId;
  checkContactPayload(contactId, patch.contact);
  await checkListRefs(tx, ctx, { ...patch, tags: distinctTags(patch.tags) });
  // The form sends the responsible back unchanged; only a new one must be a member.
  if (patch.user_id && patch.user_id !== card.userId) await ensureMember(tx, ctx, patch.user_id);
  if (contactId !== null && !(await findContact(tx, ctx, contactId))) throw notFound(MESSAGES.notFound);
  return { contactId };
}

/** Locked origin (URA, Bella, site form), no automatic source by hand, media for manual sources. */
function checkOriginChange(card: q.OpportunityRow, patch: OpportunityUpdate) {
  const sourceChanges = patch.source_type !== undefined && patch.source_type !== card.sourceType;
  const mediaChanges = patch.media_id !== undefined && patch.media_id !== card.mediaId;
  if (isOriginLocked(card.sourceType) && (sourceChanges || mediaChanges)) {
    throw badRequest(TOASTS.fieldLocked.message, sourceChanges ? 'source_type' : 'media_id');
  }
  if (sourceChanges && isAutomaticSource(patch.source_type)) {
    throw badRequest(MESSAGES.automaticSourceNotAllowed, 'source_type');
  }
  const source = patch.source_type ?? card.sourceType;
  const media = patch.media_id !== undefined ? patch.media_id : card.mediaId;
  if ((sourceChanges || mediaChanges) && isManualSource(source) && media === null) {
    throw badRequest(MESSAGES.mediaRequired, 'media_id');
  }
}

/** The card's contact with the form's changes; a card without one gets the contact the form describes. */
async function contactOfCard(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  contactId: number | null,
  fields: OpportunityUpdate['contact'],
) {
  if (!fields) return null;
  return contactOfNewCard(tx, ctx, contactId, fields);
}

const COLUMN_OF = {
  name: 'name',
  opportunity_type_id: 'opportunityTypeId',
  source_type: 'sourceType',
  media_id: 'mediaId',
  is_responsible: 'isResponsible',
  student_name: 'studentName',
  student_document: 'studentDocument',
  description: 'description',
  campaign_id: 'campaignId',
  campaign_url: 'campaignUrl',
  probability: 'probability',
  user_id: 'userId',
  product_id: 'productId',
  price: 'price',
} as const satisfies Partial<Record<keyof OpportunityUpdate, keyof q.OpportunityPatch>>;

function columnsOf(patch: OpportunityUpdate): q.OpportunityPatch {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const value = patch[field as keyof typeof COLUMN_OF];
    if (value !== undefined) columns[column] = value;
  }
  if (columns.name === null) delete columns.name;
  return columns as q.OpportunityPatch;
}

/** An emptied name falls back to the contact's, as on creation (OPP-028): a card always has a name. */
async function fallbackName(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  contact: { name: string } | null,
  contactId: number | null,
  current: string,
) {
  if (contact) return contact.name;
  if (contactId === null) return current;
  return (await findContact(tx, ctx, contactId))?.name ?? current;
}

/** One entry per logged field that changes (opportunities.md §3 "Log entry"). */
async function changeEvents(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  card: q.OpportunityRow,
  patch: OpportunityUpdate,
): Promise<CardEvent[]> {
  const events: CardEvent[] = [];
  if (patch.price !== undefined) events.push(...priceEvents(card.price, patch.price));
  if (patch.probability !== undefined && patch.probability !== card.probability) {
    events.push({
      type: 'OpportunityProbabilityUpdated',
      data: { from_probability: card.probability, to_probability: patch.probability },
    });
  }
  if (patch.description !== undefined && patch.description !== card.description) {
    events.push({
      type: 'OpportunityDescriptionUpdated',
      data: { from_description: card.description, to_description: patch.description },
    });
  }
  const productId = patch.product_id;
  if (productId !== undefined && productId !== card.productId) {
    const [from, to] = await concurrently(
      tx,
      () => productName(tx, ctx, card.productId),
      () => productName(tx, ctx, productId),
    );
    events.push(...productEvents(card.productId, productId, from, to));
  }
  if (patch.user_id && patch.user_id !== card.userId)
    events.push(await userEvent(tx, ctx, card.userId, patch.user_id));
  return events;
}

/** 'Transferência de Responsável' from one person to another. */
export async function userEvent(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  fromId: number | null,
  toId: number,
): Promise<CardEvent> {
  const people = await userNames(tx, ctx.platformId, fromId === null ? [toId] : [fromId, toId]);
  const name = (id: number | null) => people.find((p) => p.id === id)?.name ?? null;
  return { type: 'OpportunityUserUpdated', data: { from_name: name(fromId), to_name: name(toId) } };
}

/** A call made about the card (an IVR, a phone system): one history entry, answered or an attempt. */
export async function recordCall(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  call: OpportunityCall,
) {
  await getOpportunityRef(db, ctx, id);
  const type = isAnsweredCall(call.duration_seconds) ? 'OpportunityCallSuccess' : 'OpportunityCallAttempt';
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    await logCard(tx, ctx, events, card, { type, data: { ...call } });
    if (type === 'OpportunityCallSuccess') await recordFirstAnswer(tx, events, ctx, id, new Date());
  });
  return readCard(db, ctx, id);
}

/**
 * A person of the team answered the lead (an attendant's chat message, an answered call, a registry): the first
 * answer of an open card sets its response time (`tma`, from its arrival or recreation) and writes the
 * 'OpportunityTma' entry; any later answer changes nothing. Runs in the answer's own transaction.
 */
export async function recordFirstAnswer(
  tx: DbOrTx,
  events: Events,
  ctx: WorkspaceContext,
  opportunityId: number,
  at: Date,
) {
  const card = await q.setFirstResponseTime(tx, ctx, opportunityId, at);
  if (!card || card.tma === null) return;
  const startedAt = card.recreatedAt ?? card.createdAt;
  await logCard(tx, ctx, events, card, {
    type: 'OpportunityTma',
    data: { tma: card.tma, opportunity_created_at: Math.floor(startedAt.getTime() / 1000) },
  });
}

/** Hands a card to another member; a salesRep may hand over their own card. */
export async function assignOpportunity(
  { db, events }: PublishingDeps,
  ctx: WorkspaceContext,
  id: number,
  body: { user_id: number; opportunity_id?: number | undefined },
) {
  if (body.opportunity_id !== undefined && body.opportunity_id !== id) {
    throw badRequest(MESSAGES.idMismatch, 'opportunity_id');
  }
  await getOpportunityRef(db, ctx, id);
  await db.transaction(async (tx) => {
    const card = await lockCard(tx, ctx, id);
    await ensureMember(tx, ctx, body.user_id);
    await assignCard(tx, events, ctx, card, body.user_id);
  });
  return readCard(db, ctx, id);
}

/**
 * Gives a card locked in `tx` to a member (checked by the caller), with its 'Transferência de Responsável' entry
 * and its events; a card already theirs is left as it is. Answers whether it changed.
 */
export async function assignCard(
  tx: DbOrTx,
  events: Events,
  ctx: WorkspaceContext,
  card: CardRow,
  userId: number,
) {
  if (card.userId === userId) return false;
  await q.updateOpportunity(tx, ctx, card.id, { userId });
  const owner = { ...card, userId, previousUserId: card.userId };
  await logCard(tx, ctx, events, owner, await userEvent(tx, ctx, card.userId, userId));
  await announceAssignment(tx, events, ctx, card, userId, ctx);
  return true;
}
