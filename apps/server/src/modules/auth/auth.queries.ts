import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { passwordResets } from './auth.tables.ts';

export async function insertPasswordReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** A reset that is unused and unexpired, consumed in the same statement so it works once. */
export async function consumePasswordReset(db: DbOrTx, platformId: number, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.platformId, platformId),
        eq(passwordResets.tokenHash, tokenHash),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return row;
}
