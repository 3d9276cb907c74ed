import { type Membership, useSession } from './session.ts';

/** The workspace the user is working in; the user's role always comes from it. */
export function useCurrentWorkspace(): Membership | null {
  const { user, workspaceId } = useSession();
  return user?.workspaces.find((w) => w.id === workspaceId) ?? null;
}

export function useCurrentRole(): string | null {
  return useCurrentWorkspace()?.role ?? null;
}
