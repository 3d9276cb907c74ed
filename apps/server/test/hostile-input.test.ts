import { SCHEMA_MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, workspaceIds } from './test-app.ts';

let t: TestApp;
let token: string;
let base: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('admin@demo.local');
  base = `/api/v1/workspaces/${(await workspaceIds(t, token))['Escola Centro']}`;
});
afterAll(() => t.close());

const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
  t.call({ method, url: `${base}${url}`, token, payload });

describe('hostile text and ids at the edge', () => {
  // Each answered 500 before: PostgreSQL cannot store a NUL in text.
  const withNul: [string, string, object, 'POST' | 'PUT'][] = [
    ['tags', '/tags', { name: 'VIP\u0000', color: 'ff0000' }, 'POST'],
    ['products', '/products', { name: 'Curso\u0000', price: 10 }, 'POST'],
    ['cards', '/opportunities', { name: 'Card\u0000' }, 'POST'],
    ['contacts', '/contacts/1', { name: 'Maria\u0000' }, 'PUT'],
    ['tasks', '/tasks', { description: 'Ligar\u0000' }, 'POST'],
    ['webhooks', '/webhooks', { name: 'Gancho\u0000' }, 'POST'],
    ['digital employees', '/digital-employees', { name: 'Robô\u0000' }, 'POST'],
    ['dialogs', '/dialogs', { bot_id: 1, opportunity_id: 1, message: 'Olá\u0000' }, 'POST'],
  ];
  for (const [what, url, body, method] of withNul) {
    it(`a NUL character in a text field of ${what} is refused with a pt-BR message naming the field`, async () => {
      const res = await post(url, body, method);
      const field = Object.keys(body).find((key) =>
        String((body as Record<string, unknown>)[key]).includes('\u0000'),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 400,
        message: SCHEMA_MESSAGES.unsafeText,
        errors: [{ field, description: SCHEMA_MESSAGES.unsafeText }],
      });
    });
  }

  it('a lone surrogate is refused in a nested body field and in an object key, a NUL in a query', async () => {
    const nested = await post('/dialogs/1/messages', {
      dialog_id: 1,
      message_object: { message: 'oi \uD83D' },
    });
    expect(nested.json().errors).toEqual([
      { field: 'message_object.message', description: SCHEMA_MESSAGES.unsafeText },
    ]);
    const query = await t.call({ method: 'GET', url: `${base}/tags?search=a%00b`, token });
    expect(query.json().errors).toEqual([{ field: 'search', description: SCHEMA_MESSAGES.unsafeText }]);
    const key = await post('/tags', { 'na\uDC00me': 'x' });
    expect(key.json().errors).toEqual([{ field: 'body', description: SCHEMA_MESSAGES.unsafeText }]);
  });

  it('emoji and accents (well-formed pairs) still pass', async () => {
    const res = await post('/tags', { name: 'Ação 😀', color: '00ff00' });
    expect(res.statusCode).toBe(200);
  });

  it('ids past the int4 range in POST /dialogs (bot_id, opportunity_id) answer 400 naming both fields', async () => {
    const res = await post('/dialogs', { bot_id: 2147483648, opportunity_id: 2147483648, message: 'Olá' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'bot_id', description: SCHEMA_MESSAGES.numberTooBig('2147483647') },
      { field: 'opportunity_id', description: SCHEMA_MESSAGES.numberTooBig('2147483647') },
    ]);
  });

  it('a workspace id past the int4 range answers 404 like any unknown workspace', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/workspaces/2147483648/opportunities', token });
    expect(res.statusCode).toBe(404);
  });

  it('a malformed percent-encoding in the path answers 400 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/opportunities/%ED%A0%80`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
  });
});
