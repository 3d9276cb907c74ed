import { MESSAGES } from '@vendaval/core/messages';
import { BRAND_IMAGE_MAX_SIDE } from '@vendaval/core/schemas/platform';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PNG, pngOf, SVG } from '../../../test/images.ts';
import { type FilePart, multipart } from '../../../test/multipart.ts';
import { buildTestApp, RH_HOST, type TestApp, workspaceIds } from '../../../test/test-app.ts';

let t: TestApp;
/** A second server on the same database: it learns of changes only through PostgreSQL's NOTIFY. */
let other: TestApp;
const token = { master: '', admin: '', gerente: '', atendente: '', rh: '' };

beforeAll(async () => {
  t = await buildTestApp();
  other = await buildTestApp({ sharing: t });
  await other.app.ready(); // listening before the first change
  token.master = await t.login('master@demo.local');
  token.admin = await t.login('admin@demo.local');
  token.gerente = await t.login('gerente@demo.local');
  token.atendente = await t.login('atendente@demo.local');
  token.rh = await t.login('admin@rh.local', RH_HOST);
});
afterAll(async () => {
  await other.close();
  await t.close();
});

type Who = keyof typeof token;
const HOST = 'escola-nova.localhost';

const profile = (extra: Record<string, unknown> = {}) => ({
  name: 'Escola Nova CRM',
  short_name: 'Escola Nova',
  subtitle: 'Matrículas sem filas.',
  trademark_owner: 'Escola Nova Ltda.',
  hosts: [HOST, 'crm.escolanova.example'],
  spinner: 'light',
  palette: { primary: '#2f9e44', secondary: '#f08c00', nav: '#0b3d1a', button: null },
  gradient: null,
  flags: {
    changeButton: false,
    has_reset: true,
    has_street_generation: false,
    planning: null,
    integrated_enroll: null,
    responsibleCheck: false,
    calendar_actions: 'default',
    main_collaborator: 'salesRep',
    opportunity_type_icons: false,
  },
  terms: {
    won_term: 'Matriculado',
    lost_term: 'Desistente',
    product_term: 'o curso',
    price_term: 'Mensalidade',
    concluded_term: 'Concluído',
    sales_rep_term: 'Consultor',
  },
  preset_values: { source_type: 'Offline', media_id: null },
  faq_videos: [],
  dashboard_titles: { service_tab: 'Atendimento', ranking_tab: 'Ranking de Consultores', charts: ['Origem'] },
  ...extra,
});
const newPlatform = (extra: Record<string, unknown> = {}) => ({
  ...profile(extra),
  first_workspace: {
    name: 'Unidade Centro',
    admin_name: 'Helena Diretora',
    admin_email: 'helena@escolanova.example',
    admin_password: 'Escola-Nova1!',
  },
});

const create = (who: Who, payload: object, host?: string) =>
  t.call({ method: 'POST', url: '/api/v1/platforms', token: token[who], host, payload });
const edit = (who: Who, id: number, payload: object) =>
  t.call({ method: 'PUT', url: `/api/v1/platforms/${id}/profile`, token: token[who], payload });
const upload = (who: Who, id: number, slot: string, file: FilePart) =>
  t.call({
    method: 'POST',
    url: `/api/v1/platforms/${id}/profile/images/${slot}`,
    token: token[who],
    ...multipart({}, [file]),
  });
const platformOn = async (app: TestApp, host: string) =>
  (await app.call({ method: 'GET', url: '/api/v1/platform', host })).json();

let created: { id: number };

