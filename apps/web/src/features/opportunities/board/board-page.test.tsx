import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeOpportunityModal, useOpportunityModalRequest } from '../../../lib/opportunity-modal.ts';
import { invalidateFor } from '../../../lib/realtime.ts';
import { startSession } from '../../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../../testing/fixtures.ts';
import { renderApp } from '../../../testing/render-app.tsx';
import { cardFixture, STAGES, TAGS } from './board-test-fixtures.ts';

const WS = '/api/v1/workspaces/1';
const NO_TASK = { status: 400, body: { status: 400, message: MESSAGES.noTaskForStageChange } };

/** The server's cards, changed by the move and reopen calls as the real API would. */
let cards: OpportunityListItem[] = [];

const list = <T,>(data: T[], total = data.length, offset = 0) => ({
  body: { data, pagination: { total_count: total, limit: 50, offset } },
});
const bodyOf = (init: RequestInit) => JSON.parse(String(init.body));

function inStage(stageId: number) {
  return cards.filter((c) => c.sales_stage_id === stageId).sort((a, b) => b.display_order - a.display_order);
}

function putOnTop(id: number, stageId: number, patch: Partial<OpportunityListItem> = {}) {
  const top = Math.max(0, ...inStage(stageId).map((c) => c.display_order)) + 1;
  cards = cards.map((c) =>
    c.id === id ? { ...c, ...patch, sales_stage_id: stageId, display_order: top } : c,
  );
  return { body: cards.find((c) => c.id === id) };
}

function api(overrides: Record<string, StubHandler> = {}): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const override = overrides[key];
    if (override) return override(url, init);
    if (key === 'GET /api/v1/platform') {
      return { body: platformFixture({ terms: { ...platformFixture().terms, price_term: 'Mensalidade' } }) };
    }
    if (key === 'GET /api/v1/users/self/workspaces') return list([]);
    if (key === `GET ${WS}/sales-stages`) return list(STAGES);
    if (key === `GET ${WS}/tags`) return list(TAGS);
    if (key === `GET ${WS}/task-types`)
      return list([{ id: 1, name: 'Ligação', default_interaction_type_id: 10 }]);
    if (key === `GET ${WS}/interaction-types`) return list([{ id: 10, name: 'Telefone' }]);
    if (key === `GET ${WS}/users` || key === `GET ${WS}/users-in-hierarchy`) return list([]);
    if (key === `GET ${WS}/opportunities`) {
      const found = inStage(Number(url.searchParams.get('sales_stage_id')));
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      return list(found.slice(offset, offset + limit), found.length, offset);
    }
    if (key === `GET ${WS}/opportunities/summary`) {
      return {
        body: {
          data: STAGES.map((s) => ({
            sales_stage_id: s.id,
            count: inStage(s.id).length,
            total_price: inStage(s.id).reduce((sum, c) => sum + c.price, 0),
          })),
        },
      };
    }
    const move = url.pathname.match(/\/opportunities\/(\d+)\/(move-to|reopen)$/);
    if (init.method === 'PUT' && move) {
      const body = bodyOf(init);
      const id = Number(move[1]);
      if (move[2] === 'reopen')
        return putOnTop(id, body.sales_stage_id, { state_type: 'Open', closed_at: null });
      return putOnTop(id, body.data.sales_stage_id);
    }
    if (key === `POST ${WS}/tasks`) return { body: { id: 90, ...bodyOf(init) } };
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

const signIn = (role = 'manager') =>
  startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role }]));
const column = (name: string) => within(screen.getByRole('region', { name }));
const cardButton = (name: string) => screen.getByRole('button', { name });
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);
const requests = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({ url: new URL(String(url), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === `${WS}${path}`);
const tick = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** Opens a drawer's select, picks an option and answers the options it offered. */
async function pick(drawer: HTMLElement, label: string, option: string) {
  const input = within(drawer).getByRole('textbox', { name: label });
  fireEvent.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!found || within(found).queryAllByRole('option', { hidden: true }).length === 0)
      throw new Error('closed');
    return found;
  });
  const options = within(list).getAllByRole('option', { hidden: true });
  fireEvent.click(options.find((o) => o.textContent === option) as HTMLElement);
  return options.map((o) => o.textContent);
}

