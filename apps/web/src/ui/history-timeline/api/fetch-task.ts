import type { Task } from '@vendaval/core/schemas/tasks';
import { http } from '../../../lib/http.ts';

/** The task a history entry names, fresh: the entry may be older than the task's last change. */
export function fetchTask(workspaceId: number | null, taskId: number): Promise<Task> {
  return http.get<Task>(`/workspaces/${workspaceId}/tasks/${taskId}`);
}
