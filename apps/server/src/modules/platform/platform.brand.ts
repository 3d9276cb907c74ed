import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@vendaval/core/messages';
import { canAdministerPlatform } from '@vendaval/core/permissions';
import type { BrandImageSlot, BrandOverrides, BrandUpdate, Platform } from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import type { Db } from '../../infra/db.ts';
import { forbidden, notFound } from '../../infra/errors.ts';
import { imageContentType, imageExtensionOf } from '../../infra/image-upload.ts';
import type { Storage } from '../../infra/storage.ts';
import { listPlatformLogs } from '../audit/audit.service.ts';
import { membershipsOf } from '../users/users.service.ts';
import { recordBrandChange } from './platform.brand-changes.ts';
import { readBrand, saveBrand } from './platform.queries.ts';
import type { PlatformDirectory } from './platform.service.ts';

interface BrandDeps {
  db: Db;
  platforms: PlatformDirectory;
  storage: Storage;
}

const FILE_NAME = /^[a-f0-9-]{36}\.(png|jpg|webp)$/;

export async function assertBrandAdmin(db: Db, auth: AuthContext, platform: Platform) {
  if (platform.id !== auth.platformId) throw notFound(MESSAGES.notFound);
  const memberships = await membershipsOf(db, auth);
  if (!canAdministerPlatform(memberships.map((m) => m.role))) throw forbidden(MESSAGES.forbidden);
}

const brandView = (platform: Platform, overrides: BrandOverrides) => ({
  platform,
  overridden: [
    ...Object.keys(overrides).filter((key) => key !== 'images'),
    ...Object.keys(overrides.images ?? {}),
  ],
});

export async function getBrand(deps: BrandDeps, auth: AuthContext, platform: Platform) {
  await assertBrandAdmin(deps.db, auth, platform);
  const overrides = await readBrand(deps.db, platform.id);
  return brandView(platform, overrides);
}

/** Applies a change to the stored overrides; a null field goes back to the built-in profile. */
function merge(current: BrandOverrides, update: BrandUpdate): BrandOverrides {
  const next: Record<string, unknown> = { ...current };
  const { images, ...fields } = update;
  for (const [key, value] of Object.entries(fields)) {
    if (value === null) delete next[key];
    else if (value !== undefined) next[key] = value;
  }
  const kept = Object.entries(current.images ?? {}).filter(([slot]) => !images || !(slot in images));
  if (kept.length > 0) next.images = Object.fromEntries(kept);
  else delete next.images;
  return next as BrandOverrides;
}

async function saveAndApply(
  deps: BrandDeps,
  auth: AuthContext,
  change: (current: BrandOverrides) => BrandOverrides,
) {
  const overrides = await deps.db.transaction(async (tx) => {
    const before = await readBrand(tx, auth.platformId, true);
    const next = change(before);
    await saveBrand(tx, auth.platformId, next, auth.userId);
    const preview = (overrides: BrandOverrides) => deps.platforms.preview(auth.platformId, overrides);
    await recordBrandChange(tx, auth, preview, before, next);
    return next;
  });
  return brandView(deps.platforms.applyBrand(auth.platformId, overrides), overrides);
}

export async function updateBrand(
  deps: BrandDeps,
  auth: AuthContext,
  platform: Platform,
  update: BrandUpdate,
) {
  await assertBrandAdmin(deps.db, auth, platform);
  return saveAndApply(deps, auth, (current) => merge(current, update));
}

/** Stores an uploaded image after checking its real type by its first bytes, never by its name or header. */
export async function uploadBrandImage(
  deps: BrandDeps,
  auth: AuthContext,
  platform: Platform,
  slot: BrandImageSlot,
  file: Buffer,
) {
  await assertBrandAdmin(deps.db, auth, platform);
  const name = `${randomUUID()}.${await imageExtensionOf(file)}`;
  await deps.storage.put(`brand/${platform.id}/${name}`, file);
  const url = `/api/v1/platforms/${platform.id}/files/${name}`;
  return saveAndApply(deps, auth, (current) => ({ ...current, images: { ...current.images, [slot]: url } }));
}

/** A brand image of the host's platform, or null (404) for any other name or platform. */
export async function readBrandImage(storage: Storage, platform: Platform, platformId: number, name: string) {
  if (platformId !== platform.id || !FILE_NAME.test(name)) return null;
  const data = await storage.get(`brand/${platform.id}/${name}`);
  return data && { data, contentType: imageContentType(name) };
}

/** The platform's log, newest first, for its admins. */
export async function listBrandLogs(
  db: Db,
  auth: AuthContext,
  platform: Platform,
  page: { limit: number; offset: number },
) {
  await assertBrandAdmin(db, auth, platform);
  return listPlatformLogs(db, platform.id, page);
}
