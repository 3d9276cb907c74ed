import type { BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import type { AuthContext } from '../../infra/context.ts';
import type { DbOrTx } from '../../infra/db.ts';
import { recordPlatformLog } from '../audit/audit.service.ts';

export type BrandChange = { field: string; from: unknown; to: unknown };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** 'palette.primary', 'terms.won_term': one level down, so a change names its colour or term. */
function flatten(fields: Record<string, unknown>): Map<string, unknown> {
  const flat = new Map<string, unknown>();
  for (const [key, value] of Object.entries(fields)) {
    if (isPlainObject(value)) {
      for (const [sub, inner] of Object.entries(value)) flat.set(`${key}.${sub}`, inner);
    } else flat.set(key, value ?? null);
  }
  return flat;
}

/**
 * The brand as people see it: the effective texts and colours (an edit that saves the built-in value changes
 * nothing), and the uploaded images by slot (null: the profile's own).
 */
const brandFields = (platform: Platform, overrides: BrandOverrides) => ({
  name: platform.name,
  subtitle: platform.subtitle,
  palette: platform.palette,
  gradient: platform.gradient,
  terms: platform.terms,
  dashboard_titles: platform.dashboard_titles,
  faq_videos: platform.faq_videos,
  images: overrides.images ?? {},
});

/** What an edit changed of the brand, field by field. */
export function brandChanges(
  before: { platform: Platform; overrides: BrandOverrides },
  after: { platform: Platform; overrides: BrandOverrides },
): BrandChange[] {
  const from = flatten(brandFields(before.platform, before.overrides));
  const to = flatten(brandFields(after.platform, after.overrides));
  const fields = [...new Set([...from.keys(), ...to.keys()])];
  return fields
    .map((field) => ({ field, from: from.get(field) ?? null, to: to.get(field) ?? null }))
    .filter((change) => JSON.stringify(change.from) !== JSON.stringify(change.to));
}

/** Written in the brand's transaction; an edit that changed nothing leaves no entry. */
export async function recordBrandChange(
  tx: DbOrTx,
  auth: AuthContext,
  preview: (overrides: BrandOverrides) => Platform,
  before: BrandOverrides,
  after: BrandOverrides,
) {
  const changes = brandChanges(
    { platform: preview(before), overrides: before },
    { platform: preview(after), overrides: after },
  );
  if (changes.length === 0) return;
  await recordPlatformLog(tx, auth, 'BrandUpdated', { changes });
}
