import { and, eq, isNull } from 'drizzle-orm';
import type { WorkspaceContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { invitations } from '../../schema/invitations.tables.ts';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: DbOrTx, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  if (!row) throw new Error('invitation insert returned nothing');
  return row;
}

/** An older pending invitation of the same address to the same workspace stops working when a new one is sent. */
export async function expirePendingInvitations(db: DbOrTx, ctx: WorkspaceContext, email: string) {
  await db
    .update(invitations)
    .set({ expiresAt: new Date() })
    .where(
      and(
        eq(invitations.platformId, ctx.platformId),
        eq(invitations.workspaceId, ctx.workspaceId),
        eq(invitations.email, email),
        isNull(invitations.fulfilledAt),
      ),
    );
}

export async function findInvitation(db: DbOrTx, platformId: number, id: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.platformId, platformId), eq(invitations.id, id)))
    .limit(1);
  return row;
}

/** Marks the invitation used; false when someone else used it first. */
export async function fulfillInvitation(db: DbOrTx, platformId: number, id: string) {
  const rows = await db
    .update(invitations)
    .set({ fulfilledAt: new Date() })
    .where(
      and(eq(invitations.platformId, platformId), eq(invitations.id, id), isNull(invitations.fulfilledAt)),
    )
    .returning({ id: invitations.id });
  return rows.length === 1;
}
