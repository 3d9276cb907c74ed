import { expect, type Locator, type Page, test } from '@playwright/test';
import { dragWithMouse, signedInAs, snap } from '../support/app.ts';

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });
const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const cardIn = (page: Page, stage: string, name: string) =>
  column(page, stage).getByRole('button', { name: new RegExp(name) });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openList(page: Page, label: string) {
  await page
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Editar Listas' })
    .click();
  await expect(page).toHaveTitle('Editar Listas | CRM');
  await page.getByRole('main').getByText(label, { exact: true }).first().click();
  await expect(page.getByRole('heading', { name: label, level: 2 })).toBeVisible();
}

/** The board's column names, left to right. */
const boardOrder = async (page: Page) =>
  page.getByRole('region').evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label')));

test.describe('admin lists and pipeline management', () => {
  test('PLAT-052 PLAT-073 PLAT-074 PLAT-075 PLAT-146 PLAT-281 an admin adds a campaign and a lost reason on /lists; the card modals offer them', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await openList(page, 'Campanhas');
    await expect(page.getByRole('cell', { name: 'Volta às Aulas', exact: true })).toBeVisible();

    // Two edits collected, then saved together.
    await page.getByRole('textbox', { name: 'Nome (novo item)' }).fill('Feira de Profissões');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('textbox', { name: 'Nome (novo item)' }).fill('Semana Aberta');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Salvar alterações (2)' })).toBeVisible();
    await snap(page, 'lists-campaigns-pending');
    await page.getByRole('button', { name: 'Salvar alterações (2)' }).click();
    await expect(toast(page, 'Alterações salvas com sucesso!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar alterações', exact: true })).toBeDisabled();
    await expect(page.getByText('Feira de Profissões', { exact: true })).toBeVisible();

    // Search finds the new campaign.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('feira');
    await expect(page.getByText('1 item')).toBeVisible();

    await page.getByRole('main').getByText('Motivos de perda', { exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Nome (novo item)' }).fill('Sem vagas no turno');
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
    await expect(toast(page, 'Alterações salvas com sucesso!').first()).toBeVisible();
    await expect(page.getByText('Sem vagas no turno', { exact: true })).toBeVisible();
    await snap(page, 'lists-lost-reasons');

    // Every kind edits its own fields: a tag's colour, an action's default interaction type.
    await page.getByRole('main').getByText('Tags', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Editar Bolsa' }).click();
    await expect(page.getByRole('textbox', { name: 'Cor (Bolsa)' })).toHaveValue('#fab005');
    await page.getByRole('main').getByText('Ações', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Editar Follow-up' }).click();
    await snap(page, 'lists-actions-edit');
    await page.getByRole('button', { name: 'Descartar' }).click();
    await page.getByRole('main').getByText('Respostas rápidas', { exact: true }).first().click();
    await expect(page.getByText('/saudacao', { exact: true })).toBeVisible();
    await snap(page, 'lists-quick-answers');

    // Back on the board, without reloading: the create modal offers the new campaign.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    await page.getByRole('button', { name: 'Criar Card' }).click();
    const create = page.getByRole('dialog', { name: 'Criar Card' });
    await create.getByRole('textbox', { name: 'Nome do Contato', exact: true }).fill('Lara Listas');
    await create.getByRole('textbox', { name: 'Celular', exact: true }).fill('11987650123');
    await choose(page, create, 'Mídia', 'Instagram');
    await choose(page, create, 'Campanha', 'Feira de Profissões');
    await create.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(create).toBeHidden();

    // The lost modal offers the new reason.
    await cardIn(page, 'Novo lead', 'Lara Listas').click();
    const card = page.getByRole('dialog', { name: 'Lara Listas' });
    await card.getByRole('button', { name: 'Adicionar Tarefa' }).click();
    const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await choose(page, task, 'Ação', 'Ligar');
    await task.getByRole('textbox', { name: 'Data', exact: true }).fill('25/11/2026');
    await task.getByRole('textbox', { name: 'Horário', exact: true }).fill('1430');
    await task.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(task).toBeHidden();
    await card.getByRole('button', { name: 'Perdido', exact: true }).click();
    const lost = page.getByRole('dialog', { name: 'Oportunidade perdida' });
    await choose(page, lost, 'Motivo da perda', 'Sem vagas no turno');
    await lost.getByRole('button', { name: 'Confirmar' }).click();
    await expect(lost).toBeHidden();
    await expect(cardIn(page, 'Perdido', 'Lara Listas')).toBeAttached();

    // In use by a card now: deleting the campaign is refused with the reason, on its row.
    await page.goto('/lists');
    await page.getByRole('main').getByText('Campanhas', { exact: true }).first().click();
    await page.getByRole('button', { name: 'Excluir Feira de Profissões' }).click();
    await page.getByRole('button', { name: 'Salvar alterações (1)' }).click();
    await expect(toast(page, 'Nenhuma alteração foi salva')).toBeVisible();
    await expect(
      page.locator('[data-invalid]').getByText('Não é possível excluir: 1 oportunidade usa este item.'),
    ).toBeVisible();
  });

  test('defect 3 PLAT-074 a row is checked as it is added, and a refused save keeps every edit with the error on its row', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await openList(page, 'Campanhas');
    await expect(page.getByRole('cell', { name: 'Volta às Aulas', exact: true })).toBeVisible();
    const name = page.getByRole('textbox', { name: 'Nome (novo item)' });
    const add = page.getByRole('button', { name: 'Adicionar', exact: true });
    await name.fill('volta às aulas');
    await add.click();
    await expect(page.getByText('Já existe uma campanha com este nome.')).toBeVisible();
    await name.fill('x'.repeat(121));
    await expect(page.getByText('O nome deve ter no máximo 120 caracteres.')).toBeVisible();
    await add.click();
    await expect(page.getByRole('button', { name: 'Salvar alterações', exact: true })).toBeDisabled();

    // A name of a row the search hides reaches the server, which refuses the batch: nothing is saved.
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('indique');
    await expect(page.getByText('1 item')).toBeVisible();
    await name.fill('Matrícula Antecipada');
    await add.click();
    await name.fill('Volta às aulas');
    await add.click();
    await page.getByRole('button', { name: 'Salvar alterações (2)' }).click();
    await expect(toast(page, 'Nenhuma alteração foi salva')).toBeVisible();
    const refused = page
      .locator('[data-invalid]')
      .filter({ has: page.getByRole('textbox', { name: 'Nome (Volta às aulas)' }) });
    await expect(refused.getByText('Já existe uma campanha com este nome.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar alterações (2)' })).toBeDisabled();
    await expect(page.getByRole('textbox', { name: 'Nome (Matrícula Antecipada)' })).toBeVisible();
    await snap(page, 'lists-row-error');

    // Fixed, the batch is saved whole.
    await refused.getByRole('textbox', { name: 'Nome (Volta às aulas)' }).fill('Volta às Aulas 2028');
    await page.getByRole('button', { name: 'Salvar alterações (2)' }).click();
    await expect(toast(page, 'Alterações salvas com sucesso!')).toBeVisible();
  });

  test('PLAT-055 PLAT-057 PLAT-080 an admin reorders and recolours stages on /pipeline-management; the board follows', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await expect(column(page, 'Perdido')).toBeAttached();
    const before = await boardOrder(page);
    expect(before.indexOf('Em atendimento')).toBeLessThan(before.indexOf('Negociação'));

    await page.goto('/admin');
    await expect(page).toHaveTitle('Administração | CRM');
    await snap(page, 'admin-home');
    await page
      .getByRole('link', { name: /Etapas do funil/ })
      .first()
      .click();
    await expect(page).toHaveTitle('Etapas do funil | CRM');
    await expect(page.getByTestId('stage-row')).toHaveCount(before.length);

    // Negociação dragged by its handle onto Pré-atendimento: it moves two places up, above Em atendimento.
    await dragWithMouse(
      page,
      page.getByRole('button', { name: 'Mover Negociação' }),
      page.getByRole('button', { name: 'Mover Pré-atendimento' }),
    );
    await expect(toast(page, 'Funil salvo com sucesso!')).toBeVisible();
    const rows = page.getByTestId('stage-row');
    await expect
      .poll(async () => {
        const names = await rows.allInnerTexts();
        return (
          names.findIndex((n) => n.includes('Negociação')) <
          names.findIndex((n) => n.includes('Em atendimento'))
        );
      })
      .toBe(true);

    // Recoloured only: later journeys find the demo's stages by their names.
    await page.getByRole('button', { name: 'Editar Negociação' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar etapa' });
    await edit.getByRole('textbox', { name: 'Cor' }).fill('#e8590c');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(edit).toBeHidden();

    await page.getByRole('button', { name: 'Nova etapa' }).click();
    const add = page.getByRole('dialog', { name: 'Nova etapa' });
    await add.getByRole('textbox', { name: 'Nome' }).fill('Pós-visita');
    await add.getByRole('button', { name: 'Salvar' }).click();
    await expect(add).toBeHidden();
    await page.getByRole('button', { name: 'Editar Pós-visita' }).click();
    const rename = page.getByRole('dialog', { name: 'Editar etapa' });
    await rename.getByRole('textbox', { name: 'Nome' }).fill('Segunda visita');
    await rename.getByRole('button', { name: 'Salvar' }).click();
    await expect(rename).toBeHidden();
    const renamed = page.getByTestId('stage-row').filter({ hasText: 'Segunda visita' });
    await expect(renamed).toBeVisible();
    await snap(page, 'pipeline-management');
    // At phone width nothing sticks out sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(overflow).toBeLessThanOrEqual(390);

    await page.getByRole('button', { name: 'Excluir Segunda visita' }).click();
    await expect(page.getByRole('dialog', { name: 'Excluir etapa' })).toBeVisible();
    await snap(page, 'pipeline-delete-stage');
    await page
      .getByRole('dialog', { name: 'Excluir etapa' })
      .getByRole('button', { name: 'Excluir' })
      .click();
    await expect(renamed).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    await expect(column(page, 'Negociação')).toBeVisible();
    await expect(column(page, 'Perdido')).toBeAttached();
    const after = await boardOrder(page);
    expect(after.indexOf('Negociação')).toBeLessThan(after.indexOf('Em atendimento'));
    await snap(page, 'pipeline-board-reordered');
  });

  test('PLAT-146 a salesRep has no Editar Listas link and /lists sends them to the pipeline', async ({
    page,
  }) => {
    await signedInAs(page, 'atendente@demo.local');
    await expect(page.getByRole('link', { name: 'Editar Listas' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Etapas do funil' })).toHaveCount(0);
    await page.goto('/lists');
    await expect(page).toHaveURL(/\/$/);
  });

  test('PLAT-055 PLAT-080 the stages reorder by keyboard: space, arrow up twice, space; the list and the board follow', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await page.goto('/pipeline-management');
    const rows = page.getByTestId('stage-row');
    await expect(rows.first()).toBeVisible();
    const names = async () => (await rows.allInnerTexts()).map((text) => text.split('\n')[0]?.trim() ?? '');
    const before = await names();
    // Two places up, below the first stage: new cards keep landing in 'Novo lead' in later journeys.
    const moved = before[3] ?? '';
    const handle = page.getByRole('button', { name: `Mover ${moved}` });
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Etapa ${moved} selecionada. Posição 4 de ${before.length}.`)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await expect(
      page.getByText(`Etapa ${moved} movida para a posição 2 de ${before.length}.`),
    ).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Etapa ${moved} solta na posição 2 de ${before.length}.`)).toBeAttached();
    await expect(toast(page, 'Funil salvo com sucesso!')).toBeVisible();
    const expected = [before[0], moved, ...before.slice(1).filter((name) => name !== moved)];
    await expect.poll(names).toEqual(expected);
    await page.reload();
    await expect.poll(names).toEqual(expected);
    await snap(page, 'pipeline-keyboard-reordered');

    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Pipeline' })
      .click();
    await expect(column(page, moved)).toBeVisible();
    await expect.poll(async () => (await boardOrder(page)).indexOf(moved)).toBe(1);
  });
});
