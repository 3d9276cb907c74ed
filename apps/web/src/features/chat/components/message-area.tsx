import { Button, Center, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { type UIEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useCardRoomsQuery } from '../api/use-card-rooms-query.ts';
import classes from './chat.module.css';
import type { MessageActions } from './message-bubble.tsx';
import { RoomMessages } from './room-messages.tsx';

type Props = {
  opportunity: Opportunity;
  /** The newest room is open: it is polled. */
  polling: boolean;
  /** Replies go only to the newest room. */
  actions: MessageActions;
  onNewestMessage: (message: ChatMessage | undefined) => void;
};

const NEAR_TOP_PX = 80;

/**
 * The card answers its newest room only; the older ones are asked once that room has been read to its start.
 * A room opened since stays first: the card's own list wins over the older answer.
 */
function useRooms(opportunity: Opportunity, wantsOlder: boolean) {
  const current = opportunity.dialogs;
  const older = useCardRoomsQuery(opportunity.id, wantsOlder && current.length > 0);
  const rooms = useMemo(() => {
    const oldestShown = current.at(-1)?.id ?? 0;
    return [...current, ...(older.data ?? []).filter((room) => room.id < oldestShown)];
  }, [current, older.data]);
  return { rooms, olderKnown: current.length === 0 || older.data !== undefined };
}

/**
 * The rooms of the card, newest first: the newest is shown at once; reaching the top loads its older pages,
 * then the room before it, one after another (CHAT-006, CHAT-007).
 */
function useRoomPaging(opportunity: Opportunity) {
  const [state, setState] = useState({
    shown: 1,
    tick: 0,
    base: 0,
    wantsOlder: false,
    waiting: false,
    done: false,
  });
  // Whether the oldest room shown has older pages; unknown until its newest page is in.
  const [oldestHasMore, setOldestHasMore] = useState<boolean>();
  const { rooms, olderKnown } = useRooms(opportunity, state.wantsOlder);
  const more = useCallback(() => setState((s) => (s.done ? s : { ...s, tick: s.tick + 1 })), []);
  const next = useCallback(
    (s: typeof state) => {
      if (s.shown < rooms.length) return { ...s, shown: s.shown + 1, base: s.tick, waiting: false };
      if (olderKnown) return { ...s, done: true, waiting: false };
      return { ...s, wantsOlder: true, waiting: true };
    },
    [rooms.length, olderKnown],
  );
  const exhausted = useCallback(() => setState(next), [next]);
  // The newest room read to its start (or fitting in one page): time to know the rooms before it.
  useEffect(() => {
    if (oldestHasMore === false && !olderKnown)
      setState((s) => (s.wantsOlder ? s : { ...s, wantsOlder: true }));
  }, [oldestHasMore, olderKnown]);
  // The oldest room shown ran out before the older rooms were known: go on once they are.
  useEffect(() => {
    if (state.waiting && olderKnown) setState(next);
  }, [state.waiting, olderKnown, next]);
  const done = state.done || rooms.length === 0;
  const hasMore = !done && (state.shown < rooms.length || oldestHasMore === true);
  return { ...state, rooms, hasMore, more, exhausted, setOldestHasMore };
}

export function MessageArea({ opportunity, polling, actions, onNewestMessage }: Props) {
  const paging = useRoomPaging(opportunity);
  const { rooms } = paging;
  const nearTop = useRef(false);
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget;
    // column-reverse: scrollTop is 0 at the bottom and negative upwards.
    const near = el.scrollHeight - el.clientHeight + el.scrollTop < NEAR_TOP_PX;
    if (near && !nearTop.current) paging.more();
    nearTop.current = near;
  };
  const shown = rooms.slice(0, paging.shown);
  return (
    <div className={classes.scroller} onScroll={onScroll} data-testid="chat-scroller">
      <Stack gap="md">
        {paging.hasMore && (
          <Center>
            <Button variant="subtle" size="compact-xs" onClick={paging.more}>
              Carregar mensagens anteriores
            </Button>
          </Center>
        )}
        {rooms.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="xl">
            Nenhuma conversa com este contato ainda.
          </Text>
        )}
        {shown
          .map((room, index) => (
            <RoomMessages
              key={room.id}
              room={room}
              opportunityId={opportunity.id}
              polling={index === 0 && polling}
              loadTick={index === shown.length - 1 ? paging.tick - paging.base : 0}
              onExhausted={paging.exhausted}
              actions={index === 0 ? actions : { onDelete: actions.onDelete }}
              onNewestMessage={index === 0 ? onNewestMessage : undefined}
              onHasMore={index === shown.length - 1 ? paging.setOldestHasMore : undefined}
            />
          ))
          .reverse()}
      </Stack>
    </div>
  );
}
