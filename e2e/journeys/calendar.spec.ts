import { expect, type Locator, type Page, test } from '@playwright/test';
import { choose, createCard, dragWithMouse, shot, signedInAs, snap, toast } from '../support/app.ts';

const agendaItems = (page: Page) => page.getByRole('region', { name: 'Agenda' }).getByRole('button');
const dayCell = (page: Page, date: string) => page.locator(`td.fc-daygrid-day[data-date="${date}"]`);
const eventIn = (scope: Locator, title: string) => scope.locator('.fc-event').filter({ hasText: title });

const DAY_MS = 86_400_000;
/** A Brasília calendar day, `days` from today, as 'YYYY-MM-DD'. */
function brasiliaDay(days = 0) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(
    new Date(Date.now() + days * DAY_MS),
  );
}
const brDate = (day: string) => day.split('-').reverse().join('/');

test.describe('calendar', () => {
  test('PLAT-040 PLAT-097 PLAT-099 PLAT-005 OPP-187 PLAT-116 PLAT-117 an attendant plans, moves and completes a task on the calendar, filters the overdue ones and opens a card’s agenda', async ({
    page,
  }) => {
    const card = 'Lívia Calendário';
    await signedInAs(page, 'atendente@demo.local');
    await createCard(page, card, '11987001122');

    await page.getByRole('link', { name: 'Calendário' }).click();
    await expect(page).toHaveTitle('Calendário | CRM');
    await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
    // A salesRep sees only their own tasks.
    await expect(agendaItems(page).first()).toBeVisible();
    const people = await agendaItems(page).allTextContents();
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((text) => text.includes('Alice Atendente'))).toBe(true);
    await snap(page, 'calendar-month');

    // A click on a day opens the form in create mode on that day, at 09:00.
    const today = brasiliaDay();
    const cell = dayCell(page, today);
    const box = await cell.boundingBox();
    if (!box) throw new Error('today is not on the calendar');
    await page.mouse.click(box.x + box.width / 2, box.y + 12);
    const form = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await expect(form.getByRole('textbox', { name: 'Data', exact: true })).toHaveValue(brDate(today));
    await expect(form.getByRole('textbox', { name: 'Horário', exact: true })).toHaveValue('09:00');
    await form.getByRole('button', { name: 'Selecionar oportunidade' }).click();
    const selector = page.getByRole('dialog', { name: 'Selecionar Oportunidade' });
    await selector.getByRole('searchbox', { name: 'Buscar' }).fill(card);
    await selector.getByRole('button', { name: new RegExp(card) }).click();
    await form.getByRole('textbox', { name: 'Nome', exact: true }).fill('Retorno Lívia');
    await choose(page, form, 'Ação', 'Ligar');
    await form.getByRole('button', { name: 'Criar', exact: true }).click();
    await expect(form).toBeHidden();
    await expect(eventIn(cell, 'Retorno Lívia')).toBeVisible();

    // Dragged to another day of the month: rescheduled there.
    const sameMonthNext = brasiliaDay(1).slice(0, 7) === today.slice(0, 7);
    const target = brasiliaDay(sameMonthNext ? 1 : -1);
    await dragWithMouse(page, eventIn(cell, 'Retorno Lívia'), dayCell(page, target));
    await expect(toast(page, 'Agendamento atualizado com sucesso!')).toBeVisible();
    await expect(eventIn(dayCell(page, target), 'Retorno Lívia')).toBeVisible();
    await expect(eventIn(cell, 'Retorno Lívia')).toHaveCount(0);

    // Completed from the form, it shows as 'Completo'.
    await eventIn(dayCell(page, target), 'Retorno Lívia').click();
    const edit = page.getByRole('dialog', { name: 'Editar Tarefa' });
    await expect(edit.getByText('Aberto', { exact: true })).toBeVisible();
    await snap(page, 'calendar-task-form');
    await edit.getByRole('button', { name: 'Completar Tarefa' }).click();
    await expect(edit).toBeHidden();
    await expect(eventIn(dayCell(page, target), 'Retorno Lívia').locator('[title]')).toHaveAttribute(
      'title',
      /Completo/,
    );

    // Only the overdue ones: each is marked late, the completed task is gone.
    await page.getByRole('switch', { name: 'Somente atrasadas' }).check({ force: true });
    await expect(agendaItems(page).filter({ hasText: 'Retorno Lívia' })).toHaveCount(0);
    const allLate = async () =>
      (await agendaItems(page).allTextContents()).every((t) => t.includes('Atrasada'));
    await expect.poll(allLate).toBe(true);
    await snap(page, 'calendar-overdue');

    // From the card on the board: the agenda of that card only, since 2021.
    await page.getByRole('link', { name: 'Pipeline' }).click();
    await page
      .getByRole('region', { name: 'Novo lead', exact: true })
      .getByRole('button', { name: new RegExp(card) })
      .click();
    await page.getByRole('dialog', { name: card }).getByRole('link', { name: 'Ver agenda' }).click();
    await expect(page).toHaveURL(/\/calendar\?parent_id=\d+/);
    await expect(page.getByRole('button', { name: 'Remover filtro de oportunidade' })).toBeVisible();
    await expect(page.getByText('Oportunidade:', { exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Somente atrasadas' })).not.toBeChecked();
    await expect(agendaItems(page)).toHaveCount(1);
    await expect(agendaItems(page).first()).toContainText('Retorno Lívia');
    await snap(page, 'calendar-card-agenda');

    // Opened on a phone: the week as a list, the filters folded behind 'Filtros'.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.locator('.fc-listWeek-view')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filtros (1)' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Somente atrasadas' })).toBeHidden();
    await shot(page, 'calendar-phone-list-390');
  });
});
