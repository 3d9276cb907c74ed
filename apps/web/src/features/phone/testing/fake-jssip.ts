import { vi } from 'vitest';

// JsSIP's user agent as the tests see it, standing in for the SIP server behind it: `vi.mock('jssip', () =>
// import('./testing/fake-jssip.ts'))`. The SIP journey registers the real one on Kamailio.

type Listener = (event: unknown) => void;

class Emitter {
  listeners = new Map<string, Listener[]>();
  on(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
    return this;
  }
  emit(type: string, event: unknown = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
}

/** A call the SIP server hands the phone. */
export class FakeSession extends Emitter {
  connection = undefined;
  answer = vi.fn();
  terminate = vi.fn(() => this.emit('ended'));
  isEnded = () => false;
}

/** Every user agent the phone created, newest last. */
export const agents: UA[] = [];

export class UA extends Emitter {
  started = false;
  readonly config: { uri: string; password: string; sockets: { url: string }[] };
  constructor(config: UA['config']) {
    super();
    this.config = config;
    agents.push(this);
  }
  start() {
    this.started = true;
  }
  stop() {
    this.started = false;
  }
  /** The SIP server hands the phone a call. */
  ring() {
    const session = new FakeSession();
    this.emit('newRTCSession', { session, originator: 'remote' });
    return session;
  }
}

export class WebSocketInterface {
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
}
