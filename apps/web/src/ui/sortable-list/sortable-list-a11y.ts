import {
  type Active,
  type Announcements,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  type Over,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useRef } from 'react';

type SortableData = { sortable?: { index: number; items: UniqueIdentifier[] } };

const positionOf = (item: Active | Over | null) => (item?.data.current as SortableData | undefined)?.sortable;

/**
 * Screen-reader texts of a vertical list reordered with dnd-kit, in pt-BR like the board's: what is moving, where
 * it is ('posição 2 de 9'), where it landed. `noun` is how the list calls an item ('Etapa', feminine unless told
 * otherwise), `nameOf` its name.
 */
export function sortableListAccessibility(
  noun: string,
  nameOf: (id: UniqueIdentifier) => string,
  gender: 'a' | 'o' = 'a',
) {
  const item = (active: Active) => `${noun} ${nameOf(active.id)}`;
  const place = (at: Active | Over | null) => {
    const position = positionOf(at);
    return position ? `posição ${position.index + 1} de ${position.items.length}` : null;
  };
  // Picking an item up puts it over its own place at once: that says nothing new, so the pick-up text stays.
  let moved = false;
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      moved = false;
      return `${item(active)} selecionad${gender}. ${capitalize(place(active) ?? '')}.`;
    },
    onDragOver: ({ active, over }) => {
      if (!moved && over?.id === active.id) return undefined;
      moved = true;
      return place(over)
        ? `${item(active)} movid${gender} para a ${place(over)}.`
        : `${item(active)} fora da lista.`;
    },
    onDragEnd: ({ active, over }) =>
      place(over)
        ? `${item(active)} solt${gender} na ${place(over)}.`
        : `${item(active)} solt${gender} fora da lista.`,
    onDragCancel: ({ active }) => `Movimento cancelado: ${item(active)} voltou à ${place(active)}.`,
  };
  const screenReaderInstructions = {
    draggable:
      'Para mudar a ordem, pressione espaço, use as setas para cima e para baixo e pressione espaço de novo para soltar, ou Esc para cancelar.',
  };
  return { announcements, screenReaderInstructions };
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Pointer and keyboard sensors for a vertical list. Each arrow moves the item exactly one place: the target is
 * counted here, from the list's layout before the drag, not read back from where the last move was drawn, which a
 * second key pressed before the screen caught up would find unchanged. Call `onDragStart` when a drag starts.
 */
export function useSortableListSensors() {
  const target = useRef<UniqueIdentifier | null>(null);
  const coordinateGetter: KeyboardCoordinateGetter = (event, { active, context }) => {
    const step = event.code === 'ArrowDown' ? 1 : event.code === 'ArrowUp' ? -1 : 0;
    if (step === 0) return undefined;
    event.preventDefault();
    const { droppableRects, droppableContainers } = context;
    const top = (id: UniqueIdentifier) => droppableRects.get(id)?.top ?? 0;
    const order = droppableContainers
      .getEnabled()
      .map((container) => container.id)
      .filter((id) => droppableRects.has(id))
      .sort((a, b) => top(a) - top(b));
    const from = order.indexOf(target.current ?? active);
    const next = order[Math.min(order.length - 1, Math.max(0, from + step))];
    const nextRect = next === undefined ? undefined : droppableRects.get(next);
    const activeRect = droppableRects.get(active);
    if (next === undefined || !nextRect || !activeRect) return undefined;
    target.current = next;
    const centre = (rect: { top: number; height: number }) => rect.top + rect.height / 2;
    return { x: activeRect.left, y: activeRect.top + centre(nextRect) - centre(activeRect) };
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );
  return {
    sensors,
    onDragStart: () => {
      target.current = null;
    },
  };
}
