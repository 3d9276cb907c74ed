import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, signedInAs, snap, toast } from '../support/app.ts';

// Two 320×180 PNGs of different colours (orange, blue), so the carousel visibly changes image.
const ORANGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAABqhmJGAAABlElEQVR42u3TQQkAAAwDsQqYwfn/TMZ0FAJRcHC5HaBUJAADAwYGDAwGBgwMGBgwMBgYMDBgYDAwYGDAwICBwcCAgQEDAwYGAwMGBgwMBgYMDBgYMDAYGDAwYGDAwGBgwMCAgcHAgIEBAwMGBgMDBgYMDAZWAQwMGBgwMBgYMDBgYMDAYGDAwICBwcCAgQEDAwYGAwMGBgwMGBgMDBgYMDAYGDAwYGDAwGBgwMCAgQEDg4EBAwMGBgMDBgYMDBgYDAwYGDAwGBgwMGBgwMBgYMDAgIEBA4OBAQMDBgYDAwYGDAwYGAwMGBgwMGBgMDBgYMDAYGDAwICBAQODgQEDAwYGDAwGBgwMGBgMDBgYMDBgYDAwYGDAwGBgwMCAgQEDg4EBAwMGBgwMBgYMDBgYDAwYGDAwYGAwMGBgwMCAgcHAgIEBA4OBAQMDBgYMDAYGDAwYGAysAhgYMDBgYDAwYGDAwICBwcCAgQEDg4EBAwMGBgwMBgYMDBgYMDAYGDAwYGAwMGBgwMCAgcHAgIEBAwMGhm4Pf0W+HZK7Pl4AAAAASUVORK5CYII=',
  'base64',
);
const BLUE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAUAAAAC0CAIAAABqhmJGAAABk0lEQVR42u3TAQkAAAzDsNm4zFu8susYBKKg0MweUCoSgIEBAwMGBgMDBgYMDBgYDAwYGDAwGBgwMGBgwMBgYMDAgIEBA4OBAQMDBgYDAwYGDAwYGAwMGBgwMGBgMDBgYMDAYGDAwICBAQODgQEDAwYGA6sABgYMDBgYDAwYGDAwYGAwMGBgwMBgYMDAgIEBA4OBAQMDBgYMDAYGDAwYGAwMGBgwMGBgMDBgYMDAgIHBwICBAQODgQEDAwYGDAwGBgwMGBgMDBgYMDBgYDAwYGDAwICBwcCAgQEDg4EBAwMGBgwMBgYMDBgYMDAYGDAwYGAwMGBgwMCAgcHAgIEBAwMGBgMDBgYMDAYGDAwYGDAwGBgwMGBgMDBgYMDAgIHBwICBAQMDBgYDAwYGDAwGBgwMGBgwMBgYMDBgYMDAYGDAwICBwcCAgQEDAwYGAwMGBgwMBlYBDAwYGDAwGBgwMGBgwMBgYMDAgIHBwICBAQMDBgYDAwYGDAwYGAwMGBgwMBgYMDBgYMDAYGDAwICBAQNDtweFHd0OuOcrYgAAAABJRU5ErkJggg==',
  'base64',
);
const VIDEO = 'https://www.youtube-nocookie.com/embed/vendaval-novidades';

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token: token } = await login.json();
  const platform = await (await request.get('/api/v1/platform')).json();
  return { headers: { authorization: `Bearer ${token}` }, platformId: platform.id as number };
}

/** DD/MM/YYYY in São Paulo, `offset` days from today. */
const day = (offset: number) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date(Date.now() + offset * 86_400_000));

// Warnings and FAQ videos belong to the whole host: the next journeys find none of them.
test.afterEach(async ({ request }) => {
  const { headers, platformId } = await adminApi(request);
  const list = await (
    await request.get(`/api/v1/platforms/${platformId}/news?limit=500`, { headers })
  ).json();
  for (const warning of list.data as { id: number }[]) {
    const removed = await request.delete(`/api/v1/platforms/${platformId}/news/${warning.id}`, { headers });
    expect(removed.status()).toBe(200);
  }
  const reset = await request.put(`/api/v1/platforms/${platformId}/brand`, {
    headers,
    data: { faq_videos: null },
  });
  expect(reset.status()).toBe(200);
});

const newsModal = (page: Page) => page.getByRole('dialog', { name: 'Avisos' });

