import { TASK_STATUS_LABELS } from '@vendaval/core/constants';
import type { Task } from '@vendaval/core/schemas/tasks';

/** What a task is called on the calendar: its name, else its action, else 'Tarefa'. */
export const taskTitle = (task: Task) => task.name || task.task_type?.name || 'Tarefa';

/** 'Aberto', 'Em progresso' or 'Completo', with 'Atrasada' when it is late. */
export const taskStatusText = (task: Task) =>
  task.is_delayed ? `${TASK_STATUS_LABELS[task.status]} · Atrasada` : TASK_STATUS_LABELS[task.status];
