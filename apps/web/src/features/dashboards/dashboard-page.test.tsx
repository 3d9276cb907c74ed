import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const WS = '/api/v1/workspaces/1';
const CHARTS = [
  'Resumo do Funil',
  'Oportunidades perdidas',
  'Funil de atendimento',
  'Origem',
  'Campanhas',
  'Mídias',
  'Produtos',
];
const period = { start_timestamp: '2026-01-01', end_timestamp: '2026-01-31', date_type: 'updated_at' };
const figures = { count: 0, open: 0, won: 0, lost: 0, total_price: 0, won_price: 0 };
const time = { answered: 0, unanswered: 0, average_s: null, acceptable: 0, attention: 0, exceeded: 0 };
const ranked = Array.from({ length: 12 }, (_, i) => ({
  position: i + 1,
  user_id: 100 + i,
  name: `Pessoa ${i + 1}`,
  count: 12 - i,
  won: 1,
  lost: 0,
  won_price: 100,
  conversion: 0.5,
  average_response_s: 60,
}));

const ANSWERS: Record<string, (url: URL) => unknown> = {
  'dashboards/sales-stage': () => ({
    period,
    data: [
      { sales_stage_id: 11, name: 'Novo lead', color: '228be6', type: 'First', count: 3, total_price: 0 },
      { sales_stage_id: 12, name: 'Ganho', color: '40c057', type: 'Won', count: 0, total_price: 0 },
    ],
    total: { ...figures, count: 3, open: 3 },
  }),
  'dashboards/service-trails': () => ({ period, data: [] }),
  'dashboards/product': () => ({
    period,
    data: [],
    total: figures,
    pagination: { total_count: 0, limit: 9, offset: 0 },
  }),
  'dashboards/sales-rep': (url) => {
    const offset = Number(url.searchParams.get('offset'));
    const limit = Number(url.searchParams.get('limit'));
    return {
      period,
      data: ranked.slice(offset, offset + limit),
      pagination: { total_count: 12, limit, offset },
    };
  },
  'summary-dashboards/overall': () => ({ period, cards: figures, conversion: null, response_time: time }),
  'summary-dashboards/tpo': () => ({ period, ...time }),
  'summary-dashboards/omnichannel': () => ({
    period,
    rooms: 0,
    open_rooms: 0,
    closed_rooms: 0,
    messages_received: 0,
    messages_sent: 0,
    bot_messages: 0,
  }),
  'summary-dashboards/voip': () => ({
    period,
    calls: 0,
    answered: 0,
    not_answered: 0,
    average_duration_s: null,
    duration_classes: {
      DurationLessThanAMinute: 0,
      DurationOneToThreeMinutes: 0,
      DurationMoreThanThreeMinutes: 0,
    },
  }),
  'summary-dashboards/imbot': () => ({ period, rooms_on_bot: 0, bot_messages: 0, opportunities_from_bot: 0 }),
};

function api(rankingTab: string): StubHandler {
  return (url) => {
    if (url.pathname === '/api/v1/platform') {
      return {
        body: platformFixture({
          dashboard_titles: { service_tab: 'Atendimento', ranking_tab: rankingTab, charts: CHARTS },
        }),
      };
    }
    const path = url.pathname.replace(`${WS}/`, '');
    const answer = ANSWERS[path];
    if (answer) return { body: answer(url) };
    if (path.startsWith('dashboards/')) return { body: { period, data: [], total: figures } };
    return { body: { data: [], pagination: { total_count: 0, limit: 500, offset: 0 } } };
  };
}

