import { fireEvent, screen } from '@testing-library/react';
import { PHONE_CONNECTION_STATUSES, type PhoneConnectionStatus } from '@vendaval/core/constants';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import { describe, expect, it, vi } from 'vitest';
import { renderWidget } from '../../ui/task-form/testing/render-widget.tsx';
import { DialBar } from './components/dial-bar.tsx';
import type { DialerSession } from './dialer-session.ts';

const call: OpportunityCall = {
  id: 11,
  opportunity: { id: 5, name: 'Marina Fila' },
  user_id: 7,
  batch_call_id: 'row-1',
  phone_number: '11987651231',
  status: 'ringing',
  outcome: null,
  attempts: 1,
  started_at: '2026-11-28T10:00:00.000Z',
  answered_at: null,
  ended_at: null,
  duration: 0,
  answered: false,
};

const queueSession = (over: Partial<DialerSession> = {}): DialerSession => ({
  mode: 'queue',
  rowId: 'row-1',
  singleOpportunityId: null,
  status: 'onHold',
  call,
  queue: { total: 3, index: 1 },
  since: 0,
  afterCall: null,
  ...over,
});

function renderBar(session: DialerSession, connection: PhoneConnectionStatus = 'Despachando', elapsed = 0) {
  const actions = { onPause: vi.fn(), onResume: vi.fn(), onHangUp: vi.fn(), onFinish: vi.fn() };
  renderWidget(
    <DialBar session={session} connection={connection} elapsed={elapsed} busy={false} {...actions} />,
  );
  return actions;
}

const bar = () => screen.getByRole('region', { name: 'Barra de discagem' });
const button = (name: string) => screen.queryByRole('button', { name });

describe('DialBar', () => {
  it('PLAT-148 onHold: waiting for the queue’s call, with its card, position, timer, pause and finish', () => {
    const actions = renderBar(queueSession(), 'Despachando', 75_000);
    expect(screen.getByTestId('phone-status').textContent).toBe('Aguardando ligação');
    expect(bar().textContent).toContain('Marina Fila');
    expect(bar().textContent).toContain('(11) 98765-1231');
    expect(bar().textContent).toContain('Card 2 de 3');
    expect(screen.getByLabelText('Tempo').textContent).toBe('01:15');
    expect(button('Desligar')).toBeNull();
    fireEvent.click(button('Pausar') as HTMLElement);
    expect(actions.onPause).toHaveBeenCalledOnce();
    fireEvent.click(button('Finalizar') as HTMLElement);
    expect(actions.onFinish).toHaveBeenCalledOnce();
  });

  it('PLAT-148 PLAT-151 onCall: on the call, with hang up and no pause', () => {
    const actions = renderBar(queueSession({ status: 'onCall', call: { ...call, status: 'onCall' } }));
    expect(screen.getByTestId('phone-status').textContent).toBe('Em ligação');
    expect(button('Pausar')).toBeNull();
    fireEvent.click(button('Desligar') as HTMLElement);
    expect(actions.onHangUp).toHaveBeenCalledOnce();
  });

  it('PLAT-148 PLAT-159 PLAT-161 paused: resume instead of pause, the timer from zero', () => {
    const actions = renderBar(queueSession({ status: 'paused' }), 'Despachando', 0);
    expect(screen.getByTestId('phone-status').textContent).toBe('Pausado');
    expect(screen.getByLabelText('Tempo').textContent).toBe('00:00');
    expect(button('Pausar')).toBeNull();
    fireEvent.click(button('Retomar') as HTMLElement);
    expect(actions.onResume).toHaveBeenCalledOnce();
  });

  it('the post-call forms hold the queue: neither pause nor resume while they are open', () => {
    renderBar(queueSession({ status: 'paused', afterCall: 'task' }));
    expect(button('Retomar')).toBeNull();
    expect(button('Finalizar')).not.toBeNull();
  });

  it('a single call has no pause and no queue position', () => {
    renderBar({ ...queueSession(), mode: 'single', rowId: null, queue: null, singleOpportunityId: 5 });
    expect(button('Pausar')).toBeNull();
    expect(bar().textContent).not.toContain('Card ');
  });

  it.each(PHONE_CONNECTION_STATUSES)('PLAT-149 shows the connection status %s', (connection) => {
    renderBar(queueSession(), connection);
    expect(screen.getByLabelText(`Conexão: ${connection}`).textContent).toBe(connection);
  });
});
