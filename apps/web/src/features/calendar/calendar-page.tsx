import { Card, Grid, Stack, Text, Title } from '@mantine/core';
import { LIST_LIMIT } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cardOfAgendaLink } from '../../lib/agenda-link.ts';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import { useUpdateTaskMutation } from '../../ui/task-form/api/use-update-task-mutation.ts';
import { TaskFormModal } from '../../ui/task-form/task-form-modal.tsx';
import type { TaskStart } from '../../ui/task-form/task-form-values.ts';
import { useAgendaFilters } from './agenda-filter-store.ts';
import { type AgendaCard, agendaConditions, agendaQuery } from './agenda-filters.ts';
import { useAgendaTasksQuery } from './api/use-agenda-tasks-query.ts';
import { useCalendarTasksQuery, type VisibleRange } from './api/use-calendar-tasks-query.ts';
import { useTaskSummaryQuery } from './api/use-task-summary-query.ts';
import { AgendaFilterBar } from './components/agenda-filter-bar.tsx';
import { AgendaList } from './components/agenda-list.tsx';
import { TaskCalendar } from './components/task-calendar.tsx';
import { TaskSummaryCounts } from './components/task-summary.tsx';

export function CalendarPage() {
  const membership = useCurrentWorkspace();
  const [params] = useSearchParams();
  const card = cardOfAgendaLink(params);
  if (!membership) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Calendário
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Text>Você ainda não participa de nenhum workspace.</Text>
        </Card>
      </Stack>
    );
  }
  // Following a card's agenda link enters the agenda again, even from the agenda itself.
  return (
    <WorkspaceCalendar
      key={`${membership.id}:${card?.id ?? ''}`}
      workspaceId={membership.id}
      role={membership.role}
      card={card}
    />
  );
}

/** The task form over the calendar: an existing task, or a new one at a slot. */
type FormRequest = { task?: Task; start?: TaskStart };

function useReschedule() {
  const update = useUpdateTaskMutation();
  return (task: Task, start: string, revert: () => void) =>
    update.mutate(
      { id: task.id, start_timestamp: start },
      { onSuccess: () => showSuccessToast(SUCCESS_MESSAGES.scheduleUpdated), onError: revert },
    );
}

type Props = { workspaceId: number; role: string; card: AgendaCard | null };

function WorkspaceCalendar({ workspaceId, role, card }: Props) {
  const mobile = useIsMobile();
  const { filters, keep } = useAgendaFilters(workspaceId, role, card);
  const [range, setRange] = useState<VisibleRange | null>(null);
  const [form, setForm] = useState<FormRequest | null>(null);
  const reschedule = useReschedule();

  const calendar = useCalendarTasksQuery(workspaceId, agendaConditions(filters), range);
  const listQuery = { ...agendaQuery(filters), sort: filters.sort };
  const agenda = useAgendaTasksQuery(workspaceId, listQuery);
  const summary = useTaskSummaryQuery(workspaceId, agendaQuery(filters));
  const agendaTasks = agenda.data?.pages.flatMap((page) => page.data) ?? [];
  const shown = calendar.data?.data.length ?? 0;
  const inRange = calendar.data?.pagination.total_count ?? 0;
  const cardOpportunity =
    filters.parent_id !== null ? { id: filters.parent_id, name: filters.opportunity ?? '' } : undefined;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          Calendário
        </Title>
        <TaskSummaryCounts summary={summary.data} />
      </Stack>
      <AgendaFilterBar filters={filters} keep={keep} role={role} mobile={mobile} />
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder radius="md" padding={mobile ? 'xs' : 'md'}>
            <TaskCalendar
              tasks={calendar.data?.data ?? []}
              mobile={mobile}
              onRangeChange={setRange}
              onOpenTask={(task) => setForm({ task })}
              onPickSlot={(start) => setForm({ start })}
              onMoveTask={reschedule}
            />
            {inRange > shown && (
              <Text size="xs" c="dimmed" mt="xs">
                Mostrando {shown} de {inRange} tarefas deste período ({LIST_LIMIT} no máximo): use os filtros
                para ver as demais.
              </Text>
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <AgendaList
            tasks={agendaTasks}
            total={agenda.data?.pages[0]?.pagination.total_count ?? 0}
            loading={agenda.isPending}
            hasMore={agenda.hasNextPage}
            loadingMore={agenda.isFetchingNextPage}
            onLoadMore={() => agenda.fetchNextPage()}
            onOpen={(task) => setForm({ task })}
          />
        </Grid.Col>
      </Grid>
      <TaskFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        task={form?.task}
        start={form?.start}
        opportunity={form?.task ? undefined : cardOpportunity}
      />
    </Stack>
  );
}
