import { Text } from '@mantine/core';
import { changeFrom } from '../dashboard-filter.ts';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 0 });

/** The change from the previous period: '+25%' in green, '−10%' in red, '—' with nothing to compare. */
export function ChangeBadge({ current, previous }: { current: number; previous: number | undefined }) {
  const change = changeFrom(current, previous);
  if (change === null) {
    return (
      <Text span size="xs" c="dimmed" title="Sem dados no período anterior">
        —
      </Text>
    );
  }
  const sign = change > 0 ? '+' : '';
  return (
    <Text
      span
      size="xs"
      fw={600}
      c={change > 0 ? 'teal.7' : change < 0 ? 'red.7' : 'dimmed'}
      title={`Período anterior: ${previous}`}
    >
      {sign}
      {percent.format(change)}
    </Text>
  );
}
