import type { AdminList, ListLogType } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canManageLists } from '@vendaval/core/permissions';
import type {
  Campaign,
  InteractionType,
  ListQuery,
  Media,
  Objection,
  OpportunityType,
  Product,
  QuickAnswer,
  Tag,
  TaskType,
} from '@vendaval/core/schemas/catalog';
import { getTableName } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import { brokenConstraint, type Db, type DbOrTx } from '../../infra/db.ts';
import { conflict, forbidden, HttpError, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import * as t from '../../schema/catalog.tables.ts';
import { recordLog } from '../audit/audit.service.ts';
import { type CardReference, cardsUsing, tasksUsing } from './catalog.usage.ts';
import * as q from './lists.queries.ts';

/**
 * One admin list: a workspace-owned table of named items that any member reads and the admin roles edit.
 * The lists differ only in their extra fields and in the few rules hooked in here.
 */
export interface ListSpec<T extends q.ListTable, Input extends object, Item extends { id: number }> {
  list: AdminList;
  table: T;
  toItem(row: q.RowOf<T>): Item;
  /** The columns a validated payload (whole on create, partial on update) sets. */
  toColumns(input: Partial<Input>): q.ColumnsOf<T>;
  /** Runs in the write's transaction before the write: ids the payload names, invariants across items. */
  beforeWrite?(tx: DbOrTx, scope: Scope, input: Partial<Input>, id?: number): Promise<void>;
  /** Runs in the delete's transaction before it: refuses to delete what is in use. */
  beforeDelete?(tx: DbOrTx, scope: Scope, id: number): Promise<void>;
}

/** Names the list's types once, from its table and its mappings. */
const listSpec = <T extends q.ListTable, Input extends object, Item extends { id: number }>(
  spec: ListSpec<T, Input, Item>,
) => spec;

export async function listItems<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  query: ListQuery,
  lookup?: q.ActionLookup,
) {
  const { rows, total } = await q.listItems(db, spec.table, ctx, query, lookup);
  return pageOf(rows.map(spec.toItem), total, query.limit, query.offset);
}

/** Whether the workspace has the item: for an id the platform presets rather than one a caller sends (no 404). */
export async function hasItem<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: DbOrTx,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
): Promise<boolean> {
  return (await q.findItem(db, spec.table, ctx, id)) !== undefined;
}

export async function getItem<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
) {
  const row = await q.findItem(db, spec.table, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return spec.toItem(row);
}

export function createItem<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  input: I,
) {
  return write(db, ctx, spec, (tx) => insertOne(tx, ctx, spec, input));
}

export function updateItem<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
  patch: Partial<I>,
) {
  return write(db, ctx, spec, (tx) => updateOne(tx, ctx, spec, id, patch));
}

export async function deleteItem<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
) {
  await write(db, ctx, spec, (tx) => deleteOne(tx, ctx, spec, id));
  return { message: MESSAGES.listItemDeleted };
}

/** A list's collected edits, as /lists saves them together (PLAT-074). */
export interface ListBatch<I extends object> {
  creates: I[];
  updates: { id: number; values: Partial<I> }[];
  deletes: number[];
}

/**
 * Saves a list's collected edits in one transaction, deletes first, then updates, then creates: all of them, or
 * none when one is refused. The refusal names the edit it is about ('creates.2', 'updates.0', 'deletes.1').
 */
export function saveBatch<T extends q.ListTable, I extends object, Item extends { id: number }>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  batch: ListBatch<I>,
) {
  return write(db, ctx, spec, async (tx) => {
    const deleted: number[] = [];
    for (const [i, id] of batch.deletes.entries()) {
      await naming(spec, `deletes.${i}`, () => deleteOne(tx, ctx, spec, id));
      deleted.push(id);
    }
    const updated: Item[] = [];
    for (const [i, { id, values }] of batch.updates.entries()) {
      updated.push(await naming(spec, `updates.${i}`, () => updateOne(tx, ctx, spec, id, values)));
    }
    const created: Item[] = [];
    for (const [i, input] of batch.creates.entries()) {
      created.push(await naming(spec, `creates.${i}`, () => insertOne(tx, ctx, spec, input)));
    }
    return { created, updated, deleted };
  });
}

