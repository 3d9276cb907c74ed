import type { ApiRole } from '@vendaval/core/roles';
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import type { WorkspaceContext } from '../context.ts';
import type { DbOrTx } from '../db.ts';

/** The tenant a query runs in: every workspace query takes it first. */
export type Scope = Pick<WorkspaceContext, 'platformId' | 'workspaceId'>;

/** A table or alias that carries the tenant: always its platform, its workspace when it is workspace-owned. */
type Tenanted = { platformId: AnyColumn; workspaceId?: AnyColumn };

/**
 * The condition of a tenant-scoped join: `on` plus the joined rows' platform (and workspace, when both sides
 * have one) equal to those of the row they join, so a foreign id can never reach across tenants.
 */
export function tenantJoin(joined: Tenanted, from: Tenanted, ...on: SQL[]): SQL {
  const workspace = joined.workspaceId && from.workspaceId ? [eq(joined.workspaceId, from.workspaceId)] : [];
  return and(...on, eq(joined.platformId, from.platformId), ...workspace) as SQL;
}

/** The rows of a workspace-owned table that belong to the scope's workspace. */
export const ofWorkspace = (table: Required<Tenanted>, scope: Scope): SQL =>
  and(eq(table.platformId, scope.platformId), eq(table.workspaceId, scope.workspaceId)) as SQL;

/** How the guards find who is asking; the users module answers it (app.ts wires it), so the guards import no feature. */
export interface AccessLookup {
  /** The platform's user, with the version their tokens must carry; undefined when there is none. */
  user(
    db: DbOrTx,
    platformId: number,
    userId: number,
  ): Promise<{ id: number; platformId: number; tokenVersion: number } | undefined>;
  /** The user's token version and role in the platform's workspace (role null: not a member); undefined without the user. */
  workspace(
    db: DbOrTx,
    platformId: number,
    workspaceId: number,
    userId: number,
  ): Promise<{ tokenVersion: number; role: string | null } | undefined>;
  /** The live integration of the platform holding this secret (never a revoked one); undefined when there is none. */
  apiClient(
    db: DbOrTx,
    platformId: number,
    secret: string,
  ): Promise<{ id: number; workspaceId: number; userId: number; role: ApiRole } | undefined>;
}
