import { expect, type Page, test } from '@playwright/test';
import { type GraphApi, startGraphApi } from '../../apps/server/test/graph-api.ts';
import { choose, E2E_PORT, signedInAs, snap, TOKEN_KEY, toast } from '../support/app.ts';

let graph: GraphApi;

test.beforeAll(async () => {
  graph = await startGraphApi({ port: E2E_PORT + 1 });
  graph.templates = [
    {
      id: '7001',
      name: 'confirmacao_visita',
      language: 'pt_BR',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [
        {
          type: 'HEADER',
          format: 'TEXT',
          text: 'Visita confirmada, {{1}}!',
          example: { header_text: ['Ana'] },
        },
        {
          type: 'BODY',
          text: 'Sua visita à unidade *{{1}}* está marcada para {{2}}. Traga um documento com foto.',
          example: { body_text: [['Centro', 'sexta, 10h']] },
        },
        { type: 'FOOTER', text: 'Escola Vendaval' },
        {
          type: 'BUTTONS',
          buttons: [
            {
              type: 'URL',
              text: 'Ver endereço',
              url: 'https://maps.example.com/{{1}}',
              example: ['https://maps.example.com/centro'],
            },
            { type: 'QUICK_REPLY', text: 'Remarcar' },
          ],
        },
      ],
    },
    {
      id: '7002',
      name: 'oferta_relampago',
      language: 'pt_BR',
      status: 'REJECTED',
      category: 'UTILITY',
      rejected_reason: 'PROMOTIONAL',
      components: [{ type: 'BODY', text: 'Só hoje: 50% de desconto na matrícula!' }],
    },
  ];
});
test.afterAll(() => graph.close());

/** Calls the API as the user signed in on `page`, in their current workspace. */
async function api(page: Page, path: string, data: object) {
  const { token, workspace } = await page.evaluate(
    (key) => ({ token: localStorage.getItem(key), workspace: localStorage.getItem('vendaval.workspace') }),
    TOKEN_KEY,
  );
  const res = await page.request.post(`/api/v1/workspaces/${workspace}/${path}`, {
    headers: { authorization: `Bearer ${token}` },
    data,
  });
  expect(res.status(), await res.text()).toBe(200);
  return res.json();
}

async function openTemplates(page: Page) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Templates' })
    .click();
  await expect(page).toHaveTitle('Templates | CRM');
  await expect(page.getByRole('heading', { name: 'Templates de mensagem', level: 2 })).toBeVisible();
}

