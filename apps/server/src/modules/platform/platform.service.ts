import type { BrandImageSlot, BrandOverrides, Platform } from '@vendaval/core/schemas/platform';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../infra/db.ts';
import { DEFAULT_PLATFORM_ID, PLATFORM_PROFILES } from './platform.profiles.ts';
import { listBrands, listPlatforms, readBrand, upsertPlatforms } from './platform.queries.ts';

/**
 * Resolves the tenant of a request by its host. Profiles change only with a deploy and brands only through this
 * server's brand editor, so both are cached here and the cache is updated when an admin saves the brand.
 */
export class PlatformDirectory {
  private byHost = new Map<string, Platform>();
  private byId = new Map<number, Platform>();
  private profiles = new Map<number, Platform>();

  async load(db: Db): Promise<void> {
    await upsertPlatforms(db, PLATFORM_PROFILES);
    for (const platform of await listPlatforms(db)) this.profiles.set(platform.id, platform);
    const brands = new Map((await listBrands(db)).map((b) => [b.platformId, b.overrides]));
    for (const id of this.profiles.keys()) this.applyBrand(id, brands.get(id) ?? {});
  }

  /**
   * The platform as stored now. GET /platform, read on every page load, goes through here, so a brand saved on
   * another server instance reaches this one's cache by the next page load.
   */
  async refreshBrand(db: Db, platformId: number): Promise<Platform> {
    return this.applyBrand(platformId, await readBrand(db, platformId));
  }

  /** The built-in profile with the platform admins' changes on top. */
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

/**
 * The role whose Working members receive new cards in turn. It comes from the platform's profile, which only a
 * deploy changes, so code without a request (inbound messages, jobs) reads it here.
 */
export function mainCollaboratorOf(platformId: number): string {
  return PLATFORM_PROFILES.find((p) => p.id === platformId)?.flags.main_collaborator ?? 'salesRep';
}
