import {
  type Active,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  type Over,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { DragData, DropData } from './board-column.tsx';

/** The column under the pointer; for the keyboard (no pointer), the column the card overlaps most. */
export const boardCollision: CollisionDetection = (args) => {
  const hits = args.pointerCoordinates ? pointerWithin(args) : [];
  return hits.length > 0 ? hits : rectIntersection(args);
};

/** Left and right arrows carry the card to the previous or next column. */
export const columnKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { context, currentCoordinates },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  const { collisionRect, droppableRects, droppableContainers } = context;
  if (step === 0 || !collisionRect) return undefined;
  event.preventDefault();
  const columns = droppableContainers
    .getEnabled()
    .map((container) => droppableRects.get(container.id))
    .filter((rect) => rect !== undefined)
    .sort((a, b) => a.left - b.left);
  const center = collisionRect.left + collisionRect.width / 2;
  const distance = (rect: { left: number; width: number }) => Math.abs(rect.left + rect.width / 2 - center);
  const here = columns.reduce(
    (best, rect, i) => (distance(rect) < distance(columns[best] ?? rect) ? i : best),
    0,
  );
  const target = columns[here + step];
  if (!target) return currentCoordinates;
  return { x: currentCoordinates.x + target.left + target.width / 2 - center, y: currentCoordinates.y };
};

/** Mouse and touch need a real gesture before a drag starts, so a tap or a click still opens the card. */
export function useBoardSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 6 } }),
    // A short press on a phone, so a swipe still scrolls the board.
    useSensor(TouchSensor, { activationConstraint: { delay: 220, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: columnKeyboardCoordinates,
      // Enter opens the card; the space bar picks it up and puts it down.
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );
}

const cardName = (active: Active) => (active.data.current as DragData | undefined)?.card.name ?? 'card';
const stageName = (over: Over | null) => (over?.data.current as DropData | undefined)?.stage.name;

export const BOARD_ANNOUNCEMENTS: Announcements = {
  onDragStart: ({ active }) => `Card ${cardName(active)} selecionado.`,
  onDragOver: ({ active, over }) =>
    stageName(over)
      ? `Card ${cardName(active)} sobre a etapa ${stageName(over)}.`
      : `Card ${cardName(active)} fora das etapas.`,
  onDragEnd: ({ active, over }) =>
    stageName(over)
      ? `Card ${cardName(active)} solto na etapa ${stageName(over)}.`
      : `Card ${cardName(active)} solto fora das etapas.`,
  onDragCancel: ({ active }) => `Movimento do card ${cardName(active)} cancelado.`,
};

export const BOARD_INSTRUCTIONS = {
  draggable:
    'Enter abre o card. Para mudá-lo de etapa, pressione espaço, use as setas para a esquerda e para a direita e pressione espaço de novo para soltar, ou Esc para cancelar.',
};