// The second journey writes a template on the bot the first one connects and syncs.
test.describe
  .serial('message templates', () => {
    test("PLAT-053 an admin syncs a WhatsApp Business bot's templates: status, Meta's reason and a WhatsApp preview", async ({
      page,
    }) => {
      await signedInAs(page, 'admin@demo.local');
      await api(page, 'digital-employees', {
        name: 'WhatsApp Matrículas',
        channel: 'whatsapp_cloud',
        whatsapp: {
          phone_number_id: `1077${Date.now() % 1_000_000_000}`,
          business_account_id: '102290129340398',
          access_token: graph.token,
        },
      });

      await openTemplates(page);

      // The sandbox bot keeps its demo templates.
      const sandbox = page.getByRole('region', { name: 'Templates de Assistente Virtual' });
      await expect(sandbox.getByTestId('template-card')).toHaveCount(3);

      const cloud = page.getByRole('region', { name: 'Templates de WhatsApp Matrículas' });
      await expect(cloud.getByText('Nenhum template.', { exact: false })).toBeVisible();
      await cloud.getByRole('button', { name: 'Sincronizar' }).click();
      await expect(toast(page, '2 templates sincronizados.')).toBeVisible();

      const synced = cloud.getByTestId('template-card').filter({ hasText: 'confirmacao_visita' });
      await expect(synced.getByText('Aprovado')).toBeVisible();
      await expect(synced.getByText('Utilidade')).toBeVisible();
      await expect(synced.getByText('Português (Brasil)')).toBeVisible();
      const bubble = synced.getByRole('figure', { name: 'Pré-visualização de confirmacao_visita' });
      await expect(bubble).toContainText('Visita confirmada, Ana!');
      await expect(bubble).toContainText('Sua visita à unidade Centro está marcada para sexta, 10h.');
      await expect(bubble.locator('strong')).toHaveText('Centro');
      await expect(bubble).toContainText('Ver endereço');
      await expect(bubble).toContainText('Remarcar');
      const rejected = cloud.getByTestId('template-card').filter({ hasText: 'oferta_relampago' });
      await expect(rejected.getByText('Rejeitado')).toBeVisible();
      await expect(rejected.getByText('Motivo informado pela Meta')).toBeVisible();
      await expect(rejected).toContainText('(PROMOTIONAL)');
    });

    test('PLAT-053 an admin writes a new template with a live preview and submits it to Meta: it waits as pending', async ({
      page,
    }) => {
      // A dozen fields typed and four full-page screenshots: on a loaded two-core machine, past the two-minute cap.
      test.slow();
      await signedInAs(page, 'admin@demo.local');
      await openTemplates(page);
      const cloud = page.getByRole('region', { name: 'Templates de WhatsApp Matrículas' });
      await expect(cloud.getByTestId('template-card')).toHaveCount(2);

      await page.getByRole('button', { name: 'Novo template' }).click();
      const form = page.getByRole('dialog', { name: 'Novo template' });
      await choose(page, form, 'Funcionário digital', 'WhatsApp Matrículas');
      await form.getByRole('textbox', { name: 'Nome' }).fill('Matrícula Aberta');
      await form.getByRole('button', { name: 'Enviar para aprovação' }).click();
      await expect(form.getByText('Use no nome do template só letras minúsculas sem acento')).toBeVisible();
      await expect(form.getByText('Escreva o corpo da mensagem.')).toBeVisible();

      await form.getByRole('textbox', { name: 'Nome' }).fill('matricula_aberta');
      await expect(form.getByText('Use no nome do template só letras minúsculas sem acento')).toBeHidden();
      await choose(page, form, 'Categoria', 'Marketing');
      await form.getByRole('textbox', { name: 'Cabeçalho (opcional)' }).fill('Matrículas abertas, {{1}}!');
      await form.getByRole('textbox', { name: 'Exemplo de {{1}} do cabeçalho' }).fill('Maria');
      await form
        .getByRole('textbox', { name: 'Corpo' })
        .fill('Oi, {{1}}! As turmas de *{{2}}* começam em março. Quer garantir sua vaga?');
      await form.getByRole('textbox', { name: 'Exemplo de {{1}}', exact: true }).fill('Maria');
      await form.getByRole('textbox', { name: 'Exemplo de {{2}}' }).fill('Inglês');
      await form.getByRole('textbox', { name: 'Rodapé (opcional)' }).fill('Escola Vendaval');
      await form.getByRole('button', { name: 'Adicionar botão' }).click();
      await page.getByRole('menuitem', { name: 'Link' }).click();
      await form.getByRole('textbox', { name: 'Texto do botão' }).fill('Ver turmas');
      await form.getByRole('textbox', { name: 'Link' }).fill('https://escola.example.com/turmas');
      await form.getByRole('button', { name: 'Adicionar botão' }).click();
      await page.getByRole('menuitem', { name: 'Resposta rápida' }).click();
      await form.getByRole('textbox', { name: 'Texto do botão' }).nth(1).fill('Quero saber mais');
      const draft = form.getByRole('figure', { name: 'Pré-visualização do novo template' });
      await expect(draft).toContainText('Matrículas abertas, Maria!');
      await expect(draft).toContainText('Oi, Maria! As turmas de Inglês começam em março.');
      await expect(draft).toContainText('Quero saber mais');
      await expect(form.getByText('Escreva o corpo da mensagem.')).toBeHidden();
      await snap(page, 'templates-new');

      await form.getByRole('button', { name: 'Enviar para aprovação' }).click();
      await expect(toast(page, 'Template enviado para aprovação da Meta.')).toBeVisible();
      await expect(form).toBeHidden();
      expect(graph.problems).toEqual([]);

      const submitted = cloud.getByTestId('template-card').filter({ hasText: 'matricula_aberta' });
      await expect(submitted.getByText('Em análise')).toBeVisible();
      await expect(submitted.getByText('Marketing')).toBeVisible();
      await expect(submitted.getByRole('figure')).toContainText(
        'Oi, Maria! As turmas de Inglês começam em março.',
      );
      await snap(page, 'templates');
    });
  });
