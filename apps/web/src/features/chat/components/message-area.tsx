import { Button, Center, Stack, Text } from '@mantine/core';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { type UIEvent, useCallback, useRef, useState } from 'react';
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
 * The rooms of the card, newest first: the newest is shown at once; reaching the top loads its older pages,
 * then the room before it, one after another (CHAT-006, CHAT-007).
 */
function useRoomPaging(roomCount: number) {
  const [state, setState] = useState({ shown: 1, tick: 0, base: 0, done: roomCount === 0 });
  const more = useCallback(() => setState((s) => (s.done ? s : { ...s, tick: s.tick + 1 })), []);
  const exhausted = useCallback(
    () =>
      setState((s) =>
        s.shown < roomCount ? { ...s, shown: s.shown + 1, base: s.tick } : { ...s, done: true },
      ),
    [roomCount],
  );
  return { ...state, more, exhausted };
}

export function MessageArea({ opportunity, polling, actions, onNewestMessage }: Props) {
  const rooms = opportunity.dialogs;
  const paging = useRoomPaging(rooms.length);
  const nearTop = useRef(false);
  const [oldestHasMore, setOldestHasMore] = useState(false);
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
        {!paging.done && (paging.shown < rooms.length || oldestHasMore) && (
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
              onHasMore={index === shown.length - 1 ? setOldestHasMore : undefined}
            />
          ))
          .reverse()}
      </Stack>
    </div>
  );
}
