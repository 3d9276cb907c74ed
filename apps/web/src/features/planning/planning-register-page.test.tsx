import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOAST_MS } from '@vendaval/core/constants';
import { SUCCESS_MESSAGES } from '@vendaval/core/messages';
import type { Planning } from '@vendaval/core/schemas/planning';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const BASE = '/api/v1/workspaces/1/plannings';
const NEXT_YEAR = new Date().getFullYear() + 1;
const notFound = { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };

const withPlanning = (planning: string | null): Platform => {
  const platform = platformFixture();
  return { ...platform, flags: { ...platform.flags, planning } };
};

const empty = { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } };

/** Workspace 1's plans as the server keeps them: created in PrePlanning, moved by PATCH. */
function planningApi(platform: Platform) {
  let plan: Planning | null = null;
  const writes: { method: string; path: string; body: unknown }[] = [];
  const handler: StubHandler = (url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/v1/platform') return { body: platform };
    if (!url.pathname.startsWith(BASE))
      return url.pathname.startsWith('/api/v1/workspaces/1/') ? { body: empty } : notFound;
    if (method !== 'GET') writes.push({ method, path: url.pathname, body: JSON.parse(String(init.body)) });
    if (method === 'POST' && url.pathname === BASE) {
      const body = JSON.parse(String(init.body));
      plan = {
        id: 7,
        workspace_id: 1,
        year: body.year,
        type: 'regular',
        phase: 'PrePlanning',
        status: 1,
        start_month: body.start_month,
        end_month: body.end_month,
        goals: body.goals,
        actuals: [],
        funnel: {
          lead_to_visit_rate: 40,
          visit_to_enrollment_rate: 50,
          rates_source: 'workspace',
          months: body.goals.map((g: { month: number; enrollments: number }) => ({
            month: g.month,
            enrollments: g.enrollments,
            visits: g.enrollments * 2,
            leads: g.enrollments * 5,
          })),
        },
        medias: [],
        phase_history: [],
        created_at: '2026-11-27T10:00:00.000Z',
        updated_at: '2026-11-27T10:00:00.000Z',
      };
      return { body: plan };
    }
    if (!plan || url.pathname !== `${BASE}/7`)
      return method === 'GET' && url.pathname === BASE ? { body: empty } : notFound;
    if (method === 'PATCH') plan = { ...plan, phase: JSON.parse(String(init.body)).phase, status: 2 };
    return { body: plan };
  };
  return { handler, writes };
}

const admin = () => startSession(tokenResponseFixture([{ id: 1, name: 'Unidade Jardins', role: 'admin' }]));

async function menuLinks() {
  fireEvent.click(screen.getByRole('button', { name: 'Abrir menu' }));
  const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
  await within(menu).findByRole('link', { name: 'Pipeline' });
  return within(menu)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

async function choose(input: HTMLElement, option: string) {
  if (!input.hasAttribute('data-expanded')) fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list is not open');
    return list;
  });
  const found = within(listbox)
    .getAllByRole('option', { hidden: true })
    .find((o) => o.textContent === option);
  if (!found) throw new Error(`no option ${option}`);
  fireEvent.click(found);
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/planning/register', () => {
  it('PLAT-046 PLAT-182 step 1 opens the plan with its goals, moves it to Planning and step 2 shows the funnel; the toast stays 3 s', async () => {
    const api = planningApi(withPlanning('franchise'));
    stubFetch(api.handler);
    admin();
    renderApp('/planning/register');
    await waitFor(() => expect(document.title).toBe('Planejamento | CRM'));
    expect(await menuLinks()).toContain('Planejamento');
    await choose(await screen.findByRole('textbox', { name: 'Ano' }), String(NEXT_YEAR));
    await choose(screen.getByRole('textbox', { name: 'Mês inicial' }), 'Março');
    await choose(screen.getByRole('textbox', { name: 'Mês final' }), 'Maio');
    const goals = screen.getByRole('table', { name: 'Metas por mês' });
    expect(within(goals).getAllByRole('row')).toHaveLength(4);
    fireEvent.change(within(goals).getByRole('textbox', { name: 'Matrículas presenciais em Abril' }), {
      target: { value: '12' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar e avançar' }));

    await screen.findByRole('table', { name: 'Funil por mês' });
    const [create, phase] = api.writes;
    expect(create).toMatchObject({
      method: 'POST',
      path: BASE,
      body: { year: NEXT_YEAR, start_month: 3, end_month: 5 },
    });
    expect((create as { body: Planning }).body.goals.map((g) => [g.month, g.enrollments])).toEqual([
      [3, 0],
      [4, 12],
      [5, 0],
    ]);
    expect(phase).toEqual({ method: 'PATCH', path: `${BASE}/7`, body: { phase: 'Planning' } });
    const april = screen.getByRole('row', { name: /Abril/ });
    expect(
      within(april)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Abril', '60', '24', '12']);
    expect(vi.mocked(notifications.show).mock.calls.map(([t]) => [t.message, t.autoClose])).toContainEqual([
      SUCCESS_MESSAGES.planningSaved,
      TOAST_MS.planning,
    ]);
  });

  it('a brand without the planning key has no planning menu and /planning takes the user home', async () => {
    const api = planningApi(withPlanning(null));
    const fetchMock = stubFetch(api.handler);
    admin();
    const { router } = renderApp('/planning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await menuLinks()).not.toContain('Planejamento');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/plannings'))).toBe(false);
  });
});
