import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsWorld, type World } from '../../../test/factories/cards.ts';
import { eventually, startReceiver } from '../../../test/factories/webhooks.ts';
import { guardedLookup, isPublicAddress } from '../../infra/outbound-target.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';
import * as q from './webhooks.queries.ts';

const PRIVATE_MESSAGE = 'Endereço não permitido: o destino é uma rede privada, local ou reservada.';

describe('webhook targets: private, loopback and link-local addresses are refused in every encoding', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.8',
    '172.16.4.1',
    '192.168.0.10',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '2002:7f00:1::',
  ])('PLAT-267 %s is not public', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '2001:4860:4860::8888'])('PLAT-267 %s is public', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('PLAT-267 a name that resolves to a loopback address is refused when the delivery connects', async () => {
    const lookup = guardedLookup(false);
    const error = await new Promise<Error | null>((resolve) =>
      lookup('localhost', { all: true }, (err) => resolve(err as Error | null)),
    );
    expect(error?.message).toContain(PRIVATE_MESSAGE);
    const allowed = await new Promise<Error | null>((resolve) =>
      guardedLookup(true)('localhost', { all: true }, (err) => resolve(err as Error | null)),
    );
    expect(allowed).toBeNull();
  });
});

describe('webhook targets through the API, the operator not allowing private targets', () => {
  let w: World;
  beforeAll(async () => {
    w = await cardsWorld({ config: { webhookRetryDelaySeconds: 1 } });
  });
  afterAll(() => w.t.close());

  const create = (url: string) =>
    w.call('admin', 'POST', w.centro, 'webhooks', { name: 'Interno', url, events: ['opportunity.created'] });

  it.each([
    'https://127.0.0.1/hook',
    'https://2130706433/hook',
    'https://0x7f000001/hook',
    'https://0177.0.0.1/hook',
    'https://127.1/hook',
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://169.254.169.254/latest/meta-data',
    'https://[fe80::1]/hook',
    'https://10.1.2.3/hook',
    'https://192.168.1.1/hook',
    'https://localhost/hook',
    'https://api.localhost/hook',
    'https://intranet/hook',
    // A trailing dot (the DNS root) and any letter case name the same host.
    'https://localhost./hook',
    'https://LOCALHOST/hook',
    'https://LocalHost../hook',
    'https://api.LOCALHOST./hook',
    'https://intranet./hook',
    'https://printer.LOCAL./hook',
    'https://127.0.0.1./hook',
  ])('PLAT-267 %s is refused at creation with a Portuguese message (400)', async (url) => {
    const res = await create(url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'url', description: PRIVATE_MESSAGE }]);
  });

  it('PLAT-267 http is refused unless the operator allows it; a public https address is accepted', async () => {
    const http = await create('http://example.com/hook');
    expect(http.statusCode).toBe(400);
    expect(http.json().message).toBe('O endereço do webhook precisa usar https.');
    const edit = await create('https://example.com/hook');
    expect(edit.statusCode).toBe(200);
    const moved = await w.call('admin', 'PUT', w.centro, `webhooks/${edit.json().id}`, {
      url: 'https://[::ffff:a00:1]/x',
    });
    expect(moved.statusCode).toBe(400);
    expect((await w.call('admin', 'GET', w.centro, `webhooks/${edit.json().id}`)).json().url).toBe(
      'https://example.com/hook',
    );
  });

  it('PLAT-267 a delivery to a private target is refused at delivery time too, logged as failed, never retried', async () => {
    const target = await startReceiver();
    try {
      // Saved before the operator closed private targets: written directly, as the API would refuse it now.
      const hook = await q.insertWebhook(
        w.t.database.db,
        { platformId: DEFAULT_PLATFORM_ID, workspaceId: w.centro },
        {
          name: 'Antigo',
          url: target.url.replace('http:', 'https:'),
          events: ['opportunity.created'],
          active: true,
          secret: 'whsec_x',
        },
      );
      await w.create('admin', w.centro);
      const [log] = await eventually(async () => {
        const res = await w.call('admin', 'GET', w.centro, `webhooks/${hook.id}/logs`);
        const data = res.json().data;
        return data.length > 0 ? data : undefined;
      });
      expect(log).toMatchObject({ attempt: 1, status_code: null, delivery_status: 'failed' });
      // Refused before connecting: a connection would have logged a TLS or socket error instead.
      expect(log.error).toBe(PRIVATE_MESSAGE);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(target.received).toEqual([]);
      const logs = await w.call('admin', 'GET', w.centro, `webhooks/${hook.id}/logs`);
      expect(logs.json().pagination.total_count).toBe(1);
    } finally {
      await target.close();
    }
  });
});
