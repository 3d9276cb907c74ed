import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CALL_RING_MS } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import type { BatchCall, OpportunityCall, Telephony } from '@vendaval/core/schemas/calls';
import type { RealtimeEvent } from '@vendaval/core/schemas/chat';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOpportunityModal, useOpportunityModalRequest } from '../../lib/opportunity-modal.ts';
import { requestCall } from '../../lib/phone.ts';
import { ring } from '../../lib/realtime.ts';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { renderWidget, SELF_ID, signInAs } from '../../ui/task-form/testing/render-widget.tsx';
import { DialerHost } from './components/dialer-host.tsx';
import { setPhoneConnection } from './phone-connection.ts';
import { reloadPage } from './reload-page.ts';
import { agents } from './testing/fake-jssip.ts';

const events = vi.hoisted(() => new Set<(event: RealtimeEvent) => void>());
vi.mock('../../lib/realtime.ts', async (original) => ({
  ...(await original<typeof import('../../lib/realtime.ts')>()),
  ring: vi.fn(),
  onRealtimeEvent: (listener: (event: RealtimeEvent) => void) => {
    events.add(listener);
    return () => events.delete(listener);
  },
}));
vi.mock('./reload-page.ts', () => ({ reloadPage: vi.fn() }));
// Whether the page ever loaded JsSIP: only a SIP workspace's phone needs it.
const jssip = vi.hoisted(() => ({ loaded: false }));
vi.mock('jssip', () => {
  jssip.loaded = true;
  return import('./testing/fake-jssip.ts');
});

const BASE = '/api/v1/workspaces/1';

const callOf = (id: number, opportunityId: number, over: Partial<OpportunityCall> = {}): OpportunityCall => ({
  id,
  opportunity: { id: opportunityId, name: `Card ${opportunityId}` },
  user_id: SELF_ID,
  batch_call_id: 'row-1',
  phone_number: `1198765123${opportunityId}`,
  status: 'dialing',
  outcome: null,
  attempts: 1,
  started_at: '2026-11-28T10:00:00.000Z',
  answered_at: null,
  ended_at: null,
  duration: 0,
  answered: false,
  ...over,
});

/** The server as the bar sees it: one queue row, its calls, and every request the bar made. */
let row: BatchCall;
let calls: Map<number, OpportunityCall>;
let requests: string[];
let failStart: boolean;
/** The rep's queues not yet finished, as GET /batch-calls answers on page load. */
let openRows: BatchCall[];
/** The workspace's telephony, and the times the bar read the rep's SIP credentials. */
let telephony: Telephony;
let credentialReads: number;
/** While set, the server answers the queue's start only once it resolves. */
let startAnswered: Promise<void> | null;
const SANDBOX: Telephony = { adapter: 'sandbox', websocket_url: null, sip_domain: null };
const SIP: Telephony = {
  adapter: 'sip',
  websocket_url: 'wss://pbx.example.com/ws',
  sip_domain: 'pbx.example.com',
};

const rowWith = (status: BatchCall['status'], call: OpportunityCall | null, index = 0): BatchCall => ({
  id: 'row-1',
  user_id: SELF_ID,
  status,
  max_attempts: 1,
  total_count: 3,
  current_index: index,
  opportunity_call: call,
  created_at: '2026-11-28T10:00:00.000Z',
  finished_at: null,
});

function serverChanges(call: OpportunityCall) {
  calls.set(call.id, call);
  if (row.opportunity_call?.id === call.id || call.batch_call_id) row = { ...row, opportunity_call: call };
  act(() => {
    for (const listener of events) listener({ type: 'call.updated', call_id: call.id, user_id: SELF_ID });
  });
}

