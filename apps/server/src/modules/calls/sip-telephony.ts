/// <reference path="../../types/sip.d.ts" />
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import sip, { type NameAddr, type SipMessage, type SipStack } from 'sip';
import digest from 'sip/digest.js';
import type { Scope } from '../../infra/tenancy/scope.ts';
import type { CallProgress, PlacedCall, TelephonyAdapter } from './telephony.ts';

/** The SIP server the calls go through, and the account the CRM controls them with. */
export interface SipOptions {
  /** The SIP domain: the customer is dialled as sip:<number>@domain, the rep as sip:<voip_username>@domain. */
  domain: string;
  /** The SIP server's proxy every request goes through, e.g. `sip:pbx.example.com:5060`. */
  proxy: string;
  /** The SIP server's WebSocket (wss://) the reps' browsers register over. */
  wssUrl: string;
  /** The CRM's own account on the SIP server, which its requests authenticate with. */
  username: string;
  password: string;
  /** Where the CRM's SIP stack listens (UDP), e.g. `0.0.0.0:5070`. */
  listen: { address: string; port: number };
  /** The name or address the SIP server reaches the CRM's stack at (its Via and Contact). */
  publicAddress: string;
}

/** One leg of a call: a dialog the CRM opened as the caller. */
interface Leg {
  request: SipMessage;
  /** Set once the leg answered: the peer's tag, contact and the route set to reach it. */
  dialog?: { to: NameAddr; target: string; route: NameAddr[] };
  seq: number;
  auth: object | null;
  /** What the SIP server answered the leg's latest INVITE: nothing yet, a provisional (1xx) or a final answer. */
  heard: 'nothing' | 'provisional' | 'final';
  /** The answer the leg's ACK carried, sent again if the leg's 200 OK comes again. */
  acked?: { content?: string };
}

interface LiveCall {
  scope: Scope;
  callId: number;
  rep: string;
  number: string;
  customer: Leg;
  rep_leg?: Leg;
  over: boolean;
}

const tag = () => randomBytes(6).toString('hex');

/**
 * A SIP server that takes an INVITE answers it at once (a proxy's 100 Trying within 200 ms, RFC 3261 §16.2);
 * silence past this means it dropped the call without a word, and the call fails instead of waiting for the
 * transaction's own 32 s time-out.
 */
const SILENT_SERVER_MS = 4000;

/** The SIP final answers of a customer who did not take the call, by what the call record calls them. */
function refusal(status: number): 'busy' | 'no_answer' | 'failed' {
  if (status === 486 || status === 600 || status === 603) return 'busy';
  if (status === 408 || status === 480 || status === 487) return 'no_answer';
  return 'failed';
}

/**
 * Third-party call control (RFC 3725, flow I) through the tenant's SIP server: the CRM calls the customer without
 * an offer; the customer's answer carries the offer, which the CRM sends in a call to the rep's registered phone
 * (the browser, which answers by itself); the rep's answer goes back to the customer in the ACK. The SIP server
 * relays the media between the browser's WebRTC and the customer's plain RTP. A hang-up on either side ends both.
 */
