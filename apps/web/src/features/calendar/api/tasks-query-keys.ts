import type { Query } from '../../../lib/http.ts';
import { tasksKey } from '../../../lib/opportunity-keys.ts';

// Under tasksKey, so that any task change made anywhere (task form, card modal) refreshes the calendar.
export const calendarTasksKey = (workspaceId: number, query: Query) =>
  [...tasksKey(workspaceId), 'calendar', query] as const;
export const agendaTasksKey = (workspaceId: number, query: Query) =>
  [...tasksKey(workspaceId), 'agenda', query] as const;
export const taskSummaryKey = (workspaceId: number, query: Query) =>
  [...tasksKey(workspaceId), 'summary', query] as const;
export const taskDaysKey = (workspaceId: number, query: Query) =>
  [...tasksKey(workspaceId), 'days', query] as const;
