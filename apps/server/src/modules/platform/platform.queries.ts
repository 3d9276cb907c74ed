import type { BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../infra/db.ts';
import { platformBrands, platforms } from '../../schema/platform.tables.ts';

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

export async function upsertPlatforms(db: DbOrTx, profiles: Platform[]): Promise<void> {
  const rows = profiles.map(toRow);
  await db
    .insert(platforms)
    .values(rows)
    .onConflictDoUpdate({
      target: platforms.id,
      set: Object.fromEntries(
        Object.keys(rows[0] ?? {})
          .filter((k) => k !== 'id')
          .map((k) => [k, sql.raw(`excluded.${columnName(k)}`)]),
      ),
    });
}

const columnName = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

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
