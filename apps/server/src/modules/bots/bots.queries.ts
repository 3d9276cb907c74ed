import { and, asc, count, eq, ilike, notInArray, or, sql } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import type { Scope } from '../../infra/tenancy/scope.ts';
import { bots, botTemplates } from '../../schema/bots.tables.ts';
import { dialogs } from '../../schema/chat.tables.ts';

export type BotRow = typeof bots.$inferSelect;

const inScope = (scope: Scope) =>
  and(eq(bots.platformId, scope.platformId), eq(bots.workspaceId, scope.workspaceId));

/** The workspace's active bots, oldest first. */
export function listActiveBots(db: DbOrTx, scope: Scope) {
  return db
    .select()
    .from(bots)
    .where(and(inScope(scope), eq(bots.active, true)))
    .orderBy(asc(bots.id));
}

export async function findBot(db: DbOrTx, scope: Scope, id: number): Promise<BotRow | null> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(inScope(scope), eq(bots.id, id)));
  return row ?? null;
}

export type BotInsert = Omit<typeof bots.$inferInsert, 'id' | 'platformId' | 'workspaceId' | 'createdAt'>;
export type TemplateRow = typeof botTemplates.$inferSelect;
export type TemplateValues = Pick<TemplateRow, 'name' | 'language' | 'status' | 'category' | 'components'> &
  Partial<Pick<TemplateRow, 'metaId' | 'rejectedReason'>>;

const containing = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** The workspace's bots (active or not) for the admin list, by name. */
export async function listBots(
  db: DbOrTx,
  scope: Scope,
  query: { search?: string | undefined; limit: number; offset: number },
) {
  const where = and(inScope(scope), query.search ? ilike(bots.name, containing(query.search)) : undefined);
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(bots)
        .where(where)
        .orderBy(asc(sql`lower(${bots.name})`), asc(bots.id))
        .limit(query.limit)
        .offset(query.offset),
    () => db.select({ n: count() }).from(bots).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** A bot by id within the host's platform: the public webhook knows no workspace. */
export async function findPlatformBot(db: DbOrTx, platformId: number, id: number): Promise<BotRow | null> {
  const [row] = await db
    .select()
    .from(bots)
    .where(and(eq(bots.platformId, platformId), eq(bots.id, id)));
  return row ?? null;
}

/** Another bot of the platform on this Cloud API number, if any. */
export async function findBotByPhoneNumberId(db: DbOrTx, platformId: number, phoneNumberId: string) {
  const [row] = await db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.platformId, platformId), eq(bots.waPhoneNumberId, phoneNumberId)));
  return row ?? null;
}

export async function insertBot(db: DbOrTx, scope: Scope, values: BotInsert): Promise<BotRow> {
  const [row] = await db
    .insert(bots)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('bot insert returned nothing');
  return row;
}

export async function updateBot(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<BotInsert>,
): Promise<BotRow | null> {
  const [row] = await db
    .update(bots)
    .set({ ...values, updatedAt: new Date() })
    .where(and(inScope(scope), eq(bots.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteBot(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .delete(bots)
    .where(and(inScope(scope), eq(bots.id, id)))
    .returning({ id: bots.id });
  return rows.length > 0;
}

/** Whether any room, open or closed, was held by the bot: its history keeps the bot. */
export async function botHasDialogs(db: DbOrTx, scope: Scope, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: dialogs.id })
    .from(dialogs)
    .where(
      and(
        eq(dialogs.platformId, scope.platformId),
        eq(dialogs.workspaceId, scope.workspaceId),
        eq(dialogs.botId, id),
      ),
    )
    .limit(1);
  return Boolean(row);
}

// ---- templates -----------------------------------------------------------------------------------

const templatesOf = (scope: Scope, botId: number) =>
  and(
    eq(botTemplates.platformId, scope.platformId),
    eq(botTemplates.workspaceId, scope.workspaceId),
    eq(botTemplates.botId, botId),
  );

export function listTemplates(db: DbOrTx, scope: Scope, botId: number, onlyApproved: boolean) {
  return db
    .select()
    .from(botTemplates)
    .where(and(templatesOf(scope, botId), onlyApproved ? eq(botTemplates.status, 'APPROVED') : undefined))
    .orderBy(asc(botTemplates.name), asc(botTemplates.language));
}

export async function findTemplate(
  db: DbOrTx,
  scope: Scope,
  botId: number,
  name: string,
  language: string | undefined,
): Promise<TemplateRow | null> {
  const [row] = await db
    .select()
    .from(botTemplates)
    .where(
      and(
        templatesOf(scope, botId),
        eq(botTemplates.name, name),
        language ? eq(botTemplates.language, language) : undefined,
      ),
    )
    .orderBy(asc(botTemplates.language))
    .limit(1);
  return row ?? null;
}

/** Makes the bot's stored templates exactly `templates`: new ones added, known ones updated, gone ones deleted. */
export async function replaceTemplates(db: DbOrTx, scope: Scope, botId: number, templates: TemplateValues[]) {
  const syncedAt = new Date();
  const keep = templates.map((t) => `${t.name}\u001f${t.language}`);
  await db
    .delete(botTemplates)
    .where(
      and(
        templatesOf(scope, botId),
        keep.length
          ? notInArray(sql`${botTemplates.name} || chr(31) || ${botTemplates.language}`, keep)
          : undefined,
      ),
    );
  if (templates.length === 0) return;
  await db
    .insert(botTemplates)
    .values(
      templates.map((t) => ({
        ...t,
        platformId: scope.platformId,
        workspaceId: scope.workspaceId,
        botId,
        syncedAt,
      })),
    )
    .onConflictDoUpdate({
      target: [
        botTemplates.platformId,
        botTemplates.workspaceId,
        botTemplates.botId,
        botTemplates.name,
        botTemplates.language,
      ],
      set: {
        status: sql`excluded.status`,
        category: sql`excluded.category`,
        components: sql`excluded.components`,
        metaId: sql`excluded.meta_id`,
        rejectedReason: sql`excluded.rejected_reason`,
        syncedAt,
      },
    });
}

/** Stores a template just submitted to Meta; null when the bot already has one of that name and language. */
export async function insertTemplate(
  db: DbOrTx,
  scope: Scope,
  botId: number,
  values: TemplateValues,
): Promise<TemplateRow | null> {
  const [row] = await db
    .insert(botTemplates)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId, botId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Meta's verdict on a template (the status webhook): found by Meta's id, or by name and language for one synced
 * before ids were kept. Answers whether a template of the bot matched.
 */
export async function updateTemplateStatus(
  db: DbOrTx,
  scope: Scope,
  botId: number,
  update: {
    metaId: string | null;
    name: string | null;
    language: string | null;
    status: string;
    reason: string | null;
  },
): Promise<boolean> {
  const byId = update.metaId ? eq(botTemplates.metaId, update.metaId) : undefined;
  const byName =
    update.name && update.language
      ? and(eq(botTemplates.name, update.name), eq(botTemplates.language, update.language))
      : undefined;
  if (!byId && !byName) return false;
  const rows = await db
    .update(botTemplates)
    .set({ status: update.status, rejectedReason: update.reason, syncedAt: new Date() })
    .where(and(templatesOf(scope, botId), or(byId, byName)))
    .returning({ id: botTemplates.id });
  return rows.length > 0;
}
