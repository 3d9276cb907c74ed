import type { BrandImageSlot, BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { concurrently, type Db, type DbOrTx } from '../../infra/db.ts';
import { DEFAULT_PLATFORM_ID, PLATFORM_PROFILES } from './platform.profiles.ts';
import { listBrands, listPlatforms, readBrand, seedPlatforms } from './platform.queries.ts';

/** The NOTIFY channel on which a server tells the others that a platform changed. */
export const PLATFORMS_CHANNEL = 'vendaval_platforms';

/** In the change's transaction: PostgreSQL delivers it on commit to every server, this one included. */
export async function notifyPlatformChanged(tx: DbOrTx, platformId: number): Promise<void> {
  await tx.execute(sql`select pg_notify(${PLATFORMS_CHANNEL}, ${String(platformId)})`);
}

/**
 * Resolves the tenant of a request by its host. The stored platforms (the operator's, and the built-in seeds) and
 * their admins' brands are cached here; the cache is read again whenever a server announces a change on
 * PLATFORMS_CHANNEL, so a new platform answers on its host at once, on every server, without a restart.
 */
export class PlatformDirectory {
  private byHost = new Map<string, Platform>();
  private byId = new Map<number, Platform>();
  private profiles = new Map<number, Platform>();
  private reading: Promise<void> = Promise.resolve();

  async load(db: Db): Promise<void> {
    await seedPlatforms(db, PLATFORM_PROFILES);
    await this.reload(db);
  }

  /** Reads every platform again; reloads run one after another, so the last one leaves the newest state. */
  reload(db: DbOrTx): Promise<void> {
    const next = this.reading.catch(() => {}).then(() => this.read(db));
    this.reading = next;
    return next;
  }

  private async read(db: DbOrTx): Promise<void> {
    const [stored, brands] = await concurrently(
      db,
      () => listPlatforms(db),
      () => listBrands(db),
    );
    const overrides = new Map(brands.map((b) => [b.platformId, b.overrides]));
    const byHost = new Map<string, Platform>();
    const byId = new Map<number, Platform>();
    for (const profile of stored) {
      const platform = withBrand(profile, overrides.get(profile.id) ?? {});
      byId.set(platform.id, platform);
      for (const host of platform.hosts) byHost.set(host.toLowerCase(), platform);
    }
    this.profiles = new Map(stored.map((p) => [p.id, p]));
    this.byId = byId;
    this.byHost = byHost;
  }

  /**
   * The platform as stored now. GET /platform, read on every page load, goes through here, so a brand saved on
   * another server instance reaches this one's cache by the next page load.
   */
  async refreshBrand(db: Db, platformId: number): Promise<Platform> {
    return this.applyBrand(platformId, await readBrand(db, platformId));
  }

  /** The platform's profile with its admins' changes on top. */
  applyBrand(platformId: number, overrides: BrandOverrides): Platform {
    const platform = this.preview(platformId, overrides);
    this.byId.set(platformId, platform);
    for (const host of platform.hosts) this.byHost.set(host.toLowerCase(), platform);
    return platform;
  }

  /** The platform these overrides would make, without applying them. */
  preview(platformId: number, overrides: BrandOverrides): Platform {
    const profile = this.profiles.get(platformId);
    if (!profile) throw new Error(`platform ${platformId} is not loaded`);
    return withBrand(profile, overrides);
  }

  /** A host no profile claims gets the default profile (id 1000). */
  forHost(hostHeader: string | undefined): Platform {
    const found = this.byHost.get(hostname(hostHeader));
    return found ?? this.get(DEFAULT_PLATFORM_ID);
  }

  isRegisteredHost(hostHeader: string | undefined): boolean {
    return this.byHost.has(hostname(hostHeader));
  }

  get(id: number): Platform {
    const platform = this.byId.get(id);
    if (!platform) throw new Error(`platform ${id} is not loaded`);
    return platform;
  }
}

function hostname(hostHeader: string | undefined): string {
  if (!hostHeader) return '';
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.split(':')[0] ?? '';
}

/**
 * The address links in e-mails point to. Only a host registered for the tenant is trusted; any other Host
 * header falls back to the tenant's first host, so a forged header never lands in a reset link.
 */
export function appUrlOf(request: FastifyRequest): string {
  const { platforms, config } = request.server.deps;
  const host = platforms.isRegisteredHost(request.headers.host)
    ? (request.headers.host ?? '')
    : `${request.platform.hosts[0]}:${config.port}`;
  return `${request.protocol}://${host}`;
}

function withBrand(profile: Platform, brand: BrandOverrides): Platform {
  const image = (slot: BrandImageSlot, fallback: string) => brand.images?.[slot] ?? fallback;
  const { logos, login_backgrounds } = profile;
  return {
    ...profile,
    name: brand.name ?? profile.name,
    subtitle: brand.subtitle ?? profile.subtitle,
    palette: brand.palette ?? profile.palette,
    gradient: brand.gradient ?? profile.gradient,
    terms: { ...profile.terms, ...brand.terms },
    dashboard_titles: brand.dashboard_titles ?? profile.dashboard_titles,
    faq_videos: brand.faq_videos ?? profile.faq_videos,
    favicon: image('favicon', profile.favicon),
    logos: {
      default: {
        light: image('logo_default_light', logos.default.light),
        dark: image('logo_default_dark', logos.default.dark),
      },
      short: {
        light: image('logo_short_light', logos.short.light),
        dark: image('logo_short_dark', logos.short.dark),
      },
    },
    login_backgrounds: {
      desktop: image('login_desktop', login_backgrounds.desktop),
      mobile: image('login_mobile', login_backgrounds.mobile),
    },
  };
}
