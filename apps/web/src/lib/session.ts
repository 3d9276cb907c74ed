import { type SessionUser, sessionUserSchema, type TokenResponse } from '@vendaval/core/schemas/auth';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from './storage-keys.ts';

export type Membership = SessionUser['workspaces'][number];

export type Session = {
  token: string | null;
  user: SessionUser | null;
  workspaceId: number | null;
};

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.workspace];
const listeners = new Set<() => void>();
let cached: { raw: string; session: Session } | undefined;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lives only in this page.
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const result = sessionUserSchema.safeParse(JSON.parse(raw));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function parseId(raw: string | null): number | null {
  const id = Number(raw);
  return raw && Number.isInteger(id) && id > 0 ? id : null;
}

/** Reads the session from localStorage; the same object is returned while nothing changed. */
export function getSession(): Session {
  const token = read(STORAGE_KEYS.token);
  const user = read(STORAGE_KEYS.user);
  const workspace = read(STORAGE_KEYS.workspace);
  const raw = JSON.stringify([token, user, workspace]);
  if (cached?.raw !== raw) {
    cached = {
      raw,
      session: { token: token || null, user: parseUser(user), workspaceId: parseId(workspace) },
    };
  }
  return cached.session;
}

export function getToken(): string | null {
  return getSession().token;
}

function notify(): void {
  for (const listener of listeners) listener();
}

function onStorage(event: StorageEvent): void {
  if (event.key === null || SESSION_KEYS.includes(event.key)) notify();
}

export function subscribeSession(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('storage', onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession);
}

/** The stored workspace when the user still belongs to it, else the first one. */
export function pickWorkspaceId(workspaces: readonly Membership[], preferred: number | null): number | null {
  if (preferred !== null && workspaces.some((w) => w.id === preferred)) return preferred;
  return workspaces[0]?.id ?? null;
}

export function startSession(response: TokenResponse, preferredWorkspaceId?: number): void {
  const preferred = preferredWorkspaceId ?? getSession().workspaceId;
  const workspaceId = pickWorkspaceId(response.user.workspaces, preferred);
  write(STORAGE_KEYS.token, response.access_token);
  write(STORAGE_KEYS.user, JSON.stringify(response.user));
  write(STORAGE_KEYS.workspace, workspaceId === null ? null : String(workspaceId));
  notify();
}

export function setCurrentWorkspaceId(id: number): void {
  write(STORAGE_KEYS.workspace, String(id));
  notify();
}

/** Keeps the stored memberships in step with the server's list (roles change, workspaces come and go). */
export function syncMemberships(workspaces: readonly Membership[]): void {
  const { user, workspaceId } = getSession();
  if (!user) return;
  const memberships = workspaces.map(({ id, name, role }) => ({ id, name, role }));
  const current = pickWorkspaceId(memberships, workspaceId);
  if (JSON.stringify(memberships) === JSON.stringify(user.workspaces) && current === workspaceId) return;
  write(STORAGE_KEYS.user, JSON.stringify({ ...user, workspaces: memberships }));
  write(STORAGE_KEYS.workspace, current === null ? null : String(current));
  notify();
}

/**
 * Ends the session. An expired token keeps the current workspace so that logging in again
 * returns to it; an explicit logout forgets it too.
 */
export function clearSession({ keepWorkspace = false }: { keepWorkspace?: boolean } = {}): void {
  write(STORAGE_KEYS.token, null);
  write(STORAGE_KEYS.user, null);
  if (!keepWorkspace) write(STORAGE_KEYS.workspace, null);
  notify();
}
