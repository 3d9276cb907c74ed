import { MESSAGES } from '@vendaval/core/messages';
import { canAdministerPlatform, canManageApiClients } from '@vendaval/core/permissions';
import {
  API_CLIENT_SECRET_PREFIX,
  type ApiClient,
  type ApiClientCreate,
  type ApiClientWithSecret,
} from '@vendaval/core/schemas/api-clients';
import type { AuthContext, WorkspaceContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { conflict, forbidden, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import { digestSecret, oneTimeSecret } from '../../infra/tokens.ts';
import { recordLog } from '../audit/audit.service.ts';
import { createIntegrationUser, membershipsOf } from '../users/users.service.ts';
import { findWorkspaceOfPlatform } from '../workspaces/workspaces.service.ts';
import * as q from './api-clients.queries.ts';

const SECRET_HINT_LENGTH = API_CLIENT_SECRET_PREFIX.length + 6;

function newSecret() {
  const secret = API_CLIENT_SECRET_PREFIX + oneTimeSecret().token;
  return { secret, secretDigest: digestSecret(secret), secretHint: secret.slice(0, SECRET_HINT_LENGTH) };
}

function toApiClient(row: q.ApiClientRow): ApiClient {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    workspace_id: row.workspaceId,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    rotated_at: row.rotatedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

function requireManager(ctx: WorkspaceContext) {
  if (!canManageApiClients(ctx.role)) throw forbidden(MESSAGES.forbidden);
}

async function liveClient(db: DbOrTx, ctx: WorkspaceContext, id: number) {
  const row = await q.findApiClient(db, ctx, id);
  if (!row) throw notFound(MESSAGES.notFound);
  return row;
}

export async function listApiClients(db: Db, ctx: WorkspaceContext, page: { limit: number; offset: number }) {
  requireManager(ctx);
  const { rows, total } = await q.listApiClients(db, ctx, page);
  return pageOf(rows.map(toApiClient), total, page.limit, page.offset);
}

/** A new integration of this workspace; its secret is in this answer and never again (only its digest is kept). */
export async function createApiClient(
  db: Db,
  ctx: WorkspaceContext,
  input: ApiClientCreate,
): Promise<ApiClientWithSecret> {
  requireManager(ctx);
  const { secret, secretDigest, secretHint } = newSecret();
  return db.transaction(async (tx) => {
    const user = await createIntegrationUser(tx, ctx.platformId, input.name);
    const row = await q.insertApiClient(tx, ctx, {
      userId: user.id,
      name: input.name,
      role: input.role,
      secretDigest,
      secretHint,
      createdBy: ctx.userId,
    });
    await recordLog(tx, ctx, {
      type: 'ApiClientCreated',
      data: { api_client_id: row.id, name: row.name, role: row.role },
    });
    return { ...toApiClient(row), secret };
  });
}

/** A new secret replaces the old one at once: the next call with the old one is refused. */
export async function rotateApiClientSecret(
  db: Db,
  ctx: WorkspaceContext,
  id: number,
): Promise<ApiClientWithSecret> {
  requireManager(ctx);
  const { secret, secretDigest, secretHint } = newSecret();
  return db.transaction(async (tx) => {
    const current = await liveClient(tx, ctx, id);
    if (current.revokedAt) throw conflict(MESSAGES.apiClientRevoked);
    const row = await q.updateApiClient(tx, ctx, id, { secretDigest, secretHint, rotatedAt: new Date() });
    if (!row) throw notFound(MESSAGES.notFound);
    await recordLog(tx, ctx, { type: 'ApiClientRotated', data: { api_client_id: id, name: row.name } });
    return { ...toApiClient(row), secret };
  });
}

/** Revoking is final and immediate; revoking twice changes nothing. */
export async function revokeApiClient(db: Db, ctx: WorkspaceContext, id: number): Promise<ApiClient> {
  requireManager(ctx);
  return db.transaction(async (tx) => {
    const current = await liveClient(tx, ctx, id);
    if (current.revokedAt) return toApiClient(current);
    const row = await q.updateApiClient(tx, ctx, id, { revokedAt: new Date() });
    if (!row) throw notFound(MESSAGES.notFound);
    await recordLog(tx, ctx, { type: 'ApiClientRevoked', data: { api_client_id: id, name: row.name } });
    return toApiClient(row);
  });
}

/** The integration guard's look-up: the live client holding this secret, on the host's platform. */
export const findApiClientAccess = (db: DbOrTx, platformId: number, secret: string) =>
  q.findLiveApiClientBySecret(db, platformId, digestSecret(secret));

// ---- platform administrators ----------------------------------------------------------------------

type Page = { limit: number; offset: number };

async function requirePlatformAdmin(db: Db, auth: AuthContext, platformId: number) {
  if (platformId !== auth.platformId) throw notFound(MESSAGES.notFound);
  const memberships = await membershipsOf(db, auth);
  if (!canAdministerPlatform(memberships.map((m) => m.role))) throw forbidden(MESSAGES.forbidden);
}

/**
 * A platform administrator manages the integrations of any workspace of the platform, member or not, as that
 * workspace's admin would; a workspace of another platform is 404.
 */
async function asPlatformAdmin(
  db: Db,
  auth: AuthContext,
  platformId: number,
  workspaceId: number | undefined,
): Promise<WorkspaceContext> {
  await requirePlatformAdmin(db, auth, platformId);
  if (workspaceId === undefined || !(await findWorkspaceOfPlatform(db, auth.platformId, workspaceId)))
    throw notFound(MESSAGES.notFound);
  return { ...auth, workspaceId, role: 'admin' };
}

export async function listPlatformApiClients(
  db: Db,
  auth: AuthContext,
  platformId: number,
  page: Page & { workspace_id?: number | undefined },
) {
  await requirePlatformAdmin(db, auth, platformId);
  const { rows, total } = await q.listPlatformApiClients(db, platformId, {
    ...page,
    workspaceId: page.workspace_id,
  });
  return pageOf(rows.map(toApiClient), total, page.limit, page.offset);
}

export const createPlatformApiClient = async (
  db: Db,
  auth: AuthContext,
  platformId: number,
  input: ApiClientCreate & { workspace_id: number },
) => {
  const { workspace_id, ...client } = input;
  return createApiClient(db, await asPlatformAdmin(db, auth, platformId, workspace_id), client);
};

/** The workspace context of one of the platform's integrations, for its platform administrator. */
async function platformClientContext(db: Db, auth: AuthContext, platformId: number, id: number) {
  await requirePlatformAdmin(db, auth, platformId);
  const workspaceId = await q.findApiClientWorkspace(db, auth.platformId, id);
  if (workspaceId === undefined) throw notFound(MESSAGES.notFound);
  return { ...auth, workspaceId, role: 'admin' } satisfies WorkspaceContext;
}

export const rotatePlatformApiClientSecret = async (
  db: Db,
  auth: AuthContext,
  platformId: number,
  id: number,
) => rotateApiClientSecret(db, await platformClientContext(db, auth, platformId, id), id);

export const revokePlatformApiClient = async (db: Db, auth: AuthContext, platformId: number, id: number) =>
  revokeApiClient(db, await platformClientContext(db, auth, platformId, id), id);
