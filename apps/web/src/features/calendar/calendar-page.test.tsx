import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { nowInAppTime } from '../../ui/task-form/task-form-values.ts';
import { taskFixture } from '../../ui/task-form/testing/render-widget.tsx';

const page = <T,>(data: T[], total = data.length) => ({
  body: { data, pagination: { total_count: total, limit: 50, offset: 0 } },
});
const late = taskFixture({ id: 7, name: 'Retorno atrasado', is_delayed: true });

function api(): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname.replace('/api/v1/workspaces/1', '')}`;
    if (key === 'GET /api/v1/platform') return { body: platformFixture() };
    if (key === 'GET /api/v1/users/self/workspaces') {
      return page([
        {
          id: 1,
          name: 'Escola Centro',
          role: 'salesRep',
          settings: {},
          created_at: '2024-01-01T00:00:00.000Z',
        },
      ]);
    }
    if (key === 'GET /tasks') return page([late]);
    if (key === 'GET /tasks/days') return { body: [] };
    if (key === 'GET /tasks/summary') return { body: { open: 4, overdue: 2, done_today: 1 } };
    if (key === 'GET /task-types' || key === 'GET /users' || key === 'GET /users-in-hierarchy')
      return page([]);
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

const taskRequests = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === `/api/v1/workspaces/1/${path}`)
    .map((url) => url.searchParams);
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The browser's observer behind the agenda's infinite scroll; jsdom has none, and nothing scrolls here. */
class NoIntersections {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', NoIntersections);
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role: 'salesRep' }]));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('/calendar', () => {
  it("PLAT-040 PLAT-248 'Calendário' asks for the month view's visible days only, and shows the agenda and its counts", async () => {
    const fetchMock = stubFetch(api());
    renderApp('/calendar');
    expect(await screen.findByRole('heading', { name: 'Calendário', level: 1 })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Calendário | CRM'));
    expect(await screen.findByLabelText('Atrasadas: 2')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Retorno atrasado — Maria Silva/ })).toBeTruthy();
    expect(screen.getByText('Aberto · Atrasada')).toBeTruthy();

    await waitFor(() =>
      expect(taskRequests(fetchMock, 'tasks').some((q) => q.get('limit') === '500')).toBe(true),
    );
    const month = taskRequests(fetchMock, 'tasks').find((q) => q.get('limit') === '500');
    const start = month?.get('start_timestamp') ?? '';
    const end = month?.get('end_timestamp') ?? '';
    expect(start).toMatch(BARE_DATE);
    expect(end).toMatch(BARE_DATE);
    // Six weeks, the last day included.
    expect((Date.parse(end) - Date.parse(start)) / DAY_MS).toBe(41);
    expect(month?.get('sort')).toBe('start_timestamp');
  });

  it('PLAT-098 PLAT-143 the agenda of a salesRep starts by time, from one month back, with no end', async () => {
    const fetchMock = stubFetch(api());
    renderApp('/calendar');
    await screen.findByRole('button', { name: /Retorno atrasado/ });
    const agenda = taskRequests(fetchMock, 'tasks').find((q) => q.get('limit') === '50');
    expect(agenda?.get('sort')).toBe('start_timestamp');
    expect(agenda?.has('end_timestamp')).toBe(false);
    const from = Date.parse(agenda?.get('start_timestamp') ?? '');
    expect(Math.round((Date.now() - from) / DAY_MS)).toBeGreaterThanOrEqual(28);
    expect(Math.round((Date.now() - from) / DAY_MS)).toBeLessThanOrEqual(31);
  });

  it("PLAT-116 PLAT-117 a card's agenda link lists that card's tasks since 2021-01-01, in the calendar too", async () => {
    const fetchMock = stubFetch(api());
    renderApp('/calendar?parent_id=12&opportunity=Maria%20Silva');
    expect(await screen.findByRole('button', { name: 'Remover filtro de oportunidade' })).toBeTruthy();
    expect(screen.getByText('Maria Silva · #12')).toBeTruthy();
    await waitFor(() => expect(taskRequests(fetchMock, 'tasks').length).toBeGreaterThanOrEqual(2));
    const calls = taskRequests(fetchMock, 'tasks');
    expect(calls.every((q) => q.get('parent_id') === '12')).toBe(true);
    expect(calls.find((q) => q.get('limit') === '50')?.get('start_timestamp')).toBe('2021-01-01');
    const summary = taskRequests(fetchMock, 'tasks/summary').at(-1);
    expect(summary?.get('parent_id')).toBe('12');
  });

  it("defect 8: 'Nova tarefa' opens the task form, which warns (and still allows) a schedule already past", async () => {
    stubFetch(api());
    renderApp('/calendar');
    fireEvent.click(await screen.findByRole('button', { name: 'Nova tarefa' }, { timeout: 5000 }));
    const form = await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const time = within(form).getByRole('textbox', { name: /Horário/ });
    expect(within(form).queryByText(MESSAGES.taskScheduledInPast)).toBeNull();
    fireEvent.change(time, { target: { value: '00:00' } });
    expect(await within(form).findByText(MESSAGES.taskScheduledInPast)).toBeTruthy();
    expect((within(form).getByRole('button', { name: 'Criar' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(time, { target: { value: '23:59' } });
    await waitFor(() => expect(within(form).queryByText(MESSAGES.taskScheduledInPast)).toBeNull());
  });
});

describe('/calendar month view of a busy day', () => {
  const today = nowInAppTime().date;
  const busyDay = Array.from({ length: 7 }, (_, i) =>
    taskFixture({ id: 100 + i, name: `Visita ${i + 1}`, start_timestamp: `${today} 0${i + 1}:00` }),
  );
  /** The server's side: per_day answers the earliest of the day; /tasks/days counts all seven. */
  function busyApi(dayCount = busyDay.length): StubHandler {
    const base = api();
    return (url, init) => {
      const path = url.pathname.replace('/api/v1/workspaces/1', '');
      if (path === '/tasks/days') return { body: [{ day: today, count: dayCount }] };
      if (path === '/tasks' && url.searchParams.get('start_timestamp')?.match(BARE_DATE)) {
        const perDay = Number(url.searchParams.get('per_day') ?? busyDay.length);
        return page(busyDay.slice(0, perDay), busyDay.length);
      }
      return base(url, init);
    };
  }

  it('PLAT-040 asks for the tasks a cell shows, says how many more the day holds and opens the day in full', async () => {
    const fetchMock = stubFetch(busyApi());
    renderApp('/calendar');
    const more = await screen.findByText('+4 mais');
    const cell = more.closest(`td[data-date="${today}"]`);
    expect(cell).toBeTruthy();
    expect(cell?.textContent).toContain('Visita 3');
    expect(cell?.textContent).not.toContain('Visita 4');
    const month = taskRequests(fetchMock, 'tasks').find((q) => q.get('per_day') !== null);
    expect(month?.get('per_day')).toBe('3');
    expect(taskRequests(fetchMock, 'tasks/days').at(-1)?.get('start_timestamp')).toBe(
      month?.get('start_timestamp'),
    );
    expect(screen.queryByText(/Mostrando/)).toBeNull();

    fireEvent.click(more);
    await waitFor(() => expect(document.querySelector('.fc-timeGridDay-view')).toBeTruthy());
    await waitFor(() => expect(taskRequests(fetchMock, 'tasks').at(-1)?.get('end_timestamp')).toBe(today));
    const day = taskRequests(fetchMock, 'tasks').at(-1);
    expect(day?.get('start_timestamp')).toBe(today);
    expect(day?.has('per_day')).toBe(false);
    expect(screen.queryByText(/mais$/)).toBeNull();
  });

  it('PLAT-040 a week asks for a fair share of each day of one page and says when a day holds more than it shows', async () => {
    const fetchMock = stubFetch(busyApi(600));
    renderApp('/calendar');
    await screen.findByText('+597 mais');
    fireEvent.click(screen.getByRole('button', { name: 'Semana' }));
    await waitFor(() => expect(taskRequests(fetchMock, 'tasks').at(-1)?.get('per_day')).toBe('71'));
    expect(
      await screen.findByText(
        'Mostrando 7 de 600 tarefas deste período: clique em um dia para ver todas as dele.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/mais$/)).toBeNull();
  });
});
