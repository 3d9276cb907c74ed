import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import { formatBRL } from '@vendaval/core/format';
import type { ListField } from '../list-definitions.ts';

/** How a saved field of a list item reads in the table. */
export function FieldValue({
  field,
  value,
  interactionTypeName,
}: {
  field: ListField;
  value: unknown;
  interactionTypeName: (id: number) => string | undefined;
}) {
  switch (field.kind) {
    case 'color':
      return (
        <Group gap={6} wrap="nowrap">
          <ColorSwatch color={`#${value}`} size={16} />
          <Text size="sm" ff="monospace">
            #{String(value)}
          </Text>
        </Group>
      );
    case 'choice':
      return <Text size="sm">{field.options?.find((o) => o.value === value)?.label ?? String(value)}</Text>;
    case 'price':
      return <Text size="sm">{formatBRL(Number(value))}</Text>;
    case 'interactionType':
      return (
        <Text size="sm" c={value == null ? 'dimmed' : undefined}>
          {value == null ? 'Nenhuma' : (interactionTypeName(Number(value)) ?? '—')}
        </Text>
      );
    case 'isDefault':
      return value ? <Badge variant="light">Padrão</Badge> : null;
    case 'longText':
      return (
        <Text size="sm" lineClamp={2} style={{ whiteSpace: 'pre-wrap' }}>
          {String(value ?? '')}
        </Text>
      );
    default:
      return (
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {String(value ?? '')}
        </Text>
      );
  }
}
