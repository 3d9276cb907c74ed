import type { BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { platformBrands, platformHosts, platforms } from '../../schema/platform.tables.ts';

type Row = typeof platforms.$inferSelect;

const toRow = (p: Platform): typeof platforms.$inferInsert => ({
  id: p.id,
  name: p.name,
  shortName: p.short_name,
  subtitle: p.subtitle,
  hosts: p.hosts,
  spinner: p.spinner,
  favicon: p.favicon,
  trademarkOwner: p.trademark_owner,
  logos: p.logos,
  loginBackgrounds: p.login_backgrounds,
  palette: p.palette,
  gradient: p.gradient,
  flags: p.flags,
  terms: p.terms,
  presetValues: p.preset_values,
  faqVideos: p.faq_videos,
  dashboardTitles: p.dashboard_titles,
});

const fromRow = (r: Row): Platform => ({
  id: r.id,
  name: r.name,
  short_name: r.shortName,
  subtitle: r.subtitle,
  hosts: r.hosts,
  spinner: r.spinner,
  favicon: r.favicon,
  trademark_owner: r.trademarkOwner,
  logos: r.logos,
  login_backgrounds: r.loginBackgrounds,
  palette: r.palette,
  gradient: r.gradient ?? null,
  flags: r.flags,
  terms: r.terms,
  preset_values: r.presetValues,
  faq_videos: r.faqVideos,
  dashboard_titles: r.dashboardTitles,
});

/** The built-in profiles are seeds: written once, then the operator's edits are kept across restarts. */
export async function seedPlatforms(db: DbOrTx, profiles: Platform[]): Promise<void> {
  await db.insert(platforms).values(profiles.map(toRow)).onConflictDoNothing({ target: platforms.id });
  const hosts = profiles.flatMap((p) =>
    p.hosts.map((host) => ({ host: host.toLowerCase(), platformId: p.id })),
  );
  await db.insert(platformHosts).values(hosts).onConflictDoNothing();
}

/** A new platform; its id comes from the table's sequence. */
export async function insertPlatform(db: DbOrTx, profile: Omit<Platform, 'id'>): Promise<Platform> {
  const { id: _ignored, ...row } = toRow({ ...profile, id: 0 });
  const [inserted] = await db.insert(platforms).values(row).returning();
  if (!inserted) throw new Error('the platform was not inserted');
  return fromRow(inserted);
}

export async function updatePlatform(db: DbOrTx, profile: Platform): Promise<void> {
  const { id: _id, ...row } = toRow(profile);
  await db
    .update(platforms)
    .set({ ...row, updatedAt: new Date() })
    .where(eq(platforms.id, profile.id));
}

/** The platform's own profile (no brand overrides); `lock` holds it until the transaction ends. */
export async function readPlatform(db: DbOrTx, id: number, lock = false): Promise<Platform | undefined> {
  const query = db.select().from(platforms).where(eq(platforms.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row && fromRow(row);
}

/** Which of these hosts another platform already answers on. */
export async function hostsOfOthers(
  db: DbOrTx,
  platformId: number | null,
  hosts: string[],
): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db
    .select({ host: platformHosts.host })
    .from(platformHosts)
    .where(
      platformId === null
        ? inArray(platformHosts.host, hosts)
        : and(inArray(platformHosts.host, hosts), ne(platformHosts.platformId, platformId)),
    );
  return rows.map((r) => r.host);
}

/** The platform answers on exactly these hosts from now on. */
export async function replaceHosts(db: DbOrTx, platformId: number, hosts: string[]): Promise<void> {
  await db.delete(platformHosts).where(eq(platformHosts.platformId, platformId));
  await db.insert(platformHosts).values(hosts.map((host) => ({ host, platformId })));
}

export async function countPlatforms(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ total: count() }).from(platforms);
  return row?.total ?? 0;
}

export async function listPlatformPage(db: DbOrTx, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(platforms)
    .orderBy(asc(platforms.name), asc(platforms.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(fromRow);
}

export async function listPlatforms(db: DbOrTx): Promise<Platform[]> {
  const rows = await db.select().from(platforms);
  return rows.map(fromRow);
}

export function listBrands(db: DbOrTx) {
  return db
    .select({ platformId: platformBrands.platformId, overrides: platformBrands.overrides })
    .from(platformBrands);
}

/** The platform's overrides; `lock` keeps them until the transaction ends so two edits apply one after the other. */
export async function readBrand(db: DbOrTx, platformId: number, lock = false): Promise<BrandOverrides> {
  const query = db
    .select({ overrides: platformBrands.overrides })
    .from(platformBrands)
    .where(eq(platformBrands.platformId, platformId));
  const [row] = lock ? await query.for('update') : await query;
  return row?.overrides ?? {};
}

export async function saveBrand(db: DbOrTx, platformId: number, overrides: BrandOverrides, userId: number) {
  const values = { platformId, overrides, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(platformBrands)
    .values(values)
    .onConflictDoUpdate({ target: platformBrands.platformId, set: values });
}
