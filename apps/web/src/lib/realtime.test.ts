import { QueryClient } from '@tanstack/react-query';
import { CALL_RING_MS } from '@vendaval/core/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../testing/fetch-stub.ts';
import { opportunityKey } from './opportunity-keys.ts';
import { connectRealtime, dialogMessagesKey, dialogsKey, invalidateFor } from './realtime.ts';

class FakeSource {
  static all: FakeSource[] = [];
  url: string;
  closed = false;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  listeners = new Map<string, () => void>();
  constructor(url: string) {
    this.url = url;
    FakeSource.all.push(this);
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  emit(data: object) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
}

let tickets = 0;
beforeEach(() => {
  FakeSource.all = [];
  tickets = 0;
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeSource);
  stubFetch(() => ({ body: { ticket: `t${++tickets}`, expires_in: 60 } }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

function seeded() {
  const client = new QueryClient();
  for (const key of [
    dialogMessagesKey(1, 9),
    [...dialogsKey(1), 'list'],
    opportunityKey(1, 4),
    [1, 'opportunities', 'column', 3],
    [1, 'dashboards', 'dashboards/sales-stage', {}],
    [1, 'tasks', 'list', {}],
  ]) {
    client.setQueryData(key, {});
  }
  return client;
}

describe('realtime', () => {
  it('CHAT-093 a new message refreshes its room and the omnichannel list at once (the 5 s poll stays the fallback)', () => {
    const client = seeded();
    invalidateFor(client, 1, { type: 'message.created', dialog_id: 9, opportunity_id: 4 });
    expect(stale(client, dialogMessagesKey(1, 9))).toBe(true);
    expect(stale(client, [...dialogsKey(1), 'list'])).toBe(true);
    expect(stale(client, opportunityKey(1, 4))).toBe(false);
  });

  it('a card event refreshes the card and the board columns', () => {
    const client = seeded();
    invalidateFor(client, 1, { type: 'opportunity.updated', opportunity_id: 4 });
    expect(stale(client, opportunityKey(1, 4))).toBe(true);
    expect(stale(client, [1, 'opportunities', 'column', 3])).toBe(true);
    expect(stale(client, dialogMessagesKey(1, 9))).toBe(false);
  });

  it('OPP-187 a call that starts or ends refreshes the task lists, whose tasks it holds InProgress', () => {
    const client = seeded();
    invalidateFor(client, 1, { type: 'call.updated', call_id: 3, opportunity_id: 4 });
    expect(stale(client, [1, 'tasks', 'list', {}])).toBe(true);
    const quiet = seeded();
    invalidateFor(quiet, 1, { type: 'message.created', dialog_id: 9 });
    expect(stale(quiet, [1, 'tasks', 'list', {}])).toBe(false);
  });

  it('a card or a message makes the open dashboard count again, without reloading the page', () => {
    for (const event of [
      { type: 'opportunity.updated', opportunity_id: 4 },
      { type: 'message.created', dialog_id: 9 },
    ] as const) {
      const client = seeded();
      invalidateFor(client, 1, event);
      expect(stale(client, [1, 'dashboards', 'dashboards/sales-stage', {}])).toBe(true);
    }
  });

  it("PLAT-169 an inbound message rings a 1.5 s WebAudio tone; an attendant's own message does not", async () => {
    const tones: number[] = [];
    const ends: number[] = [];
    class FakeAudio {
      currentTime = 0;
      destination = {};
      createGain() {
        const ramp = () => undefined;
        return {
          gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
          connect: () => undefined,
        };
      }
      createOscillator() {
        return {
          frequency: { value: 0 },
          connect: () => undefined,
          start: (at: number) => tones.push(at),
          stop: (at: number) => ends.push(at),
        };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudio);
    const stop = connectRealtime(seeded(), 1);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    FakeSource.all[0]?.emit({ type: 'message.created', dialog_id: 9, inbound: false });
    expect(tones).toEqual([]);
    FakeSource.all[0]?.emit({ type: 'message.created', dialog_id: 9, inbound: true });
    expect(tones.length).toBeGreaterThan(0);
    expect(new Set(ends)).toEqual(new Set([1.5]));
    stop();
  });

  it('PLAT-168 a call rings the same tone for 2 s', async () => {
    const stops: number[] = [];
    class FakeAudio {
      currentTime = 10;
      destination = {};
      createGain() {
        const ramp = () => undefined;
        return {
          gain: { setValueAtTime: ramp, exponentialRampToValueAtTime: ramp },
          connect: () => undefined,
        };
      }
      createOscillator() {
        const stop = (at: number) => stops.push(at);
        return { frequency: { value: 0 }, connect: () => undefined, start: () => undefined, stop };
      }
    }
    vi.stubGlobal('AudioContext', FakeAudio);
    // A fresh module, so the tone is made with this test's audio context.
    vi.resetModules();
    const { ring } = await import('./realtime.ts');
    ring(CALL_RING_MS);
    expect(new Set(stops)).toEqual(new Set([12]));
  });

  it('opens the stream with a one-time ticket and reopens it with a new one, backing off', async () => {
    const client = seeded();
    const stop = connectRealtime(client, 1);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    expect(FakeSource.all[0]?.url).toBe('/api/v1/workspaces/1/events?ticket=t1');
    FakeSource.all[0]?.onerror?.();
    expect(FakeSource.all[0]?.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    expect(FakeSource.all[1]?.url).toContain('ticket=t2');
    FakeSource.all[1]?.onerror?.();
    await vi.advanceTimersByTimeAsync(1999);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(3));
    FakeSource.all[2]?.emit({ type: 'message.created', dialog_id: 9 });
    expect(stale(client, dialogMessagesKey(1, 9))).toBe(true);
    stop();
    expect(FakeSource.all[2]?.closed).toBe(true);
  });

  it('a stream that opens, or opens again after a drop, refetches the rooms, columns and dashboards loaded before it, not those loaded since', async () => {
    const client = seeded();
    const stop = connectRealtime(client, 1);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(10);
    client.setQueryData([1, 'opportunities', 'column', 5], {});
    FakeSource.all[0]?.listeners.get('ready')?.();
    expect(stale(client, [...dialogsKey(1), 'list'])).toBe(true);
    expect(stale(client, [1, 'opportunities', 'column', 3])).toBe(true);
    expect(stale(client, [1, 'dashboards', 'dashboards/sales-stage', {}])).toBe(true);
    expect(stale(client, [1, 'opportunities', 'column', 5])).toBe(false);

    await vi.advanceTimersByTimeAsync(10);
    for (const key of [
      [...dialogsKey(1), 'list'],
      [1, 'opportunities', 'column', 3],
    ])
      client.setQueryData(key, {});
    client.setQueryData([1, 'dashboards', 'dashboards/sales-stage', {}], {});
    FakeSource.all[0]?.onerror?.();
    await vi.advanceTimersByTimeAsync(1000);
    await vi.waitFor(() => expect(FakeSource.all).toHaveLength(2));
    FakeSource.all[1]?.listeners.get('ready')?.();
    expect(stale(client, [1, 'dashboards', 'dashboards/sales-stage', {}])).toBe(true);
    expect(stale(client, [1, 'opportunities', 'column', 3])).toBe(true);
    stop();
  });
});
