import type { Task, TaskDays } from '@vendaval/core/schemas/tasks';

/** A day of the calendar with tasks that were not loaded, and how many. */
export type HiddenTasks = { day: string; hidden: number };

/** The days whose count is above the tasks loaded for them: what '+N mais' and the calendar's note tell. */
export function hiddenTasksByDay(tasks: readonly Task[], days: TaskDays): HiddenTasks[] {
  const loaded = new Map<string, number>();
  for (const task of tasks) {
    const day = task.start_timestamp.slice(0, 10);
    loaded.set(day, (loaded.get(day) ?? 0) + 1);
  }
  return days
    .map(({ day, count }) => ({ day, hidden: count - (loaded.get(day) ?? 0) }))
    .filter(({ hidden }) => hidden > 0);
}
