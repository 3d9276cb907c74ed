import { MESSAGES } from '@vendaval/core/messages';
import { canOperatePlatforms } from '@vendaval/core/permissions';
import type {
  BrandImageSlot,
  Platform,
  PlatformCreate,
  PlatformProfileUpdate,
} from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import { brokenConstraint, type Db, type DbOrTx } from '../../infra/db.ts';
import { forbidden, HttpError, notFound } from '../../infra/errors.ts';
import { pageOf } from '../../infra/pagination.ts';
import type { Storage } from '../../infra/storage.ts';
import { createUser, membershipsOf } from '../users/users.service.ts';
import { openWorkspace } from '../workspaces/workspaces.service.ts';
import { storeBrandImage } from './platform.images.ts';
import { DEFAULT_PLATFORM_ID, PLATFORM_PROFILES } from './platform.profiles.ts';
import {
  countPlatforms,
  hostsOfOthers,
  insertPlatform,
  listPlatformPage,
  readPlatform,
  replaceHosts,
  updatePlatform,
} from './platform.queries.ts';
import { notifyPlatformChanged, type PlatformDirectory } from './platform.service.ts';

interface OperatorDeps {
  db: Db;
  platforms: PlatformDirectory;
  storage: Storage;
}

/**
 * The operator works from the product's own host (the default platform) and holds the role master in one of its
 * workspaces. On any other host these routes do not exist (404), so a white-label client's staff never learns of
 * the other clients.
 */
export async function assertOperator(db: Db, auth: AuthContext, host: Platform) {
  if (host.id !== DEFAULT_PLATFORM_ID || auth.platformId !== host.id) throw notFound(MESSAGES.notFound);
  const memberships = await membershipsOf(db, auth);
  if (!canOperatePlatforms(memberships.map((m) => m.role))) throw forbidden(MESSAGES.forbidden);
}

const hostTaken = (host: string) =>
  new HttpError(409, MESSAGES.platformHostTaken(host), [
    { field: 'hosts', description: MESSAGES.platformHostTaken(host) },
  ]);

/** A host belongs to one platform only; the table's key settles two saves racing for the same host. */
async function claimHosts(tx: DbOrTx, platformId: number, hosts: string[], isNew: boolean) {
  const [taken] = await hostsOfOthers(tx, isNew ? null : platformId, hosts);
  if (taken) throw hostTaken(taken);
  await replaceHosts(tx, platformId, hosts);
}

async function racedForHost<T>(hosts: string[] | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (brokenConstraint(error)?.constraint === 'platform_hosts_pkey') throw hostTaken(hosts?.[0] ?? '');
    throw error;
  }
}

/** The operator's list of platforms, by name. */
export async function listPlatformsForOperator(db: Db, page: { limit: number; offset: number }) {
  const [rows, total] = await Promise.all([listPlatformPage(db, page), countPlatforms(db)]);
  const data = rows.map(({ id, name, short_name, hosts, palette }) => ({
    id,
    name,
    short_name,
    hosts,
    palette,
  }));
  return pageOf(data, total, page.limit, page.offset);
}

/** A platform's own profile, as the operator edits it (its admins' brand changes are theirs, on top). */
export async function profileOf(db: Db, platformId: number): Promise<Platform> {
  const platform = await readPlatform(db, platformId);
  if (!platform) throw notFound(MESSAGES.notFound);
  return platform;
}

/** The product's own images until the operator uploads the platform's. */
function defaultImages(): Pick<Platform, 'favicon' | 'logos' | 'login_backgrounds'> {
  const profile = PLATFORM_PROFILES.find((p) => p.id === DEFAULT_PLATFORM_ID);
  if (!profile) throw new Error('the default profile is missing');
  const { favicon, logos, login_backgrounds } = profile;
  return { favicon, logos, login_backgrounds };
}

/**
 * A new platform with its first workspace and that workspace's administrator, who signs in on the platform's
 * host. Every server answers on the new hosts as soon as this commits.
 */
export async function createPlatform(deps: OperatorDeps, input: PlatformCreate): Promise<Platform> {
  const { first_workspace: first, ...profile } = input;
  const created = await racedForHost(input.hosts, () =>
    deps.db.transaction(async (tx) => {
      const platform = await insertPlatform(tx, { ...profile, ...defaultImages() });
      await claimHosts(tx, platform.id, profile.hosts, true);
      const admin = await createUser(tx, platform.id, {
        name: first.admin_name,
        email: first.admin_email,
        password: first.admin_password,
      });
      await openWorkspace(tx, { platformId: platform.id, userId: admin.id }, first.name);
      await notifyPlatformChanged(tx, platform.id);
      return platform;
    }),
  );
  await deps.platforms.reload(deps.db);
  return created;
}

async function changeProfile(
  deps: OperatorDeps,
  platformId: number,
  change: (current: Platform) => Platform,
  hosts?: string[],
): Promise<Platform> {
  const saved = await racedForHost(hosts, () =>
    deps.db.transaction(async (tx) => {
      const current = await readPlatform(tx, platformId, true);
      if (!current) throw notFound(MESSAGES.notFound);
      const next = change(current);
      if (hosts) await claimHosts(tx, platformId, hosts, false);
      await updatePlatform(tx, next);
      await notifyPlatformChanged(tx, platformId);
      return next;
    }),
  );
  await deps.platforms.reload(deps.db);
  return saved;
}

/** Changes the keys sent of a platform's profile. */
export function updateProfile(deps: OperatorDeps, platformId: number, update: PlatformProfileUpdate) {
  return changeProfile(deps, platformId, (current) => ({ ...current, ...update }), update.hosts);
}

function withImage(platform: Platform, slot: BrandImageSlot, url: string): Platform {
  const { logos, login_backgrounds: backgrounds } = platform;
  switch (slot) {
    case 'favicon':
      return { ...platform, favicon: url };
    case 'logo_default_light':
      return { ...platform, logos: { ...logos, default: { ...logos.default, light: url } } };
    case 'logo_default_dark':
      return { ...platform, logos: { ...logos, default: { ...logos.default, dark: url } } };
    case 'logo_short_light':
      return { ...platform, logos: { ...logos, short: { ...logos.short, light: url } } };
    case 'logo_short_dark':
      return { ...platform, logos: { ...logos, short: { ...logos.short, dark: url } } };
    case 'login_desktop':
      return { ...platform, login_backgrounds: { ...backgrounds, desktop: url } };
    case 'login_mobile':
      return { ...platform, login_backgrounds: { ...backgrounds, mobile: url } };
  }
}

/** An uploaded image (checked by its content) in one of the profile's image slots. */
export async function uploadProfileImage(
  deps: OperatorDeps,
  platformId: number,
  slot: BrandImageSlot,
  file: Buffer,
): Promise<Platform> {
  await profileOf(deps.db, platformId);
  const url = await storeBrandImage(deps.storage, platformId, file);
  return changeProfile(deps, platformId, (current) => withImage(current, slot, url));
}
