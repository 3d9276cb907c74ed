/**
 * Query keys of cards. Everything about the cards of a workspace starts with opportunitiesKey, so one
 * invalidation refreshes the board, the summaries, the open card and its history; tasks start with tasksKey.
 */
export const opportunitiesKey = (workspaceId: number | null) => [workspaceId, 'opportunities'] as const;
export const opportunityKey = (workspaceId: number | null, id: number) =>
  [...opportunitiesKey(workspaceId), 'one', id] as const;
export const historyKey = (workspaceId: number | null) =>
  [...opportunitiesKey(workspaceId), 'history'] as const;
export const tasksKey = (workspaceId: number | null) => [workspaceId, 'tasks'] as const;
