import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { choose, DEMO_PASSWORD, shot, signedInAs, snap, toast } from '../support/app.ts';

const COUNT = 30;
const NAME = 'Lote Jornada';
const label = (n: number) => `${NAME} ${String(n).padStart(2, '0')}`;

/** The cards of the journey, made in Escola Centro through the API: the newest on top of 'Novo lead'. */
async function createCards(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'admin@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token, user } = await login.json();
  const centro = user.workspaces.find((w: { name: string }) => w.name === 'Escola Centro');
  const headers = { authorization: `Bearer ${access_token}` };
  const url = (path: string) => `/api/v1/workspaces/${centro.id}/${path}`;
  const [media] = (await (await request.get(url('medias?limit=1'), { headers })).json()).data;
  for (let n = 1; n <= COUNT; n++) {
    const created = await request.post(url('opportunities'), {
      headers,
      data: {
        source_type: 'Offline',
        media_id: media.id,
        contact: { name: label(n), phone_number: `119600${String(n).padStart(5, '0')}` },
      },
    });
    expect(created.status()).toBe(200);
  }
}

const column = (page: Page) => page.getByRole('region', { name: 'Novo lead', exact: true });
const checkbox = (page: Page, n: number) =>
  column(page).getByRole('checkbox', { name: `Selecionar ${label(n)}` });

test('PLAT-242 OPP-117 thirty cards picked on the board with a shift-click go to another workspace, with the progress shown', async ({
  page,
  request,
}) => {
  // Thirty cards made, picked and moved one page at a time on a shared machine: more than the usual cap.
  test.slow();
  await createCards(request);
  await signedInAs(page, 'admin@demo.local');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(NAME);
  await expect(column(page).getByRole('button', { name: label(COUNT), exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Selecionar', exact: true }).click();
  const bar = page.getByLabel('Cards selecionados');
  await expect(bar).toContainText('Clique nos cards para selecioná-los');
  // A new search clears the selection: pick only once the board answers for the search typed.
  await expect(bar.getByRole('button', { name: `Selecionar todos os ${COUNT} deste filtro` })).toBeVisible();
  await checkbox(page, COUNT).click();
  await expect(bar).toContainText('1 card selecionado');
  // The oldest card is at the bottom of the column: scrolled into view, a shift-click picks the whole run.
  const scroller = column(page).getByRole('list', { name: 'Cards de Novo lead' }).locator('..');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await checkbox(page, 1).click({ modifiers: ['Shift'] });
  await expect(bar).toContainText(`${COUNT} cards selecionados`);
  await expect(bar.getByRole('button', { name: `Selecionar todos os ${COUNT} deste filtro` })).toBeVisible();
  await expect(checkbox(page, 1)).toBeChecked();
  await snap(page, 'batch-transfer-selected');

  await bar.getByRole('button', { name: 'Transferir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Transferir para outra área de trabalho' });
  await expect(dialog).toContainText(`${COUNT} cards para transferir.`);
  await dialog.getByRole('radio', { name: 'Escola Zona Norte' }).check();
  await choose(page, dialog, 'Etapa', 'Em atendimento');
  await snap(page, 'batch-transfer-target');
  await dialog.getByRole('button', { name: 'Transferir', exact: true }).click();

  const progress = page.getByRole('status', { name: 'Andamento do lote' });
  await expect(progress).toContainText(new RegExp(`Transferindo ${COUNT} cards…\\s*\\d+ de ${COUNT}`));
  await shot(page, 'batch-transfer-progress-1440');
  await expect(toast(page, `${COUNT} cards transferidos com sucesso!`)).toBeVisible();
  await expect(progress).toBeHidden();
  await expect(column(page).getByText('Nenhum card nesta etapa')).toBeVisible();
  await snap(page, 'batch-transfer-done');
});