beforeEach(() => {
  vi.clearAllMocks();
  signInAs('salesRep');
  setPhoneConnection('Despachando');
  calls = new Map();
  requests = [];
  failStart = false;
  openRows = [];
  telephony = SANDBOX;
  credentialReads = 0;
  startAnswered = null;
  agents.length = 0;
  row = rowWith('Created', null);
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  stubFetch(async (url, init) => {
    const path = url.pathname.replace(BASE, '');
    const method = init.method ?? 'GET';
    if (method !== 'GET') requests.push(`${method} ${path} ${init.body ?? ''}`.trim());
    if (method === 'GET' && path === '/batch-calls') return { body: { data: openRows } };
    if (method === 'GET' && path === '/telephony') return { body: telephony };
    if (method === 'GET' && path === `/users/${SELF_ID}`) {
      credentialReads += 1;
      return { body: { id: SELF_ID, voip_username: '7001', voip_password: 'segredo' } };
    }
    if (method === 'GET' && path === '/opportunity-calls') return { body: { data: [] } };
    if (method === 'POST' && path === '/batch-calls') return { body: row };
    if (path.startsWith('/batch-calls/row-1')) {
      const action = path.split('/')[3];
      if (action === 'start' && startAnswered) await startAnswered;
      if (action === 'start' && failStart) return { status: 500, body: { status: 500, message: 'falhou' } };
      if (action === 'start') {
        if (!row.opportunity_call || row.opportunity_call.status === 'ended') {
          const next = calls.size === 0 ? callOf(11, 5) : callOf(11 + calls.size, 5 + calls.size);
          calls.set(next.id, next);
          row = rowWith('Running', next, calls.size - 1);
          if (calls.size > 3) row = rowWith('Finished', null, 2);
        } else row = { ...row, status: 'Running' };
      }
      if (action === 'pause') row = { ...row, status: 'Paused' };
      if (action === 'stop') row = { ...row, status: 'Finished' };
      return { body: row };
    }
    const call = path.match(/^\/opportunity-calls\/(\d+)(\/end)?$/);
    if (call) {
      const found = calls.get(Number(call[1])) as OpportunityCall;
      if (call[2]) {
        const ended: OpportunityCall = { ...found, status: 'ended', outcome: 'cancelled' };
        calls.set(found.id, ended);
        if (row.opportunity_call?.id === found.id) row = { ...row, opportunity_call: ended };
      }
      return { body: calls.get(found.id) };
    }
    if (method === 'POST' && path === '/opportunity-calls') {
      const placed = callOf(21, 9, { batch_call_id: null });
      calls.set(placed.id, placed);
      return { body: placed };
    }
    return { body: { data: [] } };
  });
});

afterEach(() => {
  closeOpportunityModal();
  vi.useRealTimers();
});

function ModalProbe() {
  const request = useOpportunityModalRequest();
  return <output aria-label="Modal do card">{request ? JSON.stringify(request) : ''}</output>;
}

function renderHost() {
  renderWidget(
    <>
      <DialerHost />
      <ModalProbe />
    </>,
  );
}

const status = () => screen.getByTestId('phone-status').textContent;
const bar = () => screen.queryByRole('region', { name: 'Barra de discagem' });

async function startQueue() {
  renderHost();
  await waitFor(() => expect(events.size).toBe(1));
  act(() => requestCall({ kind: 'queue', filter: { search: 'Fila' } }));
  await waitFor(() => expect(status()).toBe('Aguardando ligação'));
}

