import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Locator, type Page, test } from '@playwright/test';
import { choose, E2E_PORT, signedInAs, snap, toast } from '../support/app.ts';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const cardIn = (page: Page, stage: string, name: string) =>
  column(page, stage).getByRole('button', { name: new RegExp(name) });

/** A customer's own site on another origin, with nothing but the form's embed snippet in it. */
function customerSite(snippet: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Escola Parceira</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;margin:24px"><h1>Matricule-se</h1>${snippet}</body></html>`;
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
    ),
  );
}

/** Fills the visitor's form (on the hosted page or inside the embed frame) and sends it. */
async function fillAndSend(scope: Page | FrameLocator, name: string, phone: string) {
  await scope.getByRole('textbox', { name: 'Nome' }).fill(name);
  await scope.getByRole('textbox', { name: 'Telefone' }).fill(phone);
  await scope
    .getByRole('textbox', { name: 'E-mail' })
    .fill(`${name.split(' ')[0]?.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}@example.com`);
  await scope.getByRole('textbox', { name: 'Curso' }).click();
  await scope.getByRole('option', { name: 'Inglês' }).click();
  await scope.getByRole('checkbox', { name: 'Aceito receber contato' }).check();
  await scope.getByRole('button', { name: 'Enviar' }).click();
}

async function originOf(page: Page, stage: string, name: string): Promise<Locator> {
  await cardIn(page, stage, name).click();
  const card = page.getByRole('dialog', { name });
  await card.getByRole('tab', { name: 'Origem/Mídia' }).click();
  return card;
}

