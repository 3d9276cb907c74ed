import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream, type Stream } from '../../../test/event-stream.ts';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { DEFAULT_HOST, RH_HOST } from '../../../test/test-app.ts';
import { TokenSigner } from '../../infra/tokens.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

let w: World;
let port: number;
beforeAll(async () => {
  w = await cardsWorld({ config: { realtimeHeartbeatSeconds: 0.2 } });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as AddressInfo).port;
});
afterAll(() => w.t.close());

const stream = (workspaceId: number, query: string, host = DEFAULT_HOST, headers = {}) =>
  readStream(port, workspaceId, query, host, headers);

const hostOf = (who: Person) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);

async function ticket(who: Person, workspaceId: number): Promise<string> {
  const res = await w.call(who, 'POST', workspaceId, 'events/ticket');
  expect(res.statusCode).toBe(200);
  return res.json().ticket;
}

async function subscribe(who: Person, workspaceId: number) {
  const s = await stream(workspaceId, `?ticket=${await ticket(who, workspaceId)}`, hostOf(who));
  expect(s.status).toBe(200);
  return s;
}

const settle = () => new Promise((r) => setTimeout(r, 300));
const cardEvents = (s: Stream, id: number) => s.events.filter((e) => e.opportunity_id === id);

describe('GET /workspaces/:id/events', () => {
  it('a change reaches the streams of its own workspace only, not another workspace or platform', async () => {
    const centro = await subscribe('admin', w.centro);
    const zona = await subscribe('carla', w.zonaNorte);
    const rh = await subscribe('rh', w.recrutamento);
    const card = await w.create('admin', w.centro);
    await settle();
    expect(cardEvents(centro, card.id)).toEqual([
      { type: 'opportunity.created', opportunity_id: card.id, user_id: w.user.admin },
    ]);
    expect(zona.events).toEqual([]);
    expect(rh.events).toEqual([]);
    const rhCard = await w.create('rh', w.recrutamento);
    await settle();
    expect(cardEvents(rh, rhCard.id).map((e) => e.type)).toEqual(['opportunity.created']);
    expect(cardEvents(centro, rhCard.id)).toEqual([]);
    for (const s of [centro, zona, rh]) s.close();
  });

  it('a salesRep receives the events of their own cards only, a manager those of everyone', async () => {
    const rep = await subscribe('atendente', w.centro);
    const manager = await subscribe('gerente', w.centro);
    const others = await w.create('admin', w.centro, { user_id: w.user.bruno });
    const own = await w.create('admin', w.centro, { user_id: w.user.atendente });
    await settle();
    expect(cardEvents(rep, others.id)).toEqual([]);
    expect(cardEvents(rep, own.id).map((e) => e.type)).toEqual(['opportunity.created']);
    expect(cardEvents(manager, others.id).map((e) => e.type)).toEqual(['opportunity.created']);
    // A card handed to the salesRep, and one taken from them, both reach them.
    await w.call('admin', 'PUT', w.centro, `opportunities/${others.id}`, { user_id: w.user.atendente });
    await w.call('admin', 'PUT', w.centro, `opportunities/${own.id}`, { user_id: w.user.bruno });
    await settle();
    expect(cardEvents(rep, others.id).map((e) => e.type)).toEqual(['opportunity.updated']);
    expect(cardEvents(rep, own.id).map((e) => e.type)).toEqual([
      'opportunity.created',
      'opportunity.updated',
    ]);
    rep.close();
    manager.close();
  });

  it('a call placed by a rep reaches a manager’s stream, naming the rep: who is on the phone', async () => {
    const manager = await subscribe('gerente', w.centro);
    const other = await subscribe('bruno', w.centro);
    const card = await w.create('admin', w.centro, { user_id: w.user.atendente });
    const placed = await w.call('atendente', 'POST', w.centro, 'opportunity-calls', {
      opportunity_id: card.id,
      user_id: w.user.atendente,
      phone_number: '11987650009',
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const callId = placed.json().id as number;
    await w.call('atendente', 'POST', w.centro, `opportunity-calls/${callId}/end`);
    await settle();
    expect(cardEvents(manager, card.id).filter((e) => e.type === 'call.updated')).toEqual([
      { type: 'call.updated', opportunity_id: card.id, call_id: callId, user_id: w.user.atendente },
      { type: 'call.updated', opportunity_id: card.id, call_id: callId, user_id: w.user.atendente },
    ]);
    expect(cardEvents(other, card.id)).toEqual([]);
    manager.close();
    other.close();
  });

  it("a contact's message reaches the stream as an inbound message, and only the salesRep whose room it is", async () => {
    const admin = await subscribe('admin', w.centro);
    const reps = [await subscribe('atendente', w.centro), await subscribe('bruno', w.centro)];
    const bots = (await w.call('admin', 'GET', w.centro, 'bots')).json().data as {
      id: number;
      channel: string;
    }[];
    const bot = bots.find((b) => b.channel === 'sandbox')?.id;
    const sent = await w.call('admin', 'POST', w.centro, 'simulator/messages', {
      bot_id: bot,
      phone_number: '5511944440001',
      name: 'Lia',
      message: 'Olá',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await settle();
    const inbound = (s: Stream) => s.events.filter((e) => e.type === 'message.created' && e.inbound);
    const [event] = inbound(admin);
    expect(event).toMatchObject({
      dialog_id: expect.any(Number),
      opportunity_id: expect.any(Number),
      inbound: true,
    });
    const owner = event?.user_id;
    expect([w.user.atendente, w.user.bruno]).toContain(owner);
    const [own, other] = owner === w.user.atendente ? reps : [...reps].reverse();
    expect(own && inbound(own)).toHaveLength(1);
    expect(other?.events.filter((e) => e.dialog_id === event?.dialog_id)).toEqual([]);
    for (const s of [admin, ...reps]) s.close();
  });

  it('a change that rolls back sends nothing', async () => {
    const centro = await subscribe('admin', w.centro);
    const card = await w.create('admin', w.centro);
    const bad = await w.call('admin', 'PUT', w.centro, `opportunities/${card.id}`, { user_id: 999999 });
    expect(bad.statusCode).not.toBe(200);
    await settle();
    expect(cardEvents(centro, card.id).map((e) => e.type)).toEqual(['opportunity.created']);
    centro.close();
  });

  it('a ticket opens one stream, in its own workspace, on its own platform', async () => {
    const once = await ticket('admin', w.centro);
    const first = await stream(w.centro, `?ticket=${once}`);
    expect(first.status).toBe(200);
    first.close();
    expect((await stream(w.centro, `?ticket=${once}`)).status).toBe(401);
    expect((await stream(w.zonaNorte, `?ticket=${await ticket('admin', w.centro)}`)).status).toBe(404);
    expect((await stream(w.centro, `?ticket=${await ticket('admin', w.centro)}`, RH_HOST)).status).toBe(401);
    expect((await stream(w.centro, '?ticket=forged')).status).toBe(401);
    expect((await stream(w.centro, '')).status).toBe(401);
  });

  it('a foreign workspace answers 404 to a ticket request and to a bearer stream', async () => {
    expect((await w.call('carla', 'POST', w.centro, 'events/ticket')).statusCode).toBe(404);
    expect((await w.call('rh', 'POST', w.centro, 'events/ticket')).statusCode).toBe(404);
    const carla = await w.t.login('carla@demo.local');
    const s = await stream(w.centro, '', DEFAULT_HOST, { authorization: `Bearer ${carla}` });
    expect(s.status).toBe(404);
  });

  it('an access token is not a ticket, and a ticket is not an access token', async () => {
    const token = await w.t.login('gerente@demo.local');
    expect((await stream(w.centro, `?ticket=${token}`)).status).toBe(401);
    const pass = await ticket('admin', w.centro);
    const res = await w.t.call({ method: 'GET', url: `/api/v1/workspaces/${w.centro}/users`, token: pass });
    expect(res.statusCode).toBe(401);
  });

  it('logging out ends the stream at the next heartbeat', async () => {
    const token = await w.t.login('bruno@demo.local');
    const res = await w.t.call({
      method: 'POST',
      url: `/api/v1/workspaces/${w.centro}/events/ticket`,
      token,
    });
    const s = await stream(w.centro, `?ticket=${res.json().ticket}`);
    expect(s.status).toBe(200);
    await w.t.call({ method: 'POST', url: '/api/v1/auth/logout', token });
    await s.ended;
    expect(s.named).toContain('session-ended');
  });

  it('an expired session ends the stream', async () => {
    // Long enough to open the stream on a busy machine, short enough to see it end.
    const brief = new TokenSigner('test-secret-test-secret-test-secret', 5);
    const token = await brief.sign({ userId: w.user.admin, platformId: DEFAULT_PLATFORM_ID, version: 0 });
    const s = await stream(w.centro, '', DEFAULT_HOST, { authorization: `Bearer ${token}` });
    expect(s.status).toBe(200);
    await s.ended;
    expect(s.named).toContain('session-ended');
  });
});
