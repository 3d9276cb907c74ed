import { Badge, Card, Center, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { useIntersection } from '@mantine/hooks';
import { DATE_FORMAT } from '@vendaval/core/format';
import type { Task } from '@vendaval/core/schemas/tasks';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { cssColor, statusColor, typeColor } from '../task-colors.ts';
import { taskStatusText, taskTitle } from '../task-label.ts';
import classes from './agenda-list.module.css';

type Props = {
  tasks: Task[];
  total: number;
  loading: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (task: Task) => void;
};

/** 'DD/MM/YYYY HHhmm', the product's date and time display. */
const when = (task: Task) => {
  const at = dayjs(task.start_timestamp);
  return `${at.format(DATE_FORMAT)} ${at.format('HH[h]mm')}`;
};

function AgendaItem({ task, onOpen }: { task: Task; onOpen: (task: Task) => void }) {
  const status = statusColor(task);
  return (
    <UnstyledButton
      className={classes.item}
      style={{ borderLeftColor: cssColor(typeColor(task.task_type_id)) }}
      onClick={() => onOpen(task)}
      aria-label={`${taskTitle(task)} — ${task.opportunity.name}`}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600} truncate>
            {taskTitle(task)}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {task.opportunity.name} · #{task.opportunity.id}
          </Text>
          <Text size="xs" c={task.is_delayed ? 'red' : 'dimmed'}>
            {when(task)}
            {task.user ? ` · ${task.user.name}` : ''}
          </Text>
        </Stack>
        <Badge color={status} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {taskStatusText(task)}
        </Badge>
      </Group>
    </UnstyledButton>
  );
}

/** The agenda beside the calendar: the filtered tasks in the chosen order, loading more as it scrolls. */
export function AgendaList({ tasks, total, loading, hasMore, loadingMore, onLoadMore, onOpen }: Props) {
  const { ref, entry } = useIntersection({ threshold: 0 });
  const reachedEnd = entry?.isIntersecting ?? false;
  useEffect(() => {
    if (reachedEnd && hasMore && !loadingMore) onLoadMore();
  }, [reachedEnd, hasMore, loadingMore, onLoadMore]);

  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-label="Agenda">
      <Group justify="space-between" mb="xs">
        <Text fw={700}>Agenda</Text>
        <Text size="xs" c="dimmed">
          {total} {total === 1 ? 'tarefa' : 'tarefas'}
        </Text>
      </Group>
      <div className={classes.scroller}>
        {loading ? (
          <Center py="xl">
            <Loader size="sm" aria-label="Carregando tarefas" />
          </Center>
        ) : tasks.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" size="sm">
            Nenhuma tarefa encontrada.
          </Text>
        ) : (
          <Stack gap={6}>
            {tasks.map((task) => (
              <AgendaItem key={task.id} task={task} onOpen={onOpen} />
            ))}
            <div ref={ref} aria-hidden />
            {loadingMore && (
              <Center py="xs">
                <Loader size="xs" aria-label="Carregando mais tarefas" />
              </Center>
            )}
          </Stack>
        )}
      </div>
    </Card>
  );
}