describe('the dial bar driven by the server', () => {
  it('PLAT-150 PLAT-151 PLAT-152 PLAT-153 PLAT-154 PLAT-155 PLAT-157 PLAT-168 a queue: onHold, auto-answered onCall with the ring, then the task, the card, and the next call', async () => {
    await startQueue();
    expect(requests.slice(0, 2)).toEqual([
      'POST /batch-calls {"filter":{"search":"Fila"}}',
      'POST /batch-calls/row-1/start {}',
    ]);
    expect(bar()?.textContent).toContain('Card 5');

    serverChanges(callOf(11, 5, { status: 'onCall', answered_at: '2026-11-28T10:00:03.000Z' }));
    await waitFor(() => expect(status()).toBe('Em ligação'));
    expect(ring).toHaveBeenCalledWith(CALL_RING_MS);

    serverChanges(callOf(11, 5, { status: 'ended', outcome: 'answered', duration: 20 }));
    await waitFor(() => expect(status()).toBe('Pausado'));
    const task = await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    // The row waits paused while the rep fills in the forms.
    await waitFor(() => expect(requests).toContain('POST /batch-calls/row-1/pause {}'));

    fireEvent.click(within(task).getByRole('button', { hidden: true, name: '' }));
    await waitFor(() =>
      expect(JSON.parse(screen.getByLabelText('Modal do card').textContent ?? '')).toEqual({
        id: 5,
        tab: 'edit',
        afterCall: true,
      }),
    );
    act(() => closeOpportunityModal());
    await waitFor(() => expect(bar()?.textContent).toContain('Card 6'));
    expect(status()).toBe('Aguardando ligação');
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/start {}');
  });

  it('PLAT-165 PLAT-167 above 30 s without a call on the line, the queue goes on to the next card', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startQueue();
    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(requests).not.toContain('POST /opportunity-calls/11/end {}');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    await waitFor(() => expect(bar()?.textContent).toContain('Card 6'));
    expect(requests.slice(-2)).toEqual([
      'POST /opportunity-calls/11/end {}',
      'POST /batch-calls/row-1/start {}',
    ]);
  });

  it('a call the line refuses at once makes way for the queue’s next card, and the bar counts that card', async () => {
    await startQueue();
    expect(bar()?.textContent).toContain('Card 1 de 3');
    // The server ends the refused call and dials the next card before the bar hears of either.
    serverChanges(callOf(11, 5, { status: 'ended', outcome: 'no_answer' }));
    const next = callOf(12, 6);
    calls.set(next.id, next);
    row = rowWith('Running', next, 1);
    await waitFor(() => expect(bar()?.textContent).toContain('Card 6'));
    expect(bar()?.textContent).toContain('Card 2 de 3');
    expect(status()).toBe('Aguardando ligação');
  });

  it('PLAT-159 PLAT-160 PLAT-161 pause tells the server and resets the timer; resume dials again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startQueue();
    await act(() => vi.advanceTimersByTimeAsync(12_000));
    expect(screen.getByLabelText('Tempo').textContent).toBe('00:12');
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(status()).toBe('Pausado'));
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/pause {}');
    expect(screen.getByLabelText('Tempo').textContent).toBe('00:00');
    // Paused, the 30 s rule waits.
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/pause {}');
    fireEvent.click(screen.getByRole('button', { name: 'Retomar' }));
    await waitFor(() => expect(status()).toBe('Aguardando ligação'));
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/start {}');
  });

  it('PLAT-162 PLAT-163 PLAT-164 finish ends the row on the server; its Finished answer ends the session and reloads', async () => {
    await startQueue();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(bar()).toBeNull());
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/stop {}');
    expect(reloadPage).toHaveBeenCalled();
  });

  it('PLAT-166 a single call: above 30 s without an answer it ends, and so does the session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderHost();
    await waitFor(() => expect(events.size).toBe(1));
    act(() => requestCall({ kind: 'single', opportunityId: 9, phoneNumber: '11987651239' }));
    await waitFor(() => expect(status()).toBe('Aguardando ligação'));
    expect(requests[0]).toBe(
      `POST /opportunity-calls {"opportunity_id":9,"user_id":${SELF_ID},"phone_number":"11987651239"}`,
    );
    expect(screen.queryByRole('button', { name: 'Pausar' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await waitFor(() => expect(bar()).toBeNull());
    expect(requests.at(-1)).toBe('POST /opportunity-calls/21/end {}');
  });

  it('a reloaded page finds the rep’s open queue and shows its bar, paused as it was', async () => {
    openRows = [rowWith('Paused', callOf(11, 5, { status: 'ended', outcome: 'answered' }), 1)];
    renderHost();
    await waitFor(() => expect(status()).toBe('Pausado'));
    expect(bar()?.textContent).toContain('Card 2 de 3');
    expect(screen.getByRole('button', { name: 'Retomar' })).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('PLAT-170 PLAT-171 a queue that cannot start shows the spec’s toast and ends dialing: no bar', async () => {
    failStart = true;
    renderHost();
    await waitFor(() => expect(events.size).toBe(1));
    act(() => requestCall({ kind: 'queue', filter: {} }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining(TOASTS.queueStartFailed)),
    );
    expect(bar()).toBeNull();
  });

  it('a lost phone connection says so and ends dialing 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await startQueue();
    act(() => setPhoneConnection('Desconectado'));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining(TOASTS.phoneConnectionLost));
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(requests).not.toContain('POST /batch-calls/row-1/stop {}');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(requests).toContain('POST /batch-calls/row-1/stop {}'));
  });

  it('a microphone denial is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')),
      },
    });
    await startQueue();
    await waitFor(() => expect(warn).toHaveBeenCalled());
    expect(notifications.show).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  // Before the SIP tests below: a module once loaded stays loaded for the rest of the file.
  it('a sandbox workspace’s phone never loads JsSIP nor reads the rep’s SIP credentials', async () => {
    await startQueue();
    serverChanges(callOf(11, 5, { status: 'onCall', answered_at: '2026-11-28T10:00:03.000Z' }));
    await waitFor(() => expect(status()).toBe('Em ligação'));
    expect(bar()?.textContent).toContain('Despachando');
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(bar()).toBeNull());
    expect(jssip.loaded).toBe(false);
    expect(credentialReads).toBe(0);
  });
});

