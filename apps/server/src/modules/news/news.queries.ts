import { APP_TIME_ZONE } from '@vendaval/core/constants';
import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { newsWarnings as n } from '../../schema/news.tables.ts';

export type NewsRow = typeof n.$inferSelect;
export type NewsFields = Pick<
  typeof n.$inferInsert,
  'message' | 'expiration' | 'iframeInfo' | 'carouselInfo'
>;

/** Today in the app's time zone: a warning is shown through its whole expiration day. */
const today = sql`(now() at time zone ${APP_TIME_ZONE})::date`;

/** The platform's warnings whose expiration day has not passed, newest first. */
export function listCurrent(db: DbOrTx, platformId: number) {
  return db
    .select()
    .from(n)
    .where(and(eq(n.platformId, platformId), gte(n.expiration, today)))
    .orderBy(desc(n.createdAt), desc(n.id));
}

/** Every warning of the platform, expired too, newest first, for its admins. */
export async function listAll(db: DbOrTx, platformId: number, page: { limit: number; offset: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(n)
      .where(eq(n.platformId, platformId))
      .orderBy(desc(n.createdAt), desc(n.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ value: count() }).from(n).where(eq(n.platformId, platformId)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function insertNews(db: DbOrTx, platformId: number, userId: number, fields: NewsFields) {
  const [row] = await db
    .insert(n)
    .values({ platformId, createdBy: userId, ...fields })
    .returning();
  return row as NewsRow;
}

/** Updates a warning of the platform; undefined when it has no such warning. */
export async function updateNews(db: DbOrTx, platformId: number, id: number, fields: NewsFields) {
  const [row] = await db
    .update(n)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(n.platformId, platformId), eq(n.id, id)))
    .returning();
  return row;
}

/** Deletes a warning of the platform; false when it has no such warning. */
export async function deleteNews(db: DbOrTx, platformId: number, id: number) {
  const rows = await db
    .delete(n)
    .where(and(eq(n.platformId, platformId), eq(n.id, id)))
    .returning({ id: n.id });
  return rows.length > 0;
}