/**
 * jsdom has no layout: columns get side-by-side boxes, their scrollers 640 px of height and cards 150 px,
 * so the virtual list and the drag and drop measure what a browser would.
 */
function layOutBoard() {
  const stageOf = (element: Element) => element.closest('[data-stage-id]');
  const rect = vi.spyOn(Element.prototype, 'getBoundingClientRect');
  rect.mockImplementation(function (this: Element) {
    // The copy under the pointer starts where the dragged card is.
    const overlay = this.closest('[data-overlay]');
    const original = overlay
      ? [...document.querySelectorAll('[aria-labelledby]')].find((c) => c.textContent === overlay.textContent)
      : undefined;
    if (original) return original.getBoundingClientRect();
    const stage = stageOf(this);
    if (!stage) return new DOMRect(0, 0, 0, 0);
    const left = [...document.querySelectorAll('[data-stage-id]')].indexOf(stage) * 310;
    return this === stage ? new DOMRect(left, 100, 296, 700) : new DOMRect(left + 8, 160, 280, 150);
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement?.hasAttribute('data-stage-id') && this.tagName === 'DIV' ? 640 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.tagName === 'LI' && stageOf(this) ? 150 : 0;
  });
}

/** Picks a card up with the space bar, carries it `steps` columns (negative: to the left) and drops it. */
async function dragWithKeyboard(name: string, steps: number) {
  const card = cardButton(name);
  card.focus();
  fireEvent.keyDown(card, { code: 'Space', key: ' ' });
  await tick();
  for (let i = 0; i < Math.abs(steps); i++) {
    fireEvent.keyDown(document, { code: steps > 0 ? 'ArrowRight' : 'ArrowLeft' });
    await tick();
  }
  fireEvent.keyDown(document, { code: 'Space', key: ' ' });
  await tick();
}

/** Every card-modal request made while the test runs (the modal itself may close again at once). */
const modalRequests: string[] = [];
function ModalRequestProbe() {
  const request = useOpportunityModalRequest();
  useEffect(() => {
    if (request) modalRequests.push(JSON.stringify(request));
  }, [request]);
  return null;
}

