import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@vendaval/core/format';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { ScheduleTask } from '@vendaval/core/schemas/schedule';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useEndScheduleTaskMutation } from '../api/use-end-schedule-task-mutation.ts';

/** A schedule task opened from the calendar: what and when, and the button that ends it. */
export function ScheduleTaskModal({ task, onClose }: { task: ScheduleTask | null; onClose: () => void }) {
  const { workspaceId } = useSession();
  const end = useEndScheduleTaskMutation(workspaceId ?? 0);
  const done = task?.status === 'Completed';
  const finish = () =>
    task &&
    end.mutate(task.id, {
      onSuccess: () => {
        showSuccessToast(SUCCESS_MESSAGES.scheduleTaskEnded);
        onClose();
      },
    });
  return (
    <Modal opened={task !== null} onClose={onClose} title="Tarefa do cronograma" centered>
      {task && (
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Text fw={600}>{task.name}</Text>
            <Badge variant="light" color={done ? 'green' : 'blue'}>
              {done ? 'Concluída' : 'Aberta'}
            </Badge>
          </Group>
          <Text size="sm">{formatDateTime(task.start_timestamp.replace(' ', 'T'))}</Text>
          {task.description && (
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
              {task.description}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fechar
            </Button>
            {!done && (
              <Button onClick={finish} loading={end.isPending}>
                Concluir
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
