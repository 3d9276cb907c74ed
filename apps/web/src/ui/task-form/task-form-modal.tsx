import '@mantine/dates/styles.css';
import 'dayjs/locale/pt-br';
import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { MOBILE_BREAKPOINT_PX, TASK_STATUS_LABELS } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import { canChangeResponsible } from '@vendaval/core/permissions';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import {
  useHierarchyMembersQuery,
  useInteractionTypesQuery,
  useTaskTypesQuery,
} from '../../lib/lookups/lookups.ts';
import { useSession } from '../../lib/session.ts';
import { CompleteTaskModal } from './complete-task-modal.tsx';
import { useTaskActions } from './hooks/use-task-actions.ts';
import { TaskFields } from './task-fields.tsx';
import { initialValues, type TaskFormValues, type TaskStart, taskFormSchema } from './task-form-values.ts';
import { TaskOpportunityField } from './task-opportunity-field.tsx';

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

export type TaskFormModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The card the task belongs to; given, it cannot be swapped in the form. */
  opportunity?: { id: number; name: string };
  /** An existing task: the form edits it. */
  task?: Task;
  /** A new schedule's date and time, e.g. the calendar slot that was clicked. */
  start?: TaskStart;
  /** The register-task step of a close or stage change: a registry, saved as 'Tarefa salva!'. */
  registerOnly?: boolean;
  onSaved?: (task: Task) => void;
  /** 'Criar Nova' in the opportunity selector. */
  onCreateOpportunity?: () => void;
  /** The actions (task type ids) a new task may take, e.g. the workspace's calendar actions; empty: all. */
  actionIds?: readonly number[];
};

/** A new task offers only the chosen actions (when any); an existing one keeps every action, so its own shows. */
const offeredActions = <T extends { id: number }>(
  all: T[],
  task: Task | undefined,
  ids?: readonly number[],
) => (task || !ids?.length ? all : all.filter((type) => ids.includes(type.id)));

/** 'Criar Tarefa' / 'Editar Tarefa' (opportunities.md §2.4, §4.2, §5): a shared widget opened from anywhere. */
export function TaskFormModal(props: TaskFormModalProps) {
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.task ? 'Editar Tarefa' : 'Criar Tarefa'}
      size="lg"
      centered
      fullScreen={mobile}
    >
      {props.opened && (
        <DatesProvider settings={{ locale: 'pt-br' }}>
          <TaskForm key={props.task?.id ?? 'new'} {...props} />
        </DatesProvider>
      )}
    </Modal>
  );
}

function useMemberOptions(task: Task | undefined) {
  const { user } = useSession();
  const role = useCurrentRole();
  const members = useHierarchyMembersQuery();
  const canChoose = role !== null && canChangeResponsible(role);
  const options = canChoose
    ? (members.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))
    : user
      ? [{ value: String(user.id), label: user.name }]
      : [];
  // The task's responsible stays visible even when not at work now (or, for a salesRep, not themself).
  if (task?.user && !options.some((o) => o.value === String(task.user?.id))) {
    options.push({ value: String(task.user.id), label: task.user.name });
  }
  return { options, canChoose };
}

function TaskForm({
  onClose,
  opportunity,
  task,
  start,
  registerOnly = false,
  onSaved,
  onCreateOpportunity,
  actionIds,
}: TaskFormModalProps) {
  const { user } = useSession();
  const members = useMemberOptions(task);
  const taskTypes = useTaskTypesQuery();
  const interactionTypes = useInteractionTypesQuery();
  const interactionOptions = (interactionTypes.data ?? []).map((t) => ({
    value: String(t.id),
    label: t.name,
  }));
  const form = useForm<TaskFormValues>({
    resolver: zodResolver(taskFormSchema),
    defaultValues: initialValues({ task, opportunity, start, registerOnly, selfId: user?.id }),
  });
  const actions = useTaskActions({ task, registerOnly, onClose, onSaved });
  const [asking, setAsking] = useState(false);
  const submit = form.handleSubmit(actions.save);
  const completeWith = (interactionTypeId: number) =>
    actions.complete(interactionTypeId, () => setAsking(false));

  const complete = () => {
    const chosen = form.getValues('interaction_type_id');
    if (chosen) completeWith(Number(chosen));
    else setAsking(true);
  };

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: MESSAGES.taskDeleteConfirm,
      centered: true,
      children: <Text size="sm">A tarefa será excluída e não poderá ser recuperada.</Text>,
      labels: { confirm: 'Deletar', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: actions.destroy,
    });

  const canComplete = task !== undefined && !task.is_registry && task.status !== 'Completed';
  const confirmLabel = !task
    ? 'Criar'
    : task.status === 'Completed' && !task.is_registry
      ? 'Reabrir'
      : 'Atualizar';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {task && (
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Status:
            </Text>
            <Badge variant="light" color={task.status === 'Completed' ? 'green' : 'blue'}>
              {TASK_STATUS_LABELS[task.status]}
            </Badge>
          </Group>
        )}
        <Controller
          control={form.control}
          name="opportunity"
          render={({ field, fieldState }) => (
            <TaskOpportunityField
              value={field.value}
              onChange={field.onChange}
              locked={opportunity !== undefined || registerOnly}
              error={fieldState.error?.message}
              onCreateNew={onCreateOpportunity}
            />
          )}
        />
        <TaskFields
          form={form}
          members={members.options}
          canChooseMember={members.canChoose}
          taskTypes={offeredActions(taskTypes.data ?? [], task, actionIds)}
          interactionTypes={interactionOptions}
          registryLocked={task !== undefined || registerOnly}
        />
        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            {task && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={confirmDelete}
                disabled={actions.busy}
              >
                Deletar Tarefa
              </Button>
            )}
            {canComplete && (
              <Button
                variant="light"
                color="green"
                leftSection={<IconCheck size={16} />}
                onClick={complete}
                loading={actions.completing}
                disabled={actions.busy}
              >
                Completar Tarefa
              </Button>
            )}
          </Group>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={actions.saving} disabled={actions.busy}>
              {confirmLabel}
            </Button>
          </Group>
        </Group>
      </Stack>
      <CompleteTaskModal
        opened={asking}
        options={interactionOptions}
        saving={actions.completing}
        onCancel={() => setAsking(false)}
        onConfirm={completeWith}
      />
    </form>
  );
}
