import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { CHAT_RING_MS } from '@vendaval/core/constants';
import type { RealtimeEvent, StreamTicket } from '@vendaval/core/schemas/chat';
import { useEffect, useSyncExternalStore } from 'react';
import { apiUrl, http } from './http.ts';
import { dashboardsKey, opportunitiesKey, opportunityKey, tasksKey } from './opportunity-keys.ts';
import { useSession } from './session.ts';

/** Every chat query of a workspace starts with this key: the omnichannel list, a room, its messages. */
export const dialogsKey = (workspaceId: number | null) => [workspaceId, 'dialogs'] as const;
export const dialogMessagesKey = (workspaceId: number | null, dialogId: number) =>
  [...dialogsKey(workspaceId), dialogId, 'messages'] as const;

export type RealtimeStatus = 'connecting' | 'open' | 'down';

const BACKOFF_MIN_MS = 1000;
const BACKOFF_MAX_MS = 30_000;

let status: RealtimeStatus = 'down';
const statusListeners = new Set<() => void>();
const eventListeners = new Set<(event: RealtimeEvent) => void>();

function setStatus(next: RealtimeStatus) {
  status = next;
  for (const listener of statusListeners) listener();
}

/** Whether the stream is up; screens that poll keep polling either way, the stream only makes them sooner. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    () => status,
  );
}

/** Hears every event of the current workspace's stream (e.g. a screen that follows one room). */
export function onRealtimeEvent(listener: (event: RealtimeEvent) => void): () => void {
  eventListeners.add(listener);
  return () => eventListeners.delete(listener);
}

/** The queries an event makes stale. */
export function invalidateFor(client: QueryClient, workspaceId: number, event: RealtimeEvent) {
  if (event.type.startsWith('message.') || event.type === 'dialog.updated') {
    if (event.dialog_id)
      void client.invalidateQueries({ queryKey: dialogMessagesKey(workspaceId, event.dialog_id) });
    void client.invalidateQueries({ queryKey: dialogsKey(workspaceId) });
  }
  if (event.type.startsWith('opportunity.')) {
    if (event.opportunity_id) {
      void client.invalidateQueries({ queryKey: opportunityKey(workspaceId, event.opportunity_id) });
    }
    // The board's columns and summaries live under the same prefix.
    void client.invalidateQueries({ queryKey: opportunitiesKey(workspaceId) });
  }
  // A call on or over holds or frees its rep's tasks on the card (InProgress): lists and the calendar follow.
  if (event.type === 'call.updated') void client.invalidateQueries({ queryKey: tasksKey(workspaceId) });
  // Every event is about a card or its room: the figures counted from them refresh where a dashboard is open.
  void client.invalidateQueries({ queryKey: dashboardsKey(workspaceId) });
}

let audio: AudioContext | undefined;

/**
 * A short two-tone chime made with WebAudio (no file to load): the chat rings for CHAT_RING_MS, the phone for
 * CALL_RING_MS (platform.md §9).
 */
export function ring(durationMs: number = CHAT_RING_MS) {
  if (typeof AudioContext === 'undefined') return;
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    const end = start + durationMs / 1000;
    const gain = audio.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.2, start + 0.03);
    gain.gain.exponentialRampToValueAtTime(0.0001, end);
    gain.connect(audio.destination);
    for (const [freq, offset] of [
      [880, 0],
      [1175, 0.18],
    ] as const) {
      const tone = audio.createOscillator();
      tone.frequency.value = freq;
      tone.connect(gain);
      tone.start(start + offset);
      tone.stop(end);
    }
  } catch {
    // A browser that refuses audio before any user gesture simply stays silent.
  }
}

let ringMuted = false;

/** The user's setting: whether a contact's new message rings. */
export function muteRing(muted: boolean) {
  ringMuted = muted;
}

const shouldRing = (event: RealtimeEvent) =>
  !ringMuted &&
  event.type === 'message.created' &&
  event.inbound === true &&
  document.visibilityState !== 'hidden';

/**
 * What the stream feeds and was loaded before it listened (its first open, or the gap after a drop) may have
 * missed a change: rooms, board columns and dashboards fetched earlier are fetched again; later ones are fresh.
 */
function refetchLoadedBefore(client: QueryClient, workspaceId: number, readyAt: number) {
  for (const queryKey of [dialogsKey(workspaceId), opportunitiesKey(workspaceId), dashboardsKey(workspaceId)])
    void client.invalidateQueries({ queryKey, predicate: (query) => query.state.dataUpdatedAt < readyAt });
}

/**
 * One stream per signed-in workspace (ARCHITECTURE §6). EventSource cannot send the token, so each connection
 * first asks for a one-time ticket; a failed or ended stream is reopened with backoff and a new ticket, and
 * whatever changed meanwhile is refetched.
 */
export function connectRealtime(client: QueryClient, workspaceId: number): () => void {
  let source: EventSource | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = BACKOFF_MIN_MS;
  let stopped = false;

  const scheduleReconnect = () => {
    source?.close();
    source = undefined;
    if (stopped) return;
    setStatus('down');
    retry = setTimeout(() => void open(), delay);
    delay = Math.min(delay * 2, BACKOFF_MAX_MS);
  };

  const onEvent = (message: MessageEvent<string>) => {
    let event: RealtimeEvent;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    invalidateFor(client, workspaceId, event);
    if (shouldRing(event)) ring();
    for (const listener of eventListeners) listener(event);
  };

  const open = async () => {
    setStatus('connecting');
    let ticket: StreamTicket;
    try {
      ticket = await http.post<StreamTicket>(`/workspaces/${workspaceId}/events/ticket`);
    } catch {
      return scheduleReconnect();
    }
    if (stopped) return;
    source = new EventSource(apiUrl(`/workspaces/${workspaceId}/events`, { ticket: ticket.ticket }));
    source.addEventListener('ready', () => {
      setStatus('open');
      delay = BACKOFF_MIN_MS;
      refetchLoadedBefore(client, workspaceId, Date.now());
    });
    source.onmessage = onEvent;
    source.addEventListener('session-ended', scheduleReconnect);
    // A ticket opens one stream: EventSource's own retry would reuse it, so reconnecting is ours.
    source.onerror = scheduleReconnect;
  };

  void open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    source?.close();
    setStatus('down');
  };
}

/** Keeps the current workspace's stream open while signed in. */
export function useRealtime() {
  const client = useQueryClient();
  const { workspaceId, token } = useSession();
  useEffect(() => {
    if (workspaceId === null || !token || typeof EventSource === 'undefined') return;
    return connectRealtime(client, workspaceId);
  }, [client, workspaceId, token]);
}
