import type { AddressInfo } from 'node:net';
import { MESSAGES } from '@vendaval/core/messages';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStream } from '../../../test/event-stream.ts';
import { cardsWorld, type Person, type World } from '../../../test/factories/cards.ts';
import { eventually } from '../../../test/factories/webhooks.ts';
import { type FakeBrowser, startPushService } from '../../../test/push-service.ts';
import { keyToUuid } from '../../infra/jobs.ts';
import { notifications, pushSubscriptions } from '../../schema/notifications.tables.ts';
import { hasOpenStream } from '../realtime/realtime.presence.ts';
import { PUSH_QUEUE } from './notifications.service.ts';

let w: World;
let service: Awaited<ReturnType<typeof startPushService>>;
let port: number;
const tokens = {} as Record<Person, string>;

beforeAll(async () => {
  service = await startPushService();
  w = await cardsWorld({
    config: { pushAllowPrivate: true, pushCaCert: service.cert, realtimeHeartbeatSeconds: 0.2 },
  });
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (w.t.app.server.address() as AddressInfo).port;
  for (const who of ['admin', 'atendente', 'bruno', 'gerente'] as const) {
    tokens[who] = await w.t.login(`${who}@demo.local`);
  }
});
afterAll(async () => {
  await w.t.close();
  await service.close();
});

const post = (who: Person, url: string, payload: object) =>
  w.t.call({ method: 'POST', url: `/api/v1/${url}`, token: tokens[who], payload });

async function subscribed(who: Person): Promise<FakeBrowser> {
  const browser = service.browser();
  const res = await post(who, 'fcm/create-token', {
    token: JSON.stringify(browser.subscription),
    device_type: 'Desktop',
  });
  expect(res.statusCode, res.body).toBe(200);
  return browser;
}

/** A card the admin hands to `who`: one notification for them, and its id. */
async function assignTo(who: Person) {
  const card = await w.create('admin', w.centro, { user_id: w.user[who] });
  const [row] = await w.t.database.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, w.user[who]), eq(notifications.opportunityId, card.id)));
  if (!row) throw new Error('no notification');
  return { card, notificationId: row.id };
}

/** Waits until the push job of a notification has run to its end. */
async function pushJobDone(notificationId: number) {
  const id = keyToUuid(PUSH_QUEUE, String(notificationId));
  await eventually(async () => {
    const { rows } = (await w.t.database.db.execute(
      sql`select state from pgboss.job where id = ${id}`,
    )) as unknown as { rows: { state: string }[] };
    return rows[0]?.state === 'completed' ? true : undefined;
  });
}

describe('Web Push', () => {
  it('PLAT-089 PLAT-190 POST fcm/create-token keeps a browser subscription or a mobile token; a bad one is refused', async () => {
    const browser = service.browser();
    const desktop = await post('gerente', 'fcm/create-token', {
      token: JSON.stringify(browser.subscription),
      device_type: 'Desktop',
    });
    expect(desktop.statusCode, desktop.body).toBe(200);
    expect(desktop.json()).toEqual({ id: expect.any(Number), device_type: 'Desktop' });
    const android = await post('gerente', 'fcm/create-token', {
      token: 'fcm-token-123',
      device_type: 'Android',
    });
    expect(android.json()).toMatchObject({ device_type: 'Android' });
    const bad = await post('gerente', 'fcm/create-token', { token: 'não é json', device_type: 'Desktop' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'token', description: MESSAGES.pushSubscriptionInvalid }]);
    expect(
      (await post('gerente', 'fcm/create-token', { token: 'x', device_type: 'Windows' })).statusCode,
    ).toBe(400);
    expect(
      (await w.t.call({ method: 'POST', url: '/api/v1/fcm/create-token', payload: {} })).statusCode,
    ).toBe(401);
    const key = await w.t.call({ method: 'GET', url: '/api/v1/push/public-key', token: tokens.gerente });
    expect(key.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('a notification for a user with no tab open is pushed to their browser, encrypted for it and signed by the server', async () => {
    const browser = await subscribed('atendente');
    const { card } = await assignTo('atendente');
    const [push] = await eventually(async () => {
      const found = service.pushesTo(browser);
      return found.length > 0 ? found : undefined;
    });
    expect(push?.payload).toMatchObject({
      title: MESSAGES.notificationCardAssigned,
      body: card.name,
      notification: { data: { origin: 'Opportunity', opportunity_id: card.id } },
    });
    const key = await w.t.call({ method: 'GET', url: '/api/v1/push/public-key', token: tokens.atendente });
    expect(push?.key).toBe(key.json().public_key);
    expect(push?.claims.aud).toBe(new URL(browser.subscription.endpoint).origin);
    expect(push?.ttl).toBe('3600');
    expect(service.refused).toEqual([]);
  });

  it('no push goes out while the user has a tab open on the event stream; once it closes, it does', async () => {
    const browser = await subscribed('bruno');
    const ticket = (await w.call('bruno', 'POST', w.centro, 'events/ticket')).json().ticket;
    const stream = await readStream(port, w.centro, `?ticket=${ticket}`);
    const open = await assignTo('bruno');
    await pushJobDone(open.notificationId);
    expect(service.pushesTo(browser)).toEqual([]);
    stream.close();
    const who = { platformId: 1000, userId: w.user.bruno };
    await eventually(async () => ((await hasOpenStream(w.t.database.db, who)) ? undefined : true));
    const closed = await assignTo('bruno');
    await eventually(async () =>
      service.pushesTo(browser).some((p) => (p.payload as { body: string }).body === closed.card.name)
        ? true
        : undefined,
    );
  });

  it('push switched off in the settings sends nothing', async () => {
    const browser = await subscribed('gerente');
    await post('gerente', 'user/settings', { push_enabled: false });
    const { notificationId } = await assignTo('gerente');
    await pushJobDone(notificationId);
    expect(service.pushesTo(browser)).toEqual([]);
    await post('gerente', 'user/settings', { push_enabled: true });
  });

  it('a subscription the push service says is gone (410) is removed', async () => {
    const browser = await subscribed('atendente');
    service.answer(browser, 410);
    const { notificationId } = await assignTo('atendente');
    await pushJobDone(notificationId);
    const left = await w.t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, browser.subscription.endpoint));
    expect(left).toEqual([]);
  });
});
