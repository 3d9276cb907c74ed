import { APP_TIME_ZONE } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { NewsWarning } from '@vendaval/core/schemas/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../../test/multipart.ts';
import { buildTestApp, DEFAULT_HOST, RH_HOST, type TestApp } from '../../../test/test-app.ts';
import { DEFAULT_PLATFORM_ID } from '../platform/platform.profiles.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const VIDEO = { title: 'Novidades do funil', src: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ' };

type Who = 'admin' | 'gerente' | 'atendente' | 'rh';
const EMAILS: Record<Who, string> = {
  admin: 'admin@demo.local',
  gerente: 'gerente@demo.local',
  atendente: 'atendente@demo.local',
  rh: 'admin@rh.local',
};
const hostOf = (who: Who) => (who === 'rh' ? RH_HOST : DEFAULT_HOST);

let t: TestApp;
let rhPlatform: number;
const tokens = {} as Record<Who, string>;

/** A day as DD/MM/YYYY in the app's time zone, `offset` days from today. */
function day(offset: number) {
  const at = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: APP_TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(at);
}

beforeAll(async () => {
  t = await buildTestApp();
  for (const [who, email] of Object.entries(EMAILS) as [Who, string][])
    tokens[who] = await t.login(email, hostOf(who));
  rhPlatform = (await t.call({ method: 'GET', url: '/api/v1/platform', host: RH_HOST })).json().id;
});
afterAll(() => t.close());

const api = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.call({
    method,
    url: `/api/v1/${url}`,
    token: tokens[who],
    host: hostOf(who),
    ...(payload ? { payload } : {}),
  });
