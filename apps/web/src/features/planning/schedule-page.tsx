import {
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck } from '@tabler/icons-react';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { canManageSchedule } from '@vendaval/core/permissions';
import { SCHEDULE_TEMPLATE_TYPE_LABELS, type ScheduleTask } from '@vendaval/core/schemas/schedule';
import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import { useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useLookupQuery } from '../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../lib/session.ts';
import { nowInAppTime } from '../../ui/task-form/task-form-values.ts';
import {
  useApplyTemplateMutation,
  useEndScheduleTaskMutation,
  useScheduleTasksQuery,
  useScheduleTemplatesQuery,
} from './api/schedule-api.ts';
import { showPlanningToast } from './planning-toasts.ts';

type Named = { id: number; name: string };
const DAYS_SHOWN = 14;
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /planning/schedule: apply a template to the unit's people, and the schedule of the next two weeks. */
export function SchedulePage() {
  const { workspaceId } = useSession();
  const canManage = canManageSchedule(useCurrentRole() ?? '');
  const [from, setFrom] = useState(() => nowInAppTime().date);
  const until = dayjs(from).add(DAYS_SHOWN, 'day').format('YYYY-MM-DD');
  const tasks = useScheduleTasksQuery(workspaceId, { start: from, end: until });
  const users = useLookupQuery<Named>('users');
  const end = useEndScheduleTaskMutation(workspaceId);
  const byDay = new Map<string, ScheduleTask[]>();
  for (const task of tasks.data ?? []) {
    const day = task.start_timestamp.slice(0, 10);
    byDay.set(day, [...(byDay.get(day) ?? []), task]);
  }

  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={2}>Cronograma</Title>
        <Text size="sm" c="dimmed">
          As tarefas de rotina e de ação da unidade. Elas aparecem também no calendário de cada pessoa.
        </Text>
      </Stack>
      {canManage && <ApplyTemplate />}
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={3} size="h4">
          Próximos {DAYS_SHOWN} dias
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => setFrom(dayjs(from).subtract(7, 'day').format('YYYY-MM-DD'))}
          >
            Semana anterior
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => setFrom(dayjs(from).add(7, 'day').format('YYYY-MM-DD'))}
          >
            Próxima semana
          </Button>
        </Group>
      </Group>
      {!tasks.data ? (
        <Center py="xl">
          <Loader aria-label="Carregando cronograma" />
        </Center>
      ) : tasks.data.length === 0 ? (
        <Text c="dimmed">Nenhuma tarefa no cronograma neste período.</Text>
      ) : (
        <Stack gap="sm" aria-label="Tarefas do cronograma">
          {[...byDay.entries()].map(([day, list]) => (
            <Card key={day} withBorder padding="sm">
              <Text fw={600} size="sm" mb={6}>
                {capitalized(dayjs(day).locale('pt-br').format('dddd, DD/MM'))}
              </Text>
              <Table.ScrollContainer minWidth={320}>
                <Table verticalSpacing={4}>
                  <Table.Tbody>
                    {list.map((task) => (
                      <Table.Tr key={task.id} aria-label={task.name}>
                        <Table.Td w={60}>{task.start_timestamp.slice(11, 16)}</Table.Td>
                        <Table.Td>{task.name}</Table.Td>
                        {canManage && (
                          <Table.Td c="dimmed" visibleFrom="sm">
                            {users.data?.find((u) => u.id === task.user_id)?.name ?? ''}
                          </Table.Td>
                        )}
                        <Table.Td w={130} ta="right">
                          {task.status === 'Completed' ? (
                            <Badge color="green" variant="light">
                              Concluída
                            </Badge>
                          ) : (
                            <Button
                              size="compact-xs"
                              variant="light"
                              leftSection={<IconCheck size={12} />}
                              onClick={async () => {
                                await end.mutateAsync(task.id);
                                showPlanningToast(SUCCESS_MESSAGES.scheduleTaskEnded);
                              }}
                            >
                              Concluir
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Applying a template: its tasks go to every member of each task's role, on the matching days of the range. */
function ApplyTemplate() {
  const { workspaceId } = useSession();
  const templates = useScheduleTemplatesQuery(workspaceId);
  const apply = useApplyTemplateMutation(workspaceId);
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [start, setStart] = useState(() => nowInAppTime().date);
  const [end, setEnd] = useState(() => dayjs(nowInAppTime().date).add(6, 'day').format('YYYY-MM-DD'));
  const [result, setResult] = useState<string | null>(null);
  const submit = async () => {
    const done = await apply.mutateAsync({
      schedule_template_id: Number(templateId),
      start_date: start,
      end_date: end,
    });
    setResult(
      `${done.created_count} ${done.created_count === 1 ? 'tarefa criada' : 'tarefas criadas'} para ${done.users_count} ${done.users_count === 1 ? 'pessoa' : 'pessoas'}.`,
    );
    showPlanningToast(SUCCESS_MESSAGES.scheduleTemplateApplied);
  };
  return (
    <Card withBorder padding="md" aria-label="Aplicar modelo">
      <Group align="flex-end" wrap="wrap" gap="sm">
        <Select
          label="Modelo"
          placeholder="Escolha um modelo"
          data={(templates.data ?? []).map((t) => ({
            value: String(t.id),
            label: `${t.name} (${SCHEDULE_TEMPLATE_TYPE_LABELS[t.type]})`,
          }))}
          value={templateId}
          onChange={setTemplateId}
          w={{ base: '100%', sm: 300 }}
        />
        <TextInput
          label="De"
          type="date"
          value={start}
          onChange={(e) => setStart(e.currentTarget.value)}
          w={160}
        />
        <TextInput
          label="Até"
          type="date"
          value={end}
          onChange={(e) => setEnd(e.currentTarget.value)}
          w={160}
        />
        <Button
          leftSection={<IconCalendarPlus size={16} />}
          onClick={submit}
          disabled={templateId === null || !start || !end}
          loading={apply.isPending}
        >
          Aplicar modelo
        </Button>
      </Group>
      {result && (
        <Text size="sm" mt="xs" role="status">
          {result}
        </Text>
      )}
    </Card>
  );
}
