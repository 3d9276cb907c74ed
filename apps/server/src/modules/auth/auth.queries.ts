import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { passwordResets } from '../../schema/auth.tables.ts';

export async function insertPasswordReset(db: DbOrTx, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** A reset link by its token's digest, used or not. */
export async function findPasswordReset(db: DbOrTx, platformId: number, tokenHash: string) {
  const [row] = await db
    .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
    .from(passwordResets)
    .where(and(eq(passwordResets.platformId, platformId), eq(passwordResets.tokenHash, tokenHash)));
  return row;
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
