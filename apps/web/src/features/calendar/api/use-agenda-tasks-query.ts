import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { Task } from '@vendaval/core/schemas/tasks';
import { http, type Query } from '../../../lib/http.ts';
import { nextOffset, type Page } from '../../../lib/lookups/use-lookup-query.ts';
import { agendaTasksKey } from './tasks-query-keys.ts';

export const AGENDA_PAGE_SIZE = 50;

/** The agenda list under its filters, AGENDA_PAGE_SIZE at a time (infinite scroll). */
export function useAgendaTasksQuery(workspaceId: number, query: Query) {
  return useInfiniteQuery({
    queryKey: agendaTasksKey(workspaceId, query),
    queryFn: ({ pageParam, signal }) =>
      http.get<Page<Task>>(`/workspaces/${workspaceId}/tasks`, {
        signal,
        query: { ...query, limit: AGENDA_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: keepPreviousData,
  });
}