describe('the dial bar on a SIP workspace', () => {
  beforeEach(() => {
    telephony = SIP;
  });

  const connection = () => screen.getByLabelText(/^Conexão: /).textContent;
  const agent = () => agents.at(-1) as (typeof agents)[number];

  /** The rep asks for a call or a queue; the phone registers over the SIP server's WebSocket first. */
  async function register(request: Parameters<typeof requestCall>[0]) {
    renderHost();
    await waitFor(() => expect(events.size).toBe(1));
    act(() => requestCall(request));
    await waitFor(() => expect(agents).toHaveLength(1));
    expect(agent().config).toMatchObject({ uri: 'sip:7001@pbx.example.com', password: 'segredo' });
    expect(agent().config.sockets[0]?.url).toBe('wss://pbx.example.com/ws');
    // Nothing is dialed before the phone can take the call.
    expect(requests).toEqual([]);
    act(() => agent().emit('registered'));
    await waitFor(() => expect(status()).toBe('Aguardando ligação'));
  }

  it('PLAT-149 OPP-234 registers with the credentials read by the rep’s user id before dialing; the line’s statuses show on the bar', async () => {
    await register({ kind: 'single', opportunityId: 9, phoneNumber: '11987651239' });
    expect(credentialReads).toBe(1);
    expect(requests[0]).toMatch(/^POST \/opportunity-calls /);
    expect(connection()).toBe('Despachando');
    act(() => agent().emit('unregistered'));
    expect(connection()).toBe('Sem registro');
    act(() => agent().emit('registrationFailed'));
    expect(connection()).toBe('Falha de registro');
    act(() => agent().emit('connecting'));
    expect(connection()).toBe('Conectando');
    act(() => agent().emit('registered'));
    expect(connection()).toBe('Despachando');
  });

  it('PLAT-151 PLAT-152 answers by itself the call handed over while waiting, and no other', async () => {
    await register({ kind: 'queue', filter: {} });
    const call = agent().ring();
    expect(call.answer).toHaveBeenCalledWith({ mediaConstraints: { audio: true, video: false } });
    serverChanges(callOf(11, 5, { status: 'onCall', answered_at: '2026-11-28T10:00:03.000Z' }));
    await waitFor(() => expect(status()).toBe('Em ligação'));

    // The customer hangs up: the server's event pauses the bar for the task; a call now is refused as busy.
    act(() => call.emit('ended'));
    serverChanges(callOf(11, 5, { status: 'ended', outcome: 'answered', duration: 20 }));
    await waitFor(() => expect(status()).toBe('Pausado'));
    const meanwhile = agent().ring();
    expect(meanwhile.answer).not.toHaveBeenCalled();
    expect(meanwhile.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
  });

  it('PLAT-152 answers a call handed over before the server answered the queue’s start', async () => {
    let answerStart: () => void = () => undefined;
    startAnswered = new Promise((resolve) => {
      answerStart = resolve;
    });
    renderHost();
    await waitFor(() => expect(events.size).toBe(1));
    act(() => requestCall({ kind: 'queue', filter: {} }));
    await waitFor(() => expect(agents).toHaveLength(1));
    act(() => agent().emit('registered'));
    await waitFor(() => expect(requests).toContain('POST /batch-calls/row-1/start {}'));
    expect(agent().ring().answer).toHaveBeenCalled();
    act(() => answerStart());
    await waitFor(() => expect(status()).toBe('Aguardando ligação'));
  });

  it('a paused queue refuses the calls handed over', async () => {
    await register({ kind: 'queue', filter: {} });
    fireEvent.click(screen.getByRole('button', { name: 'Pausar' }));
    await waitFor(() => expect(status()).toBe('Pausado'));
    expect(agent().ring().answer).not.toHaveBeenCalled();
  });

  it('hanging up in the bar ends the SIP session and the call on the server', async () => {
    await register({ kind: 'queue', filter: {} });
    const call = agent().ring();
    serverChanges(callOf(11, 5, { status: 'onCall', answered_at: '2026-11-28T10:00:03.000Z' }));
    await waitFor(() => expect(status()).toBe('Em ligação'));
    fireEvent.click(screen.getByRole('button', { name: 'Desligar' }));
    expect(call.terminate).toHaveBeenCalledWith();
    await waitFor(() => expect(requests).toContain('POST /opportunity-calls/11/end {}'));
    await waitFor(() => expect(status()).toBe('Pausado'));
  });

  it('finishing dialing unregisters the phone', async () => {
    await register({ kind: 'single', opportunityId: 9, phoneNumber: '11987651239' });
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    await waitFor(() => expect(bar()).toBeNull());
    expect(agent().started).toBe(false);
  });

  it('a phone that cannot register dials nobody: the start’s failure toast, and the line is closed', async () => {
    renderHost();
    await waitFor(() => expect(events.size).toBe(1));
    act(() => requestCall({ kind: 'queue', filter: {} }));
    await waitFor(() => expect(agents).toHaveLength(1));
    act(() => agent().emit('registrationFailed'));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining(TOASTS.queueStartFailed)),
    );
    expect(requests).toEqual([]);
    expect(agent().started).toBe(false);
    expect(bar()).toBeNull();
  });

  it('PLAT-173 PLAT-174 the SIP server’s connection lost: the toast, and dialing ends 1.5 s later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await register({ kind: 'queue', filter: {} });
    act(() => agent().emit('disconnected'));
    expect(connection()).toBe('Desconectado');
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining(TOASTS.phoneConnectionLost));
    await act(() => vi.advanceTimersByTimeAsync(1400));
    expect(requests).not.toContain('POST /batch-calls/row-1/stop {}');
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(bar()).toBeNull());
    expect(requests.at(-1)).toBe('POST /batch-calls/row-1/stop {}');
    expect(agent().started).toBe(false);
  });

  it('PLAT-175 a microphone denial is only logged: the phone registers and dials all the same', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: vi.fn().mockRejectedValue(new DOMException('denied', 'NotAllowedError')),
      },
    });
    await register({ kind: 'queue', filter: {} });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('Telefone: acesso ao microfone negado.', expect.anything()),
    );
    expect(notifications.show).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });
});
