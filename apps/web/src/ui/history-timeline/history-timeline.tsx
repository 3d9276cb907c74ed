import { Center, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import type { HistoryEntry as Entry } from '@vendaval/core/schemas/history';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useState } from 'react';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { showErrorToasts } from '../../lib/toasts.ts';
import { TaskFormModal } from '../task-form/task-form-modal.tsx';
import { fetchTask } from './api/fetch-task.ts';
import { type HistorySubject, useHistoryQuery } from './api/use-history-query.ts';
import { HistoryEntry } from './history-entry.tsx';
import classes from './history-timeline.module.css';

export type HistoryTimelineProps = HistorySubject;

// The spec gives this warning 1.5 s, shorter than the other warnings.
function warnNotRoutable() {
  notifications.show({
    color: 'yellow',
    title: TOASTS.taskNotRoutable.title,
    message: TOASTS.taskNotRoutable.message,
    autoClose: TOAST_MS.success,
  });
}

/**
 * 'Histórico de atividades' of a card, a contact or a user (opportunities.md §2.6). Task entries open the task
 * form; saving or deleting there refreshes the list (the form invalidates every card query).
 */
export function HistoryTimeline(props: HistoryTimelineProps) {
  const { workspaceId } = useSession();
  const history = useHistoryQuery(props);
  const [task, setTask] = useState<Task | null>(null);

  const openTask = async (entry: Entry) => {
    if (entry.task_id === null) return warnNotRoutable();
    try {
      setTask(await fetchTask(workspaceId, entry.task_id));
    } catch (failure) {
      // A deleted task is as unreachable as one never named.
      if (failure instanceof ApiError && failure.status === 404) warnNotRoutable();
      else showErrorToasts(failure);
    }
  };

  return (
    <section className={classes.timeline} aria-label="Histórico de atividades">
      <div className={classes.header}>
        <Text size="sm" fw={700} className={classes.whenHeader}>
          Data
        </Text>
        <Text size="sm" fw={700}>
          Histórico de atividades
        </Text>
      </div>
      {history.isPending && history.fetchStatus !== 'idle' ? (
        <Center py="xl">
          <Loader size="md" aria-label="Carregando histórico" />
        </Center>
      ) : history.data?.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          Nenhum histórico encontrado!
        </Text>
      ) : (
        <ol className={classes.list}>
          {history.data?.map((entry) => (
            <HistoryEntry
              key={entry.id}
              entry={entry}
              from={props.from}
              onOpenTask={(e) => void openTask(e)}
            />
          ))}
        </ol>
      )}
      <TaskFormModal opened={task !== null} onClose={() => setTask(null)} task={task ?? undefined} />
    </section>
  );
}
