import { Group, Paper, Text } from '@mantine/core';
import type { TaskSummary } from '@vendaval/core/schemas/tasks';

const COUNTS: { key: keyof TaskSummary; label: string; color: string }[] = [
  { key: 'open', label: 'Abertas', color: 'blue' },
  { key: 'overdue', label: 'Atrasadas', color: 'red' },
  { key: 'done_today', label: 'Concluídas hoje', color: 'teal' },
];

/** The agenda's counts under its filters (GET /tasks/summary). */
export function TaskSummaryCounts({ summary }: { summary: TaskSummary | undefined }) {
  return (
    <Group gap="sm" wrap="wrap" role="list" aria-label="Resumo das tarefas">
      {COUNTS.map(({ key, label, color }) => (
        <Paper key={key} withBorder radius="md" px="md" py={6} role="listitem" miw={120}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={700} size="lg" c={color} aria-label={`${label}: ${summary?.[key] ?? 0}`}>
            {summary?.[key] ?? '–'}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}
