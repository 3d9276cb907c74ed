import { createSocket } from 'node:dgram';
import type { OpportunityCall } from '@vendaval/core/schemas/calls';
import sip, { type SipMessage, type SipStack } from 'sip';
import digest from 'sip/digest.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';

// The SIP server here is a stand-in played by the test on this machine: it challenges the CRM's requests, answers
// as the customer's phone and as the rep's, and records what it received. The real one (Kamailio with the browser
// and a SIP phone) is in the phone journey.
const CRM = { user: 'vendaval-crm', password: 'crm-segredo' };
const REP = { voip_username: '7001', voip_password: 'rep-segredo' };
const OFFER =
  'v=0\r\no=cliente 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40000 RTP/AVP 0\r\n';
const ANSWER =
  'v=0\r\no=rep 1 1 IN IP4 127.0.0.1\r\ns=-\r\nc=IN IP4 127.0.0.1\r\nt=0 0\r\nm=audio 40002 RTP/AVP 0\r\n';
const BUSY = '11999990000';
const ANSWERS = '11999990001';
const RINGS = '11999990002';
/** A customer with no phone registered: the SIP server takes the call (100 Trying), then finds nobody (480). */
const OFFLINE = '11999990480';
/** A number the SIP server drops without a word (as a misconfigured Kamailio did: no reply at all). */
const UNANSWERED = '11999990003';
/** A rep whose phone is not registered: the SIP server does not find them. */
const OFFLINE_REP = { voip_username: '7404', voip_password: 'rep-sem-telefone' };

async function freePort() {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return port;
}

async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

let w: World;
let pbx: SipStack;
let pbxPort: number;
let crmPort: number;
const received: SipMessage[] = [];
const user = (m: SipMessage) => sip.parseUri(m.uri ?? '').user;

/** The challenges the SIP server sent, by call, so the next request's credentials are checked against them. */
const challenges = new Map<string, { realm: string }>();

/** The SIP server's side: each number behaves as its name says; the rep's phone answers with its SDP. */
function answer(request: SipMessage) {
  const callSid = request.headers['call-id'] as string;
  const challenge = challenges.get(callSid) ?? { realm: '127.0.0.1' };
  challenges.set(callSid, challenge);
  if (request.method === 'INVITE' && !digest.authenticateRequest(challenge, request, CRM))
    return pbx.send(
      digest.challenge(challenge, sip.makeResponse(request, 407, 'Proxy Authentication Required')),
    );
  received.push(request);
  if (request.method === 'ACK') return;
  if (request.method !== 'INVITE') return pbx.send(sip.makeResponse(request, 200, 'OK'));
  const callee = user(request);
  if (callee === BUSY) return pbx.send(sip.makeResponse(request, 486, 'Busy Here'));
  if (callee === OFFLINE_REP.voip_username) return pbx.send(sip.makeResponse(request, 404, 'Not Found'));
  if (callee === UNANSWERED) return;
  if (callee === OFFLINE) {
    pbx.send(sip.makeResponse(request, 100, 'Trying'));
    return pbx.send(sip.makeResponse(request, 480, 'Temporarily Unavailable'));
  }
  pbx.send(sip.makeResponse(request, 180, 'Ringing'));
  if (callee === RINGS) return;
  const ok = sip.makeResponse(request, 200, 'OK');
  (ok.headers.to as { params: Record<string, string> }).params.tag = `tag-${callee}`;
  ok.headers.contact = [{ uri: `sip:${callee}@127.0.0.1:${pbxPort}`, params: {} }];
  ok.headers['content-type'] = 'application/sdp';
  ok.content = callee === REP.voip_username ? ANSWER : OFFER;
  pbx.send(ok);
}

beforeAll(async () => {
  pbxPort = await freePort();
  crmPort = await freePort();
  // Both stacks are on this machine: each goes by a name of its own, so neither takes the other's address for its own.
  pbx = sip.create(
    { address: '127.0.0.1', publicAddress: 'pbx.localhost', port: pbxPort, udp: true, tcp: false },
    (request) => answer(request),
  );
  w = await cardsWorld({
    config: {
      callDialTimeoutSeconds: 3600,
      sip: {
        domain: '127.0.0.1',
        proxy: `sip:127.0.0.1:${pbxPort}`,
        username: CRM.user,
        password: CRM.password,
        listen: { address: '127.0.0.1', port: crmPort },
        publicAddress: 'localhost',
        wssUrl: 'wss://pbx.example.com/ws',
      },
    },
  });
  const saved = await w.call('atendente', 'PUT', w.centro, `users/${w.user.atendente}`, REP);
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  pbx.destroy();
  await w.t.close();
});

const dial = async (number: string) => {
  const card = await w.create('atendente', w.centro, {
    contact: { name: `Cliente ${number}`, phone_number: number },
  });
  const res = await w.call('atendente', 'POST', w.centro, 'opportunity-calls', {
    opportunity_id: card.id,
    user_id: w.user.atendente,
    phone_number: number,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OpportunityCall;
};
const read = async (id: number) =>
  (await w.call('atendente', 'GET', w.centro, `opportunity-calls/${id}`)).json() as OpportunityCall;
const sent = (method: string, number: string) =>
  received.filter((m) => m.method === method && user(m) === number);

describe('GET /telephony on a SIP line', () => {
  it('tells the browser where its phone registers, and the page may connect there', async () => {
    const res = await w.call('atendente', 'GET', w.centro, 'telephony');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      adapter: 'sip',
      websocket_url: 'wss://pbx.example.com/ws',
      sip_domain: '127.0.0.1',
    });
    expect(res.headers['content-security-policy']).toContain("connect-src 'self' wss://pbx.example.com;");
    // Another tenant's workspace is not found.
    expect((await w.call('atendente', 'GET', w.recrutamento, 'telephony')).statusCode).toBe(404);
  });
});

