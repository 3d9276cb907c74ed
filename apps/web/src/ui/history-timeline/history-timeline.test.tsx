import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LogType } from '@vendaval/core/constants';
import type { HistoryEntry } from '@vendaval/core/schemas/history';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useOpportunityModalRequest } from '../../lib/opportunity-modal.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture } from '../../testing/fixtures.ts';
import {
  bodyOf,
  page,
  renderWidget,
  SELF_ID,
  signInAs,
  taskFixture,
  workspaceApi,
} from '../task-form/testing/render-widget.tsx';
import { HistoryTimeline, type HistoryTimelineProps } from './history-timeline.tsx';

let nextId = 1;
function entry(
  type: LogType,
  data: Record<string, unknown> = {},
  overrides: Partial<HistoryEntry> = {},
): HistoryEntry {
  return {
    id: nextId++,
    type,
    created_at: '2025-03-05 09:07',
    data,
    user: { id: SELF_ID, name: 'Ana Souza', access_code: 'AS-0042' },
    opportunity: { id: 12, name: 'Maria Silva' },
    task_id: null,
    ...overrides,
  };
}

const lookups: Record<string, StubHandler> = {
  'GET /users': () => page([]),
  'GET /task-types': () => page([{ id: 1, name: 'Ligação', default_interaction_type_id: 10 }]),
  'GET /interaction-types': () => page([{ id: 10, name: 'Telefone' }]),
  'GET /objections': () => page([{ id: 3, name: 'Preço alto' }]),
  [`GET /users/${SELF_ID}`]: () => ({ body: { id: SELF_ID, voip_username: null } }),
};

function api(entries: HistoryEntry[], routes: Record<string, StubHandler> = {}) {
  return workspaceApi({
    ...lookups,
    'GET /opportunities/history': () => page(entries),
    'GET /contacts/4/logs': () => page(entries),
    ...routes,
  });
}

const render = (props: HistoryTimelineProps, platform = platformFixture()) =>
  renderWidget(
    <>
      <HistoryTimeline {...props} />
      <ModalRequestProbe />
    </>,
    platform,
  );

function ModalRequestProbe() {
  const request = useOpportunityModalRequest();
  return <output aria-label="Card aberto">{request ? JSON.stringify(request) : ''}</output>;
}

const item = (title: RegExp | string) =>
  within(screen.getByRole('listitem', { name: typeof title === 'string' ? new RegExp(`^${title}`) : title }));
