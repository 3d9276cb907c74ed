import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGES } from '@vendaval/core/messages';
import { BRAND_IMAGE_MAX_SIDE } from '@vendaval/core/schemas/platform';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG, PNG, pngOf, SVG, WEBP } from '../../../test/images.ts';
import { type FilePart, multipart } from '../../../test/multipart.ts';
import { buildTestApp, RH_HOST, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let dataDir: string;
const token = { admin: '', gerente: '', atendente: '', rh: '' };
const DEFAULT = 1000;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'vendaval-brand-'));
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

const platformOf = async (host = 'localhost') =>
  (await t.call({ method: 'GET', url: '/api/v1/platform', host })).json();
const putBrand = (who: keyof typeof token, payload: object, platformId = DEFAULT) =>
  t.call({ method: 'PUT', url: `/api/v1/platforms/${platformId}/brand`, token: token[who], payload });
const upload = (who: keyof typeof token, slot: string, file: FilePart | null) =>
  t.call({
    method: 'POST',
    url: `/api/v1/platforms/${DEFAULT}/brand/images/${slot}`,
    token: token[who],
    ...multipart({}, file ? [file] : []),
  });

describe('brand settings of the platform', () => {
  it('PLAT-009 PLAT-013 PLAT-014 PLAT-024 PLAT-027 an admin changes name, subtitle, palette, gradient, terms and dashboard titles; the next GET /platform of that host shows them', async () => {
    const res = await putBrand('admin', {
      name: 'Rede Aprender',
      subtitle: 'Matrículas o ano todo',
      palette: { primary: '#e8590c', secondary: '#5f3dc4', nav: '#2b1a05', button: null },
      gradient: { primary: '#e8590c', secondary: '#5f3dc4', login_only: false },
      terms: { price_term: 'Valor', concluded_term: 'Fechado' },
      dashboard_titles: {
        service_tab: 'Atendimento',
        ranking_tab: 'Ranking de Orientadores',
        charts: ['Origem'],
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().overridden.sort()).toEqual(
      ['dashboard_titles', 'gradient', 'name', 'palette', 'subtitle', 'terms'].sort(),
    );
    const platform = await platformOf();
    expect(platform).toMatchObject({
      id: DEFAULT,
      name: 'Rede Aprender',
      subtitle: 'Matrículas o ano todo',
      palette: { primary: '#e8590c', secondary: '#5f3dc4', nav: '#2b1a05', button: null },
      gradient: { login_only: false },
      terms: { won_term: 'Ganho', price_term: 'Valor', concluded_term: 'Fechado' },
      dashboard_titles: { ranking_tab: 'Ranking de Orientadores', charts: ['Origem'] },
    });
    // Another tenant keeps its own brand.
    expect((await platformOf(RH_HOST)).name).toBe('Vendaval Talentos');
  });

  it('PLAT-136 only admin roles edit the brand: a manager or a salesRep gets 403 and nothing changes', async () => {
    for (const who of ['gerente', 'atendente'] as const) {
      const res = await putBrand(who, { name: 'Invadido' });
      expect(res.statusCode, who).toBe(403);
      expect((await upload(who, 'favicon', { content: PNG, contentType: 'image/png' })).statusCode).toBe(403);
      const read = await t.call({
        method: 'GET',
        url: `/api/v1/platforms/${DEFAULT}/brand`,
        token: token[who],
      });
      expect(read.statusCode).toBe(403);
    }
    expect((await platformOf()).name).toBe('Rede Aprender');
  });

  it('PLAT-006 another platform’s brand is 404 (by id), and a token of another platform is not signed in here (401)', async () => {
    expect((await putBrand('admin', { name: 'Outro' }, 1)).statusCode).toBe(404);
    expect((await putBrand('rh', { name: 'Outro' })).statusCode).toBe(401);
    expect((await platformOf(RH_HOST)).name).toBe('Vendaval Talentos');
  });

  it('PLAT-013 bad colours, unknown fields and image addresses are refused with 400 in Portuguese', async () => {
    const colour = await putBrand('admin', {
      palette: { primary: 'red', secondary: '#5f3dc4', nav: '#2b1a05', button: null },
    });
    expect(colour.statusCode).toBe(400);
    expect(colour.json().errors).toEqual([
      { field: 'palette.primary', description: 'Informe a cor no formato #RRGGBB' },
    ]);
    expect((await putBrand('admin', { hosts: ['evil.example'] })).statusCode).toBe(400);
    expect((await putBrand('admin', { images: { favicon: 'https://evil.example/x.svg' } })).statusCode).toBe(
      400,
    );
    expect((await putBrand('admin', { images: { unknown_slot: null } })).statusCode).toBe(400);
    expect((await platformOf()).palette.primary).toBe('#e8590c');
  });

  it('PLAT-012 an admin uploads a logo and a login background; they are served as images with safe headers', async () => {
    const logo = await upload('admin', 'logo_default_light', {
      content: PNG,
      filename: 'logo.png',
      contentType: 'image/png',
    });
    expect(logo.statusCode).toBe(200);
    const background = await upload('admin', 'login_desktop', { content: JPEG, filename: 'x.bin' });
    expect(background.statusCode).toBe(200);
    const favicon = await upload('admin', 'favicon', { content: WEBP, filename: 'f.webp' });
    expect(favicon.statusCode).toBe(200);
    const platform = await platformOf();
    expect(platform.logos.default.light).toMatch(/^\/api\/v1\/platforms\/1000\/files\/[a-f0-9-]{36}\.png$/);
    expect(platform.login_backgrounds.desktop).toMatch(/\.jpg$/);
    expect(platform.favicon).toMatch(/\.webp$/);
    expect(platform.logos.default.dark).toMatch(/\.svg$/); // untouched slots keep the profile's image

    const served = await t.call({ method: 'GET', url: platform.logos.default.light });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The file belongs to its platform: asked for on another tenant's host it does not exist.
    expect(
      (await t.call({ method: 'GET', url: platform.logos.default.light, host: RH_HOST })).statusCode,
    ).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/v1/platforms/1000/files/..%2F..%2Fjwt-secret' })).statusCode,
    ).toBe(404);
  });

  it('PLAT-012 an SVG, a text file named .png, a file that is too large or too many pixels is refused with a Portuguese message', async () => {
    const svg = await upload('admin', 'favicon', {
      content: SVG,
      filename: 'f.svg',
      contentType: 'image/svg+xml',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(MESSAGES.brandImageType);
    const fake = await upload('admin', 'favicon', {
      content: 'not an image',
      filename: 'f.png',
      contentType: 'image/png',
    });
    expect(fake.statusCode).toBe(415);
    const big = await upload('admin', 'login_mobile', {
      content: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      contentType: 'image/png',
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe(MESSAGES.brandImageTooLarge);
    const wide = await upload('admin', 'login_desktop', {
      content: pngOf(5000, 1),
      contentType: 'image/png',
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(MESSAGES.brandImageDimensions(BRAND_IMAGE_MAX_SIDE));
    const missing = await upload('admin', 'favicon', null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MESSAGES.brandImageMissing);
    const json = await t.call({
      method: 'POST',
      url: `/api/v1/platforms/${DEFAULT}/brand/images/favicon`,
      token: token.admin,
      payload: {},
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('admin', 'wallpaper', { content: PNG })).statusCode).toBe(400);
    expect((await platformOf()).favicon).toMatch(/\.webp$/);
  });

  it('PLAT-009 a brand saved by another server instance shows on the next GET /platform of this one', async () => {
    await t.database.db.execute(
      sql`update platform_brands set overrides = overrides || '{"subtitle": "Salvo em outra instância"}'::jsonb`,
    );
    expect((await platformOf()).subtitle).toBe('Salvo em outra instância');
    await putBrand('admin', { subtitle: 'Matrículas o ano todo' });
  });

  it('PLAT-010 PLAT-013 null gives a field back to the built-in profile', async () => {
    const res = await putBrand('admin', {
      name: null,
      subtitle: null,
      palette: null,
      images: { logo_default_light: null },
    });
    expect(res.statusCode).toBe(200);
    const platform = await platformOf();
    expect(platform).toMatchObject({
      name: 'Vendaval CRM',
      subtitle: 'Aumente a sua produtividade ao máximo!',
      palette: { primary: '#1971c2' },
      terms: { price_term: 'Valor' },
    });
    expect(platform.logos.default.light).toMatch(/\.svg$/);
    expect(platform.login_backgrounds.desktop).toMatch(/\.jpg$/);
    const read = await t.call({
      method: 'GET',
      url: `/api/v1/platforms/${DEFAULT}/brand`,
      token: token.admin,
    });
    expect(read.json().overridden.sort()).toEqual(
      ['dashboard_titles', 'favicon', 'gradient', 'login_desktop', 'terms'].sort(),
    );
  });
});
