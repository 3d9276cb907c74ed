import type { ApiRole, Role } from '@vendaval/core/roles';
import type { RealtimeEvent } from '@vendaval/core/schemas/chat';

/** An event as it travels through NOTIFY: its tenant, the owners a salesRep must be, and what the client gets. */
export interface Notice {
  platformId: number;
  workspaceId: number;
  /** The attendants the room or card belongs to (and belonged to before a hand-over). */
  owners: number[];
  /** When set, only these users of the platform get it, on every stream they have open (any workspace). */
  recipients?: number[];
  event: RealtimeEvent;
}

/** One open stream: a member of one workspace. */
export interface StreamClient {
  platformId: number;
  workspaceId: number;
  userId: number;
  role: Role | ApiRole;
  send(frame: string): void;
  close(): void;
}

/** A salesRep sees only their own rooms and cards; every other role sees the workspace's. */
export const seesNotice = (client: StreamClient, notice: Notice) =>
  client.role !== 'salesRep' || notice.owners.includes(client.userId);

export const eventFrame = (event: RealtimeEvent) => `data: ${JSON.stringify(event)}\n\n`;

/** The open streams of this server process, by workspace. */
export class RealtimeHub {
  private readonly byWorkspace = new Map<string, Set<StreamClient>>();
  private readonly byUser = new Map<string, Set<StreamClient>>();

  add(client: StreamClient): () => void {
    const removeFromWorkspace = addTo(this.byWorkspace, `${client.platformId}:${client.workspaceId}`, client);
    const removeFromUser = addTo(this.byUser, `${client.platformId}:${client.userId}`, client);
    return () => {
      removeFromWorkspace();
      removeFromUser();
    };
  }

  dispatch(notice: Notice) {
    const frame = eventFrame(notice.event);
    if (notice.recipients) {
      for (const userId of notice.recipients) {
        for (const client of this.byUser.get(`${notice.platformId}:${userId}`) ?? []) client.send(frame);
      }
      return;
    }
    const set = this.byWorkspace.get(`${notice.platformId}:${notice.workspaceId}`);
    if (!set) return;
    for (const client of set) if (seesNotice(client, notice)) client.send(frame);
  }

  closeAll() {
    for (const set of this.byWorkspace.values()) for (const client of set) client.close();
    this.byWorkspace.clear();
    this.byUser.clear();
  }

  get size() {
    let total = 0;
    for (const set of this.byWorkspace.values()) total += set.size;
    return total;
  }
}

function addTo(map: Map<string, Set<StreamClient>>, key: string, client: StreamClient): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(client);
  return () => {
    set.delete(client);
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}
