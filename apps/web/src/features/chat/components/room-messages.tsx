import { Center, Loader, Stack, Text } from '@mantine/core';
import { chatDayLabel } from '@vendaval/core/format';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useEffect, useMemo, useRef } from 'react';
import { useMessagesHeadQuery } from '../api/use-messages-head-query.ts';
import { useOlderMessagesQuery } from '../api/use-older-messages-query.ts';
import { groupByDay, mergePages } from '../message-rules.ts';
import classes from './chat.module.css';
import { type MessageActions, MessageBubble } from './message-bubble.tsx';

type Room = Opportunity['dialogs'][number];

type Props = {
  room: Room;
  opportunityId: number;
  /** The newest room, polled while open. */
  polling: boolean;
  /** Grows each time the user reaches the top; the oldest room shown answers it. */
  loadTick: number;
  onExhausted: () => void;
  actions: MessageActions;
  onNewestMessage?: (message: ChatMessage | undefined) => void;
  /** Told whether this room has older pages still to load, once its newest page is in. */
  onHasMore?: (more: boolean) => void;
};

function useRoomMessages(room: Room, polling: boolean, loadTick: number, onExhausted: () => void) {
  const head = useMessagesHeadQuery(room.id, polling);
  const total = head.data?.pagination.total_count ?? 0;
  const hasOlder = total > (head.data?.data.length ?? 0);
  const wantsOlder = loadTick > 0 && hasOlder;
  const older = useOlderMessagesQuery(room.id, wantsOlder);
  const handled = useRef(0);
  useEffect(() => {
    if (loadTick === 0) handled.current = 0;
    if (loadTick === handled.current || !head.data) return;
    handled.current = loadTick;
    // A request made while a page is on its way is answered by that page.
    if (older.isFetching) return;
    if (!hasOlder || (older.data && !older.hasNextPage)) onExhausted();
    else if (older.data) void older.fetchNextPage();
  }, [loadTick, head.data, hasOlder, older, onExhausted]);
  const messages = useMemo(
    () => mergePages([head.data?.data ?? [], ...(older.data?.pages.map((page) => page.data) ?? [])]),
    [head.data, older.data],
  );
  const hasMore = hasOlder && (!older.data || older.hasNextPage);
  return {
    messages,
    hasMore,
    ready: head.data !== undefined,
    loading: head.isPending || older.isFetchingNextPage,
  };
}

/** One room: its header line, then its messages by day, oldest first (CHAT-001, CHAT-002). */
export function RoomMessages(props: Props) {
  const { room, opportunityId, polling, loadTick, onExhausted, actions, onNewestMessage, onHasMore } = props;
  const { messages, hasMore, ready, loading } = useRoomMessages(room, polling, loadTick, onExhausted);
  useEffect(() => {
    if (ready) onHasMore?.(hasMore);
  }, [ready, hasMore, onHasMore]);
  const groups = useMemo(() => groupByDay(messages, (sentAt) => chatDayLabel(sentAt)), [messages]);
  const newest = messages.at(-1);
  useEffect(() => onNewestMessage?.(newest), [newest, onNewestMessage]);
  return (
    <Stack gap="xs" component="section" aria-label={`Sala #${room.id}`}>
      <Text size="xs" fw={600} c="dimmed" className={classes.roomHeader} data-testid="room-header">
        {room.bot_name ?? 'Robô'} · Sala #{room.id} · Oportunidade #{opportunityId}
      </Text>
      {loading && (
        <Center>
          <Loader size="sm" aria-label="Carregando mensagens" />
        </Center>
      )}
      {groups.map((group) => (
        <Stack key={group.key} gap={6}>
          <Text size="xs" c="dimmed" className={classes.dayLabel} data-testid="day-label">
            {group.label}
          </Text>
          {group.messages.map((message) => (
            <MessageBubble key={message.id} message={message} actions={actions} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
