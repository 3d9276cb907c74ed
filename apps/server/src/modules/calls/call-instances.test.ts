import { createSocket } from 'node:dgram';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import { eq } from 'drizzle-orm';
import sip, { type SipMessage, type SipStack } from 'sip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import type { Config } from '../../config.ts';
import { callInstances, opportunityCalls } from '../../schema/calls.tables.ts';

// Two server processes on one database, as behind the cluster's proxy, each with a SIP stack of its own on a port
// of its own. The SIP server is a stand-in played by the test: it rings, answers, and records what it receives.
const SDP =
  'v=0\r\no=x 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0\r\n';
const ANSWERS = '11999990001';
const RINGS = '11999990002';
const REPS: Partial<Record<Person, string>> = { atendente: '7001', bruno: '7002' };
const HEARTBEAT_SECONDS = 0.5;
const TIMEOUT_SECONDS = 3;

async function freePort() {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

let pbx: SipStack;
let pbxPort: number;
const received: SipMessage[] = [];
const user = (m: SipMessage) => sip.parseUri(m.uri ?? '').user;

function answer(request: SipMessage) {
  received.push(request);
  if (request.method === 'ACK') return;
  if (request.method !== 'INVITE') return pbx.send(sip.makeResponse(request, 200, 'OK'));
  const callee = user(request);
  pbx.send(sip.makeResponse(request, 180, 'Ringing'));
  if (callee === RINGS) return;
  const ok = sip.makeResponse(request, 200, 'OK');
  (ok.headers.to as { params: Record<string, string> }).params.tag = `tag-${callee}`;
  ok.headers.contact = [{ uri: `sip:${callee}@127.0.0.1:${pbxPort}`, params: {} }];
  ok.headers['content-type'] = 'application/sdp';
  ok.content = SDP;
  pbx.send(ok);
}

const sipConfig = (port: number): Partial<Config> => ({
  callDialTimeoutSeconds: 3600,
  callInstanceHeartbeatSeconds: HEARTBEAT_SECONDS,
  callInstanceTimeoutSeconds: TIMEOUT_SECONDS,
  sip: {
    domain: '127.0.0.1',
    proxy: `sip:127.0.0.1:${pbxPort}`,
    username: 'vendaval-crm',
    password: 'crm-segredo',
    listen: { address: '127.0.0.1', port },
    publicAddress: 'localhost',
    wssUrl: 'wss://pbx.example.com/ws',
  },
});

/** B owns the database (on PGlite, the handle): A may stop while B goes on. */
let a: World;
let b: World;
let aPort: number;
let aClosed = false;

beforeAll(async () => {
  pbxPort = await freePort();
  aPort = await freePort();
  pbx = sip.create(
    { address: '127.0.0.1', publicAddress: 'pbx.localhost', port: pbxPort, udp: true, tcp: false },
    (request) => answer(request),
  );
  b = await cardsWorld({ config: sipConfig(await freePort()) });
  a = await cardsWorld({ sharing: b.t, config: sipConfig(aPort) });
  for (const [who, voip] of Object.entries(REPS) as [Person, string][]) {
    const saved = await b.call(who, 'PUT', b.centro, `users/${b.user[who]}`, {
      voip_username: voip,
      voip_password: 'rep-segredo',
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});
afterAll(async () => {
  pbx.destroy();
  if (!aClosed) await a.t.close();
  await b.t.close();
});

/** A call placed through A, once it reached `status`. */
async function dialThroughA(who: Person, number: string, status: OpportunityCall['status']) {
  const card = await a.create(who, a.centro, {
    contact: { name: `Cliente ${number}`, phone_number: number },
  });
  const res = await a.call(who, 'POST', a.centro, 'opportunity-calls', {
    opportunity_id: card.id,
    user_id: a.user[who],
    phone_number: number,
  });
  expect(res.statusCode, res.body).toBe(200);
  const call = res.json() as OpportunityCall;
  await readThroughB(who, call.id, status);
  return { call, card };
}

/** The call as B answers it, once it reached `status`. */
const readThroughB = (who: Person, id: number, status: OpportunityCall['status']) =>
  eventually(async () => {
    const found = (await b.call(who, 'GET', b.centro, `opportunity-calls/${id}`)).json() as OpportunityCall;
    return found.status === status ? found : undefined;
  });

/** The requests the SIP server received for a call's legs (the customer's, then the rep's), from A's port. */
async function sipCallIdOf(callId: number) {
  const [row] = await b.t.database.db
    .select({ remoteId: opportunityCalls.remoteId })
    .from(opportunityCalls)
    .where(eq(opportunityCalls.id, callId));
  return row?.remoteId as string;
}
const receivedOf = (method: string, sipCallId: string) =>
  received.filter((m) => m.method === method && String(m.headers['call-id']).startsWith(sipCallId));
const fromA = (m: SipMessage) => (m.headers.via?.[0] as { port?: number } | undefined)?.port === aPort;

describe('SIP calls with several server processes on one database', () => {
  it('a hang-up that reaches another process is passed to the one holding the call, which hangs up its SIP legs', async () => {
    const { call: ringing } = await dialThroughA('atendente', RINGS, 'ringing');
    const cancelled = await b.call('atendente', 'POST', b.centro, `opportunity-calls/${ringing.id}/end`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'ended', outcome: 'cancelled' });
    const ringingLeg = await sipCallIdOf(ringing.id);
    const [cancel] = await eventually(async () => {
      const found = receivedOf('CANCEL', ringingLeg);
      return found.length > 0 ? found : undefined;
    });
    expect(cancel && fromA(cancel)).toBe(true);

    const { call: talking } = await dialThroughA('atendente', ANSWERS, 'onCall');
    const ended = await b.call('atendente', 'POST', b.centro, `opportunity-calls/${talking.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'ended', outcome: 'short' });
    const legs = await sipCallIdOf(talking.id);
    const byes = await eventually(async () => {
      const found = receivedOf('BYE', legs);
      return found.length === 2 ? found : undefined;
    });
    // Both legs, the customer's and the rep's phone, each hung up once, by the process holding them.
    expect(byes.map((m) => m.headers['call-id']).sort()).toEqual([legs, `${legs}-rep`]);
    expect(byes.every(fromA)).toBe(true);
    // The outcome B recorded stands: A's own report of the end found the call over.
    expect(await readThroughB('atendente', talking.id, 'ended')).toMatchObject({ outcome: 'short' });
  });

  it('the calls of a process killed end as failed once it is silent past the timeout, and free their rep and card', async () => {
    const { call: ringing, card } = await dialThroughA('atendente', RINGS, 'ringing');
    const { call: talking } = await dialThroughA('bruno', ANSWERS, 'onCall');
    // Past the timeout, while A beats, its calls go on.
    await new Promise((resolve) => setTimeout(resolve, (TIMEOUT_SECONDS + 0.5) * 1000));
    expect(await readThroughB('atendente', ringing.id, 'ringing')).toBeDefined();

    // A stops: its SIP stack goes without a word to the SIP server, and its row stays as its last beat left it.
    const db = b.t.database.db;
    const [owner] = await db
      .select({ id: callInstances.id })
      .from(callInstances)
      .innerJoin(opportunityCalls, eq(opportunityCalls.instanceId, callInstances.id))
      .where(eq(opportunityCalls.id, ringing.id));
    if (!owner) throw new Error('the call has no process holding it');
    await a.t.close();
    aClosed = true;
    const lastBeat = await db.select().from(callInstances).where(eq(callInstances.id, owner.id));

    const failed = await readThroughB('atendente', ringing.id, 'ended');
    expect(failed).toMatchObject({ outcome: 'failed', answered: false, duration: 0 });
    expect(await readThroughB('bruno', talking.id, 'ended')).toMatchObject({ outcome: 'short' });
    const [entry] = await b.history(b.centro, card.id);
    expect(entry).toMatchObject({
      type: 'OpportunityCallAttempt',
      data: { call_id: ringing.id, outcome: 'failed' },
    });
    // Not before the timeout after A's last beat; and A's row is dropped once its calls are over.
    const beatAt = lastBeat[0]?.beatAt.getTime() ?? 0;
    expect(Date.parse(failed.ended_at ?? '') - beatAt).toBeGreaterThanOrEqual(TIMEOUT_SECONDS * 1000);
    await eventually(async () => {
      const left = await db.select().from(callInstances).where(eq(callInstances.id, owner.id));
      return left.length === 0 ? true : undefined;
    });

    // The rep and the card may call again, through the process left.
    const again = await b.call('atendente', 'POST', b.centro, 'opportunity-calls', {
      opportunity_id: card.id,
      user_id: b.user.atendente,
      phone_number: RINGS,
    });
    expect(again.statusCode, again.body).toBe(200);
    const next = again.json() as OpportunityCall;
    await readThroughB('atendente', next.id, 'ringing');
    const end = await b.call('atendente', 'POST', b.centro, `opportunity-calls/${next.id}/end`);
    expect(end.json()).toMatchObject({ status: 'ended', outcome: 'cancelled' });
  });
});