const requests = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls
    .map(([url, init]) => ({ url: new URL(String(url), 'http://x'), init }))
    .filter(({ url }) => url.pathname === `/api/v1/workspaces/1${path}`);
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  signInAs('manager');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HistoryTimeline', () => {
  it("OPP-206 OPP-207 the header reads 'Data' / 'Histórico de atividades' and a spinner shows while loading", async () => {
    let answer: (value: unknown) => void = () => {};
    const pending = new Promise((resolve) => {
      answer = resolve;
    });
    stubFetch(
      api([], {
        'GET /opportunities/history': async () => {
          await pending;
          return page([entry('OpportunityCreated')]);
        },
      }),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const timeline = screen.getByRole('region', { name: 'Histórico de atividades' });
    expect(within(timeline).getByText('Data')).toBeTruthy();
    expect(within(timeline).getByText('Histórico de atividades')).toBeTruthy();
    expect(await screen.findByLabelText('Carregando histórico')).toBeTruthy();
    answer(null);
    expect(await screen.findByText('Oportunidade Criada')).toBeTruthy();
    expect(screen.queryByLabelText('Carregando histórico')).toBeNull();
  });

  it("OPP-208 an empty history says 'Nenhum histórico encontrado!'", async () => {
    stubFetch(api([]));
    render({ from: 'opportunity', opportunityId: 12 });
    expect(await screen.findByText('Nenhum histórico encontrado!')).toBeTruthy();
  });

  it('OPP-209 OPP-210 a contact timeline asks its logs by contact id, limit 100, offset 0, once', async () => {
    const fetchMock = stubFetch(api([entry('OpportunityCreated')]));
    render({ from: 'contact', contactId: 4 });
    expect(await screen.findByText('Oportunidade Criada')).toBeTruthy();
    const asked = requests(fetchMock, '/contacts/4/logs');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url.searchParams.get('limit')).toBe('100');
    expect(asked[0]?.url.searchParams.get('offset')).toBe('0');
  });

  it('OPP-210 a card timeline and a user timeline ask the history by their ids, limit 100, offset 0', async () => {
    const fetchMock = stubFetch(api([entry('OpportunityCreated')]));
    const { unmount } = render({ from: 'opportunity', opportunityId: 12 });
    await screen.findByText('Oportunidade Criada');
    unmount();
    render({ from: 'user', userId: 8 });
    await screen.findByText('Oportunidade Criada');
    const [card, user] = requests(fetchMock, '/opportunities/history').map(({ url }) => url.searchParams);
    expect(card?.get('opportunity_id')).toBe('12');
    expect(user?.get('user_id')).toBe('8');
    for (const query of [card, user]) {
      expect(query?.get('limit')).toBe('100');
      expect(query?.get('offset')).toBe('0');
    }
  });

  it('OPP-211 a failed history request shows nothing of its own beyond the global error toast', async () => {
    stubFetch(
      api([], {
        'GET /opportunities/history': () => ({ status: 403, body: { status: 403, message: 'Sem acesso.' } }),
      }),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    await waitFor(() => expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Sem acesso.' })));
    expect(screen.queryByLabelText('Carregando histórico')).toBeNull();
    expect(screen.queryByText('Nenhum histórico encontrado!')).toBeNull();
    expect(screen.queryByText('Sem acesso.')).toBeNull();
  });

  it('OPP-212 each entry shows its date DD/MM/YYYY and time HHhmm as written (Brasília time, no shift)', async () => {
    stubFetch(api([entry('OpportunityCreated', {}, { created_at: '2025-12-31 23:59' })]));
    render({ from: 'opportunity', opportunityId: 12 });
    const created = await screen.findByRole('listitem', { name: /^Oportunidade Criada/ });
    expect(within(created).getByText('31/12/2025')).toBeTruthy();
    expect(within(created).getByText('23h59')).toBeTruthy();
  });

  it('OPP-213 OPP-222 each entry has an icon and colour by type and a card with its title and readable data', async () => {
    const terms = { ...platformFixture().terms, price_term: 'Mensalidade' };
    stubFetch(
      api([
        entry('OpportunitySalesStageUpdated', { from_name: 'Novo lead', to_name: 'Em atendimento' }),
        entry('OpportunityPriceUpdated', { from_price: 0, to_price: 1234.5 }),
        entry('OpportunityProbabilityUpdated', { from_probability: 40, to_probability: 80 }),
        entry('OpportunityClosedWon', { sales_stage_name: 'Ganho' }),
        entry('OpportunityClosedLost', {
          sales_stage_name: 'Perdido',
          closed_type: 3,
          closed_description: '',
        }),
        entry('OpportunityRoomStatusClosed', { remote_id: 77 }),
        entry('OpportunityRecreated', { from_name: 'Perdido', to_name: 'Novo lead' }),
        entry('OpportunityTma', { tma: 3900, opportunity_created_at: 1741170000 }),
        entry('OpportunityDescriptionUpdated', {
          from_description: '<b>antes</b>',
          to_description: 'depois',
        }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 }, platformFixture({ terms }));
    await screen.findByText('Etapa Alterada');
    expect(item('Etapa Alterada').getByText('Novo lead → Em atendimento')).toBeTruthy();
    expect(item('Valor Alterado').getByText('Mensalidade:', { exact: false })).toBeTruthy();
    expect(item('Valor Alterado').getByText('R$ 0,00 → R$ 1.234,50')).toBeTruthy();
    expect(item('Qualificação Alterada').getByText('★★☆☆☆ Frio → ★★★★☆ Quente')).toBeTruthy();
    expect(item('Oportunidade Ganha').getByText('Ganho')).toBeTruthy();
    const lost = item('Oportunidade Perdida');
    expect(await lost.findByText('Preço alto')).toBeTruthy();
    expect(lost.getByText('Sem descrição')).toBeTruthy();
    expect(item('Sala #77 - Fechada').getByText('Sala #77 - Fechada')).toBeTruthy();
    expect(item('Oportunidade Recriada').getByText('Perdido → Novo lead')).toBeTruthy();
    expect(item('Tempo de Atendimento').getByText('1 hora e 5 minutos')).toBeTruthy();
    // User text renders as text.
    expect(item('Descrição Alterada').getByText('<b>antes</b>')).toBeTruthy();

    const iconOf = (title: string) =>
      (
        screen
          .getByRole('listitem', { name: new RegExp(`^${title}`) })
          .querySelector('.mantine-ThemeIcon-root') as HTMLElement
      ).getAttribute('style') ?? '';
    expect(iconOf('Oportunidade Ganha')).toContain('green');
    expect(iconOf('Oportunidade Perdida')).toContain('red');
    expect(iconOf('Etapa Alterada')).toContain('blue');
  });

  it("OPP-213 OPP-228 OPP-229 a lost reason is named from the entry or the workspace's list, and 'Motivo não encontrado' when unknown", async () => {
    stubFetch(
      api([
        entry('OpportunityClosedLost', {
          closed_type: 'Mudou de cidade',
          closed_description: 'Vai para Recife',
        }),
        entry('OpportunityClosedLost', { closed_type: 3 }, { created_at: '2025-03-04 10:00' }),
        entry('OpportunityClosedLost', { closed_type: 99 }, { created_at: '2025-03-03 10:00' }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const [named, listed, unknown] = (
      await screen.findAllByRole('listitem', { name: /^Oportunidade Perdida/ })
    ).map((el) => within(el));
    expect(named?.getByText('Mudou de cidade')).toBeTruthy();
    expect(named?.getByText('Vai para Recife')).toBeTruthy();
    expect(await listed?.findByText('Preço alto')).toBeTruthy();
    expect(unknown?.getByText('Motivo não encontrado')).toBeTruthy();
    expect(unknown?.getByText('Sem descrição')).toBeTruthy();
  });

  it('OPP-213 OPP-187 task entries show the action, interaction, status name, date and observation', async () => {
    stubFetch(
      api([
        entry('TaskClosed', {
          id: 55,
          type_name: 'Ligação',
          end_type_name: 'Telefone',
          status_name: 'Completed',
          description: 'Falou com a mãe',
          start_timestamp: '2025-03-10 14:30:00',
        }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const task = within(await screen.findByRole('listitem', { name: /^Tarefa Concluída/ }));
    expect(task.getByText('Ligação')).toBeTruthy();
    expect(task.getByText('Telefone')).toBeTruthy();
    expect(task.getByText('Completo')).toBeTruthy();
    expect(task.getByText('10/03/2025 14h30')).toBeTruthy();
    expect(task.getByText('Falou com a mãe')).toBeTruthy();
  });

  it('OPP-213 links in an observation are clickable, and markup stays text', async () => {
    stubFetch(
      api([
        entry('TaskCreated', {
          description:
            '<img src=x onerror=alert(1)> Sala: https://meet.jit.si/Reuniao-BrisaFarol-abcd2345 (10h)',
        }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const task = within(await screen.findByRole('listitem', { name: /^Tarefa agendada/ }));
    const link = task.getByRole('link', { name: 'https://meet.jit.si/Reuniao-BrisaFarol-abcd2345' });
    expect(link.getAttribute('href')).toBe('https://meet.jit.si/Reuniao-BrisaFarol-abcd2345');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(task.getByText(/<img src=x onerror=alert\(1\)> Sala:/)).toBeTruthy();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('OPP-213 a rescheduled task shows its old and new time', async () => {
    stubFetch(
      api([
        entry('TaskRescheduled', {
          status_name: 'NotStarted',
          start_timestamp: '2025-03-12 09:00:00',
          from_start_timestamp: '2025-03-10 14:30:00',
          to_start_timestamp: '2025-03-12 09:00:00',
        }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const task = within(await screen.findByRole('listitem', { name: /^Tarefa Reagendada/ }));
    expect(task.getByText('10/03/2025 14h30 → 12/03/2025 09h00')).toBeTruthy();
    expect(task.getByText('Aberto')).toBeTruthy();
  });

  it("OPP-214 OPP-216 from a contact each entry shows 'Realizado por' (avatar, name, code) and 'Realizado na oportunidade'", async () => {
    stubFetch(api([entry('OpportunityCreated')]));
    render({ from: 'contact', contactId: 4 });
    const created = within(await screen.findByRole('listitem', { name: /^Oportunidade Criada/ }));
    expect(created.getByText('Realizado por')).toBeTruthy();
    expect(created.getByText('Ana Souza')).toBeTruthy();
    expect(created.getByText('AS-0042')).toBeTruthy();
    expect(created.getByText('AS')).toBeTruthy(); // the avatar's initials
    expect(created.getByText('Realizado na oportunidade')).toBeTruthy();
    expect(created.getByRole('button', { name: /Maria Silva #12/ })).toBeTruthy();
  });

  it("OPP-215 OPP-216 from a user modal there is no 'Realizado por', only 'Realizado na oportunidade'; a card's own timeline names no card", async () => {
    stubFetch(api([entry('OpportunityCreated')]));
    const { unmount } = render({ from: 'user', userId: SELF_ID });
    const created = within(await screen.findByRole('listitem', { name: /^Oportunidade Criada/ }));
    expect(created.queryByText('Realizado por')).toBeNull();
    expect(created.getByText('Realizado na oportunidade')).toBeTruthy();
    unmount();
    render({ from: 'opportunity', opportunityId: 12 });
    const own = within(await screen.findByRole('listitem', { name: /^Oportunidade Criada/ }));
    expect(own.getByText('Realizado por')).toBeTruthy();
    expect(own.queryByText('Realizado na oportunidade')).toBeNull();
  });

  it("OPP-217 clicking 'Realizado na oportunidade' opens that card's modal", async () => {
    stubFetch(api([entry('OpportunityCreated', {}, { opportunity: { id: 31, name: 'João Pereira' } })]));
    render({ from: 'contact', contactId: 4 });
    fireEvent.click(await screen.findByRole('button', { name: /João Pereira #31/ }));
    expect(
      JSON.parse(screen.getByLabelText('Card aberto', { selector: 'output' }).textContent ?? ''),
    ).toEqual({
      id: 31,
    });
  });

  it('OPP-218 OPP-219 a task entry opens the task form in update mode; saving refreshes the history', async () => {
    let saved = false;
    const fetchMock = stubFetch(
      api([], {
        'GET /opportunities/history': () =>
          page([
            entry('TaskCreated', { type_name: 'Ligação' }, { task_id: 55 }),
            ...(saved ? [entry('TaskRescheduled', {}, { task_id: 55 })] : []),
          ]),
        'GET /tasks/55': () => ({ body: taskFixture() }),
        'PUT /tasks/55': (_url, init) => {
          saved = true;
          return { body: taskFixture(bodyOf(init) as object) };
        },
      }),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    const created = within(await screen.findByRole('listitem', { name: /^Tarefa agendada/ }));
    fireEvent.click(created.getByRole('button', { name: 'Abrir tarefa' }));
    const form = await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    expect(requests(fetchMock, '/tasks/55')).toHaveLength(1);
    fireEvent.click(within(form).getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByRole('listitem', { name: /^Tarefa Reagendada/ })).toBeTruthy();
    expect(requests(fetchMock, '/opportunities/history').length).toBeGreaterThanOrEqual(2);
  });

  it('OPP-219 deleting the task from the timeline refreshes the list', async () => {
    let deleted = false;
    stubFetch(
      api([], {
        'GET /opportunities/history': () =>
          page([
            entry('TaskCreated', {}, { task_id: 55 }),
            ...(deleted ? [entry('TaskDeleted', {}, { task_id: 55 })] : []),
          ]),
        'GET /tasks/55': () => ({ body: taskFixture() }),
        'DELETE /tasks/55': () => {
          deleted = true;
          return { body: { message: 'Tarefa deletada com sucesso!' } };
        },
      }),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: /^Tarefa agendada/ })).getByRole('button', {
        name: 'Abrir tarefa',
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Deletar Tarefa' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Tem certeza disso?' })).getByRole('button', {
        name: 'Deletar',
      }),
    );
    expect(await screen.findByRole('listitem', { name: /^Tarefa Deletada/ })).toBeTruthy();
  });

  it("OPP-218 a task entry without a task id, or of a deleted task, warns 'Tarefa não direcionavel!' for 1.5 s", async () => {
    const fetchMock = stubFetch(
      api([
        entry('TaskRegistry', {}, { task_id: null }),
        entry('TaskDeleted', {}, { task_id: 56, created_at: '2025-03-04 08:00' }),
      ]),
    );
    render({ from: 'opportunity', opportunityId: 12 });
    fireEvent.click(
      within(await screen.findByRole('listitem', { name: /^Registro Criado/ })).getByRole('button', {
        name: 'Abrir tarefa',
      }),
    );
    const warning = {
      title: 'Tarefa não direcionavel!',
      message: 'Esta tarefa não é direcionável!',
      color: 'yellow',
      autoClose: 1500,
    };
    expect(toasts()).toEqual([expect.objectContaining(warning)]);
    fireEvent.click(
      within(screen.getByRole('listitem', { name: /^Tarefa Deletada/ })).getByRole('button', {
        name: 'Abrir tarefa',
      }),
    );
    await waitFor(() => expect(toasts()).toHaveLength(2));
    expect(toasts()[1]).toEqual(expect.objectContaining(warning));
    expect(requests(fetchMock, '/tasks/56')).toHaveLength(1);
    expect(screen.queryByRole('dialog', { name: 'Editar Tarefa' })).toBeNull();
  });
});
