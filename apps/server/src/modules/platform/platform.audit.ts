import type { BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import type { Db, DbOrTx } from '../../infra/db.ts';
import { pageOf } from '../../infra/pagination.ts';
import { userNames } from '../users/users.service.ts';
import { assertBrandAdmin } from './platform.brand.ts';
import { insertPlatformLog, listPlatformLogs } from './platform.queries.ts';

export type BrandChange = { field: string; from: unknown; to: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'palette.primary', 'terms.won_term', 'images.logo_light': one level down, so a change names its colour or term. */
function flatten(overrides: BrandOverrides): Map<string, unknown> {
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(overrides)) {
    if (isPlainObject(value)) {
      for (const [sub, inner] of Object.entries(value)) fields.set(`${key}.${sub}`, inner);
    } else fields.set(key, value);
  }
  return fields;
}

/** What an edit changed of the stored brand; null on either side is the built-in profile's value. */
export function brandChanges(before: BrandOverrides, after: BrandOverrides): BrandChange[] {
  const from = flatten(before);
  const to = flatten(after);
  const fields = [...new Set([...from.keys(), ...to.keys()])].sort();
  return fields
    .map((field) => ({ field, from: from.get(field) ?? null, to: to.get(field) ?? null }))
    .filter((change) => JSON.stringify(change.from) !== JSON.stringify(change.to));
}

/** Written in the brand's transaction; an edit that changed nothing leaves no entry. */
export async function recordBrandChange(
  tx: DbOrTx,
  auth: AuthContext,
  before: BrandOverrides,
  after: BrandOverrides,
) {
  const changes = brandChanges(before, after);
  if (changes.length === 0) return;
  await insertPlatformLog(tx, {
    platformId: auth.platformId,
    actorId: auth.userId,
    type: 'BrandUpdated',
    data: { changes },
  });
}

/** The platform's log, newest first, for its admins. */
export async function listBrandLogs(
  db: Db,
  auth: AuthContext,
  platform: Platform,
  page: { limit: number; offset: number },
) {
  await assertBrandAdmin(db, auth, platform);
  const { rows, total } = await listPlatformLogs(db, platform.id, page);
  const ids = [...new Set(rows.map((r) => r.actorId).filter((id) => id !== null))];
  const names = new Map((await userNames(db, platform.id, ids)).map((u) => [u.id, u.name]));
  const data = rows.map((r) => ({
    id: r.id,
    type: r.type,
    actor: r.actorId === null ? null : { id: r.actorId, name: names.get(r.actorId) ?? '' },
    subject_user: null,
    data: r.data,
    created_at: r.createdAt.toISOString(),
  }));
  return pageOf(data, total, page.limit, page.offset);
}
