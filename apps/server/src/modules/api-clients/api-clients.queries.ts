import { and, count, desc, eq, isNull } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope } from '../../infra/tenancy/scope.ts';
import { apiClients } from '../../schema/api-clients.tables.ts';

export type ApiClientRow = typeof apiClients.$inferSelect;
type Page = { limit: number; offset: number };

const byId = (scope: Scope, id: number) => and(ofWorkspace(apiClients, scope), eq(apiClients.id, id));

export async function listApiClients(db: DbOrTx, scope: Scope, page: Page) {
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(apiClients)
        .where(ofWorkspace(apiClients, scope))
        .orderBy(desc(apiClients.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(apiClients).where(ofWorkspace(apiClients, scope)),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The platform's integrations, of every workspace or of one. */
export async function listPlatformApiClients(
  db: DbOrTx,
  platformId: number,
  page: Page & { workspaceId?: number | undefined },
) {
  const where = and(
    eq(apiClients.platformId, platformId),
    page.workspaceId === undefined ? undefined : eq(apiClients.workspaceId, page.workspaceId),
  );
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select()
        .from(apiClients)
        .where(where)
        .orderBy(desc(apiClients.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(apiClients).where(where),
  );
  return { rows, total: total?.n ?? 0 };
}

/** The workspace an integration of the platform belongs to, or undefined. */
export async function findApiClientWorkspace(db: DbOrTx, platformId: number, id: number) {
  const [row] = await db
    .select({ workspaceId: apiClients.workspaceId })
    .from(apiClients)
    .where(and(eq(apiClients.platformId, platformId), eq(apiClients.id, id)));
  return row?.workspaceId;
}

export async function findApiClient(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select().from(apiClients).where(byId(scope, id));
  return row ?? null;
}

/** The live client of the platform holding the secret with this digest: the integration guard's one read. */
export async function findLiveApiClientBySecret(db: DbOrTx, platformId: number, secretDigest: string) {
  const [row] = await db
    .select({
      id: apiClients.id,
      workspaceId: apiClients.workspaceId,
      userId: apiClients.userId,
      role: apiClients.role,
    })
    .from(apiClients)
    .where(
      and(
        eq(apiClients.platformId, platformId),
        eq(apiClients.secretDigest, secretDigest),
        isNull(apiClients.revokedAt),
      ),
    );
  return row;
}

export async function insertApiClient(
  db: DbOrTx,
  scope: Scope,
  values: Pick<ApiClientRow, 'userId' | 'name' | 'role' | 'secretDigest' | 'secretHint' | 'createdBy'>,
) {
  const [row] = await db
    .insert(apiClients)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  if (!row) throw new Error('api client insert returned nothing');
  return row;
}

export async function updateApiClient(
  db: DbOrTx,
  scope: Scope,
  id: number,
  values: Partial<Pick<ApiClientRow, 'secretDigest' | 'secretHint' | 'rotatedAt' | 'revokedAt'>>,
) {
  const [row] = await db.update(apiClients).set(values).where(byId(scope, id)).returning();
  return row ?? null;
}
