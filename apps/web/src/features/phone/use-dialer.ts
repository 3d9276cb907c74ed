import { CALL_RING_MS, LOST_CONNECTION_END_DELAY_MS, QUEUE_AUTO_ADVANCE_MS } from '@vendaval/core/constants';
import { toTelNumber } from '@vendaval/core/format';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { BatchCall, OpportunityCall } from '@vendaval/core/schemas/calls';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../lib/http.ts';
import { openOpportunityModal, useOpportunityModalRequest } from '../../lib/opportunity-modal.ts';
import { onHangUpRequest, onPhoneRequest, type PhoneRequest, setPhoneLine } from '../../lib/phone.ts';
import { onRealtimeEvent, ring, useRealtimeStatus } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { showErrorToast, showWarningToast } from '../../lib/toasts.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import { fetchCall, fetchOpenSession, fetchRow } from './api/fetch-phone.ts';
import { useEndCallMutation } from './api/use-end-call-mutation.ts';
import { useQueueActionMutation } from './api/use-queue-action-mutation.ts';
import { useStartCallMutation } from './api/use-start-call-mutation.ts';
import { useStartQueueMutation } from './api/use-start-queue-mutation.ts';
import { type BrowserPhone, createBrowserPhone } from './browser-phone.ts';
import {
  concerns,
  type DialerSession,
  followCall,
  sessionFromCall,
  sessionFromRow,
} from './dialer-session.ts';
import { checkMicrophone } from './microphone.ts';
import { usePhoneConnection } from './phone-connection.ts';
import { reloadPage } from './reload-page.ts';

/** How often the bar asks the server while the event stream is down. */
const POLL_WITHOUT_STREAM_MS = 5000;

/** Failures already show their toast (or need none); an effect or a click only starts the work. */
const run = (task: Promise<unknown>) => void task.catch(() => undefined);

const isNoCredentials = (error: unknown) =>
  error instanceof ApiError && error.body?.message === MESSAGES.voipNoCredentials;

/**
 * The phone's call state and its moves (platform.md §4 "Phone"), driven by the server: the queue row or the
 * single call as the API answers them, and every `call.updated` of the rep's calls. The server places the calls
 * and ends those nobody answers; the bar follows, runs the post-call forms, and keeps the spec's 30 s rule.
 */
