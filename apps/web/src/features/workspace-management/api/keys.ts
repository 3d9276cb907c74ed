/** The caller's workspaces: the switcher reads the same query, so a new workspace shows there at once. */
export const MY_WORKSPACES_KEY = ['self', 'workspaces'] as const;
export const membersKey = (workspaceId: number) => [workspaceId, 'users'] as const;
export const logsKey = (workspaceId: number) => [workspaceId, 'audit'] as const;
export const BRAND_KEY = ['brand'] as const;
export const BRAND_LOGS_KEY = [...BRAND_KEY, 'logs'] as const;
