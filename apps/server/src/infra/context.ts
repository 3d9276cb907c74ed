import type { ApiRole, Role } from '@vendaval/core/roles';

/** Who is asking, inside which platform: set by the auth guard. */
export interface AuthContext {
  platformId: number;
  userId: number;
}

/** Who is asking inside which workspace, with which role (an API role for an integration): set by the workspace guard. */
export interface WorkspaceContext extends AuthContext {
  workspaceId: number;
  role: Role | ApiRole;
  /** Set when an automation acts: the history credits it instead of a person. */
  automation?: AutomationActor;
}

export interface AutomationActor {
  id: number;
  name: string;
}
