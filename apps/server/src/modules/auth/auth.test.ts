import { MESSAGES } from '@vendaval/core/messages';
import { API_ROLES } from '@vendaval/core/roles';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DEMO_PASSWORD, RH_HOST, type TestApp } from '../../../test/test-app.ts';
import { digestSecret } from '../../infra/tokens.ts';
import { passwordResets } from '../../schema/auth.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (username: string, password: string, host?: string) =>
  t.call({ method: 'POST', url: '/api/v1/auth/token', host, payload: { username, password } });

describe('POST /auth/token', () => {
  it('PLAT-227 PLAT-076 answers the token, its lifetime and the user with workspaces and role per workspace', async () => {
    const res = await signIn('admin@demo.local', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access_token).toMatch(/^ey/);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.user).toMatchObject({
      name: 'Ana Administradora',
      email: 'admin@demo.local',
      platform_id: 1000,
    });
    expect(body.user.access_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(body.user.workspaces.map((w: { name: string; role: string }) => [w.name, w.role]).sort()).toEqual([
      ['Escola Centro', 'admin'],
      ['Escola Zona Norte', 'admin'],
    ]);
    expect(body.user).not.toHaveProperty('password_hash');
    expect(JSON.stringify(body)).not.toContain('argon2');
  });

  it('PLAT-227 signs in by username as well as by e-mail, ignoring case', async () => {
    const res = await signIn('Gerente', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe('gerente@demo.local');
  });

  it('PLAT-209 a wrong password and an unknown login answer the same 400 in Portuguese, never 401', async () => {
    const wrong = await signIn('atendente@demo.local', 'Errada123!');
    const unknown = await signIn('ninguem@demo.local', 'Errada123!');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: MESSAGES.invalidCredentials });
    }
  });

  it('PLAT-006 a user of one platform cannot sign in on the host of another', async () => {
    expect((await signIn('admin@rh.local', DEMO_PASSWORD)).statusCode).toBe(400);
    expect((await signIn('admin@rh.local', DEMO_PASSWORD, RH_HOST)).statusCode).toBe(200);
    expect((await signIn('admin@demo.local', DEMO_PASSWORD, RH_HOST)).statusCode).toBe(400);
  });

  it('PLAT-222 repeated failures are rate limited with 429 and the catalogue message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await signIn('gustavo.g', `Errada${i}!`)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    const limited = await signIn('gustavo.g', DEMO_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
    // another person at the same address is not locked out
    expect((await signIn('carla@demo.local', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('login limit per address', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await buildTestApp({ config: { loginAttemptsPerAddress: 5 } });
  });
  afterAll(() => capped.close());

  const tryLogin = (username: string, remoteAddress: string) =>
    capped.call({
      method: 'POST',
      url: '/api/v1/auth/token',
      remoteAddress,
      payload: { username, password: DEMO_PASSWORD },
    });

  it('one address trying a different login each time meets its own cap, other addresses do not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await tryLogin(`pessoa${i}@demo.local`, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    const limited = await tryLogin('admin@demo.local', '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ status: 429, message: MESSAGES.tooManyRequests });
    expect((await tryLogin('admin@demo.local', '203.0.113.8')).statusCode).toBe(200);
  });
});