async function renderBoard(role = 'manager') {
  signIn(role);
  const view = renderApp('/');
  await screen.findByRole('region', { name: 'Perdido' });
  // Every column and every header count loaded.
  await waitFor(() =>
    expect(document.querySelectorAll('[data-stage-id] .mantine-Skeleton-root')).toHaveLength(0),
  );
  return view;
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  layOutBoard();
  closeOpportunityModal();
  modalRequests.length = 0;
  cards = [
    cardFixture({
      id: 12,
      name: 'Maria Silva - Matrícula',
      sales_stage_id: 1,
      price: 1000,
      display_order: 2,
    }),
    cardFixture({ id: 13, name: 'João Pedro', sales_stage_id: 1, price: 500, display_order: 1, tags: [1] }),
    cardFixture({ id: 14, name: 'Ana Clara', sales_stage_id: 2, price: 250, probability: 100 }),
    cardFixture({
      id: 15,
      name: 'Lucas Lima',
      sales_stage_id: 9,
      state_type: 'Lost',
      closed_at: '2025-03-01T10:00:00Z',
    }),
  ];
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pipeline board at /', () => {
  it("PLAT-038 / is the pipeline, titled 'Pipeline': open stages in order, then Won and Lost, with counts and BRL totals", async () => {
    stubFetch(api());
    await renderBoard();
    await waitFor(() => expect(document.title).toBe('Pipeline | CRM'));
    expect(screen.getByRole('heading', { name: 'Pipeline', level: 1 })).toBeTruthy();
    const columns = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(columns).toEqual(['Novo lead', 'Em atendimento', 'Negociação', 'Ganho', 'Perdido']);

    const total = (name: string) =>
      screen.getByRole('region', { name }).querySelector('header p')?.textContent;
    await waitFor(() => expect(total('Novo lead')).toBe('R$ 1.500,00'));
    const badge = screen.getByRole('region', { name: 'Novo lead' }).querySelector('.mantine-Badge-root');
    expect(badge?.textContent).toBe('2 cards');
    expect(total('Em atendimento')).toBe('R$ 250,00');
    expect(total('Negociação')).toBe('R$ 0,00');
    expect(column('Novo lead').getByText('Maria Silva - Matrícula')).toBeTruthy();
    expect(column('Novo lead').getByText('João Pedro')).toBeTruthy();
    expect(column('Novo lead').getByText('Bolsa')).toBeTruthy();
    expect(column('Novo lead').getAllByTitle('Mensalidade')[0]?.textContent).toBe('Mensalidade: R$ 1.000,00');
    expect(await column('Negociação').findByText('Nenhum card nesta etapa')).toBeTruthy();
    expect(column('Perdido').getByText('Lucas Lima')).toBeTruthy();
  });

  it('OPP-156 OPP-158 when the stream tells of a card’s first answer, its line turns from sem interação to Atendido em X', async () => {
    cards = cards.map((c) =>
      c.id === 12 ? { ...c, tma: null, created_at: new Date(Date.now() - 3_600_000).toISOString() } : c,
    );
    stubFetch(api());
    const view = await renderBoard();
    const maria = () => cardButton('Maria Silva - Matrícula');
    await waitFor(() => expect(within(maria()).getByText(/sem interação$/)).toBeTruthy());
    // The attendant answered: the server stored the card's response time and told the workspace.
    cards = cards.map((c) => (c.id === 12 ? { ...c, tma: 300 } : c));
    act(() => invalidateFor(view.queryClient, 1, { type: 'opportunity.updated', opportunity_id: 12 }));
    expect(await within(maria()).findByText('Atendido em 5 minutos')).toBeTruthy();
    expect(within(maria()).queryByText(/sem interação$/)).toBeNull();
  });

  it('PLAT-147 the card-type icons show on the product’s own hosts only, named by the type', async () => {
    const types = {
      [`GET ${WS}/opportunity-types`]: () =>
        list([
          { id: 3, name: 'Matrícula', is_default: true },
          { id: 4, name: 'Rematrícula', is_default: false },
          { id: 6, name: 'Transferência', is_default: false },
        ]),
    };
    cards = cards.map((c) => ({ ...c, opportunity_type_id: c.id === 12 ? 4 : c.id === 13 ? 3 : 6 }));
    const own = platformFixture();
    stubFetch(
      api({
        ...types,
        'GET /api/v1/platform': () => ({
          body: { ...own, flags: { ...own.flags, opportunity_type_icons: true } },
        }),
      }),
    );
    const view = await renderBoard();
    const maria = await column('Novo lead').findByRole('img', { name: 'Tipo de card: Rematrícula' });
    expect(maria.getAttribute('data-icon')).toBe('briefcase');
    expect(cardButton('Maria Silva - Matrícula').contains(maria)).toBe(true);
    expect(column('Em atendimento').getByRole('img', { name: 'Tipo de card: Transferência' })).toBeTruthy();
    // The default type (the workspace's first) has no icon.
    expect(column('Novo lead').queryByRole('img', { name: 'Tipo de card: Matrícula' })).toBeNull();
    view.unmount();

    stubFetch(api(types));
    await renderBoard();
    expect(column('Novo lead').getByText('Maria Silva - Matrícula')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /Tipo de card/ })).toBeNull();
  });

  it('OPP-092 PLAT-283 stage headers take the stage colour with readable text', async () => {
    stubFetch(api());
    await renderBoard();
    const header = (name: string) =>
      screen.getByRole('region', { name }).querySelector('header') as HTMLElement;
    expect(header('Novo lead').style.background).toBe('rgb(34, 139, 230)');
    expect(header('Novo lead').style.color).toBe('rgb(255, 255, 255)');
    expect(header('Negociação').style.background).toBe('rgb(250, 176, 5)');
    expect(header('Negociação').style.color).toBe('rgb(26, 27, 30)');
  });

  it('each column asks for its stage in board order, 50 at a time, with the filters the summary gets', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard('salesRep');
    await waitFor(() => expect(requests(fetchMock, 'GET', '/opportunities')).toHaveLength(5));
    const first = requests(fetchMock, 'GET', '/opportunities').find(
      (r) => r.url.searchParams.get('sales_stage_id') === '1',
    );
    const params = first?.url.searchParams;
    expect(params?.get('sort')).toBe('display_order');
    expect(params?.get('limit')).toBe('50');
    expect(params?.get('offset')).toBe('0');
    expect(params?.get('timestamp_attribute')).toBe('updated_at');
    const start = Date.parse(params?.get('start_timestamp') ?? '');
    // salesRep: the last month (PLAT-143).
    expect(Date.now() - start).toBeGreaterThan(27 * 86_400_000);
    expect(Date.now() - start).toBeLessThan(32 * 86_400_000);
    const [summary] = requests(fetchMock, 'GET', '/opportunities/summary');
    expect(summary?.url.searchParams.get('start_timestamp')).toBe(params?.get('start_timestamp'));
    expect(summary?.url.searchParams.get('timestamp_attribute')).toBe('updated_at');
    expect(summary?.url.searchParams.has('sales_stage_id')).toBe(false);
  });

  it('loads the next page of a long column as it scrolls down', async () => {
    cards = Array.from({ length: 120 }, (_, i) =>
      cardFixture({ id: 100 + i, name: `Card ${i + 1}`, sales_stage_id: 2, display_order: 1000 - i }),
    );
    const fetchMock = stubFetch(api());
    await renderBoard();
    const scroller = await waitFor(() => {
      const element = screen.getByRole('list', { name: 'Cards de Em atendimento' }).parentElement;
      if (!element) throw new Error('no column');
      return element;
    });
    const offsets = () =>
      requests(fetchMock, 'GET', '/opportunities')
        .filter((r) => r.url.searchParams.get('sales_stage_id') === '2')
        .map((r) => r.url.searchParams.get('offset'));
    expect(offsets()).toEqual(['0']);
    expect(column('Em atendimento').getAllByRole('listitem').length).toBeLessThan(20);
    scroller.scrollTop = 45 * 158;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(offsets()).toEqual(['0', '50']));
    const item = column('Em atendimento').getAllByRole('listitem')[0];
    expect(item?.getAttribute('aria-setsize')).toBe('120');
  });

  it('a page that fails to load is not asked again until the user retries', async () => {
    cards = Array.from({ length: 120 }, (_, i) =>
      cardFixture({ id: 100 + i, name: `Card ${i + 1}`, sales_stage_id: 2, display_order: 1000 - i }),
    );
    let failing = true;
    const base = api();
    const fetchMock = stubFetch(
      api({
        [`GET ${WS}/opportunities`]: (url, init) =>
          failing && url.searchParams.get('offset') === '50'
            ? { status: 400, body: { status: 400, message: 'Dados inválidos.' } }
            : base(url, init),
      }),
    );
    await renderBoard();
    const list = await screen.findByRole('list', { name: 'Cards de Em atendimento' });
    const scroller = list.parentElement as HTMLElement;
    scroller.scrollTop = 45 * 158;
    fireEvent.scroll(scroller);
    const retry = await column('Em atendimento').findByRole('button', { name: 'Carregar mais cards' });
    const offsets = () =>
      requests(fetchMock, 'GET', '/opportunities')
        .filter((r) => r.url.searchParams.get('sales_stage_id') === '2')
        .map((r) => r.url.searchParams.get('offset'));
    await tick();
    fireEvent.scroll(scroller);
    await tick();
    expect(offsets()).toEqual(['0', '50']);
    failing = false;
    fireEvent.click(retry);
    await waitFor(() => expect(offsets()).toEqual(['0', '50', '50']));
    await waitFor(() =>
      expect(column('Em atendimento').queryByRole('button', { name: 'Carregar mais cards' })).toBeNull(),
    );
  });

  it('searches by name, contact, phone or #id once typing pauses', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar' }), { target: { value: '#12' } });
    await waitFor(() =>
      expect(
        requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams.get('search'),
      ).toBe('#12'),
    );
    const searched = requests(fetchMock, 'GET', '/opportunities').filter(
      (r) => r.url.searchParams.get('search') === '#12',
    );
    expect(searched).toHaveLength(5);
  });

  it('a click on a card opens it in the card modal', async () => {
    stubFetch(api());
    await renderBoard();
    render(<ModalRequestProbe />);
    fireEvent.click(cardButton('João Pedro'));
    fireEvent.keyDown(cardButton('Ana Clara'), { key: 'Enter', code: 'Enter' });
    expect(modalRequests).toEqual(['{"id":13}', '{"id":14}']);
  });
});

