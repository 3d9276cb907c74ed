import { Badge, Card, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { formatDateTime } from '@vendaval/core/format';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_TRIGGER_LABELS,
  type AutomationRun,
  type AutomationRunStatus,
} from '@vendaval/core/schemas/automations';
import dayjs from 'dayjs';
import { useState } from 'react';
import { PeriodInput } from '../../../ui/period-input/period-input.tsx';
import { type AutomationLogFilter, useAutomationLogsQuery } from '../api/use-automation-logs-query.ts';

const STATUS: Readonly<Record<AutomationRunStatus, { label: string; color: string }>> = {
  running: { label: 'Em andamento', color: 'blue' },
  completed: { label: 'Concluída', color: 'green' },
  failed: { label: 'Falhou', color: 'red' },
  stopped: { label: 'Interrompida', color: 'orange' },
  skipped: { label: 'Ignorada', color: 'gray' },
};

/** A wait is logged when it starts: while the run goes on and nothing came after it, it is still waiting. */
function stepState(run: AutomationRun, step: AutomationRun['steps'][number], last: boolean) {
  if (step.status === 'failed') return 'falhou';
  return step.type === 'wait' && last && run.status === 'running' ? 'aguardando' : 'feita';
}

/** The run log of one automation, filtered by a period of start or end dates (the marketing-automation filter). */
export function RunLog({ workspaceId, automationId }: { workspaceId: number | null; automationId: number }) {
  const [filter, setFilter] = useState<AutomationLogFilter>({
    start_timestamp: null,
    end_timestamp: null,
    date_type: 'started_at',
  });
  const logs = useAutomationLogsQuery(workspaceId, automationId, filter);
  const runs = logs.data?.data ?? [];

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <div style={{ flex: '1 1 220px' }}>
          <PeriodInput
            start={filter.start_timestamp}
            end={filter.end_timestamp}
            onChange={(start, end) =>
              setFilter({
                ...filter,
                start_timestamp: start ? dayjs(start).startOf('day').toISOString() : null,
                end_timestamp: end ? dayjs(end).endOf('day').toISOString() : null,
              })
            }
          />
        </div>
        <Select
          label="Data considerada"
          allowDeselect={false}
          style={{ flex: '1 1 180px' }}
          data={[
            { value: 'started_at', label: 'Início da execução' },
            { value: 'finished_at', label: 'Fim da execução' },
          ]}
          value={filter.date_type}
          onChange={(value) =>
            value && setFilter({ ...filter, date_type: value as AutomationLogFilter['date_type'] })
          }
        />
      </Group>
      {logs.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando execuções" />
        </Center>
      ) : runs.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            Nenhuma execução no período.
          </Text>
        </Card>
      ) : (
        runs.map((run) => (
          <Card key={run.id} withBorder radius="md" padding="sm" data-testid="automation-run">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs">
                <Group gap="xs">
                  <Badge color={STATUS[run.status].color} variant="light">
                    {STATUS[run.status].label}
                  </Badge>
                  <Badge color="gray" variant="outline">{`v${run.version_number}`}</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(run.started_at)}
                </Text>
              </Group>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {`${AUTOMATION_TRIGGER_LABELS[run.trigger]}${run.opportunity ? ` · ${run.opportunity.name}` : ''}`}
              </Text>
              {run.reason && (
                <Text size="sm" c="dimmed">
                  {`Motivo: ${run.reason}`}
                </Text>
              )}
              {run.steps.length > 0 && (
                <Stack gap={2}>
                  {run.steps.map((step, i) => (
                    <Text key={step.index} size="xs" c={step.status === 'failed' ? 'red' : undefined}>
                      {`Ação ${step.index + 1}: ${AUTOMATION_ACTION_LABELS[step.type]} — ${stepState(
                        run,
                        step,
                        i === run.steps.length - 1,
                      )}${step.error ? ` (${step.error})` : ''}`}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          </Card>
        ))
      )}
    </Stack>
  );
}
