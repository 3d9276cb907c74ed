import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Automation, AutomationRun, AutomationVersion } from '@vendaval/core/schemas/automations';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';

const page = <T,>(data: T[]) => ({ data, pagination: { total_count: data.length, limit: 500, offset: 0 } });
const conditions = {
  stage_ids: [],
  source_types: [],
  campaign_ids: [],
  media_ids: [],
  tag_ids: [],
  user_ids: [],
};

function automation(overrides: Partial<Automation>): Automation {
  return {
    id: 1,
    name: 'Boas-vindas',
    enabled: true,
    definition: {
      trigger: { type: 'card_created', sources: [] },
      conditions,
      actions: [{ type: 'wait', amount: 1, unit: 'hours' }],
    },
    live_version_id: null,
    live_version_number: null,
    has_unpublished_changes: true,
    run_count: 0,
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

/** The automations of workspace 1 in memory; a PATCH whose move_stage points at stage 9 is refused on that field. */
function automationsApi(rows: Automation[], versions: AutomationVersion[] = [], runs: AutomationRun[] = []) {
  const logQueries: string[] = [];
  const writes: { method: string; path: string; body: unknown }[] = [];
  const handler: StubHandler = (url, init) => {
    const path = url.pathname;
    const method = init.method ?? 'GET';
    if (path === '/api/v1/platform') return { body: platformFixture() };
    if (path === '/api/v1/workspaces/1/sales-stages') {
      return {
        body: page([
          { id: 8, name: 'Negociação' },
          { id: 9, name: 'Ganho' },
        ]),
      };
    }
    if (path === '/api/v1/workspaces/1/tags') return { body: page([{ id: 31, name: 'Perdido' }]) };
    const one = /^\/api\/v1\/workspaces\/1\/automations\/(\d+)$/.exec(path);
    if (method !== 'GET') {
      const body = init.body ? JSON.parse(String(init.body)) : null;
      writes.push({ method, path, body });
      if (one && method === 'PATCH') {
        const row = rows.find((r) => r.id === Number(one[1]));
        if (!row) return { status: 404, body: { status: 404, message: 'x' } };
        const moved = body.definition?.actions?.[1];
        if (moved?.type === 'move_stage' && moved.stage_id === 9) {
          const description = 'Uma automação não move para uma etapa de fechamento.';
          return {
            status: 400,
            body: {
              status: 400,
              message: description,
              errors: [{ field: 'definition.actions.1.stage_id', description }],
            },
          };
        }
        Object.assign(row, body);
        return { body: row };
      }
      if (one && method === 'DELETE') {
        rows.splice(
          rows.findIndex((r) => r.id === Number(one[1])),
          1,
        );
        return { body: { message: 'ok' } };
      }
      return { body: {} };
    }
    if (path === '/api/v1/workspaces/1/automations') return { body: page(rows) };
    if (path.endsWith('/versions')) return { body: page(versions) };
    if (path.endsWith('/logs')) {
      logQueries.push(url.search);
      return { body: page(runs) };
    }
    if (one) return { body: rows.find((r) => r.id === Number(one[1])) };
    return { body: page([]) };
  };
  return { handler, writes, logQueries };
}

function signIn(role = 'admin') {
  startSession(tokenResponseFixture([{ id: 1, name: 'Matriz Centro', role }]));
}

beforeEach(() => {
  // The flow library reads the zoom of its viewport through DOMMatrixReadOnly, which jsdom lacks.
  vi.stubGlobal(
    'DOMMatrixReadOnly',
    class {
      m22 = 1;
    },
  );
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the recipes (Modelos)', () => {
  it('a recipe the workspace has the lists for makes a switched-off draft; one it lacks them for says what is missing', async () => {
    const api = automationsApi([]);
    stubFetch(api.handler);
    signIn();
    renderApp('/automation');
    const gallery = within(await screen.findByRole('region', { name: 'Modelos' }));
    expect(gallery.getAllByTestId('recipe-card')).toHaveLength(3);
    expect(
      (gallery.getByRole('button', { name: 'Usar o modelo Saudar novo lead' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(gallery.getByText('Cadastre um funcionário digital com um template aprovado.')).toBeTruthy();
    const lost = gallery.getByRole('button', { name: 'Usar o modelo Marcar e avisar na perda' });
    await waitFor(() => expect((lost as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(lost);
    await waitFor(() =>
      expect(api.writes).toContainEqual({
        method: 'POST',
        path: '/api/v1/workspaces/1/automations',
        body: expect.objectContaining({
          name: 'Marcar e avisar na perda',
          enabled: false,
          definition: expect.objectContaining({
            trigger: { type: 'lost' },
            actions: expect.arrayContaining([{ type: 'add_tag', tag_id: 31 }]),
          }),
        }),
      }),
    );
  });
});

describe('the automations list', () => {
  it('PLAT-059 shows each automation with its live and draft state, its switch, and deletes after confirming', async () => {
    const rows = [
      automation({ id: 1, name: 'Boas-vindas', live_version_id: 4, live_version_number: 2, run_count: 7 }),
      automation({
        id: 2,
        name: 'Perdidos',
        run_count: 1,
        enabled: false,
        live_version_id: 5,
        live_version_number: 1,
        has_unpublished_changes: false,
      }),
    ];
    const api = automationsApi(rows);
    stubFetch(api.handler);
    signIn();
    renderApp('/automation');
    await waitFor(() => expect(document.title).toBe('Automações | CRM'));
    const cards = await screen.findAllByTestId('automation-card');
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Publicada v2')).toBeTruthy();
    expect(within(first).getByText('Rascunho com alterações')).toBeTruthy();
    expect(within(first).getByLabelText('Execuções de Boas-vindas').textContent).toBe('7 execuções');
    expect(within(second).getByLabelText('Execuções de Perdidos').textContent).toBe('1 execução');
    expect(within(second).getByText('Publicada v1')).toBeTruthy();
    expect(within(second).queryByText(/Rascunho/)).toBeNull();
    expect(
      (within(second).getByRole('switch', { name: 'Ativar Perdidos' }) as HTMLInputElement).checked,
    ).toBe(false);

    fireEvent.click(within(second).getByRole('switch', { name: 'Ativar Perdidos' }));
    await waitFor(() =>
      expect(api.writes).toContainEqual({
        method: 'PATCH',
        path: '/api/v1/workspaces/1/automations/2',
        body: { enabled: true },
      }),
    );

    fireEvent.click(within(first).getByRole('button', { name: 'Excluir Boas-vindas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir automação' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() => expect(screen.getAllByTestId('automation-card')).toHaveLength(1));
    expect(api.writes.some((w) => w.method === 'DELETE' && w.path.endsWith('/automations/1'))).toBe(true);
  });

  it.each([
    ['admin', true],
    ['salesRep', false],
  ])('the menu of a %s offers Automações: %s', async (role, shown) => {
    stubFetch(automationsApi([]).handler);
    signIn(role);
    renderApp('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    expect(await screen.findByRole('link', { name: 'Templates' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Automações' }) !== null).toBe(shown);
  });
});

describe('the automation editor', () => {
  it('shows a refused save on the node and field it names, keeping every edit', async () => {
    const api = automationsApi([automation({ id: 3, name: 'Mover ganhos' })]);
    stubFetch(api.handler);
    signIn();
    renderApp('/automation?id=3');
    await screen.findByTestId('automation-node-form');
    // Add a second step, a move to the "Ganho" stage, which the server refuses.
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar ação' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mover para etapa' }));
    const form = screen.getByTestId('automation-node-form');
    expect(within(form).getByText('Ação 2')).toBeTruthy();
    fireEvent.click(within(form).getByRole('textbox', { name: 'Etapa' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Ganho' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Nome da automação' }), {
      target: { value: 'Mover ganhos 2' },
    });

    fireEvent.click(screen.getByRole('button', { name: 'Salvar rascunho' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('automation-node-form')).getByText(
          'Uma automação não move para uma etapa de fechamento.',
        ),
      ).toBeTruthy(),
    );
    const patch = api.writes.find((w) => w.method === 'PATCH');
    expect(patch?.body).toMatchObject({
      name: 'Mover ganhos 2',
      definition: { actions: [{ type: 'wait' }, { type: 'move_stage', stage_id: 9 }] },
    });
    // The step carries the error mark in the flow, and nothing typed was lost.
    const flow = screen.getByTestId('automation-flow');
    await waitFor(() => expect(flow.querySelectorAll('.automation-node-error')).toHaveLength(1));
    expect(flow.querySelector('.automation-node-error')?.textContent).toContain('2. Mover para etapa');
    expect((screen.getByRole('textbox', { name: 'Nome da automação' }) as HTMLInputElement).value).toBe(
      'Mover ganhos 2',
    );
    expect(
      (
        within(screen.getByTestId('automation-node-form')).getByRole('textbox', {
          name: 'Etapa',
        }) as HTMLInputElement
      ).value,
    ).toBe('Ganho');
    expect((screen.getByRole('button', { name: 'Salvar rascunho' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });
});

describe('the versions of an automation', () => {
  it('says in words what the draft changes from the live version and makes an older version live again', async () => {
    const task = {
      type: 'create_task' as const,
      name: null,
      task_type_id: 1,
      interaction_type_id: 2,
      due_in: 1,
      due_unit: 'hours' as const,
    };
    const wait = { type: 'wait' as const, amount: 1, unit: 'hours' as const };
    const trigger = { type: 'card_created' as const, sources: [] };
    const version = (id: number, number: number, isLive: boolean): AutomationVersion => ({
      id,
      automation_id: 4,
      number,
      definition: { trigger, conditions, actions: [wait, task] },
      is_live: isLive,
      published_at: '2026-11-21T10:00:00.000Z',
      published_by: { id: 1, name: 'Ana Administradora' },
    });
    const draft = automation({
      id: 4,
      live_version_id: 11,
      live_version_number: 2,
      definition: { trigger, conditions, actions: [wait, { type: 'move_stage', stage_id: 8 }] },
    });
    const api = automationsApi([draft], [version(11, 2, true), version(10, 1, false)]);
    stubFetch(api.handler);
    signIn();
    renderApp('/automation?id=4');
    fireEvent.click(await screen.findByRole('tab', { name: 'Versões' }));
    const diff = await screen.findByTestId('automation-diff');
    expect(diff.textContent).toBe('Ação 2: Criar tarefa → Mover para etapa');
    const [live, older] = screen.getAllByTestId('automation-version') as [HTMLElement, HTMLElement];
    expect(within(live).getByText('Publicada')).toBeTruthy();
    expect(within(live).queryByRole('button', { name: 'Tornar publicada' })).toBeNull();
    fireEvent.click(within(older).getByRole('button', { name: 'Tornar publicada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Voltar para a v1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Tornar publicada' }));
    await waitFor(() =>
      expect(api.writes.map((w) => `${w.method} ${w.path}`)).toContain(
        'POST /api/v1/workspaces/1/automations/4/versions/10',
      ),
    );
  });
});

describe('the run log', () => {
  it('lists each run with its status, version, steps and reason, and filters by the chosen date', async () => {
    const step: AutomationRun['steps'][number] = {
      index: 0,
      type: 'create_task',
      status: 'done',
      error: null,
      attempts: 1,
      executed_at: '2026-11-22T10:00:01.000Z',
    };
    const run = (id: number, overrides: Partial<AutomationRun>): AutomationRun => ({
      id,
      version_id: 10,
      version_number: 1,
      opportunity: { id: 7, name: 'Renata Robô' },
      trigger: 'card_created',
      depth: 0,
      status: 'completed',
      reason: null,
      started_at: '2026-11-22T10:00:00.000Z',
      finished_at: '2026-11-22T10:00:01.000Z',
      steps: [step],
      ...overrides,
    });
    const api = automationsApi(
      [automation({ id: 5 })],
      [],
      [
        run(1, {}),
        run(2, {
          status: 'stopped',
          version_number: 2,
          reason: 'Limite de encadeamento atingido.',
          steps: [],
        }),
        run(3, {
          status: 'running',
          finished_at: null,
          steps: [
            { ...step, index: 0, type: 'send_template' },
            { ...step, index: 1, type: 'wait' },
          ],
        }),
      ],
    );
    stubFetch(api.handler);
    signIn();
    renderApp('/automation?id=5');
    fireEvent.click(await screen.findByRole('tab', { name: 'Execuções' }));
    const [done, stopped, waiting] = (await screen.findAllByTestId('automation-run')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(done).getByText('Concluída')).toBeTruthy();
    expect(within(done).getByText('v1')).toBeTruthy();
    expect(within(done).getByText('Ação 1: Criar tarefa — feita')).toBeTruthy();
    expect(within(stopped).getByText('Interrompida')).toBeTruthy();
    expect(within(stopped).getByText('v2')).toBeTruthy();
    expect(within(stopped).getByText('Motivo: Limite de encadeamento atingido.')).toBeTruthy();
    // A wait is logged when it starts; while nothing came after it, the run is still waiting.
    expect(within(waiting).getByText('Em andamento')).toBeTruthy();
    expect(within(waiting).getByText('Ação 1: Enviar template — feita')).toBeTruthy();
    expect(within(waiting).getByText('Ação 2: Aguardar — aguardando')).toBeTruthy();
    expect(api.logQueries.at(-1)).toContain('date_type=started_at');

    fireEvent.click(screen.getByRole('textbox', { name: 'Data considerada' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Fim da execução', hidden: true }));
    await waitFor(() => expect(api.logQueries.at(-1)).toContain('date_type=finished_at'));
  });
});
