import { Badge, Group, Skeleton, Text, VisuallyHidden } from '@mantine/core';
import { formatBRL } from '@vendaval/core/format';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { cssColor, textOn } from '../../../ui/stage-colors.ts';
import classes from './board.module.css';

type Props = { stage: SalesStage; count: number | undefined; total: number | undefined };

/** The stage in its colour, with how many cards it holds and their BRL total under the board's filters. */
export function ColumnHeader({ stage, count, total }: Props) {
  const color = textOn(stage.color);
  return (
    <header className={classes.columnHeader} style={{ background: cssColor(stage.color), color }}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text component="h2" fw={700} size="sm" truncate title={stage.name} c="inherit">
          {stage.name}
        </Text>
        {count === undefined ? (
          <Skeleton height={18} width={28} radius="xl" />
        ) : (
          <Badge
            size="sm"
            variant="white"
            radius="xl"
            style={{
              color: cssColor(stage.color),
              background: color === '#ffffff' ? '#ffffff' : 'rgba(0,0,0,0.78)',
            }}
          >
            {count}
            <VisuallyHidden>{count === 1 ? ' card' : ' cards'}</VisuallyHidden>
          </Badge>
        )}
      </Group>
      <Text size="xs" c="inherit" opacity={0.9} mih={18}>
        {total === undefined ? '\u00a0' : formatBRL(total)}
      </Text>
    </header>
  );
}
