import { expect, type Page, test } from '@playwright/test';
import { choose, createCard, dragWithMouse, signedInAs, snap, toast } from '../support/app.ts';

const column = (page: Page, stage: string) => page.getByRole('region', { name: stage, exact: true });
const cardIn = (page: Page, stage: string, name: string) =>
  column(page, stage).getByRole('button', { name: new RegExp(name) });

test.describe('pipeline', () => {
  test('OPP-004 OPP-070 OPP-028 OPP-008 an attendant creates a card; a phone without DDD is refused first', async ({
    page,
  }) => {
    await signedInAs(page, 'atendente@demo.local');
    await expect(page).toHaveTitle('Pipeline | CRM');
    await expect(column(page, 'Novo lead')).toBeVisible();
    await snap(page, 'pipeline-board');

    await page.getByRole('button', { name: 'Criar Card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Criar Card' });
    await dialog.getByRole('textbox', { name: 'Nome do Contato', exact: true }).fill('Joana Journey');
    await dialog.getByRole('textbox', { name: 'Celular', exact: true }).fill('98765432');
    await choose(page, dialog, 'Mídia', 'Instagram');
    await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(dialog.getByText('O número precisa conter algum DDD')).toBeVisible();
    await snap(page, 'create-card-ddd');

    await dialog.getByRole('textbox', { name: 'Celular', exact: true }).fill('11976543210');
    await dialog.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(dialog).toBeHidden();
    // No card name typed: the contact's name is the card's.
    await expect(cardIn(page, 'Novo lead', 'Joana Journey')).toBeVisible();
  });

  test('OPP-088 OPP-089 OPP-090 a card without a task asks for one when dragged, then moves', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Davi Arrasto', '21987650001');
    await dragWithMouse(page, cardIn(page, 'Novo lead', 'Davi Arrasto'), column(page, 'Em atendimento'), 120);
    await expect(toast(page, 'Oportunidade sem tarefa!')).toBeVisible();
    const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await expect(task).toBeVisible();
    await expect(task.getByRole('checkbox', { name: 'Esta tarefa é um registro' })).toBeChecked();
    await choose(page, task, 'Ação', 'Ligar');
    await snap(page, 'move-register-task');
    await task.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(cardIn(page, 'Em atendimento', 'Davi Arrasto')).toBeVisible();
    await expect(cardIn(page, 'Novo lead', 'Davi Arrasto')).toHaveCount(0);
  });

  test('OPP-097 OPP-101 OPP-100 OPP-108 OPP-112 a card is won (product and price first), reopened, lost with a reason, reopened and transferred', async ({
    page,
  }) => {
    await signedInAs(page, 'admin@demo.local');
    await createCard(page, 'Bianca Ciclo', '31987650002');
    await cardIn(page, 'Novo lead', 'Bianca Ciclo').click();
    const card = page.getByRole('dialog', { name: 'Bianca Ciclo' });
    await expect(card.getByRole('button', { name: 'Adicionar Tarefa' })).toBeVisible();

    // A task first, so the close is not held back by the task rule.
    await card.getByRole('button', { name: 'Adicionar Tarefa' }).click();
    const task = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await choose(page, task, 'Ação', 'Ligar');
    await task.getByRole('textbox', { name: 'Data', exact: true }).fill('25/11/2026');
    await task.getByRole('textbox', { name: 'Horário', exact: true }).fill('1430');
    await task.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(toast(page, 'Agendamento criado com sucesso!')).toBeVisible();
    await expect(task).toBeHidden();

    await card.getByRole('button', { name: 'Ganho', exact: true }).click();
    await expect(toast(page, 'Oportunidade sem Produto e Valor!')).toBeVisible();
    await snap(page, 'won-without-product');

    await card.getByRole('button', { name: 'Produto', exact: true }).click();
    const products = page.getByRole('dialog', { name: 'Seleção de Produtos' });
    await products.getByRole('radio', { name: /Curso de Inglês/ }).check();
    await products.getByRole('button', { name: 'Confirmar' }).click();
    await card.getByRole('button', { name: 'Ganho', exact: true }).click();
    const won = page.getByRole('dialog', { name: 'Parabéns pela oportunidade ganha!' });
    await expect(won).toBeVisible();
    await snap(page, 'won-modal');
    await won.getByRole('button', { name: 'Continuar' }).click();

    // Pressing the state button again reopens the card, once confirmed.
    await card.getByRole('button', { name: 'Ganho', exact: true }).click();
    const reopen = page.getByRole('dialog', { name: 'Reabrir oportunidade?' });
    await expect(reopen.getByText('A oportunidade está marcada como Ganho.', { exact: false })).toBeVisible();
    await reopen.getByRole('button', { name: 'Reabrir' }).click();
    await expect(card.getByRole('button', { name: 'Perdido', exact: true })).toBeEnabled();
    await card.getByRole('button', { name: 'Perdido', exact: true }).click();
    const lost = page.getByRole('dialog', { name: 'Oportunidade perdida' });
    await choose(page, lost, 'Motivo da perda', 'Preço');
    await lost.getByRole('textbox', { name: 'Descrição' }).fill('Achou caro para este semestre.');
    await snap(page, 'lost-modal');
    await lost.getByRole('button', { name: 'Confirmar' }).click();
    await expect(lost).toBeHidden();
    await expect(cardIn(page, 'Perdido', 'Bianca Ciclo')).toBeAttached();

    // Reopened by picking an open stage, then sent to the other school.
    await card.getByRole('button', { name: 'Etapa Negociação' }).click();
    await page
      .getByRole('dialog', { name: 'Reabrir oportunidade?' })
      .getByRole('button', { name: 'Reabrir' })
      .click();
    await expect(cardIn(page, 'Negociação', 'Bianca Ciclo')).toBeVisible();
    await card.getByRole('button', { name: 'Transferir para outra área de trabalho' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir para outra área de trabalho' });
    await transfer.getByRole('radio', { name: 'Escola Zona Norte' }).check();
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(transfer.getByText('Você deve escolher uma etapa!')).toBeVisible();
    await choose(page, transfer, 'Etapa', 'Em atendimento');
    await snap(page, 'transfer-modal');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(transfer).toBeHidden();
    await expect(cardIn(page, 'Negociação', 'Bianca Ciclo')).toHaveCount(0);
    await snap(page, 'after-transfer');
  });

  test('no false error after a successful transfer: the card leaves the board and its modal closes', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Tito Transferido', '31987650004');
    await cardIn(page, 'Novo lead', 'Tito Transferido').click();
    const card = page.getByRole('dialog', { name: 'Tito Transferido' });
    await card.getByRole('button', { name: 'Transferir para outra área de trabalho' }).click();
    const transfer = page.getByRole('dialog', { name: 'Transferir para outra área de trabalho' });
    await transfer.getByRole('radio', { name: 'Escola Zona Norte' }).check();
    await choose(page, transfer, 'Etapa', 'Em atendimento');
    await transfer.getByRole('button', { name: 'Transferir' }).click();
    await expect(toast(page, 'Oportunidade transferida com sucesso!')).toBeVisible();
    // The card is not read again in the workspace it left: no 'Recurso não encontrado' beside the success.
    await expect(toast(page, 'Recurso não encontrado')).toHaveCount(0);
    await expect(transfer).toBeHidden();
    await expect(card).toBeHidden();
    await expect(cardIn(page, 'Novo lead', 'Tito Transferido')).toHaveCount(0);
    await snap(page, 'transfer-done');
    await expect(toast(page, 'Recurso não encontrado')).toHaveCount(0);
  });

  test('OPP-179 OPP-182 OPP-169 OPP-206 OPP-216 OPP-002 a task is scheduled, completed and reopened from the history; the contact keeps the same history', async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await createCard(page, 'Caio Agenda', '41987650003');
    await cardIn(page, 'Novo lead', 'Caio Agenda').click();
    const card = page.getByRole('dialog', { name: 'Caio Agenda' });
    await card.getByRole('button', { name: 'Adicionar Tarefa' }).click();
    const create = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await create.getByRole('textbox', { name: 'Nome', exact: true }).fill('Apresentar a escola');
    await choose(page, create, 'Ação', 'Agendar visita');
    await create.getByRole('textbox', { name: 'Data', exact: true }).fill('26/11/2026');
    await create.getByRole('textbox', { name: 'Horário', exact: true }).fill('0930');
    await snap(page, 'task-form-create');
    await create.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(toast(page, 'Agendamento criado com sucesso!')).toBeVisible();
    await expect(create).toBeHidden();

    // The card's contact history lists the new task; its entry opens the task.
    await card.getByRole('tab', { name: 'Histórico do contato' }).click();
    const history = card.getByRole('region', { name: 'Histórico de atividades' });
    const scheduled = history.getByRole('listitem', { name: /^Tarefa agendada/ });
    await expect(scheduled).toBeVisible();
    await expect(history.getByRole('listitem', { name: /^Oportunidade Criada/ })).toBeVisible();
    await snap(page, 'card-history');
    await scheduled.getByRole('button', { name: 'Abrir tarefa' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Tarefa' });
    await choose(page, edit, 'Forma de Atendimento', 'Visita');
    await edit.getByRole('button', { name: 'Completar Tarefa' }).click();
    await expect(toast(page, 'Tarefa concluída com sucesso!')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(history.getByRole('listitem', { name: /^Tarefa Concluída/ })).toBeVisible();

    // A completed schedule saved again is reopened.
    await history
      .getByRole('listitem', { name: /^Tarefa Concluída/ })
      .getByRole('button', { name: 'Abrir tarefa' })
      .click();
    await expect(edit.getByRole('button', { name: 'Reabrir' })).toBeVisible();
    await edit.getByRole('button', { name: 'Reabrir' }).click();
    await expect(toast(page, 'Agendamento atualizado com sucesso!')).toBeVisible();
    await expect(history.getByRole('listitem', { name: /^Tarefa Reaberta/ })).toBeVisible();

    // The contact screen tells the same story, each entry naming its card.
    await card.getByRole('tab', { name: 'Editar dados' }).click();
    await card.getByRole('button', { name: 'Ações do contato' }).click();
    await page.getByRole('menuitem', { name: 'Ver contato' }).click();
    await expect(page).toHaveURL(/\/contacts\?contact_id=\d+/);
    const contact = page.getByRole('dialog', { name: 'Caio Agenda' });
    await contact.getByRole('tab', { name: 'Histórico' }).click();
    const contactHistory = contact.getByRole('region', { name: 'Histórico de atividades' });
    await expect(contactHistory.getByRole('listitem', { name: /^Tarefa Reaberta/ })).toBeVisible();
    await expect(contactHistory.getByRole('button', { name: /Caio Agenda #\d+/ }).first()).toBeVisible();
    await snap(page, 'contact-history');
  });

  test('PLAT-244 an admin imports a CSV of 1,000 leads and sees them on the board', async ({ page }) => {
    test.setTimeout(300_000);
    const header = 'Nome;Celular;E-mail;Cidade;UF';
    const rows = Array.from(
      { length: 1000 },
      (_, i) =>
        `Lead Importado ${i + 1};(62) 9${String(80000000 + i)};lead${i + 1}@exemplo.com.br;Goiânia;GO`,
    );
    await signedInAs(page, 'admin@demo.local');
    await page.getByRole('button', { name: 'Importar leads' }).click();
    const dialog = page.getByRole('dialog', { name: 'Importar leads' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('button', { name: 'Planilha (.csv ou .xlsx)' }).click();
    await (await chooser).setFiles({
      name: 'leads.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from([header, ...rows].join('\r\n'), 'utf8'),
    });
    await snap(page, 'lead-import-form');
    await dialog.getByRole('button', { name: 'Importar' }).click();
    // A thousand cards with their contacts and history: on a busy machine this takes its time.
    await expect(dialog.getByText('Concluída', { exact: true }).first()).toBeVisible({ timeout: 180_000 });
    await expect(dialog.getByText('1.000 de 1.000 linhas')).toBeVisible();
    await expect(dialog.getByLabel('Criados: 1000')).toBeVisible();
    await expect(dialog.getByLabel('Com erro: 0')).toBeVisible();
    await snap(page, 'lead-import-done');
    await dialog.getByRole('button', { name: 'Concluir' }).click();
    await expect(
      column(page, 'Novo lead')
        .getByRole('button', { name: /Lead Importado/ })
        .first(),
    ).toBeVisible();
  });
});
