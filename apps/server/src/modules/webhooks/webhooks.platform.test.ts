import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually, signatureIsValid, startReceiver } from '../../../test/factories/webhooks.ts';
import { RH_HOST } from '../../../test/test-app.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

let w: World;
const tokens: Record<'admin' | 'gerente' | 'rh', string> = { admin: '', gerente: '', rh: '' };
beforeAll(async () => {
  w = await cardsWorld({ config: { webhooksAllowPrivate: true, webhookRetryDelaySeconds: 1 } });
  tokens.admin = await w.t.login('admin@demo.local');
  tokens.gerente = await w.t.login('gerente@demo.local');
  tokens.rh = await w.t.login('admin@rh.local', RH_HOST);
});
afterAll(() => w.t.close());

const base = `/api/v1/platforms/${DEFAULT_PLATFORM_ID}/webhooks`;
const call = (
  who: keyof typeof tokens,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  host?: string,
) =>
  w.t.call({ method, url, token: tokens[who], ...(host ? { host } : {}), ...(payload ? { payload } : {}) });

describe('platform-wide webhooks', () => {
  it('PLAT-267 a platform admin lists, creates, reads, changes and deletes them; the secret shows once', async () => {
    const created = await call('admin', 'POST', base, {
      name: 'Data lake',
      url: 'http://127.0.0.1:9/hook',
      events: ['opportunity.created'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, secret } = created.json();
    expect(secret).toMatch(/^whsec_/);
    const read = await call('admin', 'GET', `${base}/${id}`);
    expect(read.json()).toMatchObject({
      id,
      name: 'Data lake',
      active: true,
      events: ['opportunity.created'],
    });
    expect(read.json().secret).toBeUndefined();
    expect((await call('admin', 'GET', base)).json().data.map((h: { id: number }) => h.id)).toContain(id);
    const changed = await call('admin', 'PUT', `${base}/${id}`, { name: 'Lago', active: false });
    expect(changed.json()).toMatchObject({ name: 'Lago', active: false });
    expect((await call('gerente', 'GET', base)).statusCode).toBe(403);
    expect((await call('admin', 'DELETE', `${base}/${id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${base}/${id}`)).statusCode).toBe(404);
  });

  it('PLAT-267 an admin of another platform gets 404, on its own host and for its own webhook ids', async () => {
    const mine = await call('admin', 'POST', base, {
      name: 'Meu',
      url: 'http://127.0.0.1:9/hook',
      events: ['opportunity.created'],
    });
    const id = mine.json().id;
    for (const [method, url] of [
      ['GET', base],
      ['GET', `${base}/${id}`],
      ['PUT', `${base}/${id}`],
      ['DELETE', `${base}/${id}`],
      ['GET', `${base}/${id}/logs`],
    ] as const) {
      const res = await call('rh', method, url, method === 'PUT' ? { name: 'x' } : undefined, RH_HOST);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Meu');
    }
    const rhPlatform = (await w.t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json().id;
    const theirs = await call(
      'rh',
      'GET',
      `/api/v1/platforms/${rhPlatform}/webhooks/${id}`,
      undefined,
      RH_HOST,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await call('admin', 'GET', `${base}/${id}`)).json().name).toBe('Meu');
    await call('admin', 'DELETE', `${base}/${id}`);
  });

  it('PLAT-267 receives the events of every workspace of the platform, signed like a workspace webhook, with its log', async () => {
    const target = await startReceiver([500]);
    try {
      const hook = (
        await call('admin', 'POST', base, { name: 'ERP', url: target.url, events: ['opportunity.created'] })
      ).json();
      const centro = await w.create('admin', w.centro);
      const norte = await w.create('admin', w.zonaNorte);
      const elsewhere = await w.create('rh', w.recrutamento);
      // The first try answers 500 and is retried: the log shows it, and both deliveries end delivered.
      const logs = await eventually(async () => {
        const page = (await call('admin', 'GET', `${base}/${hook.id}/logs`)).json();
        const delivered = page.data.filter(
          (l: { delivery_status: string }) => l.delivery_status === 'delivered',
        );
        return new Set(delivered.map((l: { delivery_id: number }) => l.delivery_id)).size >= 2
          ? page
          : undefined;
      });
      expect(logs.data.map((l: { status_code: number }) => l.status_code)).toContain(500);
      for (const received of target.received) expect(signatureIsValid(received, hook.secret)).toBe(true);
      const payloads = target.received.map((r) => JSON.parse(r.body));
      const cards = new Map(payloads.map((p) => [p.data.opportunity_id, p.workspace_id]));
      expect(cards.get(centro.id)).toBe(w.centro);
      expect(cards.get(norte.id)).toBe(w.zonaNorte);
      expect(cards.has(elsewhere.id)).toBe(false);
      expect(new Set(target.received.map((r) => r.headers['x-vendaval-event']))).toEqual(
        new Set(['opportunity.created']),
      );
      await call('admin', 'DELETE', `${base}/${hook.id}`);
    } finally {
      await target.close();
    }
  });
});
