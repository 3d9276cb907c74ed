import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@vendaval/core/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { buildTestApp, RH_HOST, type TestApp } from '../../../test/test-app.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const DEFAULT = 1000;
let t: TestApp;
let dataDir: string;
const token = { admin: '', gerente: '', atendente: '', rh: '' };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vendaval-brand-audit-'));
  t = await buildTestApp({ config: { dataDir } });
  token.admin = await t.login('admin@demo.local');
  token.gerente = await t.login('gerente@demo.local');
  token.atendente = await t.login('atendente@demo.local');
  token.rh = await t.login('admin@rh.local', RH_HOST);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const putBrand = (payload: object) =>
  t.call({ method: 'PUT', url: `/api/v1/platforms/${DEFAULT}/brand`, token: token.admin, payload });
const logs = (who: keyof typeof token, platformId = DEFAULT, host?: string) =>
  t.call({
    method: 'GET',
    url: `/api/v1/platforms/${platformId}/logs`,
    token: token[who],
    ...(host ? { host } : {}),
  });
const palette = { primary: '#e8590c', secondary: '#5f3dc4', nav: '#2b1a05', button: null };

describe('GET /platforms/:platformId/logs: the brand audit', () => {
  it('PLAT-013 PLAT-238 a brand edit is logged with who made it and each field from and to', async () => {
    expect((await putBrand({ name: 'Rede Aprender', palette })).statusCode).toBe(200);
    expect((await putBrand({ palette: { ...palette, primary: '#1971c2' } })).statusCode).toBe(200);
    const res = await logs('admin');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pagination.total_count).toBe(2);
    expect(body.data[0]).toMatchObject({
      type: 'BrandUpdated',
      actor: { name: 'Ana Administradora' },
      subject_user: null,
      data: { changes: [{ field: 'palette.primary', from: '#e8590c', to: '#1971c2' }] },
    });
    expect(body.data[1].data.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', from: 'Vendaval CRM', to: 'Rede Aprender' },
        { field: 'palette.nav', from: expect.any(String), to: '#2b1a05' },
      ]),
    );
  });

  it('PLAT-010 PLAT-012 giving a field back and uploading an image are logged; an edit that changes nothing is not', async () => {
    await putBrand({ name: null });
    await putBrand({ palette: { ...palette, primary: '#1971c2' } });
    const upload = await t.call({
      method: 'POST',
      url: `/api/v1/platforms/${DEFAULT}/brand/images/logo_default_light`,
      token: token.admin,
      ...multipart({}, [{ content: PNG, filename: 'logo.png', contentType: 'image/png' }]),
    });
    expect(upload.statusCode).toBe(200);
    const data = (await logs('admin')).json().data;
    expect(data).toHaveLength(4);
    expect(data[0].data.changes).toEqual([
      { field: 'images.logo_default_light', from: null, to: expect.stringMatching(/\.png$/) },
    ]);
    expect(data[1].data.changes).toEqual([{ field: 'name', from: 'Rede Aprender', to: 'Vendaval CRM' }]);
  });

  it('PLAT-013 saving the built-in value of a field is no change: the form may send every field', async () => {
    const total = async () => (await logs('admin')).json().pagination.total_count;
    const before = await total();
    expect((await putBrand({ subtitle: 'Aumente a sua produtividade ao máximo!' })).statusCode).toBe(200);
    expect(await total()).toBe(before);
  });

  it('PLAT-136 a manager or a salesRep cannot read the brand log (403)', async () => {
    for (const who of ['gerente', 'atendente'] as const) {
      const res = await logs(who);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MESSAGES.forbidden);
    }
  });

  it('PLAT-006 another platform’s log is 404 by id; its admin sees only their own, empty log', async () => {
    const foreign = await logs('admin', 1);
    expect(foreign.statusCode).toBe(404);
    expect((await logs('rh', DEFAULT, RH_HOST)).statusCode).toBe(404);
    expect((await logs('rh', DEFAULT)).statusCode).toBe(401);
    const rhPlatform = (await t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json().id;
    const own = await logs('rh', rhPlatform, RH_HOST);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([]);
  });
});
