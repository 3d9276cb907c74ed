import { useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Center, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { type KeyboardEvent, memo, type RefObject, useCallback, useEffect, useMemo, useRef } from 'react';
import type { Query } from '../../../lib/http.ts';
import { openOpportunityModal } from '../../../lib/opportunity-modal.ts';
import { useBoardColumnQuery } from '../api/use-board-column-query.ts';
import type { StageTotals } from '../api/use-stage-summary-query.ts';
import classes from './board.module.css';
import { useBoardSelectionContext } from './board-selection-context.ts';
import { ColumnHeader } from './column-header.tsx';
import { type CardContext, cardIds, OpportunityCard } from './opportunity-card.tsx';

/** A card's height before it is measured; close to a card with a product and tags. */
const ESTIMATED_CARD_HEIGHT = 168;
const CARD_GAP = 8;
/** Load the next page while this many cards are still below the visible ones. */
const PREFETCH_DISTANCE = 15;

export type DragData = { card: OpportunityListItem };
export type DropData = { stage: SalesStage };

type Props = {
  workspaceId: number;
  stage: SalesStage;
  filters: Query;
  totals: StageTotals | undefined;
  context: CardContext;
  /** The card being dragged: it stays rendered even when scrolled out of view. */
  activeId: number | null;
};

// Memoized: scrolling re-renders the column on every frame, and only the cards coming into view need to render.
const DraggableCard = memo(function DraggableCard({
  card,
  context,
  run,
}: {
  card: OpportunityListItem;
  context: CardContext;
  /** The column's cards in order, read on a shift-click, which picks the run between two of them. */
  run: () => readonly number[];
}) {
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: card.id,
    data: { card } satisfies DragData,
  });
  const selection = useBoardSelectionContext();
  const ids = cardIds(card.id);
  const selecting = !!selection?.active;
  const pick = (shift: boolean) => selection?.toggle(card.id, shift ? run() : undefined);
  const open = () => openOpportunityModal({ id: card.id });
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && !isDragging) {
      if (selecting) pick(event.shiftKey);
      else open();
    } else listeners?.onKeyDown?.(event);
  };
  return (
    <OpportunityCard
      ref={setNodeRef}
      card={card}
      {...context}
      dragging={isDragging}
      {...attributes}
      {...listeners}
      aria-roledescription="card arrastável"
      aria-labelledby={ids.name}
      aria-describedby={`${ids.details} ${attributes['aria-describedby']}`}
      onKeyDown={onKeyDown}
      onClick={(event) => (selecting ? pick(event.shiftKey) : open())}
      selected={selecting ? !!selection?.all || !!selection?.ids.has(card.id) : undefined}
      onSelect={selecting && !selection?.all ? pick : undefined}
    />
  );
});

function ColumnSkeleton() {
  return (
    <Stack gap={CARD_GAP} aria-hidden>
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={132} radius="md" />
      ))}
    </Stack>
  );
}

function ColumnError({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl" role="alert">
      <IconAlertTriangle size={28} color="var(--mantine-color-red-6)" aria-hidden />
      <Text size="sm" ta="center">
        Não foi possível carregar os cards desta etapa.
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Tentar novamente
      </Button>
    </Stack>
  );
}

type CardsProps = {
  stageName: string;
  cards: OpportunityListItem[];
  count: number | undefined;
  context: CardContext;
  activeId: number | null;
  scroller: RefObject<HTMLDivElement | null>;
  /** Asked when the last cards come near; not asked again after a failure until the user retries. */
  onNearEnd: () => void;
};

/** The cards of a column, only those in view (and the one being dragged) in the page. */
function VirtualCards({ stageName, cards, count, context, activeId, scroller, onNearEnd }: CardsProps) {
  const activeIndex = activeId === null ? -1 : cards.findIndex((c) => c.id === activeId);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return activeIndex < 0 || indexes.includes(activeIndex)
        ? indexes
        : [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  const virtualizer = useVirtualizer({
    count: cards.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ESTIMATED_CARD_HEIGHT,
    getItemKey: (index) => cards[index]?.id ?? index,
    gap: CARD_GAP,
    overscan: 6,
    rangeExtractor,
  });
  const items = virtualizer.getVirtualItems();
  // A getter rather than the ids themselves: a page coming in then leaves the memoized cards in view alone.
  const loaded = useRef(cards);
  useEffect(() => {
    loaded.current = cards;
  }, [cards]);
  const run = useCallback(() => loaded.current.map((card) => card.id), []);
  const lastIndex = items.at(-1)?.index ?? -1;
  const nearEnd = lastIndex >= cards.length - PREFETCH_DISTANCE;
  useEffect(() => {
    if (nearEnd) onNearEnd();
  }, [nearEnd, onNearEnd]);

  return (
    <ul
      className={classes.cards}
      aria-label={`Cards de ${stageName}`}
      style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
    >
      {items.map((item) => {
        const card = cards[item.index];
        if (!card) return null;
        return (
          <li
            key={item.key}
            data-index={item.index}
            ref={virtualizer.measureElement}
            aria-setsize={count}
            aria-posinset={item.index + 1}
            className={classes.cardSlot}
            style={{ transform: `translateY(${item.start}px)` }}
          >
            <DraggableCard card={card} context={context} run={run} />
          </li>
        );
      })}
    </ul>
  );
}

/** One stage of the board: its header, then its cards, virtualized and loaded page by page. */
export function BoardColumn({ workspaceId, stage, filters, totals, context, activeId }: Props) {
  const column = useBoardColumnQuery(workspaceId, stage.id, filters);
  const { setNodeRef, isOver } = useDroppable({ id: stage.id, data: { stage } satisfies DropData });
  const cards = useMemo(() => column.data?.pages.flatMap((page) => page.data) ?? [], [column.data]);
  const scroller = useRef<HTMLDivElement>(null);
  const count = totals?.count ?? column.data?.pages[0]?.pagination.total_count;

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = column;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);

  return (
    <section
      ref={setNodeRef}
      className={classes.column}
      aria-label={stage.name}
      data-stage-id={stage.id}
      data-over={isOver || undefined}
    >
      <ColumnHeader stage={stage} count={count} total={totals?.total_price} />
      <div ref={scroller} className={classes.scroller}>
        {column.isPending ? (
          <ColumnSkeleton />
        ) : column.isError && cards.length === 0 ? (
          <ColumnError onRetry={() => void column.refetch()} />
        ) : cards.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            Nenhum card nesta etapa
          </Text>
        ) : (
          <VirtualCards
            stageName={stage.name}
            cards={cards}
            count={count}
            context={context}
            activeId={activeId}
            scroller={scroller}
            onNearEnd={loadMore}
          />
        )}
        {isFetchingNextPage && (
          <Center py="sm">
            <Loader size="sm" aria-label="Carregando mais cards" />
          </Center>
        )}
        {isFetchNextPageError && (
          <Center py="sm">
            <Button size="xs" variant="light" onClick={() => void fetchNextPage()}>
              Carregar mais cards
            </Button>
          </Center>
        )}
      </div>
    </section>
  );
}
