import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PLANNING_DASHBOARD_METRIC_NAMES } from '@vendaval/core/schemas/planning';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const W = (id: number) => `/api/v1/workspaces/${id}/planning-dashboards`;
const franchise = (): Platform => {
  const platform = platformFixture();
  return { ...platform, flags: { ...platform.flags, planning: 'franchise' } };
};
const months = (goals: number[], actuals: (number | null)[]) =>
  goals.map((goal, i) => ({ month: i + 2, goal, actual: actuals[i] ?? null }));

/** A unit's year: a plan with goals for February to April, the cards' actuals, and a second unit without a plan. */
function api(year: number, withPlan = true) {
  const asked: string[] = [];
  stubFetch((url) => {
    if (url.pathname === '/api/v1/platform') return { body: franchise() };
    if (url.pathname.includes('/planning-dashboards/')) asked.push(`${url.pathname}?${url.searchParams}`);
    const unit = Number(url.pathname.split('/')[4]);
    const metric = url.pathname.split('/').at(-1);
    const planned = withPlan && unit === 1;
    if (metric === 'submitted')
      return {
        body: {
          year,
          data: [
            { workspace_id: 1, name: 'Unidade Jardins', planning_id: 7, phase: 'Submitted', submitted: true },
            { workspace_id: 2, name: 'Unidade Moema', planning_id: null, phase: null, submitted: false },
          ],
        },
      };
    if (metric === 'summary')
      return {
        body: {
          year,
          planning_id: planned ? 7 : null,
          phase: planned ? 'Submitted' : null,
          metrics: PLANNING_DASHBOARD_METRIC_NAMES.map((m) =>
            m === 'enrollments'
              ? { metric: m, goal: planned ? 40 : 0, actual: 30 }
              : m === 'income'
                ? { metric: m, goal: planned ? 90000 : 0, actual: 45000 }
                : { metric: m, goal: 0, actual: m.startsWith('remote') ? null : 0 },
          ),
        },
      };
    if (metric === 'enrollments')
      return {
        body: {
          year,
          planning_id: planned ? 7 : null,
          months: months(planned ? [10, 20, 10] : [0, 0, 0], [5, 25, 0]),
          total_goal: planned ? 40 : 0,
          total_actual: 30,
        },
      };
    if (metric === 'income')
      return {
        body: {
          year,
          planning_id: 7,
          months: months([30000, 60000, 0], [45000, 0, 0]),
          total_goal: 90000,
          total_actual: 45000,
        },
      };
    if (metric === 'remote-sales')
      return {
        body: {
          year,
          planning_id: 7,
          months: months([0, 0, 0], [null, null, null]),
          total_goal: 0,
          total_actual: null,
        },
      };
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  });
  return asked;
}

const manager = () =>
  startSession(
    tokenResponseFixture([
      { id: 1, name: 'Unidade Jardins', role: 'manager' },
      { id: 2, name: 'Unidade Moema', role: 'manager' },
    ]),
  );
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/planning/dashboards', () => {
  it('PLAT-255 a manager sees the year of each indicator: goal, actual and % of goal by month, totals, and who submitted', async () => {
    const year = new Date().getFullYear();
    const asked = api(year);
    manager();
    renderApp('/planning/dashboards');
    await waitFor(() => expect(document.title).toBe('Dashboards do planejamento | CRM'));

    const summary = await screen.findByRole('table', { name: 'Metas e realizado do ano' });
    expect(cellsOf(within(summary).getByRole('row', { name: /^Matrículas presenciais/ }))).toEqual([
      'Matrículas presenciais',
      '40',
      '30',
      '75%',
    ]);
    expect(cellsOf(within(summary).getByRole('row', { name: /^Matrículas EAD/ }))).toEqual([
      'Matrículas EAD',
      '0',
      '—',
      '—',
    ]);
    const summaryCard = screen.getByRole('region', { name: `Resumo de ${year}` });
    expect(within(summaryCard).getByText('Enviado')).toBeTruthy();

    const byMonth = await screen.findByRole('table', { name: 'Meta e realizado por mês' });
    expect(cellsOf(within(byMonth).getByRole('row', { name: /^Março/ }))).toEqual([
      'Março',
      '20',
      '25',
      '125%',
    ]);
    expect(cellsOf(within(byMonth).getByRole('row', { name: /^Total/ }))).toEqual([
      'Total',
      '40',
      '30',
      '75%',
    ]);
    expect(
      screen.getByRole('heading', { name: `Matrículas presenciais: meta x realizado em ${year}` }),
    ).toBeTruthy();

    const units = screen.getByRole('table', { name: 'Unidades e envio do planejamento' });
    expect(cellsOf(within(units).getByRole('row', { name: /Jardins/ }))).toEqual([
      'Unidade Jardins',
      'Enviado',
      'Enviado',
    ]);
    expect(cellsOf(within(units).getByRole('row', { name: /Moema/ }))).toEqual([
      'Unidade Moema',
      'Sem planejamento',
      'Não enviado',
    ]);
    expect(screen.getByText('1 de 2 unidades enviaram')).toBeTruthy();
    expect(asked).toContain(`${W(1)}/summary?year=${year}`);
    expect(asked).toContain(`${W(1)}/enrollments?year=${year}`);

    // A name of the summary shows that indicator's months, money in reais.
    fireEvent.click(within(summary).getByRole('button', { name: 'Faturamento presencial' }));
    const income = await screen.findByRole('heading', {
      name: `Faturamento presencial: meta x realizado em ${year}`,
    });
    expect(income).toBeTruthy();
    const incomeTable = await screen.findByRole('table', { name: 'Meta e realizado por mês' });
    await waitFor(() =>
      expect(cellsOf(within(incomeTable).getByRole('row', { name: /^Fevereiro/ }))).toEqual([
        'Fevereiro',
        'R$ 30.000,00',
        'R$ 45.000,00',
        '150%',
      ]),
    );
  });

  it('PLAT-255 another unit and year are asked of that unit; without a plan the page says so, and a blank indicator is an empty state', async () => {
    const year = new Date().getFullYear();
    const asked = api(year - 1);
    manager();
    renderApp(`/planning/dashboards?year=${year - 1}&unit=2&metric=remote-sales`);
    expect(await screen.findByText(`A unidade não tem planejamento de ${year - 1}`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo planejamento' }).getAttribute('href')).toBe(
      '/planning/register',
    );
    expect(await screen.findByText('Nenhum dado encontrado no período.')).toBeTruthy();
    expect(asked).toContain(`${W(2)}/summary?year=${year - 1}`);
    expect(asked).toContain(`${W(2)}/remote-sales?year=${year - 1}`);
    // Who submitted is always the person's own units, asked through the current one.
    expect(asked).toContain(`${W(1)}/submitted?year=${year - 1}`);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Unidade' }).value).toBe('Unidade Moema');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Ano' }).value).toBe(String(year - 1));
  });

  it('is reached from the planning home', async () => {
    api(new Date().getFullYear());
    manager();
    renderApp('/planning');
    const link = await screen.findByRole('link', { name: 'Dashboards' });
    expect(link.getAttribute('href')).toBe('/planning/dashboards');
  });
});
