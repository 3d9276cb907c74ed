import type { Task } from '@vendaval/core/schemas/tasks';

/** Fill by status (overdue first), so a glance tells open, ongoing, done and late apart. */
export function statusColor(task: Pick<Task, 'status' | 'is_delayed'>): string {
  if (task.is_delayed) return 'red';
  if (task.status === 'Completed') return 'teal';
  if (task.status === 'InProgress') return 'orange';
  return 'blue';
}

const TYPE_COLORS = ['grape', 'cyan', 'lime', 'indigo', 'pink', 'yellow', 'violet', 'green'];

/** Edge by action (task type): the same action keeps the same colour across views. */
export const typeColor = (taskTypeId: number | null) =>
  taskTypeId === null ? 'gray' : (TYPE_COLORS[taskTypeId % TYPE_COLORS.length] ?? 'gray');

export const cssColor = (color: string, shade = 6) => `var(--mantine-color-${color}-${shade})`;
