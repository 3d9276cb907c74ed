import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOAST_MS } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Planning } from '@vendaval/core/schemas/planning';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, type StubResponse, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const W = '/api/v1/workspaces/1';
const page = (data: unknown[]) => ({ data, pagination: { total_count: data.length, limit: 500, offset: 0 } });
const notFound = { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
const franchise = (): Platform => {
  const platform = platformFixture();
  return { ...platform, flags: { ...platform.flags, planning: 'franchise' } };
};
const goal = (month: number, enrollments = 0) => ({
  month,
  enrollments,
  remote_enrollments: 0,
  sales: 0,
  remote_sales: 0,
  courseware: 0,
  remote_courseware: 0,
  income: 0,
  remote_income: 0,
});
const actual = (month: number, enrollments = 0, remote = 0) => ({
  month,
  enrollments,
  remote_enrollments: remote,
  sales: enrollments,
  remote_sales: 0,
  courseware: 0,
  remote_courseware: 0,
  income: enrollments * 1000,
  remote_income: 0,
});
const PLAN: Planning = {
  id: 7,
  workspace_id: 1,
  year: 2026,
  type: 'regular',
  phase: 'Submitted',
  status: 5,
  start_month: 10,
  end_month: 11,
  goals: [goal(10, 20), goal(11, 15)],
  actuals: [actual(10, 0), actual(11, 3, 2)],
  funnel: { lead_to_visit_rate: null, visit_to_enrollment_rate: null, rates_source: null, months: [] },
  medias: [],
  phase_history: [],
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
};

type Extra = (url: URL, init: RequestInit) => StubResponse | undefined;

function api(extra: Extra) {
  const writes: { method: string; path: string; body: unknown }[] = [];
  const handler: StubHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/v1/platform') return { body: franchise() };
    if (method !== 'GET')
      writes.push({ method, path: url.pathname, body: init.body ? JSON.parse(String(init.body)) : null });
    const answer = extra(url, init);
    if (answer) return answer;
    return url.pathname.startsWith(`${W}/`) ? { body: page([]) } : notFound;
  };
  return { handler, writes };
}

const manager = () =>
  startSession(tokenResponseFixture([{ id: 1, name: 'Unidade Jardins', role: 'manager' }]));

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/planning/consult', () => {
  it('PLAT-047 step 1 shows the plan read-only with the actual beside each goal', async () => {
    const stub = api((url) => {
      if (url.pathname === `${W}/plannings`) return { body: page([PLAN]) };
      if (url.pathname === `${W}/plannings/7`) return { body: PLAN };
      return undefined;
    });
    stubFetch(stub.handler);
    manager();
    renderApp('/planning/consult?id=7');
    const table = await screen.findByRole('table', { name: 'Metas e realizado por mês' });
    const november = within(table).getByRole('row', { name: 'Novembro' });
    const cells = within(november)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // Month, then on-site enrolments goal and actual, then remote goal and actual.
    expect(cells.slice(0, 5)).toEqual(['Novembro', '15', '3', '0', '2']);
    expect(screen.queryByRole('button', { name: 'Salvar e avançar' })).toBeNull();
    expect(screen.queryAllByRole('textbox', { name: /Matrículas/ })).toHaveLength(0);
  });
});

describe('/planning/templateManagement', () => {
  it('PLAT-049 PLAT-091 PLAT-092 PLAT-182 a manager creates a Routine, gives it a task for a role and saves it; the toast stays 3 s', async () => {
    const templates: unknown[] = [];
    const stub = api((url, init) => {
      const method = init.method ?? 'GET';
      if (url.pathname === `${W}/schedule-templates` && method === 'POST') {
        const tpl = {
          id: 3,
          workspace: { id: 1 },
          name: 'Rotina diária',
          type: 'Routine',
          description: '',
          tasks_count: 0,
          created_at: '',
          updated_at: '',
        };
        templates.push(tpl);
        return { body: tpl };
      }
      if (url.pathname === `${W}/schedule-templates`) return { body: page(templates) };
      if (url.pathname === `${W}/schedule-templates/3/tasks-batch-upsert`) {
        const body = JSON.parse(String(init.body));
        return {
          body: page(
            body.tasks.map((t: object, i: number) => ({ ...t, id: 40 + i, schedule_template_id: 3 })),
          ),
        };
      }
      return undefined;
    });
    stubFetch(stub.handler);
    manager();
    renderApp('/planning/templateManagement');
    await waitFor(() => expect(document.title).toBe('Modelos de cronograma | CRM'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Nome do modelo' }), {
      target: { value: 'Rotina diária' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Criar modelo' }));
    const editor = await screen.findByLabelText('Modelo Rotina diária');
    fireEvent.change(within(editor).getByRole('textbox', { name: 'Tarefa' }), {
      target: { value: 'Ligar para leads' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Salvar tarefas' }));
    await waitFor(() =>
      expect(stub.writes.at(-1)).toMatchObject({ path: `${W}/schedule-templates/3/tasks-batch-upsert` }),
    );
    expect(stub.writes[0]).toMatchObject({
      method: 'POST',
      body: { name: 'Rotina diária', type: 'Routine' },
    });
    expect(stub.writes.at(-1)?.body).toEqual({
      tasks: [
        {
          task: 'Ligar para leads',
          role: 'salesRep',
          media_id: null,
          campaign_id: null,
          weekdays: [1, 2, 3, 4, 5],
          time: '09:00',
        },
      ],
      delete_ids: [],
    });
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          message: SUCCESS_MESSAGES.scheduleTemplateSaved,
          autoClose: TOAST_MS.planning,
        }),
      ),
    );
    expect(TOAST_MS.planning).toBe(3000);
  });
});

describe('/planning/schedule', () => {
  it('PLAT-048 PLAT-262 a manager applies a template over a range and the result is told', async () => {
    const stub = api((url, init) => {
      if (url.pathname === `${W}/schedule-templates`)
        return {
          body: page([
            {
              id: 3,
              workspace: { id: 1 },
              name: 'Rotina diária',
              type: 'Routine',
              description: '',
              tasks_count: 1,
              created_at: '',
              updated_at: '',
            },
          ]),
        };
      if (url.pathname === `${W}/schedule-templates-tasks` && init.method === 'POST')
        return { body: { created_count: 10, users_count: 2 } };
      return undefined;
    });
    stubFetch(stub.handler);
    manager();
    renderApp('/planning/schedule');
    await waitFor(() => expect(document.title).toBe('Cronograma | CRM'));
    const form = await screen.findByLabelText('Aplicar modelo');
    const select = within(form).getByRole('textbox', { name: 'Modelo' });
    fireEvent.click(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Rotina diária (Rotina)', hidden: true }));
    fireEvent.change(within(form).getByLabelText('De'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(form).getByLabelText('Até'), { target: { value: '2026-12-05' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Aplicar modelo' }));
    expect((await within(form).findByRole('status')).textContent).toBe('10 tarefas criadas para 2 pessoas.');
    expect(stub.writes.at(-1)).toEqual({
      method: 'POST',
      path: `${W}/schedule-templates-tasks`,
      body: { schedule_template_id: 3, start_date: '2026-12-01', end_date: '2026-12-05' },
    });
  });
});
