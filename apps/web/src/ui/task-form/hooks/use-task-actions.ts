import { FORM_CLOSE_DELAY_MS } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useEffect, useRef, useState } from 'react';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useCreateTaskMutation } from '../api/use-create-task-mutation.ts';
import { useDeleteTaskMutation } from '../api/use-delete-task-mutation.ts';
import { useEndTaskMutation } from '../api/use-end-task-mutation.ts';
import { useUpdateTaskMutation } from '../api/use-update-task-mutation.ts';
import { createPayload, type TaskFormValues, updatePayload } from '../task-form-values.ts';

/** Success: toast now, close the form 2 s later; nothing can be pressed meanwhile. */
function useFinish(onClose: () => void) {
  const [finished, setFinished] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => () => clearTimeout(timer.current), []);
  const finish = (message: string, title?: string, afterClose?: () => void) => {
    showSuccessToast(message, title);
    setFinished(true);
    timer.current = setTimeout(() => {
      afterClose?.();
      close.current();
    }, FORM_CLOSE_DELAY_MS);
  };
  return { finished, finish };
}

type TaskActionsOptions = {
  task: Task | undefined;
  registerOnly: boolean;
  onClose: () => void;
  onSaved: ((task: Task) => void) | undefined;
};

/** Save, complete and delete, with the success texts of decision 12 and the 2 s close. */
export function useTaskActions({ task, registerOnly, onClose, onSaved }: TaskActionsOptions) {
  const create = useCreateTaskMutation();
  const update = useUpdateTaskMutation();
  const end = useEndTaskMutation();
  const remove = useDeleteTaskMutation();
  const { finished, finish } = useFinish(onClose);

  const saved = (result: Task, message: string) => {
    if (!registerOnly) return finish(message, undefined, () => onSaved?.(result));
    // The close or stage change waiting for this task goes on at once.
    onSaved?.(result);
    finish(TOASTS.taskSaved.message, TOASTS.taskSaved.title);
  };

  const save = (values: TaskFormValues) => {
    if (task) {
      const message = task.is_registry ? SUCCESS_MESSAGES.registryUpdated : SUCCESS_MESSAGES.scheduleUpdated;
      update.mutate(updatePayload(task, values), { onSuccess: (result) => saved(result, message) });
      return;
    }
    const message = values.is_registry ? SUCCESS_MESSAGES.registryCreated : SUCCESS_MESSAGES.scheduleCreated;
    create.mutate(createPayload(values), { onSuccess: (result) => saved(result, message) });
  };

  const complete = (interactionTypeId: number, onDone?: () => void) => {
    if (!task) return;
    end.mutate(
      { id: task.id, interactionTypeId },
      {
        onSuccess: (result) => {
          onDone?.();
          finish(SUCCESS_MESSAGES.taskCompleted, undefined, () => onSaved?.(result));
        },
      },
    );
  };

  const destroy = () => {
    if (task) remove.mutate(task.id, { onSuccess: () => finish(SUCCESS_MESSAGES.taskDeleted) });
  };

  return {
    save,
    complete,
    destroy,
    saving: create.isPending || update.isPending,
    completing: end.isPending,
    busy: finished || create.isPending || update.isPending || end.isPending || remove.isPending,
  };
}