describe('creating a card', () => {
  it("the primary 'Criar Card' button opens the Create Card modal", async () => {
    stubFetch(api());
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Criar Card' }));
    expect(await screen.findByRole('dialog', { name: 'Criar Card' })).toBeTruthy();
  });

  it("on a phone 'Criar Card' is a floating button and a strip of stages jumps between the columns", async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
        }) as unknown as MediaQueryList,
    );
    stubFetch(api());
    await renderBoard();
    const create = screen.getByRole('button', { name: 'Criar Card' });
    expect(create.textContent).toBe('');
    // The stage strip jumps between the columns, one at a time.
    const strip = screen.getByRole('navigation', { name: 'Etapas do funil' });
    expect(
      within(strip)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Novo lead2', 'Em atendimento1', 'Negociação0', 'Ganho0', 'Perdido1']);
    fireEvent.click(within(strip).getByRole('button', { name: /^Ganho/ }));
    expect(
      within(strip)
        .getByRole('button', { name: /^Ganho/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(create);
    expect(await screen.findByRole('dialog', { name: 'Criar Card' })).toBeTruthy();
  });
});

describe('filters', () => {
  it('PLAT-121 PLAT-122 PLAT-114 applied filters narrow the board and count on the button; Limpar resets them', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Na Black List' }));
    fireEvent.click(within(drawer).getByRole('radio', { name: 'Quente' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('button', { name: 'Filtros, 2 ativos' })).toBeTruthy();
    await waitFor(() => {
      const last = requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams;
      expect(last?.get('is_blacklisted')).toBe('true');
      expect(last?.get('probability')).toBe('80');
    });

    fireEvent.click(screen.getByRole('button', { name: 'Filtros, 2 ativos' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Filtros' })).getByRole('button', { name: 'Limpar' }),
    );
    expect(await screen.findByRole('button', { name: 'Filtros' })).toBeTruthy();
    await waitFor(() =>
      expect(
        requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams.has('is_blacklisted'),
      ).toBe(false),
    );
  });

  it('PLAT-128 PLAT-129 PLAT-130 the call filters offer the spec’s options, go into the board’s query, count and clear', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    let drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(await pick(drawer, 'Ligações', 'Ligação realizada')).toEqual([
      'Nenhuma ligação realizada',
      'Ligação realizada',
    ]);
    expect(await pick(drawer, 'Atendimento', 'Não atendidas')).toEqual(['Todas atendidas', 'Não atendidas']);
    expect(await pick(drawer, 'Duração da ligação', 'Menos de 1 minuto')).toEqual([
      'Menos de 1 minuto',
      'De 1 a 3 minutos',
      'Mais de 3 minutos',
    ]);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('button', { name: 'Filtros, 3 ativos' })).toBeTruthy();
    await waitFor(() => {
      const last = requests(fetchMock, 'GET', '/opportunities').at(-1)?.url.searchParams;
      expect(last?.get('has_call')).toBe('true');
      expect(last?.get('call_answering')).toBe('not_answered');
      expect(last?.getAll('call_duration')).toEqual(['DurationLessThanAMinute']);
    });

    // No call at all: how calls went no longer applies.
    fireEvent.click(screen.getByRole('button', { name: 'Filtros, 3 ativos' }));
    drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    await pick(drawer, 'Ligações', 'Nenhuma ligação realizada');
    expect(within(drawer).getByRole('textbox', { name: 'Atendimento' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByRole('button', { name: 'Filtros, 1 ativo' })).toBeTruthy();
    await waitFor(() => {
      const last = requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams;
      expect(last?.get('has_call')).toBe('false');
      expect(last?.has('call_answering')).toBe(false);
      expect(last?.has('call_duration')).toBe(false);
    });

    fireEvent.click(screen.getByRole('button', { name: 'Filtros, 1 ativo' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Filtros' })).getByRole('button', { name: 'Limpar' }),
    );
    expect(await screen.findByRole('button', { name: 'Filtros' })).toBeTruthy();
    await waitFor(() =>
      expect(
        requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams.has('has_call'),
      ).toBe(false),
    );
  });

  it('PLAT-126 the Voip date type applies the period to the cards’ calls', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    const dateTypes = within(drawer).getByRole('radiogroup', { name: 'Filtrar datas por' });
    expect(
      within(dateTypes)
        .getAllByRole('radio')
        .map((r) => r.closest('label, div')?.textContent),
    ).toEqual(['Criação', 'Atualização', 'Conclusão', 'Voip']);
    fireEvent.click(within(dateTypes).getByRole('radio', { name: 'Voip' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => {
      const last = requests(fetchMock, 'GET', '/opportunities/summary').at(-1)?.url.searchParams;
      expect(last?.get('call_start_timestamp')).toBeTruthy();
      expect(last?.has('start_timestamp')).toBe(false);
      expect(last?.has('timestamp_attribute')).toBe(false);
    });
  });

  it('PLAT-113 PLAT-115 filters come back on the next visit only with Manter filtros on', async () => {
    stubFetch(api());
    const first = await renderBoard();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    let drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Sem interação' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    await screen.findByRole('button', { name: 'Filtros, 1 ativo' });
    first.unmount();

    const second = await renderBoard();
    expect(screen.getByRole('button', { name: 'Filtros' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Manter filtros' }));
    fireEvent.click(within(drawer).getByRole('switch', { name: 'Sem interação' }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Aplicar' }));
    await screen.findByRole('button', { name: 'Filtros, 1 ativo' });
    second.unmount();

    await renderBoard();
    expect(screen.getByRole('button', { name: 'Filtros, 1 ativo' })).toBeTruthy();
  });

  it('PLAT-132 the responsible filter is hidden for a salesRep (the role of the current workspace), who only ever sees their own cards', async () => {
    stubFetch(api());
    // A manager elsewhere, a salesRep in the workspace at hand.
    startSession(
      tokenResponseFixture([
        { id: 1, name: 'Escola Centro', role: 'salesRep' },
        { id: 2, name: 'Escola Zona Norte', role: 'manager' },
      ]),
    );
    const view = renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Filtros' }));
    const drawer = await screen.findByRole('dialog', { name: 'Filtros' });
    expect(within(drawer).getByRole('textbox', { name: 'Produto' })).toBeTruthy();
    expect(within(drawer).queryByRole('textbox', { name: 'Responsáveis' })).toBeNull();
    view.unmount();
    await renderBoard('manager');
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    expect(
      within(await screen.findByRole('dialog', { name: 'Filtros' })).getByRole('textbox', {
        name: 'Responsáveis',
      }),
    ).toBeTruthy();
  });
});

describe('drag and drop', () => {
  it('OPP-086 a card dropped on another open stage moves to the top there at once', async () => {
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    const fetchMock = stubFetch(
      api({
        [`PUT ${WS}/opportunities/13/move-to`]: async (_url, init) => {
          await held;
          return putOnTop(13, bodyOf(init).data.sales_stage_id);
        },
      }),
    );
    await renderBoard();
    await dragWithKeyboard('João Pedro', 1);
    // Shown in its new place before the server answers.
    expect(column('Em atendimento').getByText('João Pedro')).toBeTruthy();
    expect(column('Novo lead').queryByText('João Pedro')).toBeNull();
    const [move] = requests(fetchMock, 'PUT', '/opportunities/13/move-to');
    expect(bodyOf(move?.init ?? {})).toEqual({ data: { sales_stage_id: 2, display_order: 'top' } });
    answer();
    await waitFor(() => expect(column('Em atendimento').getByText('R$ 750,00')).toBeTruthy());
    const names = column('Em atendimento')
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-labelledby'));
    expect(names[0]).toBe('card-13-name');
  });

  it('OPP-088 OPP-089 OPP-090 without a task: the warning, the register-task form, then the move is made', async () => {
    let tries = 0;
    const fetchMock = stubFetch(
      api({
        [`PUT ${WS}/opportunities/12/move-to`]: (_url, init) => {
          tries += 1;
          return tries === 1 ? NO_TASK : putOnTop(12, bodyOf(init).data.sales_stage_id);
        },
      }),
    );
    await renderBoard();
    await dragWithKeyboard('Maria Silva - Matrícula', 2);
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({
          title: 'Oportunidade sem tarefa!',
          message: 'Uma oportunidade deve ter ao menos uma tarefa para poder mudar de etapa!',
          autoClose: 2500,
        }),
      ),
    );
    // Back where it was while no task exists.
    expect(column('Novo lead').getByText('Maria Silva - Matrícula')).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const registry = within(dialog).getByRole('checkbox', {
      name: 'Esta tarefa é um registro',
    }) as HTMLInputElement;
    expect(registry.checked).toBe(true);
    const action = await waitFor(() => {
      const input = within(dialog).getByLabelText(/^Ação/);
      if (input.hasAttribute('disabled')) throw new Error('the action types are loading');
      return input;
    });
    fireEvent.click(action);
    const option = await waitFor(() => {
      const listbox = document.getElementById(action.getAttribute('aria-controls') ?? '');
      const found =
        listbox &&
        within(listbox)
          .getAllByRole('option', { hidden: true })
          .find((o) => o.textContent === 'Ligação');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Criar' }));

    await waitFor(() => expect(requests(fetchMock, 'PUT', '/opportunities/12/move-to')).toHaveLength(2));
    const [task] = requests(fetchMock, 'POST', '/tasks');
    expect(bodyOf(task?.init ?? {})).toMatchObject({ parent_id: 12, is_registry: true });
    expect(bodyOf(requests(fetchMock, 'PUT', '/opportunities/12/move-to')[1]?.init ?? {})).toEqual({
      data: { sales_stage_id: 3, display_order: 'top' },
    });
    await waitFor(() => expect(column('Negociação').getByText('Maria Silva - Matrícula')).toBeTruthy());
  });

  it('OPP-087 a card dropped on its own column stays and nothing is sent', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    render(<ModalRequestProbe />);
    await dragWithKeyboard('Ana Clara', 0);
    // The card was picked up and put down on its own column (the screen reader hears it)…
    expect(screen.getByText('Card Ana Clara solto na etapa Em atendimento.')).toBeTruthy();
    // …and nothing happened.
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    expect(column('Em atendimento').getByText('Ana Clara')).toBeTruthy();
    expect(modalRequests).toEqual([]);
  });

  it('OPP-094 a card dropped on the Won or Lost column opens its close flow in the card modal', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    render(<ModalRequestProbe />);
    await dragWithKeyboard('Ana Clara', 2);
    expect(screen.getByText('Card Ana Clara solto na etapa Ganho.')).toBeTruthy();
    expect(modalRequests).toEqual(['{"id":14,"action":"won"}']);
    await dragWithKeyboard('João Pedro', 4);
    expect(modalRequests).toEqual(['{"id":14,"action":"won"}', '{"id":13,"action":"lost"}']);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
    expect(column('Em atendimento').getByText('Ana Clara')).toBeTruthy();
  });

  it('OPP-107 OPP-110 a closed card dropped on an open stage is reopened there', async () => {
    const fetchMock = stubFetch(api());
    await renderBoard();
    await dragWithKeyboard('Lucas Lima', -2);
    await waitFor(() => expect(requests(fetchMock, 'PUT', '/opportunities/15/reopen')).toHaveLength(1));
    expect(bodyOf(requests(fetchMock, 'PUT', '/opportunities/15/reopen')[0]?.init ?? {})).toEqual({
      sales_stage_id: 3,
    });
    await waitFor(() => expect(column('Negociação').getByText('Lucas Lima')).toBeTruthy());
    expect(column('Perdido').queryByText('Lucas Lima')).toBeNull();
  });

  it('a move the server refuses goes back where it was, with the error toast', async () => {
    stubFetch(
      api({
        [`PUT ${WS}/opportunities/14/move-to`]: () => ({
          status: 500,
          body: { status: 500, message: 'Erro interno do servidor.' },
        }),
      }),
    );
    await renderBoard();
    await dragWithKeyboard('Ana Clara', -1);
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ title: 'Erro no servidor, contate um adiministrador!' }),
      ),
    );
    expect(column('Em atendimento').getByText('Ana Clara')).toBeTruthy();
    expect(column('Novo lead').queryByText('Ana Clara')).toBeNull();
  });
});
