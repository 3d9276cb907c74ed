import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, waitFor, within } from '@testing-library/react';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { Task } from '@vendaval/core/schemas/tasks';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { PlatformContext } from '../../../lib/platform.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import type { StubHandler } from '../../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../../testing/fixtures.ts';

// Test harness of the shared widgets: the providers the app puts above them, with the real query client
// (and its global error toast), and HTTP answered by a stubbed fetch.

export const WORKSPACE = { id: 1, name: 'Escola Centro' };
export const SELF_ID = 7; // the fixture's signed-in user, Ana Souza

export function signInAs(role: string) {
  startSession(tokenResponseFixture([{ ...WORKSPACE, role }]));
}

export function renderWidget(ui: ReactElement, platform: Platform = platformFixture()) {
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PlatformContext value={platform}>
          <ModalsProvider>
            <MemoryRouter>{ui}</MemoryRouter>
          </ModalsProvider>
        </PlatformContext>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

export const page = <T,>(data: T[], total = data.length) => ({
  body: { data, pagination: { total_count: total, limit: 500, offset: 0 } },
});

/** Routes `METHOD /path` (without /api/v1/workspaces/1) to handlers; anything else answers 404. */
export function workspaceApi(routes: Record<string, StubHandler>): StubHandler {
  return (url, init) => {
    const path = url.pathname.replace(`/api/v1/workspaces/${WORKSPACE.id}`, '');
    const handler = routes[`${init.method ?? 'GET'} ${path}`];
    if (handler) return handler(url, init);
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

export function bodyOf(init: RequestInit): unknown {
  return JSON.parse(String(init.body));
}

/** Opens a Mantine select and picks an option (jsdom sees the dropdown as hidden: its transition never runs). */
export async function choose(input: HTMLElement, option: string) {
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

export function taskFixture(overrides: Partial<Task> = {}): Task {
  return {
    id: 55,
    name: 'Ligar para a mãe',
    user_id: SELF_ID,
    user: { id: SELF_ID, name: 'Ana Souza' },
    parent_id: 12,
    parent_type: 'Opportunity',
    opportunity: { id: 12, name: 'Maria Silva', sales_stage_id: 3, state_type: 'Open' },
    contact: { id: 4, name: 'Maria Silva', phone_number: '5511987654321' },
    task_type_id: 1,
    task_type: { id: 1, name: 'Ligação' },
    interaction_type_id: 10,
    interaction_type: { id: 10, name: 'Telefone' },
    description: 'Confirmar a visita',
    start_timestamp: '2025-03-10 14:30',
    is_registry: false,
    ended_scheduled: false,
    status: 'NotStarted',
    is_delayed: false,
    ended_at: null,
    created_at: '2025-03-01T12:00:00.000Z',
    updated_at: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}