describe('tokens', () => {
  it('PLAT-201 PLAT-204 no token, a forged token or a token of another platform answer 401', async () => {
    const url = '/api/v1/users/self/workspaces';
    expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: 'not-a-jwt' })).statusCode).toBe(401);
    const rhToken = await t.login('admin@rh.local', RH_HOST);
    expect((await t.call({ method: 'GET', url, token: rhToken })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url, token: rhToken, host: RH_HOST })).statusCode).toBe(200);
  });

  it('PLAT-204 an expired token answers 401', async () => {
    const expired = await buildTestApp({ jwtTtlSeconds: 1 });
    try {
      const token = await expired.login('admin@demo.local');
      await new Promise((r) => setTimeout(r, 2100));
      const res = await expired.call({ method: 'GET', url: '/api/v1/users/self/workspaces', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: MESSAGES.unauthorized });
    } finally {
      await expired.close();
    }
  });

  it('PLAT-058 logout revokes the tokens issued before it', async () => {
    const token = await t.login('gerente@demo.local');
    const url = '/api/v1/users/self/workspaces';
    expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(200);
    expect((await t.call({ method: 'POST', url: '/api/v1/auth/logout', token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(401);
    const again = await t.login('gerente@demo.local');
    expect((await t.call({ method: 'GET', url, token: again })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const requestReset = (email: string, host = 'localhost:3000') =>
    t.call({ method: 'PUT', url: '/api/v1/auth/request-password-reset', host, payload: { email } });
  const reset = (payload: object) => t.call({ method: 'PUT', url: '/api/v1/auth/reset-password', payload });
  const lastLink = () => {
    const mail = t.outbox.at(-1);
    const match = mail?.text.match(/https?:\/\/\S+\/password-reset\?token=[\w-]+/);
    if (!match) throw new Error('no reset link in the last e-mail');
    return new URL(match[0]);
  };

  it('PLAT-229 sends a one-time link by e-mail and the new password works, the old one and old tokens do not', async () => {
    const oldToken = await t.login('atendente@demo.local');
    const before = t.outbox.length;
    const res = await requestReset('atendente@demo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.resetRequested);
    expect(t.outbox.length).toBe(before + 1);
    expect(t.outbox.at(-1)?.to).toBe('atendente@demo.local');
    const link = lastLink();
    expect(link.host).toBe('localhost:3000');
    const token = link.searchParams.get('token') ?? '';

    const done = await reset({ token, password: 'NovaSenha1!', password_confirmation: 'NovaSenha1!' });
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(MESSAGES.passwordChanged);
    expect((await signIn('atendente@demo.local', 'NovaSenha1!')).statusCode).toBe(200);
    expect((await signIn('atendente@demo.local', DEMO_PASSWORD)).statusCode).toBe(400);
    const url = '/api/v1/users/self/workspaces';
    expect((await t.call({ method: 'GET', url, token: oldToken })).statusCode).toBe(401);

    const reused = await reset({ token, password: 'OutraSenha1!', password_confirmation: 'OutraSenha1!' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errors).toEqual([{ field: 'token', description: MESSAGES.resetLinkUsed }]);
  });

  it('a used or expired reset link is told apart when the page opens, and checking it does not use it up', async () => {
    // A client address of its own, so the reset attempts of the other tests do not count against this one.
    const remoteAddress = '10.0.0.13';
    const check = (token: string, host = 'localhost:3000') =>
      t.call({ method: 'GET', url: `/api/v1/auth/reset-password?token=${token}`, host, remoteAddress });
    const reset = (payload: object) =>
      t.call({ method: 'PUT', url: '/api/v1/auth/reset-password', payload, remoteAddress });
    await requestReset('gerente@demo.local');
    const token = lastLink().searchParams.get('token') ?? '';
    for (let i = 0; i < 2; i++) {
      const valid = await check(token);
      expect(valid.statusCode, valid.body).toBe(200);
      expect(valid.json().message).toBe(MESSAGES.resetLinkValid);
    }
    expect((await check(token, RH_HOST)).json().message).toBe(MESSAGES.resetLinkInvalid);
    const done = await reset({ token, password: 'NovaSenha2!', password_confirmation: 'NovaSenha2!' });
    expect(done.statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ message: MESSAGES.resetLinkUsed, errors: [{ field: 'token' }] });

    await requestReset('gerente@demo.local');
    const late = lastLink().searchParams.get('token') ?? '';
    await t.database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, digestSecret(late)));
    expect((await check(late)).json().message).toBe(MESSAGES.resetLinkExpired);
    const refused = await reset({
      token: late,
      password: 'NovaSenha3!',
      password_confirmation: 'NovaSenha3!',
    });
    expect(refused.json().message).toBe(MESSAGES.resetLinkExpired);
    expect((await check('nao-existe')).json().message).toBe(MESSAGES.resetLinkInvalid);
  });

  it('PLAT-229 answers the same for an unknown e-mail and sends nothing', async () => {
    const before = t.outbox.length;
    const res = await requestReset('nao-existe@demo.local');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MESSAGES.resetRequested);
    expect(t.outbox.length).toBe(before);
  });

  it('PLAT-229 a forged Host header never reaches the link', async () => {
    await requestReset('carla@demo.local', 'evil.example');
    expect(lastLink().hostname).toBe('localhost');
  });

  it('PLAT-229 behind a trusted proxy the link keeps the https scheme the user came with', async () => {
    const proxied = await buildTestApp({ config: { trustProxy: true } });
    try {
      await proxied.call({
        method: 'PUT',
        url: '/api/v1/auth/request-password-reset',
        host: 'localhost',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'gerente@demo.local' },
      });
      expect(proxied.outbox.at(-1)?.text).toMatch(/https:\/\/localhost\/password-reset\?token=/);
    } finally {
      await proxied.close();
    }
  });

  it('PLAT-199 the new password must follow the password rule and match its confirmation', async () => {
    await requestReset('carla@demo.local');
    const token = lastLink().searchParams.get('token') ?? '';
    const weak = await reset({ token, password: 'fraca', password_confirmation: 'fraca' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors[0].field).toBe('password');
    const mismatch = await reset({ token, password: 'Forte123!', password_confirmation: 'Forte124!' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toEqual([
      { field: 'password_confirmation', description: 'As senhas não conferem' },
    ]);
    // the failed attempts did not use the link up
    const ok = await reset({ token, password: 'Forte123!', password_confirmation: 'Forte123!' });
    expect(ok.statusCode).toBe(200);
  });

  it('PLAT-222 reset requests are rate limited with 429 and the catalogue message', async () => {
    const limited = await buildTestApp({ seed: false });
    try {
      const ask = () =>
        limited.call({
          method: 'PUT',
          url: '/api/v1/auth/request-password-reset',
          payload: { email: 'x@demo.local' },
        });
      for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
      const res = await ask();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({ status: 429, message: MESSAGES.tooManyRequests });
    } finally {
      await limited.close();
    }
  });

  it('PLAT-229 PLAT-006 a link issued on one platform does not work on another', async () => {
    await requestReset('bruno@demo.local');
    const token = lastLink().searchParams.get('token') ?? '';
    const res = await t.call({
      method: 'PUT',
      url: '/api/v1/auth/reset-password',
      host: RH_HOST,
      payload: { token, password: 'Forte123!', password_confirmation: 'Forte123!' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /roles', () => {
  it('PLAT-230 PLAT-135 lists person roles with Portuguese names and never the API roles', async () => {
    const token = await t.login('admin@demo.local');
    const res = await t.call({ method: 'GET', url: '/api/v1/roles', token });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((r: { id: string }) => r.id);
    expect(ids).toHaveLength(14);
    for (const api of API_ROLES) expect(ids).not.toContain(api);
    expect(res.json().data).toContainEqual({ id: 'salesRep', name: 'Atendente' });
  });

  it('PLAT-140 PLAT-141 with a workspace, only the roles the caller may assign there', async () => {
    const admin = await t.login('admin@demo.local');
    const workspaces = (
      await t.call({ method: 'GET', url: '/api/v1/users/self/workspaces', token: admin })
    ).json().data;
    const workspaceId = workspaces[0].id;
    const asAdmin = await t.call({
      method: 'GET',
      url: `/api/v1/roles?workspace_id=${workspaceId}`,
      token: admin,
    });
    expect(asAdmin.json().data.map((r: { id: string }) => r.id)).toContain('admin');
    const rep = await t.login('bruno@demo.local');
    const asRep = await t.call({
      method: 'GET',
      url: `/api/v1/roles?workspace_id=${workspaceId}`,
      token: rep,
    });
    const repIds = asRep.json().data.map((r: { id: string }) => r.id);
    expect(repIds).not.toContain('admin');
    expect(repIds).not.toContain('manager');
    expect(repIds).toContain('salesRep');
  });

  it('PLAT-230 a workspace the caller is not in answers 404', async () => {
    const token = await t.login('admin@rh.local', RH_HOST);
    const res = await t.call({ method: 'GET', url: '/api/v1/roles?workspace_id=1', token, host: RH_HOST });
    expect(res.statusCode).toBe(404);
  });
});
