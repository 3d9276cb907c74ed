import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import {
  choose,
  createCard,
  DEMO_PASSWORD,
  dragWithMouse,
  newLead,
  shot,
  signedInAs,
  snap,
  toast,
} from '../support/app.ts';

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
    // A click forced at the switch lands on whatever covers it, so the closing form's overlay must be gone first.
    await expect(page.locator('.mantine-Modal-overlay')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Somente atrasadas' }).check({ force: true });
    await expect(agendaItems(page).filter({ hasText: 'Retorno Lívia' })).toHaveCount(0);
    const allLate = async () =>
      (await agendaItems(page).allTextContents()).every((t) => t.includes('Atrasada'));
    await expect.poll(allLate).toBe(true);
    await snap(page, 'calendar-overdue');

    // From the card on the board: the agenda of that card only, since 2021.
    await page.getByRole('link', { name: 'Pipeline' }).click();
    await newLead(page, card).click();
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

  test("defect 8: 'Nova tarefa' opens the task form from the calendar; a past schedule is warned about", async ({
    page,
  }) => {
    await signedInAs(page, 'gerente@demo.local');
    await page.getByRole('link', { name: 'Calendário' }).click();
    await expect(page.locator('.fc-dayGridMonth-view')).toBeVisible();
    const button = page.getByRole('button', { name: 'Nova tarefa' });
    await expect(button).toBeVisible();
    await snap(page, 'calendar-new-task-button');
    await button.click();
    const form = page.getByRole('dialog', { name: 'Criar Tarefa' });
    await form.getByRole('textbox', { name: 'Data' }).fill(brDate(brasiliaDay(-2)));
    await form.getByRole('textbox', { name: 'Horário' }).fill('09:00');
    await expect(form.getByText('Esta data e horário já passaram')).toBeVisible();
    await snap(page, 'calendar-task-in-the-past');
  });

  test('PLAT-040 a day holding more tasks than its month cell shows says "+N mais" with the true count and opens in full', async ({
    page,
    request,
  }) => {
    const day = brasiliaDay(3); // always on this month's grid, away from the other journey's days
    const api = await attendantApi(request);
    for (let hour = 8; hour <= 14; hour++) {
      await api.post('tasks', {
        ...api.task,
        name: `Visita ${hour}h`,
        start_timestamp: `${day} ${String(hour).padStart(2, '0')}:00`,
      });
    }
    const days: { count: number }[] = await api.get(`tasks/days?start_timestamp=${day}&end_timestamp=${day}`);
    const count = days[0]?.count ?? 0;
    expect(count).toBeGreaterThanOrEqual(7);

    await signedInAs(page, 'atendente@demo.local');
    await page.getByRole('link', { name: 'Calendário' }).click();
    const cell = dayCell(page, day);
    await expect(cell.locator('.fc-event')).toHaveCount(4);
    const more = cell.getByText(`+${count - 3} mais`, { exact: true });
    await expect(more).toBeVisible();
    await snap(page, 'calendar-month-busy-day');

    await more.click();
    await expect(page.locator('.fc-timeGridDay-view')).toBeVisible();
    await expect(page.locator('.fc-timegrid-event')).toHaveCount(count);
    await expect(page.locator('.fc-timegrid-event').filter({ hasText: 'Visita 14h' })).toBeVisible();
    await expect(page.getByText(/^Mostrando/)).toHaveCount(0);
    // Opened at the working day's start, like any day view.
    const scrolled = () =>
      page.locator('.fc-timeGridDay-view .fc-scroller-liquid-absolute').evaluate((el) => el.scrollTop);
    await expect.poll(scrolled).toBeGreaterThan(0);
    await snap(page, 'calendar-busy-day-view');
  });
});

/** The attendant's calls to the tasks API, with a task body on one of their cards. */
async function attendantApi(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/token', {
    data: { username: 'atendente@demo.local', password: DEMO_PASSWORD },
  });
  const { access_token, user } = await login.json();
  const centro = user.workspaces.find((w: { name: string }) => w.name === 'Escola Centro');
  const headers = { authorization: `Bearer ${access_token}` };
  const url = (path: string) => `/api/v1/workspaces/${centro.id}/${path}`;
  const get = async (path: string) => {
    const res = await request.get(url(path), { headers });
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const [card] = (await get('opportunities?limit=1')).data;
  const [taskType] = (await get('task-types?limit=1')).data;
  const [interactionType] = (await get('interaction-types?limit=1')).data;
  return {
    get,
    post: async (path: string, data: object) =>
      expect((await request.post(url(path), { headers, data })).status(), path).toBe(200),
    task: { parent_id: card.id, task_type_id: taskType.id, interaction_type_id: interactionType.id },
  };
}
