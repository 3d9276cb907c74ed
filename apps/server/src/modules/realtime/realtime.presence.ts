import { and, eq, gt, sql } from 'drizzle-orm';
import type { AuthContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { openStreams } from '../../schema/realtime.tables.ts';

/** How often a live stream says so at most; a row older than PRESENCE_TTL_MS belongs to a dead process. */
const REFRESH_MS = 60_000;
const PRESENCE_TTL_MS = 3 * REFRESH_MS;

/** Records an open stream; answers the function its heartbeat calls, and the one that forgets it. */
export async function recordOpenStream(db: DbOrTx, who: AuthContext) {
  const [row] = await db
    .insert(openStreams)
    .values({ platformId: who.platformId, userId: who.userId })
    .returning({ id: openStreams.id });
  if (!row) throw new Error('open stream not recorded');
  let refreshedAt = Date.now();
  return {
    async refresh() {
      if (Date.now() - refreshedAt < REFRESH_MS) return;
      refreshedAt = Date.now();
      await db.update(openStreams).set({ seenAt: sql`now()` }).where(eq(openStreams.id, row.id));
    },
    async forget() {
      await db.delete(openStreams).where(eq(openStreams.id, row.id));
    },
  };
}

/** Whether the user has a live event stream open on any server process. */
export async function hasOpenStream(db: DbOrTx, who: AuthContext): Promise<boolean> {
  const [row] = await db
    .select({ id: openStreams.id })
    .from(openStreams)
    .where(
      and(
        eq(openStreams.platformId, who.platformId),
        eq(openStreams.userId, who.userId),
        gt(openStreams.seenAt, sql`now() - ${`${PRESENCE_TTL_MS} milliseconds`}::interval`),
      ),
    )
    .limit(1);
  return Boolean(row);
}