describe('sip telephony: the CRM places the call through the SIP server (third-party call control)', () => {
  it('the customer is called without an offer; once they answer, their offer rings the rep’s phone and the rep’s answer goes back in the ACK', async () => {
    const call = await dial(ANSWERS);
    expect(call.status).toBe('dialing');
    const onCall = await until(
      () => read(call.id),
      (c) => c.status === 'onCall',
    );
    expect(onCall.answered_at).not.toBeNull();

    const [customer] = sent('INVITE', ANSWERS);
    expect(customer?.content ?? '').toBe('');
    const [rep] = sent('INVITE', REP.voip_username);
    expect(rep?.content).toBe(OFFER);
    // The rep's phone shows the customer's number as the caller.
    expect(sip.parseUri(rep?.headers.from?.uri ?? '').user).toBe(ANSWERS);
    const [ack] = await until(
      () => sent('ACK', ANSWERS),
      (acks) => acks.length > 0,
    );
    expect(ack?.content).toBe(ANSWER);

    // The customer hangs up: the rep's side gets a BYE and the record ends with the talk time.
    const hangUp: SipMessage = {
      method: 'BYE',
      uri: `sip:${CRM.user}@127.0.0.1:${crmPort}`,
      headers: {
        to: customer?.headers.from,
        from: { uri: `sip:${ANSWERS}@127.0.0.1`, params: { tag: `tag-${ANSWERS}` } },
        'call-id': customer?.headers['call-id'],
        cseq: { method: 'BYE', seq: 1 },
        via: [],
      },
    };
    const byeAnswered = new Promise<number>((resolve) => pbx.send(hangUp, (r) => resolve(r.status ?? 0)));
    expect(await byeAnswered).toBe(200);
    await until(
      () => sent('BYE', REP.voip_username),
      (byes) => byes.length === 1,
    );
    const ended = await until(
      () => read(call.id),
      (c) => c.status === 'ended',
    );
    expect(ended.outcome).toBe('short');
    expect(ended.duration).toBe(
      Math.floor((Date.parse(ended.ended_at ?? '') - Date.parse(ended.answered_at ?? '')) / 1000),
    );
    expect(sent('BYE', ANSWERS)).toEqual([]);
  });

  it('a busy customer ends the call as busy, and the rep’s phone never rings', async () => {
    const before = sent('INVITE', REP.voip_username).length;
    const call = await dial(BUSY);
    const ended = await until(
      () => read(call.id),
      (c) => c.status === 'ended',
    );
    expect(ended).toMatchObject({ outcome: 'busy', duration: 0, answered: false });
    expect(sent('INVITE', REP.voip_username).length).toBe(before);
  });

  it('a customer with no phone registered (480 after a 100 Trying) ends the call at once as no_answer, and the rep’s phone never rings', async () => {
    const before = sent('INVITE', REP.voip_username).length;
    const call = await dial(OFFLINE);
    const ended = await until(
      () => read(call.id),
      (c) => c.status === 'ended',
    );
    expect(ended).toMatchObject({ outcome: 'no_answer', duration: 0, answered: false });
    expect(sent('INVITE', REP.voip_username).length).toBe(before);
  });

  it('a SIP server that answers nothing fails the call within seconds, not at the 30 s rule, and cancels nothing', async () => {
    const placedAt = Date.now();
    const call = await dial(UNANSWERED);
    const ended = await until(
      () => read(call.id),
      (c) => c.status === 'ended',
    );
    expect(ended).toMatchObject({ outcome: 'failed', duration: 0, answered: false });
    expect(Date.now() - placedAt).toBeLessThan(10_000);
    expect(sent('INVITE', UNANSWERED).length).toBeGreaterThan(0);
    expect(sent('CANCEL', UNANSWERED)).toEqual([]);
  });

  it('a rep whose phone is not registered: the answered customer is hung up and the call fails', async () => {
    const saved = await w.call('bruno', 'PUT', w.centro, `users/${w.user.bruno}`, OFFLINE_REP);
    expect(saved.statusCode, saved.body).toBe(200);
    const card = await w.create('bruno', w.centro, {
      contact: { name: 'Cliente Sem Rep', phone_number: ANSWERS },
    });
    const res = await w.call('bruno', 'POST', w.centro, 'opportunity-calls', {
      opportunity_id: card.id,
      user_id: w.user.bruno,
      phone_number: ANSWERS,
    });
    expect(res.statusCode, res.body).toBe(200);
    const call = res.json() as OpportunityCall;
    const ended = await until(
      async () =>
        (await w.call('bruno', 'GET', w.centro, `opportunity-calls/${call.id}`)).json() as OpportunityCall,
      (c) => c.status === 'ended',
    );
    expect(ended).toMatchObject({ outcome: 'failed', answered_at: null, duration: 0 });
    const [invite] = sent('INVITE', ANSWERS).slice(-1);
    const ofCall = (m: SipMessage) => m.headers['call-id'] === invite?.headers['call-id'];
    await until(
      () => sent('BYE', ANSWERS).filter(ofCall),
      (byes) => byes.length === 1,
    );
    expect(sent('ACK', ANSWERS).filter(ofCall)).toHaveLength(1);
  });

  it('the rep hanging up while the customer’s phone rings cancels the call on the SIP server', async () => {
    const call = await dial(RINGS);
    await until(
      () => read(call.id),
      (c) => c.status === 'ringing',
    );
    const res = await w.call('atendente', 'POST', w.centro, `opportunity-calls/${call.id}/end`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ended', outcome: 'cancelled' });
    await until(
      () => sent('CANCEL', RINGS),
      (cancels) => cancels.length === 1,
    );
  });
});
