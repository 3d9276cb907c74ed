import { MESSAGES } from '@vendaval/core/messages';
import type { BatchCall, OpportunityCall } from '@vendaval/core/schemas/calls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Card, cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import type { DomainEvent } from '../../infra/events.ts';
import { opportunityCalls } from '../../schema/calls.tables.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import {
  type CallDeps,
  callAnswered,
  callEnded,
  createOpportunityCall,
  runCallTick,
} from './calls.service.ts';
import { sandboxBehaviour, sandboxTelephony } from './sandbox-telephony.ts';

// The sandbox customer, by the number's last digit: 9 never answers, 0 is busy, others answer. The dial timeout is
// out of reach here, so the tests run the 30 s rule's job themselves, and answer 9-numbers at a chosen time.
const HOUR = 3600;
let w: World;
let deps: CallDeps;
const published: DomainEvent[] = [];
beforeAll(async () => {
  w = await cardsWorld({ config: { callDialTimeoutSeconds: HOUR, callSandboxAnswerSeconds: 0 } });
  const { db, jobs, events } = w.t.app.deps;
  deps = {
    db,
    jobs,
    events,
    telephony: sandboxTelephony(jobs, { answerAfterSeconds: 0 }),
    dialTimeoutSeconds: HOUR,
    instanceId: null,
    log: w.t.app.log,
  };
  events.subscribe(async (_tx, event) => void published.push(event));
});
afterAll(() => w.t.close());

let numbers = 0;
/** A fresh number ending in this digit. */
const phoneEnding = (digit: number) => `119${String(5_000_000 + ++numbers)}${digit}`;
const scope = () => ({ platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro });

/** Cards of one contact-name prefix, so a filter picks exactly them; numbers end in the digits given. */
async function cards(
  prefix: string,
  digits: number[],
  who: Person = 'admin',
  extra: Record<string, unknown> = {},
) {
  const made: Card[] = [];
  for (const [i, digit] of digits.entries())
    made.push(
      await w.create(who, w.centro, {
        contact: { name: `${prefix} ${i}`, phone_number: phoneEnding(digit) },
        ...extra,
      }),
    );
  return made;
}

const post = (who: Person, path: string, payload?: object) => w.call(who, 'POST', w.centro, path, payload);
const get = (who: Person, path: string) => w.call(who, 'GET', w.centro, path);
const ok = async <T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as T;
};
const queue = (who: Person, filter: object, max_attempts?: number) =>
  ok<BatchCall>(post(who, 'batch-calls', { filter, ...(max_attempts ? { max_attempts } : {}) }));
const act = (who: Person, id: string, action: 'start' | 'pause' | 'stop') =>
  ok<BatchCall>(post(who, `batch-calls/${id}/${action}`));
const row = (who: Person, id: string) => ok<BatchCall>(get(who, `batch-calls/${id}`));
const end = (who: Person, callId: number) =>
  ok<OpportunityCall>(post(who, `opportunity-calls/${callId}/end`));
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
const tick = (call: OpportunityCall, batchCallId: string | null) =>
  runCallTick(deps, { ...scope(), callId: call.id, batchCallId });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('sandbox telephony', () => {
  it('the last digit of the number picks what the simulated customer does', () => {
    expect(sandboxBehaviour('11987654320')).toBe('busy');
    expect(sandboxBehaviour('11987654329')).toBe('never');
    expect(sandboxBehaviour('11987654325')).toBe('answers');
  });
});

