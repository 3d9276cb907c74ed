import { DndContext, type DragEndEvent, DragOverlay, type DragStartEvent } from '@dnd-kit/core';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useState } from 'react';
import type { Query } from '../../../lib/http.ts';
import type { StageTotals } from '../api/use-stage-summary-query.ts';
import type { DragData, DropData } from './board-column.tsx';
import { BoardColumns } from './board-columns.tsx';
import { BOARD_ANNOUNCEMENTS, BOARD_INSTRUCTIONS, boardCollision, useBoardSensors } from './board-dnd.ts';
import { type CardContext, OpportunityCard } from './opportunity-card.tsx';

type Props = {
  workspaceId: number;
  stages: SalesStage[];
  query: Query;
  totals: ReadonlyMap<number, StageTotals> | undefined;
  context: CardContext;
  mobile: boolean;
  onDrop: (card: OpportunityListItem, stage: SalesStage) => void;
};

/** The columns with drag and drop: mouse, touch (a short press) and keyboard (space, arrows, space). */
export function PipelineBoard({ onDrop, context, mobile, ...columns }: Props) {
  const sensors = useBoardSensors();
  const [dragged, setDragged] = useState<OpportunityListItem | null>(null);
  const onDragStart = ({ active }: DragStartEvent) =>
    setDragged((active.data.current as DragData | undefined)?.card ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const card = (active.data.current as DragData | undefined)?.card;
    const stage = (over?.data.current as DropData | undefined)?.stage;
    if (card && stage) onDrop(card, stage);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={boardCollision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
      // On a phone the next column is a finger away: scroll towards it gently.
      autoScroll={mobile ? { acceleration: 3, threshold: { x: 0.1, y: 0.15 } } : true}
      accessibility={{ announcements: BOARD_ANNOUNCEMENTS, screenReaderInstructions: BOARD_INSTRUCTIONS }}
    >
      <BoardColumns {...columns} context={context} dragged={dragged} mobile={mobile} />
      {/* No drop animation: the card lands in another column, not back where it came from. */}
      <DragOverlay dropAnimation={null}>
        {dragged ? <OpportunityCard card={dragged} {...context} overlay /> : null}
      </DragOverlay>
    </DndContext>
  );
}
