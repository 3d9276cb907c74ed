import type { Query } from '@tanstack/react-query';

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
/** The dashboards' figures: counted from the cards, their rooms and tasks, so any change of them makes these stale. */
export const dashboardsKey = (workspaceId: number | null) => [workspaceId, 'dashboards'] as const;

/**
 * Every query but one card's own: once the card has left the workspace (transferred), reading it here answers
 * 404, so its open modal keeps what it shows until it closes instead of refetching.
 */
export const exceptCard =
  (workspaceId: number | null, id: number) =>
  ({ queryKey }: Pick<Query, 'queryKey'>) => {
    const own = opportunityKey(workspaceId, id);
    return !own.every((part, i) => queryKey[i] === part);
  };
