import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Center,
  Chip,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import { canManageSchedule } from '@vendaval/core/permissions';
import { ROLES, type Role, roleLabel } from '@vendaval/core/roles';
import {
  SCHEDULE_TEMPLATE_TYPE_LABELS,
  type ScheduleTemplate,
  type ScheduleTemplateTask,
  WEEKDAY_LABELS,
} from '@vendaval/core/schemas/schedule';
import { useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useLookupQuery } from '../../lib/lookups/use-lookup-query.ts';
import { useSession } from '../../lib/session.ts';
import {
  useCreateTemplateMutation,
  useDeleteTemplateMutation,
  useSaveTemplateTasksMutation,
  useScheduleTemplatesQuery,
  useTemplateTasksQuery,
} from './api/schedule-api.ts';
import { showPlanningToast } from './planning-toasts.ts';

type Named = { id: number; name: string };
type Row = {
  key: string;
  id?: number;
  task: string;
  role: Role;
  media_id: number | null;
  campaign_id: number | null;
  weekdays: number[];
  time: string;
};

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: roleLabel(r) }));
let rowKeys = 0;
const newRow = (): Row => ({
  key: `new-${++rowKeys}`,
  task: '',
  role: 'salesRep',
  media_id: null,
  campaign_id: null,
  weekdays: [1, 2, 3, 4, 5],
  time: '09:00',
});
const rowOf = (t: ScheduleTemplateTask): Row => ({ key: `t-${t.id}`, ...t, role: t.role as Role });

/** /planning/templateManagement: the unit's schedule templates (Routine or Action) and their tasks. */
export function TemplateManagementPage() {
  const { workspaceId } = useSession();
  const canManage = canManageSchedule(useCurrentRole() ?? '');
  const templates = useScheduleTemplatesQuery(workspaceId);
  const create = useCreateTemplateMutation(workspaceId);
  const [name, setName] = useState('');
  const [type, setType] = useState<'Routine' | 'Action'>('Routine');
  const [selected, setSelected] = useState<number | null>(null);
  const current = templates.data?.find((t) => t.id === selected) ?? templates.data?.[0] ?? null;

  const add = async () => {
    const created = await create.mutateAsync({ name, type });
    setName('');
    setSelected(created.id);
    showPlanningToast(SUCCESS_MESSAGES.scheduleTemplateSaved);
  };

  return (
    <Stack gap="lg" maw={1180} mx="auto" w="100%">
      <Stack gap={2}>
        <Title order={2}>Modelos de cronograma</Title>
        <Text size="sm" c="dimmed">
          Rotinas (tarefas recorrentes de um perfil) e ações (tarefas de uma campanha em uma mídia).
        </Text>
      </Stack>
      {canManage && (
        <Card withBorder padding="md">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label="Nome do modelo"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={120}
              w={{ base: '100%', sm: 320 }}
            />
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Tipo
              </Text>
              <SegmentedControl
                aria-label="Tipo do modelo"
                value={type}
                onChange={(v) => setType(v as 'Routine' | 'Action')}
                data={[
                  { value: 'Routine', label: SCHEDULE_TEMPLATE_TYPE_LABELS.Routine },
                  { value: 'Action', label: SCHEDULE_TEMPLATE_TYPE_LABELS.Action },
                ]}
              />
            </Stack>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={add}
              disabled={name.trim() === ''}
              loading={create.isPending}
            >
              Criar modelo
            </Button>
          </Group>
        </Card>
      )}
      {!templates.data ? (
        <Center py="xl">
          <Loader aria-label="Carregando modelos" />
        </Center>
      ) : templates.data.length === 0 ? (
        <Text c="dimmed">Nenhum modelo de cronograma cadastrado.</Text>
      ) : (
        <Group align="flex-start" gap="md" wrap="wrap">
          <Stack gap="xs" w={{ base: '100%', md: 280 }} aria-label="Modelos">
            {templates.data.map((t) => (
              <Card
                key={t.id}
                withBorder
                padding="sm"
                component="button"
                type="button"
                onClick={() => setSelected(t.id)}
                aria-pressed={current?.id === t.id}
                style={{
                  textAlign: 'left',
                  cursor: 'pointer',
                  borderColor: current?.id === t.id ? 'var(--mantine-primary-color-filled)' : undefined,
                }}
              >
                <Text fw={600} size="sm">
                  {t.name}
                </Text>
                <Group gap={6} mt={4}>
                  <Badge size="sm" variant="light" color={t.type === 'Action' ? 'grape' : 'blue'}>
                    {SCHEDULE_TEMPLATE_TYPE_LABELS[t.type]}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {t.tasks_count} {t.tasks_count === 1 ? 'tarefa' : 'tarefas'}
                  </Text>
                </Group>
              </Card>
            ))}
          </Stack>
          {current && <TemplateEditor key={current.id} template={current} canManage={canManage} />}
        </Group>
      )}
    </Stack>
  );
}

