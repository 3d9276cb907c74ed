import { MESSAGES, SCHEMA_MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, buildApp } from '../src/app.ts';
import { openDatabase } from '../src/infra/db.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const postToken = (payload: string, contentType = 'application/json') =>
  t.call({ method: 'POST', url: '/api/v1/auth/token', payload, headers: { 'content-type': contentType } });

const stillAnswers = async () => {
  const res = await t.call({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('ok');
};

describe('bad input', () => {
  it('PLAT-212 malformed JSON answers 400 naming the body', async () => {
    const res = await postToken('{"username": "admin@demo.local", ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 400,
      errors: [{ field: 'body', description: MESSAGES.malformedJson }],
    });
    await stillAnswers();
  });

  it('PLAT-209 unknown fields are refused by name (no mass assignment)', async () => {
    const res = await postToken(
      JSON.stringify({ username: 'admin@demo.local', password: DEMO_PASSWORD, role: 'admin' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: 'role', description: MESSAGES.unknownField('role') }]);
  });

  it('PLAT-211 wrong types answer 400 naming each field, in Portuguese', async () => {
    const res = await postToken(JSON.stringify({ username: 42, password: ['x'] }));
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .errors.map((e: { field: string }) => e.field)
      .sort();
    expect(fields).toEqual(['password', 'username']);
    expect(res.json().errors.map((e: { description: string }) => e.description)).toEqual([
      SCHEMA_MESSAGES.expectedText,
      SCHEMA_MESSAGES.expectedText,
    ]);
  });

  it('PLAT-220 a body over the limit answers 413 and the server keeps answering', async () => {
    const huge = JSON.stringify({ username: 'x'.repeat(BODY_LIMIT_BYTES + 10), password: 'y' });
    const res = await postToken(huge);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ status: 413, message: MESSAGES.payloadTooLarge });
    await stillAnswers();
  });

  it('PLAT-221 a body that is not JSON answers 415', async () => {
    const res = await postToken('username=admin', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json().status).toBe(415);
  });

  it('PLAT-215 an unknown API path answers 404 in the error shape', async () => {
    const res = await t.call({ method: 'GET', url: '/api/v1/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: MESSAGES.notFound });
  });

  it('a non-numeric workspace id answers 404, not 500', async () => {
    const token = await t.login('admin@demo.local');
    const res = await t.call({ method: 'GET', url: '/api/v1/workspaces/abc/users', token });
    expect(res.statusCode).toBe(404);
  });

  it('every answer carries a request id', async () => {
    const res = await t.call({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers['x-request-id']).toBe('abc-123');
    const generated = await t.call({ method: 'GET', url: '/api/health' });
    expect(String(generated.headers['x-request-id'])).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('the OpenAPI document is served under /api/docs', async () => {
    const res = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/v1/auth/token');
  });
});

describe('health', () => {
  it('answers 503 when the database cannot be reached', async () => {
    const broken = await buildTestApp({ seed: false });
    await broken.database.close();
    const res = await broken.call({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: MESSAGES.databaseDown });
    await broken.close();
  });

  it('a request while PostgreSQL cannot be reached (a restart) answers 503 with Retry-After, never 500', async () => {
    const unreachable = openDatabase({ url: 'postgres://vendaval@127.0.0.1:9/vendaval' });
    const { config, platforms } = t.app.deps;
    const app = await buildApp(
      { config, database: unreachable, db: unreachable.db, platforms, tokens: t.tokens },
      { logger: false },
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/token',
      headers: { host: 'localhost' },
      payload: { username: 'admin@demo.local', password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 503, message: MESSAGES.databaseDown });
    expect(res.headers['retry-after']).toBe('2');
    await app.close();
    await unreachable.close();
  });
});