const manage = `platforms/${DEFAULT_PLATFORM_ID}/news`;
const current = async (who: Who): Promise<NewsWarning[]> => {
  const res = await api(who, 'GET', 'news');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const uploadImage = (who: Who, platformId = DEFAULT_PLATFORM_ID) =>
  t.call({
    method: 'POST',
    url: `/api/v1/platforms/${platformId}/news/images`,
    token: tokens[who],
    host: hostOf(who),
    ...multipart({}, [{ content: PNG, filename: 'slide.png', contentType: 'image/png' }]),
  });

describe('news warnings', () => {
  let withMedia: NewsWarning;

  it('PLAT-088 PLAT-188 PLAT-189 an admin publishes a warning with a video and a carousel; every user of the platform gets it with the spec fields', async () => {
    const images = [];
    for (const description of ['Nova tela do funil', 'Nova agenda']) {
      const res = await uploadImage('admin');
      expect(res.statusCode, res.body).toBe(200);
      images.push({ src: res.json().src as string, description });
    }
    const created = await api('admin', 'POST', manage, {
      message: 'O funil ganhou colunas novas!',
      expiration: day(7),
      iframeInfo: VIDEO,
      carouselInfo: images,
    });
    expect(created.statusCode, created.body).toBe(200);
    withMedia = created.json();
    expect(withMedia).toEqual({
      id: expect.any(Number),
      message: 'O funil ganhou colunas novas!',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      expiration: day(7),
      iframeInfo: VIDEO,
      carouselInfo: images,
    });
    for (const who of ['atendente', 'gerente', 'admin'] as const) {
      expect(await current(who), who).toContainEqual(withMedia);
    }
    // The carousel's image is served as an image of that platform only.
    const served = await t.call({ method: 'GET', url: images[0]?.src ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.call({ method: 'GET', url: images[0]?.src ?? '', host: RH_HOST })).statusCode).toBe(404);
  });

  it('PLAT-187 a warning is returned through its expiration day and never after it; admins still list it', async () => {
    const today = await api('admin', 'POST', manage, { message: 'Último dia', expiration: day(0) });
    const past = await api('admin', 'POST', manage, { message: 'Já passou', expiration: day(-1) });
    expect(today.statusCode).toBe(200);
    expect(past.statusCode).toBe(200);
    const shown = (await current('atendente')).map((n) => n.message);
    expect(shown).toContain('Último dia');
    expect(shown).not.toContain('Já passou');
    const all = await api('admin', 'GET', `${manage}?limit=50`);
    expect(all.json().data.map((n: NewsWarning) => n.message)).toContain('Já passou');
    expect(all.json().pagination.total_count).toBeGreaterThanOrEqual(3);
  });

  it('PLAT-188 a video of a host outside the allow-list (or over http) is refused with a Portuguese message', async () => {
    for (const src of [
      'https://evil.example/embed/1',
      'http://www.youtube.com/embed/1',
      'https://www.youtube.com.evil.example/embed/1',
      'javascript:alert(1)',
      'https://user@player.vimeo.com/video/1',
    ]) {
      const res = await api('admin', 'POST', manage, {
        message: 'Vídeo',
        expiration: day(3),
        iframeInfo: { title: 'x', src },
      });
      expect(res.statusCode, src).toBe(400);
      expect(res.json().errors).toEqual([
        { field: 'iframeInfo.src', description: MESSAGES.newsVideoHostRefused },
      ]);
    }
    const vimeo = await api('admin', 'POST', manage, {
      message: 'Vídeo do Vimeo',
      expiration: day(3),
      iframeInfo: { title: 'Vimeo', src: 'https://player.vimeo.com/video/76979871' },
    });
    expect(vimeo.statusCode).toBe(200);
    const badDate = await api('admin', 'POST', manage, { message: 'Data', expiration: '31/02/2030' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().errors[0].description).toBe(MESSAGES.newsExpirationFormat);
    const outsider = await api('admin', 'POST', manage, {
      message: 'Imagem de fora',
      expiration: day(3),
      carouselInfo: [{ src: 'https://evil.example/a.png', description: '' }],
    });
    expect(outsider.statusCode).toBe(400);
  });

  it('PLAT-136 only platform admins manage warnings: a manager or a salesRep gets 403 and nothing changes', async () => {
    for (const who of ['gerente', 'atendente'] as const) {
      expect((await api(who, 'GET', manage)).statusCode, who).toBe(403);
      expect((await api(who, 'POST', manage, { message: 'x', expiration: day(1) })).statusCode).toBe(403);
      expect(
        (await api(who, 'PUT', `${manage}/${withMedia.id}`, { message: 'x', expiration: day(1) })).statusCode,
      ).toBe(403);
      expect((await api(who, 'DELETE', `${manage}/${withMedia.id}`)).statusCode).toBe(403);
      expect((await uploadImage(who)).statusCode).toBe(403);
    }
    expect(await current('atendente')).toContainEqual(withMedia);
  });

  it('PLAT-006 a warning of another platform is never shown there and is 404 to its admins', async () => {
    expect((await current('rh')).map((n) => n.id)).not.toContain(withMedia.id);
    // By the other platform's id on this host, and by this platform's id from the other host.
    expect((await api('admin', 'GET', `platforms/${rhPlatform}/news`)).statusCode).toBe(404);
    expect((await api('rh', 'GET', manage)).statusCode).toBe(404);
    expect((await uploadImage('rh')).statusCode).toBe(404);
    const rhManage = `platforms/${rhPlatform}/news`;
    const edit = await api('rh', 'PUT', `${rhManage}/${withMedia.id}`, { message: 'x', expiration: day(1) });
    expect(edit.statusCode).toBe(404);
    expect((await api('rh', 'DELETE', `${rhManage}/${withMedia.id}`)).statusCode).toBe(404);
    // An image uploaded on this platform cannot be named by a warning of the other.
    const stolen = await api('rh', 'POST', rhManage, {
      message: 'Carrossel alheio',
      expiration: day(3),
      carouselInfo: withMedia.carouselInfo,
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(MESSAGES.newsImageRefused);
    expect(await current('atendente')).toContainEqual(withMedia);
  });

  it('PLAT-088 an admin edits and deletes a warning; a deleted one is 404 and no longer shown', async () => {
    const edited = await api('admin', 'PUT', `${manage}/${withMedia.id}`, {
      message: 'O funil ganhou colunas novas (revisado)',
      expiration: day(10),
      iframeInfo: null,
      carouselInfo: withMedia.carouselInfo,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ expiration: day(10), iframeInfo: null, id: withMedia.id });
    const removed = await api('admin', 'DELETE', `${manage}/${withMedia.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().message).toBe(MESSAGES.newsDeleted);
    expect((await api('admin', 'DELETE', `${manage}/${withMedia.id}`)).statusCode).toBe(404);
    expect(
      (await api('admin', 'PUT', `${manage}/${withMedia.id}`, { message: 'x', expiration: day(1) }))
        .statusCode,
    ).toBe(404);
    expect((await current('atendente')).map((n) => n.id)).not.toContain(withMedia.id);
  });
});
