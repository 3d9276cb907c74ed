import { Button, Card, Skeleton, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useEffect, useRef, useState } from 'react';
import type { Query } from '../../../lib/http.ts';
import { cssColor } from '../../../ui/stage-colors.ts';
import type { StageTotals } from '../api/use-stage-summary-query.ts';
import classes from './board.module.css';
import { BoardColumn } from './board-column.tsx';
import type { CardContext } from './opportunity-card.tsx';

type Props = {
  workspaceId: number;
  stages: SalesStage[];
  query: Query;
  totals: ReadonlyMap<number, StageTotals> | undefined;
  context: CardContext;
  dragged: OpportunityListItem | null;
  mobile: boolean;
};

const columnOf = (board: HTMLElement | null, stageId: number | undefined) =>
  board?.querySelector<HTMLElement>(`[data-stage-id="${stageId}"]`) ?? null;

/** The columns side by side; on a phone one at a time, with a strip of stages to jump between them. */
export function BoardColumns({ workspaceId, stages, query, totals, context, dragged, mobile }: Props) {
  const board = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);

  const onScroll = () => {
    const element = board.current;
    if (!element) return;
    const columns = [...element.querySelectorAll<HTMLElement>('[data-stage-id]')];
    const left = element.scrollLeft + element.clientWidth / 3;
    const index = columns.findLastIndex((column) => column.offsetLeft <= left);
    setCurrent(Math.max(0, index));
  };
  const goTo = (index: number) => {
    const column = columnOf(board.current, stages[index]?.id);
    column?.scrollIntoView({ behavior: 'smooth', inline: 'start', block: 'nearest' });
    setCurrent(index);
  };

  if (stages.length === 0) {
    return (
      <Card withBorder radius="md" padding="lg">
        <Text>Nenhuma etapa cadastrada neste workspace.</Text>
      </Card>
    );
  }
  return (
    <>
      {mobile && <StageTabs stages={stages} totals={totals} current={current} onSelect={goTo} />}
      <div
        ref={board}
        className={classes.board}
        onScroll={mobile ? onScroll : undefined}
        data-dragging={dragged ? true : undefined}
      >
        {stages.map((stage) => (
          <BoardColumn
            key={stage.id}
            workspaceId={workspaceId}
            stage={stage}
            filters={query}
            totals={totals?.get(stage.id)}
            context={context}
            activeId={dragged?.id ?? null}
          />
        ))}
      </div>
    </>
  );
}

type TabsProps = {
  stages: SalesStage[];
  totals: ReadonlyMap<number, StageTotals> | undefined;
  current: number;
  onSelect: (index: number) => void;
};

function StageTabs({ stages, totals, current, onSelect }: TabsProps) {
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    const tab = strip.current?.children[current];
    tab?.scrollIntoView({ behavior: 'smooth', inline: 'nearest', block: 'nearest' });
  }, [current]);
  return (
    <nav ref={strip} className={classes.stageTabs} aria-label="Etapas do funil">
      {stages.map((stage, index) => (
        <UnstyledButton
          key={stage.id}
          className={classes.stageTab}
          aria-current={index === current ? 'true' : undefined}
          onClick={() => onSelect(index)}
        >
          <span className={classes.stageDot} style={{ background: cssColor(stage.color) }} aria-hidden />
          {stage.name}
          <Text span size="xs" c="dimmed">
            {totals?.get(stage.id)?.count ?? ''}
          </Text>
        </UnstyledButton>
      ))}
    </nav>
  );
}

export function BoardSkeleton() {
  return (
    <div className={classes.board} role="status" aria-busy="true">
      <VisuallyHidden>Carregando o pipeline</VisuallyHidden>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className={classes.column} aria-hidden>
          <Skeleton height={52} radius={0} />
          <Stack gap={8} p={8}>
            <Skeleton height={132} radius="md" />
            <Skeleton height={132} radius="md" />
          </Stack>
        </div>
      ))}
    </div>
  );
}

export function StagesError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card withBorder radius="md" padding="lg" role="alert">
      <Stack align="center" gap="sm">
        <IconAlertTriangle size={32} color="var(--mantine-color-red-6)" aria-hidden />
        <Text>Não foi possível carregar as etapas do funil.</Text>
        <Button variant="light" onClick={onRetry}>
          Tentar novamente
        </Button>
      </Stack>
    </Card>
  );
}