const open = (role: string, rankingTab = 'Ranking de Atendentes', handler = api(rankingTab)) => {
  const fetchMock = stubFetch(handler);
  startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role }]));
  return { fetchMock, ...renderApp('/dashboard') };
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('/dashboard', () => {
  it("PLAT-044 PLAT-026 PLAT-027 PLAT-028 the profile's chart titles, 'Atendimento', no 'Agendamentos' by default; pt-BR empty states", async () => {
    open('manager');
    for (const title of CHARTS) expect(await screen.findByRole('region', { name: title })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Agendamentos' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Atendimento' })).toBeTruthy();
    const lost = screen.getByRole('region', { name: 'Oportunidades perdidas' });
    expect(await within(lost).findByText('Nenhum dado encontrado no período.')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Usuário' })).toBeTruthy();
  });

  it('a bar of the funnel opens the pipeline on that stage over the same period', async () => {
    const { router } = open('manager');
    const funnel = await screen.findByRole('region', { name: 'Resumo do Funil' });
    fireEvent.click(await within(funnel).findByRole('button', { name: 'Novo lead' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.state).toMatchObject({
      filters: { sales_stage_id: [11], timestamp_attribute: 'updated_at' },
    });
  });

  it("PLAT-029 PLAT-131 the ranking is named by the profile ('Ranking de Orientadores'), by position, ten a page", async () => {
    const { fetchMock } = open('salesRep', 'Ranking de Orientadores');
    fireEvent.click(await screen.findByRole('tab', { name: 'Ranking de Orientadores' }));
    const ranking = await screen.findByRole('region', { name: 'Ranking de Orientadores' });
    expect(await within(ranking).findByText('Pessoa 1')).toBeTruthy();
    expect(within(ranking).getAllByRole('row')).toHaveLength(11);
    fireEvent.click(within(ranking).getByRole('button', { name: '2' }));
    expect(await within(ranking).findByText('Pessoa 11')).toBeTruthy();
    const pages = fetchMock.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .filter((url) => url.pathname === `${WS}/dashboards/sales-rep`)
      .map((url) => [url.searchParams.get('limit'), url.searchParams.get('offset')]);
    expect(pages).toEqual(
      expect.arrayContaining([
        ['10', '0'],
        ['10', '10'],
      ]),
    );
    // A salesRep sees only their own numbers: no person to choose.
    expect(screen.queryByRole('textbox', { name: 'Usuário' })).toBeNull();
  });

  it("PLAT-252 PLAT-130 the 'Telefone' panel shows the calls, answered or not, the average talk as mm:ss and the lengths", async () => {
    const base = api('Ranking de Atendentes');
    open('manager', 'Ranking de Atendentes', (url, init) =>
      url.pathname === `${WS}/summary-dashboards/voip`
        ? {
            body: {
              period,
              calls: 8,
              answered: 5,
              not_answered: 3,
              average_duration_s: 99,
              duration_classes: {
                DurationLessThanAMinute: 4,
                DurationOneToThreeMinutes: 2,
                DurationMoreThanThreeMinutes: 1,
              },
            },
          }
        : base(url, init),
    );
    fireEvent.click(await screen.findByRole('tab', { name: 'Atendimento' }));
    const panel = await screen.findByRole('region', { name: 'Telefone' });
    const value = async (label: string) =>
      (await within(panel).findByText(label)).nextElementSibling?.firstElementChild?.textContent ?? '';
    expect(await value('Ligações')).toBe('8');
    expect(await value('Atendidas')).toBe('5');
    expect(await value('Não atendidas')).toBe('3');
    expect(await value('Duração média')).toBe('01:39');
    expect(await value('Menos de 1 minuto')).toBe('4');
    expect(await value('De 1 a 3 minutos')).toBe('2');
    expect(await value('Mais de 3 minutos')).toBe('1');
    expect(within(panel).queryByText('Nenhuma ligação registrada no período.')).toBeNull();
  });

  it('while the next figures load, the chart keeps the last ones dimmed and busy, then shows the new ones', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answer = api('Ranking de Atendentes');
    open('salesRep', 'Ranking de Atendentes', async (url, init) => {
      if (url.pathname.endsWith('dashboards/sales-rep') && url.searchParams.get('offset') === '10')
        await held;
      return answer(url, init);
    });
    fireEvent.click(await screen.findByRole('tab', { name: 'Ranking de Atendentes' }));
    const ranking = await screen.findByRole('region', { name: 'Ranking de Atendentes' });
    expect(await within(ranking).findByText('Pessoa 1')).toBeTruthy();
    expect(ranking.getAttribute('aria-busy')).toBe('false');
    fireEvent.click(within(ranking).getByRole('button', { name: '2' }));
    await waitFor(() => expect(ranking.getAttribute('aria-busy')).toBe('true'));
    expect(within(ranking).getByText('Pessoa 1')).toBeTruthy();
    release();
    expect(await within(ranking).findByText('Pessoa 11')).toBeTruthy();
    expect(ranking.getAttribute('aria-busy')).toBe('false');
  });
});
