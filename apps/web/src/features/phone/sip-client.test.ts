import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectSipLine, type SipLineStatus } from './sip-client.ts';
import { agents } from './testing/fake-jssip.ts';

vi.mock('jssip', () => import('./testing/fake-jssip.ts'));

function line(onHold = true) {
  const statuses: SipLineStatus[] = [];
  let waiting = onHold;
  const phone = connectSipLine({
    wssUrl: 'wss://pbx.example.com/ws',
    domain: 'pbx.example.com',
    username: '7001',
    password: 'segredo',
    onStatus: (status) => statuses.push(status),
    autoAnswer: () => waiting,
  });
  const agent = agents.at(-1) as (typeof agents)[number];
  const hold = (value: boolean) => {
    waiting = value;
  };
  return { phone, agent, statuses, hold };
}

beforeEach(() => {
  agents.length = 0;
});

describe('the rep’s SIP phone in the browser', () => {
  it('registers with the member’s voip credentials over the SIP server’s WebSocket', () => {
    const { agent } = line();
    expect(agent.started).toBe(true);
    expect(agent.config.uri).toBe('sip:7001@pbx.example.com');
    expect(agent.config.password).toBe('segredo');
    expect(agent.config.sockets[0]?.url).toBe('wss://pbx.example.com/ws');
  });

  it('PLAT-149 tells the connection statuses the spec names as the line goes through them', () => {
    const { agent, statuses } = line();
    agent.emit('registered', {});
    agent.emit('unregistered', {});
    agent.emit('registrationFailed', {});
    agent.emit('disconnected', {});
    agent.emit('connecting', {});
    expect(statuses).toEqual([
      'Conectando',
      'Registrado',
      'Sem registro',
      'Falha de registro',
      'Desconectado',
      'Conectando',
    ]);
  });

  it('PLAT-152 a call handed over while the phone waits (onHold) is answered by itself, audio only', () => {
    const { agent } = line();
    const session = agent.ring();
    expect(session.answer).toHaveBeenCalledWith({ mediaConstraints: { audio: true, video: false } });
    // Once it ends, the line answers the next one.
    session.emit('ended', {});
    expect(agent.ring().answer).toHaveBeenCalled();
  });

  it('refuses as busy a call while paused, and a second call while one is under way', () => {
    const { agent, hold } = line(false);
    const paused = agent.ring();
    expect(paused.answer).not.toHaveBeenCalled();
    expect(paused.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
    hold(true);
    const first = agent.ring();
    const second = agent.ring();
    expect(first.answer).toHaveBeenCalled();
    expect(second.answer).not.toHaveBeenCalled();
    expect(second.terminate).toHaveBeenCalledWith({ status_code: 486, reason_phrase: 'Busy Here' });
  });

  it('hangs up the call under way, and stops the line', () => {
    const { phone, agent } = line();
    const session = agent.ring();
    phone.hangUp();
    expect(session.terminate).toHaveBeenCalledWith();
    expect(agent.ring().answer).toHaveBeenCalled();
    phone.stop();
    expect(agent.started).toBe(false);
  });
});
