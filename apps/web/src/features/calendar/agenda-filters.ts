import {
  CLEARED_TASK_SORT,
  DEFAULT_TASK_SORT,
  isTaskSortActive,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASKS_FROM_OPPORTUNITY_START,
  type TaskStatus,
} from '@vendaval/core/constants';
import { defaultDateRangeFrom } from '@vendaval/core/permissions';
import type { Query } from '../../lib/http.ts';

/** The agenda's part of the task filter state (platform.md §3) that the screen offers. */
export type AgendaFilters = {
  /** ISO instant (the role's default range) or 'YYYY-MM-DD'; null: no bound. */
  start_timestamp: string | null;
  end_timestamp: string | null;
  user_id: number[];
  task_status: TaskStatus[];
  only_delayed: boolean;
  task_type_id: number[];
  /** A field of TASK_SORT_FIELDS, '-' first for descending. */
  sort: string;
  /** The card the agenda was entered from, and its name. */
  parent_id: number | null;
  opportunity: string | null;
};

export type AgendaCard = { id: number; name: string };

/** Entering the agenda: tasks from the start of the role's default range on, by time (decision 5). */
export function defaultAgendaFilters(role: string, now: Date = new Date()): AgendaFilters {
  return {
    start_timestamp: defaultDateRangeFrom(role, now).start.toISOString(),
    end_timestamp: null,
    user_id: [],
    task_status: [],
    only_delayed: false,
    task_type_id: [],
    sort: DEFAULT_TASK_SORT,
    parent_id: null,
    opportunity: null,
  };
}

/** 'Limpar': the defaults, except that the sort becomes descending start (platform.md §9). */
export function clearedAgendaFilters(role: string, now: Date = new Date()): AgendaFilters {
  return { ...defaultAgendaFilters(role, now), sort: CLEARED_TASK_SORT };
}

/** Entered from a pipeline card: filters reset, that card's tasks since 2021-01-01 (platform.md §4). */
export function cardAgendaFilters(role: string, card: AgendaCard, now: Date = new Date()): AgendaFilters {
  return {
    ...defaultAgendaFilters(role, now),
    parent_id: card.id,
    opportunity: card.name,
    start_timestamp: TASKS_FROM_OPPORTUNITY_START,
  };
}

/** How many filters narrow the agenda: lists, switches and the card; the sort only off start_timestamp. */
export function countActiveAgendaFilters(filters: AgendaFilters): number {
  const flags = [
    filters.user_id.length > 0,
    filters.task_status.length > 0,
    filters.only_delayed,
    filters.task_type_id.length > 0,
    filters.parent_id !== null,
    isTaskSortActive(filters.sort),
  ];
  return flags.filter(Boolean).length;
}

/** The filters as GET /tasks and /tasks/summary read them, without the date range. */
export function agendaConditions(filters: AgendaFilters): Query {
  const query: Query = {
    user_id: filters.user_id,
    task_status: filters.task_status,
    only_delayed: filters.only_delayed || undefined,
    task_type_id: filters.task_type_id,
    parent_id: filters.parent_id ?? undefined,
  };
  // Empty values would still change the cache key; drop them.
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0)),
  );
}

/** The agenda list's query: the conditions within the filter's date range. */
export function agendaQuery(filters: AgendaFilters): Query {
  const range: Query = {};
  if (filters.start_timestamp) range.start_timestamp = filters.start_timestamp;
  if (filters.end_timestamp) range.end_timestamp = filters.end_timestamp;
  return { ...agendaConditions(filters), ...range };
}

const SORTS: readonly string[] = TASK_SORT_FIELDS.flatMap((field) => [field, `-${field}`]);
const isIdList = (v: unknown) => Array.isArray(v) && v.every((id) => Number.isInteger(id));
const isText = (v: unknown) => v === null || typeof v === 'string';

const VALID: Record<keyof AgendaFilters, (v: unknown) => boolean> = {
  start_timestamp: isText,
  end_timestamp: isText,
  user_id: isIdList,
  task_status: (v) => Array.isArray(v) && v.every((s) => (TASK_STATUSES as readonly unknown[]).includes(s)),
  only_delayed: (v) => typeof v === 'boolean',
  task_type_id: isIdList,
  sort: (v) => SORTS.includes(v as string),
  parent_id: (v) => v === null || Number.isInteger(v),
  opportunity: isText,
};

/** Stored filters of an older version or edited by hand: only values of the right kind are kept. */
export function sanitizeAgendaFilters(stored: unknown, defaults: AgendaFilters): AgendaFilters {
  if (typeof stored !== 'object' || stored === null) return defaults;
  const source = stored as Record<string, unknown>;
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(VALID) as (keyof AgendaFilters)[]) {
    if (VALID[key](source[key])) result[key] = source[key];
  }
  return result as AgendaFilters;
}