describe('the operator console (role master)', () => {
  it('PLAT-006 a master creates a platform: its hosts answer with its profile at once, on every server, and its first admin signs in there', async () => {
    const res = await create('master', newPlatform());
    expect(res.statusCode).toBe(200);
    created = res.json();
    expect(created.id).toBeGreaterThan(1000);
    const here = await platformOn(t, `${HOST}:3000`);
    expect(here).toMatchObject({
      id: created.id,
      name: 'Escola Nova CRM',
      palette: { primary: '#2f9e44' },
      terms: { won_term: 'Matriculado', sales_rep_term: 'Consultor' },
      flags: { calendar_actions: 'default' },
    });
    await vi.waitFor(async () => expect((await platformOn(other, HOST)).id).toBe(created.id), {
      timeout: 10_000,
      interval: 50,
    });
    expect((await platformOn(t, 'CRM.escolanova.example')).id).toBe(created.id);
    const helena = await t.login('helena@escolanova.example', HOST, 'Escola-Nova1!');
    expect(Object.keys(await workspaceIds(t, helena, HOST))).toEqual(['Unidade Centro']);
    // The new platform's people exist there only.
    await expect(t.login('helena@escolanova.example', 'localhost', 'Escola-Nova1!')).rejects.toThrow();
  });

  it('PLAT-006 an edit takes effect without a restart, here and on the other server', async () => {
    const res = await edit('master', created.id, {
      palette: { primary: '#c2255c', secondary: '#f08c00', nav: '#0b3d1a', button: '#a61e4d' },
      terms: { ...profile().terms, won_term: 'Aprovado' },
    });
    expect(res.statusCode).toBe(200);
    expect((await platformOn(t, HOST)).palette.primary).toBe('#c2255c');
    await vi.waitFor(async () => expect((await platformOn(other, HOST)).terms.won_term).toBe('Aprovado'), {
      timeout: 10_000,
      interval: 50,
    });
    const read = await t.call({
      method: 'GET',
      url: `/api/v1/platforms/${created.id}/profile`,
      token: token.master,
    });
    expect(read.json()).toMatchObject({ hosts: [HOST, 'crm.escolanova.example'], name: 'Escola Nova CRM' });
    const list = await t.call({ method: 'GET', url: '/api/v1/platforms?limit=100', token: token.master });
    expect(list.json().pagination.total_count).toBe(4);
    expect(list.json().data.map((p: { id: number }) => p.id)).toEqual(
      expect.arrayContaining([1, 2, 1000, created.id]),
    );
  });

  it('PLAT-006 a host belongs to one platform: taking one of another is refused in Portuguese, and nothing is saved', async () => {
    const taken = await create('master', newPlatform({ hosts: ['outra.localhost', 'RH.localhost'] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      message: MESSAGES.platformHostTaken('rh.localhost'),
      errors: [{ field: 'hosts' }],
    });
    expect((await platformOn(t, 'outra.localhost')).id).toBe(1000);
    const moved = await edit('master', created.id, { hosts: [HOST, 'franquia.localhost'] });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(MESSAGES.platformHostTaken('franquia.localhost'));
    expect((await platformOn(t, 'franquia.localhost')).id).toBe(2);
    const repeated = await edit('master', created.id, { hosts: [HOST, HOST] });
    expect(repeated.statusCode).toBe(400);
    const invalid = await edit('master', created.id, { hosts: ['http://x.localhost/'] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors[0].description).toBe(MESSAGES.platformHostInvalid);
    // Its own hosts may be kept, reordered or given up, and a freed host goes back to the default profile.
    const kept = await edit('master', created.id, { hosts: [HOST] });
    expect(kept.statusCode).toBe(200);
    expect((await platformOn(t, 'crm.escolanova.example')).id).toBe(1000);
  });

  it('PLAT-012 images are checked by their content: a PNG named .svg is stored as a PNG; an SVG and an oversized image are refused', async () => {
    const logo = await upload('master', created.id, 'logo_default_light', {
      content: PNG,
      filename: 'logo.svg',
      contentType: 'image/svg+xml',
    });
    expect(logo.statusCode).toBe(200);
    const url = logo.json().logos.default.light as string;
    expect(url).toMatch(new RegExp(`^/api/v1/platforms/${created.id}/files/[a-f0-9-]{36}\\.png$`));
    const served = await t.call({ method: 'GET', url, host: HOST });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect((await platformOn(t, HOST)).logos.default.light).toBe(url);
    // Served on the platform's own hosts only.
    expect((await t.call({ method: 'GET', url, host: 'localhost' })).statusCode).toBe(404);

    const svg = await upload('master', created.id, 'login_desktop', {
      content: SVG,
      filename: 'fundo.png',
      contentType: 'image/png',
    });
    expect(svg.statusCode).toBe(415);
    expect(svg.json().message).toBe(MESSAGES.brandImageType);
    const tall = await upload('master', created.id, 'login_desktop', {
      content: pngOf(1, BRAND_IMAGE_MAX_SIDE + 1),
      contentType: 'image/png',
    });
    expect(tall.statusCode).toBe(400);
    expect(tall.json().message).toBe(MESSAGES.brandImageDimensions(BRAND_IMAGE_MAX_SIDE));
    const heavy = await upload('master', created.id, 'login_mobile', {
      content: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]),
      contentType: 'image/png',
    });
    expect(heavy.statusCode).toBe(413);
    expect(heavy.json().message).toBe(MESSAGES.brandImageTooLarge);
    const background = (await platformOn(t, HOST)).login_backgrounds.desktop;
    expect(background).toMatch(/^\/brand\/vendaval\//);
  });

  it('PLAT-019 a platform that presets a media_id: a card created there without a media gets it, in the workspace that has it', async () => {
    const ids = await workspaceIds(t, token.admin);
    const centro = ids['Escola Centro'] ?? 0;
    const medias = await t.call({
      method: 'GET',
      url: `/api/v1/workspaces/${centro}/medias`,
      token: token.admin,
    });
    const instagram = (medias.json().data as { id: number; name: string }[]).find(
      (m) => m.name === 'Instagram',
    );
    expect(instagram).toBeDefined();
    const preset = { source_type: 'Offline', media_id: instagram?.id ?? 0 };
    expect((await edit('master', 1000, { preset_values: preset })).statusCode).toBe(200);
    expect((await platformOn(t, 'localhost')).preset_values).toEqual(preset);

    const card = (workspaceId: number) =>
      t.call({
        method: 'POST',
        url: `/api/v1/workspaces/${workspaceId}/opportunities`,
        token: token.admin,
        payload: { source_type: 'Offline', contact: { name: 'Lia Prado', phone_number: '11987650019' } },
      });
    const res = await card(centro);
    expect(res.statusCode).toBe(200);
    expect(res.json().media_id).toBe(instagram?.id);
    // Another workspace has no such media: the preset does not apply and the media is asked for.
    const norte = await card(ids['Escola Zona Norte'] ?? 0);
    expect(norte.statusCode).toBe(400);
    expect(norte.json().errors[0].field).toBe('media_id');
  });

  it('only a master of the product’s own platform may list, create or edit platforms (403 for other roles, 404 on other hosts)', async () => {
    const routes = [
      { method: 'GET', url: '/api/v1/platforms' },
      { method: 'POST', url: '/api/v1/platforms', payload: newPlatform({ hosts: ['intruso.localhost'] }) },
      { method: 'GET', url: `/api/v1/platforms/${created.id}/profile` },
      { method: 'PUT', url: `/api/v1/platforms/${created.id}/profile`, payload: { name: 'Invadida' } },
    ] as const;
    for (const route of routes) {
      for (const who of ['admin', 'gerente', 'atendente'] as const) {
        const res = await t.call({ ...route, token: token[who] });
        expect(res.statusCode, `${who} ${route.method} ${route.url}`).toBe(403);
        expect(res.body).not.toContain('Escola Nova');
      }
      const rh = await t.call({ ...route, token: token.rh, host: RH_HOST });
      expect(rh.statusCode, `rh ${route.method} ${route.url}`).toBe(404);
      expect(rh.body).not.toContain('Escola Nova');
      expect((await t.call({ ...route })).statusCode).toBe(401);
    }
    const image = await upload('admin', created.id, 'favicon', { content: PNG, contentType: 'image/png' });
    expect(image.statusCode).toBe(403);
    const helena = await t.login('helena@escolanova.example', HOST, 'Escola-Nova1!');
    const own = await t.call({ method: 'GET', url: '/api/v1/platforms', token: helena, host: HOST });
    expect(own.statusCode).toBe(404);
    expect((await platformOn(t, HOST)).name).toBe('Escola Nova CRM');
    expect((await platformOn(t, 'intruso.localhost')).id).toBe(1000);
  });
});