function TemplateEditor({ template, canManage }: { template: ScheduleTemplate; canManage: boolean }) {
  const { workspaceId } = useSession();
  const tasks = useTemplateTasksQuery(workspaceId, template.id);
  if (!tasks.data)
    return (
      <Center style={{ flex: 1 }}>
        <Loader aria-label="Carregando tarefas" />
      </Center>
    );
  return <TaskRows template={template} initial={tasks.data.map(rowOf)} canManage={canManage} />;
}

function TaskRows({
  template,
  initial,
  canManage,
}: {
  template: ScheduleTemplate;
  initial: Row[];
  canManage: boolean;
}) {
  const { workspaceId } = useSession();
  const save = useSaveTemplateTasksMutation(workspaceId);
  const remove = useDeleteTemplateMutation(workspaceId);
  const medias = useLookupQuery<Named>('medias');
  const campaigns = useLookupQuery<Named>('campaigns');
  const [rows, setRows] = useState<Row[]>(initial.length > 0 ? initial : canManage ? [newRow()] : []);
  const [removed, setRemoved] = useState<number[]>([]);
  const action = template.type === 'Action';
  const patch = (key: string, change: Partial<Row>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...change } : r)));
  const drop = (row: Row) => {
    setRows((all) => all.filter((r) => r.key !== row.key));
    if (row.id !== undefined) setRemoved((ids) => [...ids, row.id as number]);
  };
  const valid = rows.every((r) => r.task.trim() !== '' && r.weekdays.length > 0 && (!action || r.media_id));

  const submit = async () => {
    const saved = await save.mutateAsync({
      id: template.id,
      tasks: rows.map(({ key: _key, ...r }) => r),
      delete_ids: removed,
    });
    setRows(saved.data.map(rowOf));
    setRemoved([]);
    showPlanningToast(SUCCESS_MESSAGES.scheduleTemplateSaved);
  };

  return (
    <Card withBorder padding="md" style={{ flex: 1, minWidth: 0 }} aria-label={`Modelo ${template.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {template.name}
          </Title>
          {canManage && (
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={async () => {
                await remove.mutateAsync(template.id);
                showPlanningToast(SUCCESS_MESSAGES.scheduleTemplateDeleted);
              }}
            >
              Excluir modelo
            </Button>
          )}
        </Group>
        {rows.length === 0 && <Text c="dimmed">Nenhuma tarefa neste modelo.</Text>}
        {rows.map((row, i) => (
          <Card key={row.key} withBorder padding="sm" radius="sm" aria-label={`Tarefa ${i + 1}`}>
            <Stack gap="xs">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <TextInput
                  label="Tarefa"
                  value={row.task}
                  onChange={(e) => patch(row.key, { task: e.currentTarget.value })}
                  disabled={!canManage}
                  maxLength={120}
                  style={{ flex: '1 1 220px' }}
                />
                <Select
                  label="Perfil"
                  data={ROLE_OPTIONS}
                  value={row.role}
                  allowDeselect={false}
                  onChange={(v) => v && patch(row.key, { role: v as Role })}
                  disabled={!canManage}
                  w={180}
                />
                <TextInput
                  label="Horário"
                  type="time"
                  value={row.time}
                  onChange={(e) => patch(row.key, { time: e.currentTarget.value })}
                  disabled={!canManage}
                  w={140}
                />
                {canManage && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remover tarefa ${i + 1}`}
                    onClick={() => drop(row)}
                    mb={4}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
              {action && (
                <Group gap="sm" wrap="wrap">
                  <Select
                    label="Mídia"
                    data={(medias.data ?? []).map((m) => ({ value: String(m.id), label: m.name }))}
                    value={row.media_id === null ? null : String(row.media_id)}
                    onChange={(v) => patch(row.key, { media_id: v ? Number(v) : null })}
                    disabled={!canManage}
                    searchable
                    w={220}
                  />
                  <Select
                    label="Campanha"
                    data={(campaigns.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                    value={row.campaign_id === null ? null : String(row.campaign_id)}
                    onChange={(v) => patch(row.key, { campaign_id: v ? Number(v) : null })}
                    disabled={!canManage}
                    searchable
                    clearable
                    w={220}
                  />
                </Group>
              )}
              <Chip.Group
                multiple
                value={row.weekdays.map(String)}
                onChange={(v) => patch(row.key, { weekdays: v.map(Number).sort((a, b) => a - b) })}
              >
                <Group gap={6} aria-label="Dias da semana">
                  {WEEKDAY_LABELS.map((label, day) => (
                    <Chip key={label} value={String(day)} size="xs" disabled={!canManage}>
                      {label}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          </Card>
        ))}
        {canManage && (
          <Group justify="space-between" wrap="wrap">
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setRows((r) => [...r, newRow()])}
            >
              Adicionar tarefa
            </Button>
            <Button onClick={submit} disabled={!valid} loading={save.isPending}>
              Salvar tarefas
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