export function sipTelephony(
  options: SipOptions,
  progress: () => CallProgress,
  log: FastifyBaseLogger,
): TelephonyAdapter & { close(): void } {
  const calls = new Map<string, LiveCall>();
  const local = `sip:${options.username}@${options.publicAddress}:${options.listen.port}`;
  const proxyRoute: NameAddr[] = [{ uri: `${options.proxy};lr`, params: {} }];
  const stack: SipStack = sip.create(
    {
      address: options.listen.address,
      port: options.listen.port,
      publicAddress: options.publicAddress,
      udp: true,
      tcp: false,
      logger: { error: (error) => log.warn({ err: error }, 'telephony: SIP stack error') },
    },
    (request) => onRequest(request),
  );

  const report = (call: LiveCall, step: (p: CallProgress) => Promise<void>) =>
    step(progress()).catch((error: unknown) =>
      log.error({ err: error, callId: call.callId }, 'telephony: call progress not recorded'),
    );

  function invite(callSid: string, to: string, from: NameAddr, content?: string): Leg {
    const request: SipMessage = {
      method: 'INVITE',
      uri: to,
      headers: {
        to: { uri: to, params: {} },
        from,
        'call-id': callSid,
        cseq: { method: 'INVITE', seq: 1 },
        contact: [{ uri: local, params: {} }],
        route: proxyRoute,
        ...(content ? { 'content-type': 'application/sdp' } : {}),
      },
      ...(content ? { content } : {}),
    };
    return { request, seq: 1, auth: null, heard: 'nothing' };
  }

  /**
   * Sends a leg's INVITE, answering the SIP server's challenge once, and hands on every answer after it; a server
   * that answers nothing at all fails the call.
   */
  function send(call: LiveCall, leg: Leg, onResponse: (response: SipMessage) => void) {
    const request = { ...leg.request, headers: { ...leg.request.headers, via: [] } };
    leg.request = request;
    leg.heard = 'nothing';
    const silence = setTimeout(() => finish(call, 'failed'), SILENT_SERVER_MS);
    stack.send(request, (response) => {
      clearTimeout(silence);
      const status = response.status ?? 0;
      leg.heard = status < 200 ? 'provisional' : 'final';
      if ((status === 401 || status === 407) && !leg.auth) {
        leg.seq += 1;
        leg.request = {
          ...request,
          headers: { ...request.headers, cseq: { method: 'INVITE', seq: leg.seq } },
        };
        leg.auth = digest.signRequest({}, leg.request, response, {
          user: options.username,
          password: options.password,
        });
        leg.auth ??= {};
        send(call, leg, onResponse);
        return;
      }
      onResponse(response);
    });
  }

  function answered(leg: Leg, response: SipMessage) {
    if (leg.dialog) return false;
    leg.dialog = {
      to: response.headers.to as NameAddr,
      target: response.headers.contact?.[0]?.uri ?? (leg.request.uri as string),
      route: [...(response.headers['record-route'] ?? [])].reverse(),
    };
    return true;
  }

  function inDialog(leg: Leg, method: 'ACK' | 'BYE', content?: string) {
    const dialog = leg.dialog;
    if (!dialog) return;
    if (method === 'BYE') leg.seq += 1;
    else leg.acked = { content };
    stack.send({
      method,
      uri: dialog.target,
      headers: {
        to: dialog.to,
        from: leg.request.headers.from,
        'call-id': leg.request.headers['call-id'],
        cseq: { method, seq: leg.seq },
        contact: [{ uri: local, params: {} }],
        route: dialog.route,
        via: [],
        ...(content ? { 'content-type': 'application/sdp' } : {}),
      },
      ...(content ? { content } : {}),
    });
  }

  function cancel(leg: Leg) {
    const { request } = leg;
    stack.send({
      method: 'CANCEL',
      uri: request.uri,
      headers: {
        via: request.headers.via,
        to: request.headers.to,
        from: request.headers.from,
        'call-id': request.headers['call-id'],
        cseq: { method: 'CANCEL', seq: leg.seq },
        route: request.headers.route,
      },
    });
  }

  /** Ends whatever is still up of a call, and records it once. */
  function finish(call: LiveCall, outcome: 'busy' | 'no_answer' | 'failed' | null) {
    if (call.over) return;
    call.over = true;
    for (const leg of [call.customer, call.rep_leg]) {
      if (!leg) continue;
      if (leg.dialog) {
        // A leg answered but not yet acknowledged (the customer, while the rep's phone rang) is acknowledged first.
        if (!leg.acked) inDialog(leg, 'ACK');
        inDialog(leg, 'BYE');
      }
      // RFC 3261 §9.1: only a request with a provisional answer and no final one yet is cancelled.
      else if (leg.heard === 'provisional') cancel(leg);
    }
    calls.delete(call.customer.request.headers['call-id'] as string);
    if (call.rep_leg) calls.delete(call.rep_leg.request.headers['call-id'] as string);
    void report(call, (p) => p.ended(call.scope, call.callId, outcome));
  }

  /** The customer answered with an offer: the rep's phone gets it as an incoming call. */
  function callRep(call: LiveCall, offer: string) {
    const callSid = `${call.customer.request.headers['call-id']}-rep`;
    // The rep's phone shows the customer's number as the caller.
    const from = { uri: `sip:${call.number}@${options.domain}`, params: { tag: tag() } };
    const leg = invite(callSid, `sip:${call.rep}@${options.domain}`, from, offer);
    call.rep_leg = leg;
    calls.set(callSid, call);
    send(call, leg, (response) => {
      const status = response.status ?? 0;
      if (call.over) {
        if (status >= 200 && status < 300 && answered(leg, response)) inDialog(leg, 'ACK');
        return;
      }
      if (status < 200) return;
      if (status >= 300) return finish(call, 'failed');
      if (!answered(leg, response)) return inDialog(leg, 'ACK');
      inDialog(leg, 'ACK');
      inDialog(call.customer, 'ACK', response.content);
      void report(call, (p) => p.answered(call.scope, call.callId));
    });
  }

  function onRequest(request: SipMessage) {
    const call = calls.get(request.headers['call-id'] as string);
    if (request.method === 'ACK') return;
    if (!call) return stack.send(sip.makeResponse(request, 481, 'Call Does Not Exist'));
    if (request.method === 'BYE') {
      stack.send(sip.makeResponse(request, 200, 'OK'));
      // The side that hung up is gone already: only the other one gets a BYE.
      for (const leg of [call.customer, call.rep_leg])
        if (leg && leg.request.headers['call-id'] === request.headers['call-id']) leg.dialog = undefined;
      return finish(call, null);
    }
    stack.send(sip.makeResponse(request, 405, 'Method Not Allowed'));
  }

  return {
    name: 'sip',
    needsCredentials: true,
    registrar: { websocketUrl: options.wssUrl, domain: options.domain },
    async place(placed: PlacedCall) {
      if (!placed.voipUsername) throw new Error('the rep has no SIP account in this workspace');
      const callSid = `${randomBytes(12).toString('hex')}@${options.listen.address}`;
      const from = { uri: `sip:${options.username}@${options.domain}`, params: { tag: tag() } };
      const customer = invite(callSid, `sip:${placed.phoneNumber}@${options.domain}`, from);
      const call: LiveCall = {
        scope: { platformId: placed.platformId, workspaceId: placed.workspaceId },
        callId: placed.id,
        rep: placed.voipUsername,
        number: placed.phoneNumber,
        customer,
        over: false,
      };
      calls.set(callSid, call);
      send(call, customer, (response) => {
        const status = response.status ?? 0;
        if (call.over) {
          // Answered after the CRM gave up on it: acknowledged and hung up at once.
          if (status >= 200 && status < 300 && answered(customer, response)) {
            inDialog(customer, 'ACK');
            inDialog(customer, 'BYE');
          }
          return;
        }
        if (status === 180 || status === 183)
          return void report(call, (p) => p.ringing(call.scope, call.callId));
        if (status < 200) return;
        if (status >= 300) return finish(call, refusal(status));
        if (answered(customer, response)) callRep(call, response.content ?? '');
        // The 200 OK again: the ACK was lost, so it goes again.
        else if (customer.acked) inDialog(customer, 'ACK', customer.acked.content);
      });
      return { remoteId: callSid };
    },
    async hangUp(placed) {
      const call = placed.remoteId ? calls.get(placed.remoteId) : undefined;
      if (call) finish(call, null);
    },
    close: () => stack.destroy(),
  };
}
