import { Button, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { ScheduleTask } from '@vendaval/core/schemas/schedule';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { cardOfAgendaLink } from '../../lib/agenda-link.ts';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { useWorkspaceSettingsQuery } from '../../lib/use-workspace-settings-query.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import { useUpdateTaskMutation } from '../../ui/task-form/api/use-update-task-mutation.ts';
import { TaskFormModal } from '../../ui/task-form/task-form-modal.tsx';
import type { TaskStart } from '../../ui/task-form/task-form-values.ts';
import { useAgendaFilters } from './agenda-filter-store.ts';
import { type AgendaCard, agendaConditions, agendaQuery } from './agenda-filters.ts';
import { useAgendaTasksQuery } from './api/use-agenda-tasks-query.ts';
import { useCalendarTasksQuery, type VisibleRange } from './api/use-calendar-tasks-query.ts';
import { useScheduleTasksQuery } from './api/use-schedule-tasks-query.ts';
import { useTaskDaysQuery } from './api/use-task-days-query.ts';
import { useTaskSummaryQuery } from './api/use-task-summary-query.ts';
import { AgendaFilterBar } from './components/agenda-filter-bar.tsx';
import { AgendaList } from './components/agenda-list.tsx';
import { ScheduleTaskModal } from './components/schedule-task-modal.tsx';
import { TaskCalendar } from './components/task-calendar.tsx';
import { TaskSummaryCounts } from './components/task-summary.tsx';
import { type HiddenTasks, hiddenTasksByDay } from './hidden-tasks.ts';

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
  const [scheduleTask, setScheduleTask] = useState<ScheduleTask | null>(null);
  const reschedule = useReschedule();
  const settings = useWorkspaceSettingsQuery();

  const calendar = useCalendarTasksQuery(workspaceId, agendaConditions(filters), range);
  const { user } = useSession();
  const schedule = useScheduleTasksQuery(workspaceId, user?.id ?? null, range);
  const days = useTaskDaysQuery(workspaceId, agendaConditions(filters), range);
  const listQuery = { ...agendaQuery(filters), sort: filters.sort };
  const agenda = useAgendaTasksQuery(workspaceId, listQuery);
  const summary = useTaskSummaryQuery(workspaceId, agendaQuery(filters));
  const agendaTasks = agenda.data?.pages.flatMap((page) => page.data) ?? [];
  const calendarTasks = calendar.data?.data ?? [];
  const hidden = hiddenTasksByDay(calendarTasks, days.data ?? []);
  const monthView = range?.view === 'dayGridMonth';
  const cardOpportunity =
    filters.parent_id !== null ? { id: filters.parent_id, name: filters.opportunity ?? '' } : undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            Calendário
          </Title>
          <TaskSummaryCounts summary={summary.data} />
        </Stack>
        {/* Besides a click on an empty slot of the calendar, which presets its date and time. */}
        <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({})} fullWidth={mobile}>
          Nova tarefa
        </Button>
      </Group>
      <AgendaFilterBar filters={filters} keep={keep} role={role} mobile={mobile} />
      <Grid gutter="md" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder radius="md" padding={mobile ? 'xs' : 'md'}>
            <TaskCalendar
              tasks={calendarTasks}
              scheduleTasks={schedule.data ?? []}
              moreByDay={monthView ? hidden : []}
              mobile={mobile}
              onRangeChange={setRange}
              onOpenTask={(task) => setForm({ task })}
              onOpenScheduleTask={setScheduleTask}
              onPickSlot={(start) => setForm({ start })}
              onMoveTask={reschedule}
            />
            {!monthView && (
              <HiddenTasksNote
                shown={calendarTasks.length}
                hidden={hidden}
                dayView={range?.view === 'timeGridDay'}
              />
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
      <ScheduleTaskModal task={scheduleTask} onClose={() => setScheduleTask(null)} />
      <TaskFormModal
        opened={form !== null}
        onClose={() => setForm(null)}
        task={form?.task}
        start={form?.start}
        opportunity={form?.task ? undefined : cardOpportunity}
        actionIds={settings.calendar_actions}
      />
    </Stack>
  );
}

/** Outside the month view, says how many tasks of the range a day's share of the page left out. */
function HiddenTasksNote({
  shown,
  hidden,
  dayView,
}: {
  shown: number;
  hidden: HiddenTasks[];
  dayView: boolean;
}) {
  const left = hidden.reduce((sum, day) => sum + day.hidden, 0);
  if (left === 0) return null;
  const total = shown + left;
  return (
    <Text size="xs" c="dimmed" mt="xs">
      {dayView
        ? `Mostrando ${shown} de ${total} tarefas deste dia: use os filtros para ver as demais.`
        : `Mostrando ${shown} de ${total} tarefas deste período: clique em um dia para ver todas as dele.`}
    </Text>
  );
}