describe('POST /batch-calls', () => {
  it('PLAT-083 PLAT-177 the filter’s cards in board order become a Created queue', async () => {
    await cards('Fila Ordem', [9, 9, 9]);
    const board = await ok<{ data: { id: number }[] }>(get('admin', 'opportunities?search=Fila%20Ordem'));
    const made = await queue('admin', { search: 'Fila Ordem' }, 2);
    expect(made).toMatchObject({
      status: 'Created',
      total_count: 3,
      current_index: 0,
      max_attempts: 2,
      opportunity_call: null,
      finished_at: null,
    });
    const started = await act('admin', made.id, 'start');
    expect(started.status).toBe('Running');
    expect(started.opportunity_call).toMatchObject({ opportunity: { id: board.data[0]?.id }, attempts: 1 });
    await act('admin', made.id, 'stop');
  });

  it('a filter without cards answers 400, and a bad body 400', async () => {
    const empty = await post('admin', 'batch-calls', { filter: { search: 'Nenhum Card Assim' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MESSAGES.batchCallEmpty);
    expect((await post('admin', 'batch-calls', { max_attempts: 0 })).statusCode).toBe(400);
  });

  it('a salesRep queues only their own cards, whatever responsible the filter names', async () => {
    await cards('Fila Dono', [9], 'atendente');
    await cards('Fila Dono', [9, 9], 'admin', { user_id: w.user.admin });
    const own = await queue('atendente', { search: 'Fila Dono', user_id: [w.user.admin] });
    expect(own.total_count).toBe(1);
    const others = await post('atendente', 'batch-calls', {
      filter: { search: 'Fila Dono', has_user: false },
    });
    expect(others.statusCode).toBe(400);
    // Nobody else reads or drives the rep's queue.
    expect((await get('gerente', `batch-calls/${own.id}`)).statusCode).toBe(404);
    expect((await post('admin', `batch-calls/${own.id}/start`)).statusCode).toBe(404);
    expect((await w.call('carla', 'GET', w.zonaNorte, `batch-calls/${own.id}`)).statusCode).toBe(404);
  });
});

describe('the queue dials through its cards', () => {
  it('PLAT-158 a call talked above 15 s is answered: Ligação Realizada, the card done, the rep starts the next', async () => {
    const [first, second] = await cards('Fila Conversa', [9, 9]);
    const q = await queue('admin', { search: 'Fila Conversa' });
    const started = await act('admin', q.id, 'start');
    const call = started.opportunity_call as OpportunityCall;
    expect(call).toMatchObject({
      status: 'dialing',
      phone_number: expect.stringMatching(/9$/),
      answered_at: null,
    });
    await callAnswered(deps, scope(), call.id, secondsAgo(20));
    const ended = await end('admin', call.id);
    expect(ended).toMatchObject({ status: 'ended', outcome: 'answered', answered: true });
    expect(ended.duration).toBeGreaterThanOrEqual(20);
    const card = call.opportunity.id;
    expect((await w.history(w.centro, card))[0]).toMatchObject({
      type: 'OpportunityCallSuccess',
      data: { call_id: call.id, outcome: 'answered' },
    });
    // After a conversation the queue waits for the rep's forms: nothing is dialed until they start again.
    expect((await row('admin', q.id)).opportunity_call?.id).toBe(call.id);
    const next = await act('admin', q.id, 'start');
    const other = card === first?.id ? second?.id : first?.id;
    expect(next).toMatchObject({
      status: 'Running',
      current_index: 1,
      opportunity_call: { opportunity: { id: other } },
    });
    await act('admin', q.id, 'stop');
  });

  it('PLAT-158 exactly 15 s of talk is not answered: Tentativa de Ligação', async () => {
    await cards('Fila Curta', [9]);
    const q = await queue('admin', { search: 'Fila Curta' });
    const call = (await act('admin', q.id, 'start')).opportunity_call as OpportunityCall;
    const answeredAt = new Date(Date.now() - 15_000);
    await callAnswered(deps, scope(), call.id, answeredAt);
    await callEnded(deps, scope(), call.id, null, new Date(answeredAt.getTime() + 15_000));
    const [entry] = await w.history(w.centro, call.opportunity.id);
    expect(entry).toMatchObject({ type: 'OpportunityCallAttempt', data: { duration: 15, outcome: 'short' } });
    // Not answered, and the only attempt used: once the rep goes on, the queue has nothing left.
    expect((await row('admin', q.id)).status).toBe('Running');
    expect((await act('admin', q.id, 'start')).status).toBe('Finished');
  });

  it('PLAT-165 PLAT-167 a call unanswered at the dial timeout ends as no_answer and the next card is dialed', async () => {
    await cards('Fila Sem Resposta', [9, 9]);
    const q = await queue('admin', { search: 'Fila Sem Resposta' }, 2);
    const first = (await act('admin', q.id, 'start')).opportunity_call as OpportunityCall;
    await tick(first, q.id);
    const after = await row('admin', q.id);
    expect(after.opportunity_call).toMatchObject({ attempts: 1, status: 'dialing' });
    expect(after.opportunity_call?.opportunity.id).not.toBe(first.opportunity.id);
    const records = await ok<{ data: OpportunityCall[] }>(
      get('admin', `opportunity-calls?opportunity_id=${first.opportunity.id}`),
    );
    expect(records.data[0]).toMatchObject({
      id: first.id,
      outcome: 'no_answer',
      answered: false,
      duration: 0,
    });
    expect((await w.history(w.centro, first.opportunity.id))[0]).toMatchObject({
      type: 'OpportunityCallAttempt',
    });
    // Second pass: each card once more (max_attempts 2), then 'Finished'.
    await tick(after.opportunity_call as OpportunityCall, q.id);
    const again = await row('admin', q.id);
    expect(again.opportunity_call).toMatchObject({ attempts: 2, opportunity: { id: first.opportunity.id } });
    await tick(again.opportunity_call as OpportunityCall, q.id);
    const last = await row('admin', q.id);
    expect(last.opportunity_call?.attempts).toBe(2);
    await tick(last.opportunity_call as OpportunityCall, q.id);
    const done = await row('admin', q.id);
    expect(done.status).toBe('Finished');
    expect(done.finished_at).not.toBeNull();
  });

  it('PLAT-165 after a conversation, 30 s without a call dials the next card', async () => {
    await cards('Fila Ocioso', [9, 9]);
    const q = await queue('admin', { search: 'Fila Ocioso' });
    const call = (await act('admin', q.id, 'start')).opportunity_call as OpportunityCall;
    await callAnswered(deps, scope(), call.id, secondsAgo(30));
    await end('admin', call.id);
    // A check scheduled before a newer call changes nothing; the one of the ended call dials.
    await tick(call, q.id);
    const next = await row('admin', q.id);
    expect(next.opportunity_call?.id).not.toBe(call.id);
    expect(next.opportunity_call?.status).toBe('dialing');
    await tick(call, q.id);
    expect((await row('admin', q.id)).opportunity_call?.id).toBe(next.opportunity_call?.id);
    await act('admin', q.id, 'stop');
  });

  it('the sandbox customer answers by itself, and a busy line makes way for the next card', async () => {
    await cards('Fila Sandbox', [0, 5]);
    const q = await queue('admin', { search: 'Fila Sandbox' });
    const started = await act('admin', q.id, 'start');
    // Board order is newest first: the 5-number is dialed first and answers on its own.
    expect(started.opportunity_call?.phone_number).toMatch(/5$/);
    const answered = await until(
      () => row('admin', q.id),
      (r) => r.opportunity_call?.status === 'onCall',
    );
    expect(answered.opportunity_call?.answered_at).not.toBeNull();
    await end('admin', answered.opportunity_call?.id as number);
    const busy = (await act('admin', q.id, 'start')).opportunity_call as OpportunityCall;
    expect(busy.phone_number).toMatch(/0$/);
    const ended = await until(
      () => ok<OpportunityCall>(get('admin', `opportunity-calls/${busy.id}`)),
      (c) => c.status === 'ended',
    );
    expect(ended.outcome).toBe('busy');
    // The 5-number's call was short and the 0-number busy: one attempt each, nothing left.
    expect(
      (
        await until(
          () => row('admin', q.id),
          (r) => r.status === 'Finished',
        )
      ).status,
    ).toBe('Finished');
  });

  it('PLAT-160 PLAT-161 PLAT-162 pause hangs up a ringing call, start resumes, stop finishes for good', async () => {
    await cards('Fila Pausa', [9, 9]);
    const q = await queue('admin', { search: 'Fila Pausa' });
    const ringing = (await act('admin', q.id, 'start')).opportunity_call as OpportunityCall;
    const paused = await act('admin', q.id, 'pause');
    expect(paused).toMatchObject({
      status: 'Paused',
      opportunity_call: { id: ringing.id, outcome: 'cancelled' },
    });
    // The 30 s check of a paused queue dials nothing.
    await tick(ringing, q.id);
    expect((await row('admin', q.id)).opportunity_call?.id).toBe(ringing.id);
    const resumed = await act('admin', q.id, 'start');
    expect(resumed.status).toBe('Running');
    expect(resumed.opportunity_call?.id).not.toBe(ringing.id);
    const stopped = await act('admin', q.id, 'stop');
    expect(stopped).toMatchObject({ status: 'Finished', opportunity_call: { outcome: 'cancelled' } });
    expect((await post('admin', `batch-calls/${q.id}/start`)).statusCode).toBe(409);
    expect((await post('admin', `batch-calls/${q.id}/pause`)).statusCode).toBe(409);
    expect((await act('admin', q.id, 'stop')).status).toBe('Finished');
  });

  it('two reps’ queues over the same filter never dial the same card at once', async () => {
    await cards('Fila Dupla', [9, 9, 9, 9]);
    const a = await queue('admin', { search: 'Fila Dupla' });
    const b = await queue('gerente', { search: 'Fila Dupla' });
    const [ra, rb] = await Promise.all([act('admin', a.id, 'start'), act('gerente', b.id, 'start')]);
    expect(ra.opportunity_call?.opportunity.id).toBeDefined();
    expect(rb.opportunity_call?.opportunity.id).toBeDefined();
    expect(ra.opportunity_call?.opportunity.id).not.toBe(rb.opportunity_call?.opportunity.id);
    // Run on together, card after card: the cards on the phone at the same moment always differ.
    for (let i = 0; i < 2; i++) {
      const [na, nb] = await Promise.all([
        tick((await row('admin', a.id)).opportunity_call as OpportunityCall, a.id).then(() =>
          row('admin', a.id),
        ),
        tick((await row('gerente', b.id)).opportunity_call as OpportunityCall, b.id).then(() =>
          row('gerente', b.id),
        ),
      ]);
      const active = [na, nb].filter((r) => r.opportunity_call?.status === 'dialing');
      const ids = active.map((r) => r.opportunity_call?.opportunity.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
    await act('admin', a.id, 'stop');
    await act('gerente', b.id, 'stop');
  });

  it('a card no longer the salesRep’s is left out of their queue', async () => {
    const [mine, moved] = await cards('Fila Repasse', [9, 9], 'atendente');
    const q = await queue('atendente', { search: 'Fila Repasse' });
    expect(q.total_count).toBe(2);
    await ok(
      w.call('admin', 'PUT', w.centro, `opportunities/${moved?.id}/assign`, { user_id: w.user.admin }),
    );
    const started = await act('atendente', q.id, 'start');
    expect(started.opportunity_call?.opportunity.id).toBe(mine?.id);
    await tick(started.opportunity_call as OpportunityCall, q.id);
    expect((await row('atendente', q.id)).status).toBe('Finished');
  });
});

describe('single calls', () => {
  it('PLAT-178 PLAT-179 a call with opportunity_id, user_id and phone_number, ended by the rep', async () => {
    const [card] = await cards('Avulsa', [9]);
    const phone = phoneEnding(9);
    const call = await ok<OpportunityCall>(
      post('admin', 'opportunity-calls', {
        opportunity_id: card?.id,
        user_id: w.user.admin,
        phone_number: phone,
      }),
    );
    expect(call).toMatchObject({
      status: 'dialing',
      phone_number: phone,
      batch_call_id: null,
      opportunity: { id: card?.id },
    });
    const active = await ok<{ data: OpportunityCall[] }>(get('gerente', 'opportunity-calls?active=true'));
    expect(active.data.map((c) => c.id)).toContain(call.id);
    const ringAgain = await post('gerente', 'opportunity-calls', {
      opportunity_id: card?.id,
      user_id: w.user.gerente,
      phone_number: phone,
    });
    expect(ringAgain.statusCode).toBe(409);
    expect(ringAgain.json().message).toBe(MESSAGES.cardOnCall);
    const [otherCard] = await cards('Avulsa Outra', [9]);
    const twice = await post('admin', 'opportunity-calls', {
      opportunity_id: otherCard?.id,
      user_id: w.user.admin,
      phone_number: phone,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.repOnCall);
    await callAnswered(deps, scope(), call.id, secondsAgo(16));
    expect((await post('gerente', `opportunity-calls/${call.id}/end`)).statusCode).toBe(404);
    const ended = await end('admin', call.id);
    expect(ended).toMatchObject({ outcome: 'answered', answered: true });
    expect((await post('admin', `opportunity-calls/${call.id}/end`)).statusCode).toBe(409);
    expect(
      published
        .filter((e) => e.type === 'call.updated' && e.data.call_id === call.id)
        .map((e) => e.data.status),
    ).toEqual(['dialing', 'onCall', 'ended']);
  });

  it('PLAT-166 a single call unanswered at the dial timeout ends; nothing else is dialed', async () => {
    const [card] = await cards('Avulsa Sem Resposta', [9]);
    const call = await ok<OpportunityCall>(
      post('admin', 'opportunity-calls', {
        opportunity_id: card?.id,
        user_id: w.user.admin,
        phone_number: phoneEnding(9),
      }),
    );
    await tick(call, null);
    expect(await ok<OpportunityCall>(get('admin', `opportunity-calls/${call.id}`))).toMatchObject({
      status: 'ended',
      outcome: 'no_answer',
    });
    expect(
      (
        await ok<{ data: OpportunityCall[] }>(
          get('admin', `opportunity-calls?active=true&user_id=${w.user.admin}`),
        )
      ).data,
    ).toEqual([]);
  });

  it('someone else’s call, a card not theirs to see, or another tenant’s card is refused', async () => {
    const [theirs] = await cards('Avulsa Alheia', [9], 'admin', { user_id: w.user.admin });
    const body = (user_id: number, opportunity_id = theirs?.id) => ({
      opportunity_id,
      user_id,
      phone_number: phoneEnding(9),
    });
    expect((await post('atendente', 'opportunity-calls', body(w.user.atendente))).statusCode).toBe(404);
    expect((await post('gerente', 'opportunity-calls', body(w.user.admin))).statusCode).toBe(403);
    expect(
      (await w.call('carla', 'POST', w.zonaNorte, 'opportunity-calls', body(w.user.carla))).statusCode,
    ).toBe(404);
    expect(
      (await post('admin', 'opportunity-calls', { ...body(w.user.admin), phone_number: '12' })).statusCode,
    ).toBe(400);
    // A salesRep reads only their own calls.
    const call = await ok<OpportunityCall>(post('admin', 'opportunity-calls', body(w.user.admin)));
    expect((await get('atendente', `opportunity-calls/${call.id}`)).statusCode).toBe(404);
    const listed = await ok<{ data: OpportunityCall[] }>(
      get('atendente', `opportunity-calls?user_id=${w.user.admin}`),
    );
    expect(listed.data).toEqual([]);
    await end('admin', call.id);
  });
});

describe('GET /telephony on the sandbox', () => {
  it('names the sandbox, with no SIP server for a browser phone to register with', async () => {
    expect(await ok(get('atendente', 'telephony'))).toEqual({
      adapter: 'sandbox',
      websocket_url: null,
      sip_domain: null,
    });
    expect((await w.call('carla', 'GET', w.centro, 'telephony')).statusCode).toBe(404);
  });
});

describe('GET /batch-calls', () => {
  it('PLAT-083 lists the caller’s own queues not yet finished, with the call under way, newest first', async () => {
    await cards('Fila Aberta', [9, 9]);
    const older = await queue('admin', { search: 'Fila Aberta' });
    const running = await queue('admin', { search: 'Fila Aberta' });
    const call = (await act('admin', running.id, 'start')).opportunity_call as OpportunityCall;
    const finished = await queue('admin', { search: 'Fila Aberta' });
    await act('admin', finished.id, 'stop');
    const listed = await ok<{ data: BatchCall[] }>(get('admin', 'batch-calls'));
    const ours = listed.data.filter((r) => [older.id, running.id, finished.id].includes(r.id));
    expect(ours.map((r) => r.id)).toEqual([running.id, older.id]);
    expect(ours[0]).toMatchObject({ status: 'Running', opportunity_call: { id: call.id } });
    // Nobody else's queues, in this workspace or another tenant's.
    const theirs = await ok<{ data: BatchCall[] }>(get('gerente', 'batch-calls'));
    expect(theirs.data.map((r) => r.id)).not.toContain(running.id);
    const outside = await w.call('carla', 'GET', w.zonaNorte, 'batch-calls');
    expect(outside.body).not.toContain(running.id);
    await act('admin', older.id, 'stop');
    await act('admin', running.id, 'stop');
  });
});

describe('POST /opportunity-calls/{id}/sandbox-hang-up', () => {
  it('PLAT-158 the simulated customer hangs up after the talk time it is given: answered above 15 s', async () => {
    const [card] = await cards('Sandbox Desliga', [9]);
    const body = { opportunity_id: card?.id, user_id: w.user.admin, phone_number: phoneEnding(9) };
    const call = await ok<OpportunityCall>(post('admin', 'opportunity-calls', body));
    const hangUp = (who: Person, talked_seconds?: number) =>
      post(
        who,
        `opportunity-calls/${call.id}/sandbox-hang-up`,
        talked_seconds === undefined ? {} : { talked_seconds },
      );
    // Not answered yet: nothing to hang up.
    expect((await hangUp('admin', 20)).statusCode).toBe(409);
    await callAnswered(deps, scope(), call.id);
    expect((await hangUp('gerente', 20)).statusCode).toBe(404);
    expect(
      (await w.call('carla', 'POST', w.zonaNorte, `opportunity-calls/${call.id}/sandbox-hang-up`, {}))
        .statusCode,
    ).toBe(404);
    expect((await hangUp('admin', -1)).statusCode).toBe(400);
    const ended = await ok<OpportunityCall>(hangUp('admin', 20));
    expect(ended).toMatchObject({ status: 'ended', outcome: 'answered', answered: true });
    expect(ended.duration).toBeGreaterThanOrEqual(20);
    expect(Date.parse(ended.ended_at ?? '')).toBeLessThanOrEqual(Date.now());
    expect((await w.history(w.centro, call.opportunity.id))[0]).toMatchObject({
      type: 'OpportunityCallSuccess',
    });
    expect((await hangUp('admin')).statusCode).toBe(409);
  });

  it('PLAT-158 without a talk time the customer hangs up now: a short call is only an attempt', async () => {
    const [card] = await cards('Sandbox Curta', [9]);
    const body = { opportunity_id: card?.id, user_id: w.user.admin, phone_number: phoneEnding(9) };
    const call = await ok<OpportunityCall>(post('admin', 'opportunity-calls', body));
    await callAnswered(deps, scope(), call.id);
    const ended = await ok<OpportunityCall>(
      post('admin', `opportunity-calls/${call.id}/sandbox-hang-up`, {}),
    );
    expect(ended).toMatchObject({ outcome: 'short', answered: false });
  });
});

describe('telephony that rings the rep’s SIP phone', () => {
  it('OPP-235 OPP-233 without voip credentials in the workspace the call is refused with the spec’s text; with them, its history entry names the extension', async () => {
    const [card] = await cards('Sem Credencial', [9]);
    const sip: CallDeps = {
      ...deps,
      telephony: {
        name: 'sip',
        needsCredentials: true,
        registrar: { websocketUrl: 'wss://pbx.example.com/ws', domain: 'pbx.example.com' },
        place: async () => ({ remoteId: 'x' }),
        hangUp: async () => {},
      },
    };
    const ctx = { ...scope(), userId: w.user.admin, role: 'admin' as const };
    const body = { opportunity_id: card?.id as number, user_id: w.user.admin, phone_number: phoneEnding(9) };
    await expect(createOpportunityCall(sip, ctx, body)).rejects.toMatchObject({
      status: 400,
      message: MESSAGES.voipNoCredentials,
    });
    const saved = await w.call('admin', 'PUT', w.centro, `users/${w.user.admin}`, {
      voip_username: '2001',
      voip_password: 'segredo-2001',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const call = await createOpportunityCall(sip, ctx, body);
    expect(call).toMatchObject({ status: 'dialing', opportunity: { id: card?.id } });
    await end('admin', call.id);
    expect((await w.history(w.centro, card?.id as number))[0]).toMatchObject({
      type: 'OpportunityCallAttempt',
      data: { id: call.id, voip_username: '2001', attempt: 1, recording_url: null },
    });
  });
});

describe('PLAT-100 the board’s call filters', () => {
  it('has_call, has_call_min_duration, max_call_attempts and the call period pick cards by their calls', async () => {
    const [talked, tried, never] = await cards('Filtro Ligacao', [9, 9, 9]);
    const dial = (id: number | undefined) =>
      ok<OpportunityCall>(
        post('admin', 'opportunity-calls', {
          opportunity_id: id,
          user_id: w.user.admin,
          phone_number: phoneEnding(9),
        }),
      );
    const a = await dial(talked?.id);
    await callAnswered(deps, scope(), a.id, secondsAgo(40));
    await end('admin', a.id);
    for (let i = 0; i < 2; i++) await end('admin', (await dial(tried?.id)).id);
    const ids = async (query: string) =>
      (
        await ok<{ data: { id: number }[] }>(get('admin', `opportunities?search=Filtro%20Ligacao&${query}`))
      ).data
        .map((c) => c.id)
        .sort((x, y) => x - y);
    const sorted = (...list: (Card | undefined)[]) => list.map((c) => c?.id as number).sort((x, y) => x - y);
    expect(await ids('has_call=true')).toEqual(sorted(talked, tried));
    expect(await ids('has_call=false')).toEqual(sorted(never));
    expect(await ids('has_call_min_duration=30')).toEqual(sorted(talked));
    expect(await ids('max_call_attempts=1')).toEqual(sorted(talked, never));
    expect(await ids('max_call_attempts=0')).toEqual(sorted(never));
    const today = new Date().toISOString();
    expect(
      await ids(
        `call_start_timestamp=${encodeURIComponent(secondsAgo(3600).toISOString())}&call_end_timestamp=${encodeURIComponent(today)}`,
      ),
    ).toEqual(sorted(talked, tried));
    expect(await ids('call_end_timestamp=2020-01-01')).toEqual([]);
  });
});

describe('the board’s answering and call length filters', () => {
  const DAY = 24 * HOUR;
  /** Ended calls as the dialer records them: talk time in seconds (null: never answered), and how long ago. */
  async function seed(card: Card | undefined, talks: { talked: number | null; ago?: number }[]) {
    await w.t.app.deps.db.insert(opportunityCalls).values(
      talks.map(({ talked, ago = 60 }) => {
        const startedAt = secondsAgo(ago + (talked ?? 0) + 5);
        return {
          platformId: DEFAULT_PLATFORM_ID,
          workspaceId: w.centro,
          opportunityId: card?.id as number,
          userId: w.user.admin,
          phoneNumber: phoneEnding(9),
          adapter: 'sandbox',
          status: 'ended' as const,
          outcome:
            talked === null
              ? ('no_answer' as const)
              : talked > 15
                ? ('answered' as const)
                : ('short' as const),
          startedAt,
          answeredAt: talked === null ? null : new Date(startedAt.getTime() + 5000),
          endedAt: secondsAgo(ago),
          duration: talked ?? 0,
          answered: talked !== null && talked > 15,
        };
      }),
    );
  }

  it('PLAT-129 PLAT-130 call_answering and call_duration pick cards by their calls, within the call period', async () => {
    const made = await cards('Classe Ligacao', [9, 9, 9, 9, 9, 9, 9, 9, 9]);
    const [a, b, c, d, e, , g, h, i] = made;
    await seed(a, [{ talked: 16 }]);
    await seed(b, [{ talked: 15 }]);
    // Not answered today; answered for 200 s two days ago.
    await seed(c, [{ talked: null }, { talked: 200, ago: 2 * DAY }]);
    await seed(d, [{ talked: 60 }]);
    await seed(e, [{ talked: null }, { talked: null }]);
    // f is never called.
    await seed(g, [{ talked: 181, ago: 2 * DAY }]);
    await seed(h, [{ talked: 59 }]);
    await seed(i, [{ talked: 180 }]);
    const names = new Map(made.map((card, n) => [card.id, 'abcdefghi'[n]]));
    const found = async (query: string) =>
      (
        await ok<{ data: { id: number }[] }>(get('admin', `opportunities?search=Classe%20Ligacao&${query}`))
      ).data
        .map((card) => names.get(card.id))
        .sort()
        .join('');
    expect(await found('call_answering=answered')).toBe('acdghi');
    expect(await found('has_call=true&call_answering=answered')).toBe('acdghi');
    expect(await found('call_answering=not_answered')).toBe('be');
    expect(await found('has_call=false')).toBe('f');
    expect(await found('call_duration=DurationLessThanAMinute')).toBe('abh');
    expect(await found('call_duration=DurationOneToThreeMinutes')).toBe('di');
    expect(await found('call_duration=DurationMoreThanThreeMinutes')).toBe('cg');
    expect(
      await found('call_duration=DurationLessThanAMinute&call_duration=DurationMoreThanThreeMinutes'),
    ).toBe('abcgh');
    expect(await found('call_answering=answered&call_duration=DurationLessThanAMinute')).toBe('ah');
    expect(await found('call_answering=not_answered&call_duration=DurationLessThanAMinute')).toBe('b');
    // Within the last day c's only call went unanswered and g was not called.
    const lastDay = `call_start_timestamp=${encodeURIComponent(secondsAgo(DAY).toISOString())}`;
    expect(await found(`${lastDay}&call_answering=answered`)).toBe('adhi');
    expect(await found(`${lastDay}&call_answering=not_answered`)).toBe('bce');
    expect(await found(`${lastDay}&call_duration=DurationMoreThanThreeMinutes`)).toBe('');

    const summary = await ok<{ data: { count: number }[] }>(
      get('admin', 'opportunities/summary?search=Classe%20Ligacao&call_answering=not_answered'),
    );
    expect(summary.data.reduce((total, stage) => total + stage.count, 0)).toBe(2);
    const wrong = await get('admin', 'opportunities?call_answering=talvez&call_duration=Longa');
    expect(wrong.statusCode).toBe(400);
  });
});