test.describe('marketing forms', () => {
  // One form goes through the three steps: built, sent on its hosted page, sent through the embed. Each step types
  // a whole form or drives two browsers, so its cap is higher than the default two minutes.
  test.describe.configure({ mode: 'serial', timeout: 300_000 });
  let site: { server: Server; url: string } | undefined;
  let link = '';
  let snippet = '';
  test.afterAll(() => site?.server.close());

  test('PLAT-043 PLAT-094 PLAT-095 an admin builds a form in /forms and gets its page and embed snippet', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Formulários' })
      .click();
    await expect(page).toHaveTitle('Formulários | CRM');
    await expect(page.getByText('Nenhum formulário criado.')).toBeVisible();

    await page.getByRole('button', { name: 'Novo formulário' }).click();
    const editor = page.getByRole('dialog', { name: 'Novo formulário' });
    await editor.getByRole('textbox', { name: 'Nome do formulário' }).fill('Matrículas 2027');
    // The starter fields: Nome, Telefone and E-mail, already tied to the contact.
    await expect(editor.getByTestId('form-field-editor')).toHaveCount(3);
    await editor.getByRole('button', { name: 'Adicionar campo' }).click();
    const course = editor.getByTestId('form-field-editor').nth(3);
    await course.getByRole('textbox', { name: 'Rótulo' }).fill('Curso');
    await choose(page, course, 'Tipo', 'Lista de opções');
    const options = course.getByRole('textbox', { name: 'Opções' });
    await options.fill('Inglês');
    await options.press('Enter');
    await options.fill('Espanhol');
    await options.press('Enter');
    await course.getByRole('switch', { name: 'Obrigatório' }).check();
    await editor.getByRole('button', { name: 'Adicionar campo' }).click();
    const consent = editor.getByTestId('form-field-editor').nth(4);
    await consent.getByRole('textbox', { name: 'Rótulo' }).fill('Aceito receber contato');
    await choose(page, consent, 'Tipo', 'Caixa de marcar');
    await editor
      .getByRole('textbox', { name: 'Mensagem de agradecimento' })
      .fill('Obrigado! A secretaria liga para você hoje.');
    await snap(page, 'forms-editor');
    await editor.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Formulário salvo.')).toBeVisible();

    const share = page.getByRole('dialog', { name: 'Publicar formulário' });
    link = (await share.getByTestId('form-page-link').textContent()) ?? '';
    expect(link).toMatch(new RegExp(`^http://localhost:${E2E_PORT}/f/[A-Za-z0-9_-]{16}$`));
    snippet = (await share.getByTestId('form-embed-snippet').textContent()) ?? '';
    expect(snippet).toContain(`${link}/embed`);
    await snap(page, 'forms-share');
    await page.keyboard.press('Escape');
    await expect(share).toBeHidden();
    await expect(page.getByTestId('form-card').filter({ hasText: 'Matrículas 2027' })).toBeVisible();
    await snap(page, 'forms-list');
  });

  test('a visitor sends the hosted page, under the brand, and the card appears live on the board as Formulário do Site', async ({
    page,
    browser,
  }) => {
    // The admin watches the board while the visitor, in a browser of their own, sends the form.
    await signedInAs(page, 'admin@demo.local');
    await expect(column(page, 'Novo lead')).toBeVisible();
    const visitor = await browser.newContext({ locale: 'pt-BR' });
    const guest = await visitor.newPage();
    await guest.goto(`${link}?utm_source=google&utm_campaign=matriculas`);
    const brand = (await (await guest.request.get('/api/v1/platform')).json()).name as string;
    await expect(guest.getByRole('img', { name: brand })).toBeVisible();
    await expect(guest.getByRole('heading', { name: 'Matrículas 2027' })).toBeVisible();
    await guest.getByRole('button', { name: 'Enviar' }).click();
    await expect(guest.getByText('Este campo é obrigatório').first()).toBeVisible();
    await snap(guest, 'form-hosted-required');
    await fillAndSend(guest, 'Helena Formulário', '11991234567');
    await expect(guest.getByText('Obrigado! A secretaria liga para você hoje.')).toBeVisible();
    await snap(guest, 'form-hosted-thanks');

    await expect(cardIn(page, 'Novo lead', 'Helena Formulário')).toBeVisible();
    await snap(page, 'forms-board-card');
    const hostedCard = await originOf(page, 'Novo lead', 'Helena Formulário');
    await expect(hostedCard.getByRole('textbox', { name: 'Origem', exact: true })).toHaveValue(
      'Formulário do Site',
    );
    await expect(hostedCard.getByRole('textbox', { name: 'ID do formulário externo' })).toHaveValue(
      link.split('/').at(-1) ?? '',
    );
    await visitor.close();
  });

  test('the embed snippet on a plain page of another site sends the form too: a live card as Formulário Externo', async ({
    page,
    browser,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await expect(column(page, 'Novo lead')).toBeVisible();
    const visitor = await browser.newContext({ locale: 'pt-BR' });
    const guest = await visitor.newPage();
    site = await customerSite(snippet);
    await guest.goto(site.url);
    const frame = guest.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'Matrículas 2027' })).toBeVisible();
    await snap(guest, 'form-embedded');
    await fillAndSend(frame, 'Otávio Incorporado', '21991234567');
    await expect(frame.getByText('Obrigado! A secretaria liga para você hoje.')).toBeVisible();

    await expect(cardIn(page, 'Novo lead', 'Otávio Incorporado')).toBeVisible();
    const embedCard = await originOf(page, 'Novo lead', 'Otávio Incorporado');
    await expect(embedCard.getByRole('textbox', { name: 'Origem', exact: true })).toHaveValue(
      'Formulário Externo',
    );
    await page.keyboard.press('Escape');
    await visitor.close();

    await page.goto('/forms');
    const formCard = page.getByTestId('form-card').filter({ hasText: 'Matrículas 2027' });
    await expect(formCard.getByText('2 respostas')).toBeVisible();
    await formCard.getByRole('button', { name: 'Respostas' }).click();
    const answers = page.getByRole('dialog', { name: /Respostas/ });
    await expect(answers.getByTestId('form-submission')).toHaveCount(2);
    await expect(answers.getByText('utm_source: google')).toBeVisible();
    await snap(page, 'forms-submissions');
  });
});