test('PLAT-065 PLAT-066 PLAT-067 PLAT-186 PLAT-187 PLAT-188 PLAT-189 an admin publishes a warning with a video and a carousel; a user sees it once, never an expired one', async ({
  page,
  browser,
  request,
}) => {
  const { headers, platformId } = await adminApi(request);
  const expired = await request.post(`/api/v1/platforms/${platformId}/news`, {
    headers,
    data: { message: 'Aviso de ontem que já expirou', expiration: day(-1) },
  });
  expect(expired.status()).toBe(200);

  // The admin writes the warning in the platform area: message, expiration, a video and two images.
  await signedInAs(page, 'admin@demo.local');
  await page.goto('/workspace-management?tab=avisos');
  await page.getByRole('button', { name: 'Novo aviso' }).click();
  const form = page.getByRole('dialog', { name: 'Novo aviso' });
  await form.getByLabel('Mensagem').fill('Chegou a nova agenda de tarefas!\nVeja o vídeo e as imagens.');
  await form.getByLabel('Expira em').fill(day(7));
  await form.getByLabel('Incluir vídeo').check();
  await form.getByLabel('Título do vídeo').fill('Nova agenda');
  // A video of a host outside the allow-list is refused by the server, in Portuguese.
  await form.getByLabel('Endereço de incorporação do vídeo').fill('https://videos.example.com/embed/1');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(form.getByText(/Vídeo não permitido/)).toBeVisible();
  await form.getByLabel('Endereço de incorporação do vídeo').fill(VIDEO);
  for (const [name, buffer] of [
    ['agenda.png', ORANGE],
    ['filtros.png', BLUE],
  ] as const) {
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Adicionar imagem' }).click();
    await (await chooser).setFiles({ name, mimeType: 'image/png', buffer });
  }
  await form.getByLabel('Descrição da imagem 1').fill('A agenda da semana');
  await form.getByLabel('Descrição da imagem 2').fill('Os filtros da agenda');
  await snap(page, 'news-form');
  await form.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Aviso salvo com sucesso!')).toBeVisible();
  const cards = page.getByTestId('news-card');
  await expect(cards.filter({ hasText: 'Chegou a nova agenda' }).getByText('Ativo')).toBeVisible();
  await snap(page, 'news-admin');

  // A salesRep signs in: the warning shows, with the video framed and the carousel.
  const context = await browser.newContext();
  const rep = await context.newPage();
  await signedInAs(rep, 'atendente@demo.local');
  const modal = newsModal(rep);
  await expect(modal.getByText('Chegou a nova agenda de tarefas!')).toBeVisible();
  await expect(modal.locator('iframe')).toHaveAttribute('src', VIDEO);
  await expect(modal.getByRole('img', { name: 'A agenda da semana' })).toBeVisible();
  await expect(modal.getByText('Imagem 1 de 2')).toBeVisible();
  await snap(rep, 'news-warning');
  await modal.getByRole('button', { name: 'Próxima imagem' }).click();
  await expect(modal.getByRole('img', { name: 'Os filtros da agenda' })).toBeVisible();
  await expect(modal.getByText('Imagem 2 de 2')).toBeVisible();
  const download = rep.waitForEvent('download');
  await modal.getByRole('button', { name: 'Baixar imagem' }).click();
  expect((await download).suggestedFilename()).toMatch(/^[a-f0-9-]{36}\.png$/);
  await modal.getByRole('button', { name: 'Entendi' }).click();
  await expect(modal).toBeHidden();
  // The expired warning never follows it, and a reload does not show the seen one again.
  await expect(rep.getByText('Aviso de ontem que já expirou')).toHaveCount(0);
  await rep.reload();
  await expect(rep.getByRole('button', { name: 'Criar Card' })).toBeVisible();
  await expect(newsModal(rep)).toHaveCount(0);
  await context.close();
});

test('PLAT-020 PLAT-032 PLAT-069 the help button shows the screen’s FAQ videos, and any navigation closes it', async ({
  page,
  request,
}) => {
  const { headers, platformId } = await adminApi(request);
  const brand = await request.put(`/api/v1/platforms/${platformId}/brand`, {
    headers,
    data: {
      faq_videos: [
        {
          path: '/',
          local: false,
          src: 'https://www.youtube-nocookie.com/embed/funil',
          title: 'Como usar o funil',
        },
        {
          path: '/calendar',
          local: false,
          src: 'https://player.vimeo.com/video/agenda',
          title: 'Como usar a agenda',
        },
      ],
    },
  });
  expect(brand.status()).toBe(200);

  await signedInAs(page, 'atendente@demo.local');
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Calendário' })
    .click();
  await expect(page).toHaveURL(/\/calendar$/);
  await page.getByRole('button', { name: 'Ajuda' }).click();
  const faq = page.getByRole('dialog', { name: 'Ajuda' });
  await expect(faq.getByRole('heading', { name: 'Como usar a agenda' })).toBeVisible();
  await expect(faq.locator('iframe')).toHaveAttribute('src', 'https://player.vimeo.com/video/agenda');
  await expect(faq.getByText('Como usar o funil')).toHaveCount(0);
  await snap(page, 'faq-modal');

  // Going back to the pipeline is a navigation: the modal closes.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(faq).toBeHidden();
  await page.getByRole('button', { name: 'Ajuda' }).click();
  await expect(faq.getByRole('heading', { name: 'Como usar o funil' })).toBeVisible();

  // From the modal to the guide, another navigation; a screen without videos says so.
  await faq.getByRole('link', { name: 'Abrir o guia' }).click();
  await expect(page).toHaveURL(/\/guide$/);
  await expect(faq).toHaveCount(0);
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Ajuda' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Ajuda' }).getByText('Nenhum vídeo de ajuda para esta tela.'),
  ).toBeVisible();
});

test('PLAT-060 the guide walks a new user through the screens in the full layout, in the brand’s words', async ({
  page,
}) => {
  await signedInAs(page, 'atendente@demo.local');
  await page.goto('/guide');
  await expect(page).toHaveTitle('Guia | CRM');
  const step = page.getByTestId('guide-step');
  await expect(step.getByRole('heading', { name: 'Boas-vindas ao Vendaval CRM' })).toBeVisible();
  // Full layout: no navigation menu around it.
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toHaveCount(0);
  await expect(step.getByText(/Ganho ou Perdido/)).toBeVisible();
  await snap(page, 'guide-welcome');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(step.getByRole('heading', { name: 'O funil de oportunidades' })).toBeVisible();
  await expect(page.getByText('Passo 2 de 7')).toBeVisible();
  await snap(page, 'guide-pipeline');
  await step.getByRole('link', { name: 'Abrir Pipeline' }).click();
  await expect(page).toHaveURL(/\/$/);
});
