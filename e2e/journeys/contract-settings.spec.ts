import { expect, type Page, test } from '@playwright/test';
import { choose, createCard, E2E_PORT, signedInAs, snap, toast } from '../support/app.ts';

const ASAAS_KEY = '$aact_jornada_chave_0001';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });

/** Puts the workspace's enrolment settings back through the API, so no later journey inherits them. */
const resetSettings = (page: Page) =>
  page.evaluate(async () => {
    const token = localStorage.getItem('vendaval.token');
    const workspace = localStorage.getItem('vendaval.workspace');
    await fetch(`/api/v1/workspaces/${workspace}/contract-settings`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ won_on_payment: false, asaas_api_key: null, asaas_webhook_token: null }),
    });
  });

/** Three days ahead, as the task form types it. */
function soon() {
  const date = new Date(Date.now() + 3 * 86_400_000);
  return date.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
}

test.describe('enrolment settings', () => {
  test('OPP-153 an admin makes a paid enrolment win its card: settings from the menu, an enrolment paid on the sandbox page, the card Won', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signedInAs(page, 'admin@demo.local');
    try {
      await page.getByRole('link', { name: 'Matrículas', exact: true }).click();
      await expect(page).toHaveURL(/\/enrollment-settings$/);
      const form = page.getByRole('form', { name: 'Configurações de matrícula' });
      await expect(form.getByLabel('Provedor da plataforma')).toHaveText('Ambiente de testes');
      await expect(form.getByLabel('Em uso neste workspace')).toHaveText('Ambiente de testes');

      // The webhook address is this host's, for this workspace, and the button copies it.
      const workspace = await page.evaluate(() => localStorage.getItem('vendaval.workspace'));
      const webhookUrl = `http://localhost:${E2E_PORT}/api/v1/contracts/asaas/${workspace}/webhook`;
      await expect(page.getByTestId('asaas-webhook-url')).toHaveText(webhookUrl);
      await form.getByRole('button', { name: 'Copiar endereço do webhook' }).click();
      await expect(toast(page, 'Copiado com sucesso!')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(webhookUrl);

      // A key the server refuses is named under its field, and what was typed stays.
      const switchWon = form.getByRole('switch', { name: /Marcar o card como Ganho/ });
      const key = form.getByRole('textbox', { name: 'Chave de API do Asaas' });
      await switchWon.check({ force: true });
      await key.fill('curta');
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(form.getByText('A chave deve ter pelo menos 8 caracteres.')).toBeVisible();
      await expect(key).toHaveValue('curta');
      await expect(switchWon).toBeChecked();

      // A good key is kept and never shown back; the workspace then charges through Asaas.
      await key.fill(ASAAS_KEY);
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Configurações de matrícula salvas com sucesso!')).toBeVisible();
      await expect(form.getByLabel('Em uso neste workspace')).toHaveText('Asaas');
      await expect(form.getByText('Cadastrada', { exact: true })).toBeVisible();
      await expect(form.getByText('A chave deve ter pelo menos 8 caracteres.')).toBeHidden();
      await page.reload();
      await expect(key).toHaveValue('');
      await expect(switchWon).toBeChecked();
      expect(await page.content()).not.toContain(ASAAS_KEY);
      await snap(page, 'contract-settings');
      // On a phone the screen fits its width: nothing scrolls sideways.
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1440, height: 900 });

      // Removing the key takes the workspace back to the sandbox, where this journey pays.
      await form.getByRole('button', { name: 'Remover chave' }).click();
      await expect(form.getByText('Será removida ao salvar')).toBeVisible();
      await form.getByRole('button', { name: 'Salvar' }).click();
      await expect(toast(page, 'Configurações de matrícula salvas com sucesso!')).toBeVisible();
      await expect(form.getByLabel('Em uso neste workspace')).toHaveText('Ambiente de testes');
      await expect(form.getByText('Não cadastrada', { exact: true })).toBeVisible();
      await expect(switchWon).toBeChecked();

      // A card with a product, its price and a task, so its close rules let it win.
      await page.getByRole('link', { name: 'Pipeline', exact: true }).click();
      await createCard(page, 'Otávio Matrícula Paga', '31987650888');
      await column(page, 'Novo lead')
        .getByRole('button', { name: /Otávio Matrícula Paga/ })
        .click();
      const card = page.getByRole('dialog', { name: 'Otávio Matrícula Paga' });
      await card.getByRole('button', { name: 'Adicionar Tarefa' }).click();
      const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
      await choose(page, task, 'Ação', 'Ligar');
      await task.getByRole('textbox', { name: 'Data', exact: true }).fill(soon());
      await task.getByRole('textbox', { name: 'Horário', exact: true }).fill('1430');
      await task.getByRole('button', { name: 'Criar', exact: true }).click();
      await expect(task).toBeHidden();
      await card.getByRole('button', { name: 'Produto', exact: true }).click();
      const products = page.getByRole('dialog', { name: 'Seleção de Produtos' });
      await products.getByRole('radio', { name: /Curso de Inglês/ }).check();
      await products.getByRole('button', { name: 'Confirmar' }).click();
      await card.getByRole('button', { name: 'Salvar', exact: true }).click();
      await expect(toast(page, 'Oportunidade atualizada com sucesso!')).toBeVisible();

      await card.getByRole('button', { name: 'Gerar Matrícula' }).click();
      const enrol = page.getByRole('dialog', { name: 'Gerar Matrícula' });
      await enrol.getByRole('textbox', { name: 'Taxa de matrícula' }).fill('35000');
      await enrol.getByRole('textbox', { name: 'CPF do responsável financeiro' }).fill('52998224725');
      await enrol.getByRole('button', { name: 'Gerar', exact: true }).click();
      await expect(toast(page, 'Matrícula gerada com sucesso!')).toBeVisible();
      await expect(card.getByLabel('Matrícula', { exact: true })).toContainText('Matrícula Pendente');

      await card.getByRole('link', { name: 'Abrir página de pagamento' }).click();
      await expect(page.getByRole('heading', { name: 'Pagamento de teste' })).toBeVisible();
      await page.getByRole('button', { name: 'Marcar como paga' }).click();
      await expect(toast(page, 'Pagamento da matrícula confirmado!')).toBeVisible();
      await expect(page.getByText('Matrícula Efetivada')).toBeVisible();

      // The payment won the card: it is in the won stage, its enrolment effective.
      await page.getByRole('link', { name: 'Pipeline', exact: true }).click();
      const won = column(page, 'Ganho').getByRole('button', { name: /Otávio Matrícula Paga/ });
      await expect(won).toBeAttached();
      await expect(
        column(page, 'Novo lead').getByRole('button', { name: /Otávio Matrícula Paga/ }),
      ).toHaveCount(0);
      await won.click();
      const paid = page.getByRole('dialog', { name: 'Otávio Matrícula Paga' });
      await expect(paid.getByLabel('Matrícula', { exact: true })).toContainText('Matrícula Efetivada');
      await snap(page, 'contract-settings-card-won');
    } finally {
      await resetSettings(page);
    }
  });

  test('a salesRep has no Matrículas in the menu and /enrollment-settings sends them to the pipeline', async ({
    page,
  }) => {
    await signedInAs(page, 'atendente@demo.local');
    await expect(page.getByRole('link', { name: 'Pipeline', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contatos', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Matrículas', exact: true })).toHaveCount(0);
    await page.goto('/enrollment-settings');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('form', { name: 'Configurações de matrícula' })).toHaveCount(0);
  });
});
