import type { Platform } from '@vendaval/core/schemas/platform';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../infra/db.ts';
import { DEFAULT_PLATFORM_ID, PLATFORM_PROFILES } from './platform.profiles.ts';
import { listPlatforms, upsertPlatforms } from './platform.queries.ts';

/** Resolves the tenant of a request by its host; profiles change only with a deploy, so they are cached. */
export class PlatformDirectory {
  private byHost = new Map<string, Platform>();
  private byId = new Map<number, Platform>();

  async load(db: Db): Promise<void> {
    await upsertPlatforms(db, PLATFORM_PROFILES);
    for (const platform of await listPlatforms(db)) {
      this.byId.set(platform.id, platform);
      for (const host of platform.hosts) this.byHost.set(host.toLowerCase(), platform);
    }
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