async function insertOne<T extends q.ListTable, I extends object, Item extends { id: number }>(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  input: I,
) {
  await spec.beforeWrite?.(tx, ctx, input);
  const after = spec.toItem(await q.insertItem(tx, spec.table, ctx, spec.toColumns(input)));
  await logChange(tx, ctx, spec, 'ListItemCreated', { after });
  return after;
}

async function updateOne<T extends q.ListTable, I extends object, Item extends { id: number }>(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
  patch: Partial<I>,
) {
  const current = await q.findItem(tx, spec.table, ctx, id, { lock: true });
  if (!current) throw notFound(MESSAGES.notFound);
  await spec.beforeWrite?.(tx, ctx, patch, id);
  const row = await q.updateItem(tx, spec.table, ctx, id, spec.toColumns(patch));
  if (!row) throw notFound(MESSAGES.notFound);
  const after = spec.toItem(row);
  await logChange(tx, ctx, spec, 'ListItemUpdated', { before: spec.toItem(current), after });
  return after;
}

async function deleteOne<T extends q.ListTable, I extends object, Item extends { id: number }>(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  id: number,
) {
  await spec.beforeDelete?.(tx, ctx, id);
  const row = await q.deleteItem(tx, spec.table, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  await logChange(tx, ctx, spec, 'ListItemDeleted', { before: spec.toItem(row) });
}

/** Runs one edit of a batch; its refusal keeps its status and message and names the edit as its field. */
async function naming<R>(
  spec: { list: AdminList; table: q.ListTable },
  field: string,
  edit: () => Promise<R>,
) {
  try {
    return await edit();
  } catch (error) {
    const refused = asHttpError(error, spec);
    if (!(refused instanceof HttpError)) throw refused;
    throw new HttpError(refused.status, refused.message, [{ field, description: refused.message }]);
  }
}

/** Items the system writes (demo data): the list's own rules apply, no role check and no log entry. */
export async function seedItems<T extends q.ListTable, I extends object, Item extends { id: number }>(
  tx: DbOrTx,
  scope: Scope,
  spec: ListSpec<T, I, Item>,
  inputs: I[],
) {
  const items: Item[] = [];
  for (const input of inputs) {
    await spec.beforeWrite?.(tx, scope, input);
    items.push(spec.toItem(await q.insertItem(tx, spec.table, scope, spec.toColumns(input))));
  }
  return items;
}

/**
 * A change of an admin list, by an admin role, in one transaction with its log entry. A name already in the
 * list is found by the unique index, so two admins adding it at once cannot both succeed.
 */
async function write<T extends q.ListTable, I extends object, Item extends { id: number }, R>(
  db: Db,
  ctx: WorkspaceContext,
  spec: ListSpec<T, I, Item>,
  change: (tx: DbOrTx) => Promise<R>,
): Promise<R> {
  if (!canManageLists(ctx.role)) throw forbidden(MESSAGES.forbidden);
  try {
    return await db.transaction(change);
  } catch (error) {
    throw asHttpError(error, spec);
  }
}

/** A refusal as the client reads it: a name already in the list, another broken rule, or the error itself. */
function asHttpError(error: unknown, spec: { list: AdminList; table: q.ListTable }): unknown {
  if (error instanceof HttpError) return error;
  const broken = brokenConstraint(error);
  if (!broken) return error;
  if (broken.constraint === `${getTableName(spec.table)}_name_uq`) {
    return conflict(MESSAGES.listItemExists[spec.list]);
  }
  return conflict(MESSAGES.conflict);
}

function logChange<Item extends { id: number }>(
  tx: DbOrTx,
  ctx: WorkspaceContext,
  spec: { list: AdminList },
  type: ListLogType,
  change: { before?: Item & { name?: string }; after?: Item & { name?: string } },
) {
  const item = change.after ?? change.before;
  return recordLog(tx, ctx, {
    type,
    data: { list: spec.list, id: item?.id, name: item?.name, ...change },
  });
}

// ---- the lists ------------------------------------------------------------------------------

type Input<Item> = Omit<Item, 'id'>;

// An item still named by cards or tasks is not deleted: their history, filters and reports would lose it.
const unlessOnCards = (reference: CardReference) => async (tx: DbOrTx, scope: Scope, id: number) => {
  const count = await cardsUsing(tx, scope, reference, id);
  if (count > 0) throw conflict(MESSAGES.listItemUsedByCards(count));
};
const unlessOnTasks =
  (column: 'taskTypeId' | 'interactionTypeId') => async (tx: DbOrTx, scope: Scope, id: number) => {
    const count = await tasksUsing(tx, scope, column, id);
    if (count > 0) throw conflict(MESSAGES.listItemUsedByTasks(count));
  };

export const tags = listSpec({
  list: 'tags',
  table: t.tags,
  toItem: (row): Tag => ({ id: row.id, name: row.name, color: row.color }),
  toColumns: (input: Partial<Input<Tag>>) => input,
  beforeDelete: unlessOnCards('tag'),
});

export const campaigns = listSpec({
  list: 'campaigns',
  table: t.campaigns,
  toItem: (row): Campaign => ({ id: row.id, name: row.name }),
  toColumns: (input: Partial<Input<Campaign>>) => input,
  beforeDelete: unlessOnCards('campaign'),
});

export const medias = listSpec({
  list: 'medias',
  table: t.medias,
  toItem: (row): Media => ({ id: row.id, name: row.name, type: row.type }),
  toColumns: (input: Partial<Input<Media>>) => input,
  beforeDelete: unlessOnCards('media'),
});

export const products = listSpec({
  list: 'products',
  table: t.products,
  toItem: (row): Product => ({
    id: row.id,
    name: row.name,
    price: row.price,
    category: row.category,
    modality: row.modality,
  }),
  toColumns: (input: Partial<Input<Product>>) => input,
  beforeDelete: unlessOnCards('product'),
});

export const objections = listSpec({
  list: 'objections',
  table: t.objections,
  toItem: (row): Objection => ({ id: row.id, name: row.name }),
  toColumns: (input: Partial<Input<Objection>>) => input,
  beforeDelete: unlessOnCards('lostReason'),
});

export const interactionTypes = listSpec({
  list: 'interaction-types',
  table: t.interactionTypes,
  toItem: (row): InteractionType => ({ id: row.id, name: row.name }),
  toColumns: (input: Partial<Input<InteractionType>>) => input,
  async beforeDelete(tx, scope, id) {
    const actions = await q.taskTypesDefaultingTo(tx, scope, id);
    if (actions.length > 0) throw conflict(MESSAGES.interactionTypeInUse(actions.join(', ')));
    await unlessOnTasks('interactionTypeId')(tx, scope, id);
  },
});

export const taskTypes = listSpec({
  list: 'task-types',
  table: t.taskTypes,
  toItem: (row): TaskType => ({
    id: row.id,
    name: row.name,
    default_interaction_type_id: row.defaultInteractionTypeId,
  }),
  toColumns: (input: Partial<Input<TaskType>>) => ({
    name: input.name,
    defaultInteractionTypeId: input.default_interaction_type_id,
  }),
  // The body's id is checked against the tenant like an id in the path, before anything is written.
  async beforeWrite(tx, scope, input) {
    const id = input.default_interaction_type_id;
    if (id != null && !(await q.findItem(tx, t.interactionTypes, scope, id))) {
      throw notFound(MESSAGES.interactionTypeNotFound);
    }
  },
  beforeDelete: unlessOnTasks('taskTypeId'),
});

export const opportunityTypes = listSpec({
  list: 'opportunity-types',
  table: t.opportunityTypes,
  toItem: (row): OpportunityType => ({ id: row.id, name: row.name, is_default: row.isDefault }),
  toColumns: (input: Partial<Input<OpportunityType>>) => ({ name: input.name, isDefault: input.is_default }),
  async beforeWrite(tx, scope, input, id) {
    if (input.is_default) await q.clearDefaultOpportunityType(tx, scope, id);
  },
  beforeDelete: unlessOnCards('opportunityType'),
});

export const quickAnswers = listSpec({
  list: 'quick-answers',
  table: t.quickAnswers,
  toItem: (row): QuickAnswer => ({ id: row.id, shortcut: row.name, content: row.content }),
  toColumns: (input: Partial<Input<QuickAnswer>>) => ({ name: input.shortcut, content: input.content }),
});