export function useDialer() {
  const { workspaceId, user } = useSession();
  const [session, setSessionState] = useState<DialerSession | null>(null);
  const latest = useRef<DialerSession | null>(null);
  const connection = usePhoneConnection();
  const stream = useRealtimeStatus();
  const modal = useOpportunityModalRequest();
  const mobile = useIsMobile();
  const startQueue = useStartQueueMutation();
  const startCall = useStartCallMutation();
  const queueAction = useQueueActionMutation();
  const endCall = useEndCallMutation();
  const busy = queueAction.isPending || endCall.isPending;

  const setSession = (next: DialerSession | null) => {
    latest.current = next;
    setSessionState(next);
  };

  // The browser's phone of the session: registered when a call or a queue starts, stopped when the bar closes.
  const phone = useRef<BrowserPhone | null>(null);
  /** A call or a queue is being started: the server may hand the call over before it answers. */
  const placing = useRef(false);
  const browserPhone = (workspace: number, userId: number) => {
    phone.current ??= createBrowserPhone({
      workspaceId: workspace,
      userId,
      waiting: () =>
        placing.current || (latest.current?.status === 'onHold' && latest.current.afterCall === null),
    });
    return phone.current;
  };
  const stopPhone = () => {
    phone.current?.stop();
    phone.current = null;
  };

  /** PLAT-164: a row answered as 'Finished' ends the session and reloads the page. */
  const applyRow = (row: BatchCall) => {
    if (row.status !== 'Finished') return setSession(sessionFromRow(row, Date.now()));
    setSession(null);
    reloadPage();
  };

  const follow = async (call: OpportunityCall) => {
    const current = latest.current;
    if (!current || workspaceId === null || !concerns(current, call)) return;
    const { session: next, effect } = followCall(current, call, Date.now());
    setSession(next);
    if (effect === 'answered') ring(CALL_RING_MS);
    // The rep fills in the task and the card before the next call: the row waits paused meanwhile.
    if (effect === 'talkEnded' && next?.rowId)
      await queueAction.mutateAsync({ rowId: next.rowId, action: 'pause' }).catch(() => undefined);
    if (effect === 'unanswered' && next?.rowId) {
      const row = await fetchRow(workspaceId, next.rowId);
      if (row.status === 'Finished') applyRow(row);
      else if (row.opportunity_call && row.opportunity_call.id !== call.id)
        await follow(row.opportunity_call);
    }
    // The queue dialed its next card by itself (the last one was refused at once): the bar counts it as the row does.
    if (next?.rowId && next.call && next.call.id !== current.call?.id)
      await countCard(next.rowId, next.call.id);
  };

  const countCard = async (rowId: string, callId: number) => {
    if (workspaceId === null) return;
    const row = await fetchRow(workspaceId, rowId);
    const current = latest.current;
    if (current?.call?.id !== callId || row.opportunity_call?.id !== callId) return;
    setSession({ ...current, queue: { total: row.total_count, index: row.current_index } });
  };

  /** Asks the server where the session stands, when an event may have been missed. */
  const refresh = async () => {
    const current = latest.current;
    if (!current || workspaceId === null) return;
    if (current.rowId) {
      const row = await fetchRow(workspaceId, current.rowId);
      if (row.status === 'Finished') return applyRow(row);
      if (row.opportunity_call) await follow(row.opportunity_call);
    } else if (current.call) {
      await follow(await fetchCall(workspaceId, current.call.id));
    }
  };

  /** The phone registers first, so the call the server places finds it ready; then the server dials. */
  const place = async (request: PhoneRequest) => {
    if (latest.current || placing.current || workspaceId === null || !user) return;
    placing.current = true;
    void checkMicrophone();
    try {
      const ready = await browserPhone(workspaceId, user.id)
        .ready()
        .catch(() => false);
      if (!ready) throw new Error('phone not registered');
      if (request.kind === 'queue') applyRow(await startQueue.mutateAsync(request.filter));
      else setSession(sessionFromCall(await startCall.mutateAsync(request), Date.now()));
    } catch (error) {
      if (!latest.current) stopPhone();
      if (isNoCredentials(error))
        return showWarningToast(TOASTS.voipNoCredentials.message, TOASTS.voipNoCredentials.title);
      if (request.kind === 'queue') return showErrorToast(TOASTS.queueStartFailed);
      showErrorToast(TOASTS.singleCallFailed);
      // On a phone the device's own dialer is the way out.
      if (mobile) window.location.href = `tel:${toTelNumber(request.phoneNumber)}`;
    } finally {
      placing.current = false;
    }
  };

  const pause = async () => {
    const rowId = latest.current?.rowId;
    if (!rowId) return;
    const row = await queueAction.mutateAsync({ rowId, action: 'pause' });
    if (row.status === 'Finished') return applyRow(row);
    // PLAT-159: paused, the timer starts again.
    const current = latest.current;
    if (current) setSession({ ...current, status: 'paused', since: Date.now(), call: row.opportunity_call });
  };

  /** PLAT-161, PLAT-157: onHold again, and the queue dials its next card. */
  const resume = async () => {
    const rowId = latest.current?.rowId;
    if (rowId) applyRow(await queueAction.mutateAsync({ rowId, action: 'start' }));
  };

  /** The rep's SIP session ends at once; the server ends the customer's side and the record. */
  const hangUp = async () => {
    const call = latest.current?.call;
    phone.current?.hangUp();
    if (call && call.status !== 'ended') await follow(await endCall.mutateAsync(call.id));
  };

  /** PLAT-162, PLAT-163: the row ends on the server (queue only) and the session ends. */
  const finish = async () => {
    const current = latest.current;
    if (!current) return;
    if (current.rowId)
      return applyRow(await queueAction.mutateAsync({ rowId: current.rowId, action: 'stop' }));
    if (current.call && current.call.status !== 'ended')
      await endCall.mutateAsync(current.call.id).catch(() => undefined);
    setSession(null);
  };

  /** PLAT-165, PLAT-166: over 30 s without a call on the line, a queue dials its next card; a single call ends. */
  const noCallTimeout = async () => {
    const current = latest.current;
    if (current?.status !== 'onHold' || current.afterCall) return;
    if (current.call && current.call.status !== 'ended')
      await endCall.mutateAsync(current.call.id).catch(() => undefined);
    if (current.rowId) applyRow(await queueAction.mutateAsync({ rowId: current.rowId, action: 'start' }));
    else setSession(null);
  };

  /** PLAT-155: the task is saved (or put aside); the card's edit modal follows. */
  const taskDone = () => {
    const current = latest.current;
    if (!current?.call || current.afterCall !== 'task') return;
    openOpportunityModal({ id: current.call.opportunity.id, tab: 'edit', afterCall: true });
    setSession({ ...current, afterCall: 'edit' });
  };

  /** PLAT-157: the card is closed; a connected phone goes on to the next call, a single call's session ends. */
  const cardDone = async () => {
    const current = latest.current;
    if (!current) return;
    if (!current.rowId) return setSession(null);
    if (connection !== 'Despachando') return setSession({ ...current, afterCall: null });
    applyRow(await queueAction.mutateAsync({ rowId: current.rowId, action: 'start' }));
  };

  // The handlers read the session through `latest`; the effects below re-subscribe only when their inputs change.
  const openPhone = () => {
    if (workspaceId !== null && user) run(browserPhone(workspaceId, user.id).ready());
  };
  const all = { follow, refresh, place, hangUp, finish, noCallTimeout, cardDone, openPhone, stopPhone };
  const handlers = useRef(all);
  handlers.current = all;

  // A reloaded page finds the rep's open queue or single call.
  useEffect(() => {
    if (workspaceId === null || !user) return;
    let cancelled = false;
    fetchOpenSession(workspaceId, user.id)
      .then((open) => {
        if (cancelled || !open || latest.current) return;
        const now = Date.now();
        const restored = 'row' in open ? sessionFromRow(open.row, now) : sessionFromCall(open.call, now);
        latest.current = restored;
        setSessionState(restored);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [workspaceId, user]);

  useEffect(() => onPhoneRequest((request) => run(handlers.current.place(request))), []);
  useEffect(() => onHangUpRequest(() => run(handlers.current.hangUp())), []);

  useEffect(
    () =>
      onRealtimeEvent((event) => {
        if (event.type !== 'call.updated' || event.user_id !== user?.id || !event.call_id) return;
        if (!latest.current || workspaceId === null) return;
        run(fetchCall(workspaceId, event.call_id).then((call) => handlers.current.follow(call)));
      }),
    [workspaceId, user],
  );

  const active = session !== null;
  // The bar is open (also restored after a reload): the phone is registered until it closes.
  useEffect(() => {
    if (!active) return;
    handlers.current.openPhone();
    return () => handlers.current.stopPhone();
  }, [active]);

  useEffect(() => {
    if (!active || stream === 'open') return;
    const timer = setInterval(() => run(handlers.current.refresh()), POLL_WITHOUT_STREAM_MS);
    return () => clearInterval(timer);
  }, [active, stream]);

  const waiting = session?.status === 'onHold' && !session.afterCall;
  const since = session?.since;
  useEffect(() => {
    if (!waiting || since === undefined) return;
    // "Above 30 seconds": the first moment past it.
    const timer = setTimeout(
      () => run(handlers.current.noCallTimeout()),
      Math.max(0, since + QUEUE_AUTO_ADVANCE_MS + 1 - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [waiting, since]);

  // 'Perda de conexão!': dialing ends 1.5 s after the phone's connection is lost.
  useEffect(() => {
    if (!active || connection !== 'Desconectado') return;
    showErrorToast(TOASTS.phoneConnectionLost);
    const timer = setTimeout(() => run(handlers.current.finish()), LOST_CONNECTION_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [active, connection]);

  const editing = session?.afterCall === 'edit';
  const modalOpen = modal?.afterCall === true;
  useEffect(() => {
    if (editing && !modalOpen) run(handlers.current.cardDone());
  }, [editing, modalOpen]);

  const onCallCard = session?.status === 'onCall' ? (session.call?.opportunity.id ?? null) : null;
  useEffect(() => setPhoneLine({ active, onCallOpportunityId: onCallCard }), [active, onCallCard]);

  return {
    session,
    connection,
    busy,
    pause: () => run(pause()),
    resume: () => run(resume()),
    hangUp: () => run(hangUp()),
    finish: () => run(finish()),
    taskDone,
  };
}
