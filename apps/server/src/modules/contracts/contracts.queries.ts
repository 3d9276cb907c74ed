import type { ContractPaymentStatus } from '@vendaval/core/constants';
import type { EnrollmentProvider } from '@vendaval/core/schemas/contracts';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { concurrently, type DbOrTx } from '../../infra/db.ts';
import { ofWorkspace, type Scope, tenantJoin } from '../../infra/tenancy/scope.ts';
import { contractSettings, contracts } from '../../schema/contracts.tables.ts';
import { opportunities } from '../../schema/opportunities.tables.ts';

export type ContractRow = typeof contracts.$inferSelect;
export type ContractInsert = Omit<
  typeof contracts.$inferInsert,
  'id' | 'platformId' | 'workspaceId' | 'createdAt' | 'updatedAt'
>;
export type ContractSettingsRow = typeof contractSettings.$inferSelect;

const byId = (scope: Scope, id: number) => and(ofWorkspace(contracts, scope), eq(contracts.id, id));

export async function insertContract(tx: DbOrTx, scope: Scope, values: ContractInsert) {
  const [row] = await tx
    .insert(contracts)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .returning();
  return row as ContractRow;
}

export async function findContract(db: DbOrTx, scope: Scope, id: number) {
  const [row] = await db.select().from(contracts).where(byId(scope, id));
  return row;
}

/** The card's newest enrolment that is still pending or paid, or undefined. */
export async function findLiveContractOfCard(db: DbOrTx, scope: Scope, opportunityId: number) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      and(
        ofWorkspace(contracts, scope),
        eq(contracts.opportunityId, opportunityId),
        ne(contracts.paymentStatus, 'Canceled'),
      ),
    )
    .orderBy(desc(contracts.id))
    .limit(1);
  return row;
}

/** The charge a provider's webhook names, in the workspace whose account it reached. */
export async function findContractByPayment(
  db: DbOrTx,
  scope: Scope,
  provider: EnrollmentProvider,
  paymentId: string,
) {
  const [row] = await db
    .select()
    .from(contracts)
    .where(
      and(
        ofWorkspace(contracts, scope),
        eq(contracts.provider, provider),
        eq(contracts.providerPaymentId, paymentId),
      ),
    );
  return row;
}

export interface ContractFilter {
  opportunityId?: number | undefined;
  paymentStatus?: ContractPaymentStatus | undefined;
  /** Only the contracts of this user's cards (a salesRep's view). */
  ownerId?: number | undefined;
}

export async function listContracts(
  db: DbOrTx,
  scope: Scope,
  filter: ContractFilter,
  page: { limit: number; offset: number },
) {
  const where = and(
    ofWorkspace(contracts, scope),
    filter.opportunityId === undefined ? undefined : eq(contracts.opportunityId, filter.opportunityId),
    filter.paymentStatus === undefined ? undefined : eq(contracts.paymentStatus, filter.paymentStatus),
    filter.ownerId === undefined ? undefined : eq(opportunities.userId, filter.ownerId),
  ) as SQL;
  const cardOfContract = tenantJoin(opportunities, contracts, eq(opportunities.id, contracts.opportunityId));
  const [rows, [total]] = await concurrently(
    db,
    () =>
      db
        .select({ contract: contracts })
        .from(contracts)
        .innerJoin(opportunities, cardOfContract)
        .where(where)
        .orderBy(desc(contracts.id))
        .limit(page.limit)
        .offset(page.offset),
    () => db.select({ n: count() }).from(contracts).innerJoin(opportunities, cardOfContract).where(where),
  );
  return { rows: rows.map((r) => r.contract), total: total?.n ?? 0 };
}

/**
 * A pending charge settled: paid or cancelled. Only a pending one changes, so a webhook told twice, or racing the
 * sandbox page, settles it once; undefined when it was settled already.
 */
export async function settleContract(tx: DbOrTx, scope: Scope, id: number, status: ContractPaymentStatus) {
  const [row] = await tx
    .update(contracts)
    .set({ paymentStatus: status, updatedAt: new Date() })
    .where(and(byId(scope, id), eq(contracts.paymentStatus, 'Pending')))
    .returning();
  return row;
}

/** The enrolments of cards that moved to another workspace go with them. */
export function moveCardContracts(tx: DbOrTx, from: Scope, to: Scope, opportunityIds: number[]) {
  return tx
    .update(contracts)
    .set({ workspaceId: to.workspaceId, updatedAt: new Date() })
    .where(and(ofWorkspace(contracts, from), inArray(contracts.opportunityId, opportunityIds)));
}

export async function findSettings(db: DbOrTx, scope: Scope) {
  const [row] = await db.select().from(contractSettings).where(ofWorkspace(contractSettings, scope));
  return row;
}

export async function saveSettings(
  tx: DbOrTx,
  scope: Scope,
  values: Pick<ContractSettingsRow, 'wonOnPayment' | 'asaasApiKey' | 'asaasWebhookToken'>,
) {
  const [row] = await tx
    .insert(contractSettings)
    .values({ ...values, platformId: scope.platformId, workspaceId: scope.workspaceId })
    .onConflictDoUpdate({
      target: [contractSettings.platformId, contractSettings.workspaceId],
      set: { ...values, updatedAt: new Date() },
    })
    .returning();
  return row as ContractSettingsRow;
}
