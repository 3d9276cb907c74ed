import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { Contact } from '@vendaval/core/schemas/contacts';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import type { Platform } from '@vendaval/core/schemas/platform';
import type { Member } from '@vendaval/core/schemas/users';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { SkinProvider } from '../../../app/skin.tsx';
import { TenantProvider } from '../../../app/tenant-provider.tsx';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { type StubHandler, type StubResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../../testing/fixtures.ts';

// Shared by the card-modal tests: the app's providers around one component, and an API stub.

export const WORKSPACE_ID = 1;
export const SELF_ID = 7; // 'Ana Souza', the fixture's signed-in user
export const BASE = `/api/v1/workspaces/${WORKSPACE_ID}`;

/** The component inside the real providers (query client, tenant loaded from the stubbed API, router). */
export function renderInApp(ui: ReactElement, path = '/') {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <SkinProvider>
        <TenantProvider>
          <RouterProvider router={router} />
        </TenantProvider>
      </SkinProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

export const signIn = (role: string) =>
  startSession(tokenResponseFixture([{ id: WORKSPACE_ID, name: 'Escola Centro', role }]));

const stage = (id: number, name: string, type: SalesStage['type'], color: string): SalesStage => ({
  id,
  name,
  type,
  color,
  display_order: id,
});

export const STAGES: SalesStage[] = [
  stage(1, 'Novo lead', 'First', '228be6'),
  stage(2, 'Pré-atendimento', 'PreSale', '15aabf'),
  stage(3, 'Em atendimento', 'InProgress', '12b886'),
  stage(4, 'Negociação', 'Negotiation', 'fab005'),
  stage(5, 'Ganho', 'Won', '2f9e44'),
  stage(6, 'Perdido', 'Lost', 'e03131'),
];

export const MEDIAS = [
  { id: 3, name: 'Google Ads', type: 'Google' },
  { id: 4, name: 'Indicação', type: 'Offline' },
];
export const CAMPAIGNS = [{ id: 8, name: 'Volta às aulas' }];
export const PRODUCTS = [
  { id: 11, name: 'Curso de Inglês', price: 349.5 },
  { id: 12, name: 'Matemática', price: 189.9 },
];
export const OBJECTIONS = [
  { id: 21, name: 'Preço alto' },
  { id: 22, name: 'Sem interesse' },
];
export const TAGS = [
  { id: 31, name: 'VIP', color: 'e03131' },
  { id: 32, name: 'Retorno', color: '228be6' },
];

export function member(id: number, name: string, role = 'salesRep'): Member {
  return {
    id,
    name,
    email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
    username: name.split(' ')[0]?.toLowerCase() ?? 'u',
    role,
    operational_status: 'Working',
    joined_at: '2024-01-10T12:00:00.000Z',
    last_login_at: null,
    manager_id: null,
  };
}

export const MEMBERS = [
  member(SELF_ID, 'Ana Souza', 'manager'),
  member(8, 'Bruno Barros'),
  member(9, 'Carla Dias'),
  member(10, 'Diego Admin', 'admin'),
];

export function contactFixture(overrides: Partial<Contact> = {}): Contact {
  return {
    id: 40,
    name: 'Maria Oliveira',
    phone_number: '5511987654321',
    country_code: '55',
    email: 'maria@example.com',
    birthdate: '1990-05-20',
    document: '52998224725',
    id_number: '12.345.678-9',
    postal_code: '01001000',
    address_line1: 'Praça da Sé, 1',
    address_line2: null,
    state_code: 'SP',
    city_name: 'São Paulo',
    neighborhood: 'Sé',
    instagram: null,
    facebook: null,
    linkedin: null,
    is_blacklisted: false,
    blacklist_reason: null,
    workspace_id: WORKSPACE_ID,
    created_at: '2025-01-01T10:00:00.000Z',
    updated_at: '2025-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function opportunityFixture(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 501,
    name: 'Maria - Inglês',
    state_type: 'Open',
    workspace_id: WORKSPACE_ID,
    workspace: { id: WORKSPACE_ID, name: 'Escola Centro' },
    sales_stage_id: 3,
    sales_stage: { id: 3, name: 'Em atendimento', color: '12b886', type: 'InProgress' },
    display_order: 0,
    user_id: SELF_ID,
    user: { id: SELF_ID, name: 'Ana Souza' },
    contact_id: 40,
    contact: contactFixture(),
    product_id: 11,
    product: { id: 11, name: 'Curso de Inglês', price: 349.5 },
    price: 349.5,
    probability: 60,
    source_type: 'Offline',
    media_id: 4,
    media: { id: 4, name: 'Indicação' },
    campaign_id: null,
    campaign: null,
    campaign_url: null,
    opportunity_type_id: 1,
    description: 'Quer aulas à noite.',
    is_responsible: false,
    student_name: null,
    student_document: null,
    visit_generator: null,
    form_id: null,
    tags: [31],
    tma: null,
    has_open_room: false,
    closed_at: null,
    closed_type: null,
    closed_description: null,
    remote_id: null,
    task: { count: 1 },
    dialogs: [],
    contract: null,
    created_at: '2025-03-01T12:00:00.000Z',
    recreated_at: null,
    updated_at: '2025-03-02T12:00:00.000Z',
    ...overrides,
  };
}

const page = (data: unknown[], total = data.length, offset = 0) => ({
  body: { data, pagination: { total_count: total, limit: 500, offset } },
});

export type ApiOptions = {
  platform?: Partial<Platform>;
  opportunityTypes?: { id: number; name: string; is_default: boolean }[];
  routes?: Record<string, StubHandler>;
};

/** The API a card modal talks to; `routes` ('PUT /api/v1/…') replace or add answers. */
export function cardApi({ platform, opportunityTypes, routes = {} }: ApiOptions = {}): StubHandler {
  const fixed: Record<string, () => StubResponse> = {
    'GET /api/v1/platform': () => ({ body: platformFixture(platform) }),
    [`GET ${BASE}`]: () => ({
      body: {
        id: WORKSPACE_ID,
        name: 'Escola Centro',
        role: 'manager',
        settings: { require_task_for_stage_change: true },
        created_at: '2024-01-01T00:00:00.000Z',
      },
    }),
    [`GET ${BASE}/sales-stages`]: () => page(STAGES),
    [`GET ${BASE}/medias`]: () => page(MEDIAS),
    [`GET ${BASE}/campaigns`]: () => page(CAMPAIGNS),
    [`GET ${BASE}/products`]: () => page(PRODUCTS),
    [`GET ${BASE}/objections`]: () => page(OBJECTIONS),
    [`GET ${BASE}/tags`]: () => page(TAGS),
    [`GET ${BASE}/opportunity-types`]: () =>
      page(opportunityTypes ?? [{ id: 1, name: 'Matrícula', is_default: true }]),
    [`GET ${BASE}/users`]: () => page(MEMBERS),
    [`GET ${BASE}/users-in-hierarchy`]: () => page(MEMBERS),
    [`GET ${BASE}/contacts`]: () => page([]),
  };
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname}`;
    const handler = routes[key];
    if (handler) return handler(url, init);
    const answer = fixed[key];
    if (answer) return answer();
    return { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

/** Every request made to `path`, with its method, query and JSON body. */
export function requests(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => url.pathname === path && (init.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      query: url.searchParams,
      body: init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));
}

/** The toasts shown so far, as 'title|message'. */
export function toasts(): string[] {
  return vi.mocked(notifications.show).mock.calls.map(([t]) => `${String(t.title)}|${String(t.message)}`);
}

export async function expectToast(title: string, message: string) {
  await waitFor(() => expect(toasts()).toContain(`${title}|${message}`));
}

/** The options of a Mantine select (jsdom never finishes the dropdown transition, so they count as hidden). */
export async function optionsOf(input: HTMLElement) {
  if (!input.hasAttribute('data-expanded')) fireEvent.click(input);
  const listbox = await waitFor(() => {
    const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list is not open');
    return list;
  });
  return within(listbox).getAllByRole('option', { hidden: true });
}

export async function choose(input: HTMLElement, option: string) {
  const found = (await optionsOf(input)).find((o) => o.textContent === option);
  if (!found) throw new Error(`no option ${option}`);
  fireEvent.click(found);
}

export const dialog = (name: string) => screen.findByRole('dialog', { name });

export { stubFetch };

export const TASK_TYPES = [{ id: 61, name: 'Ligação', default_interaction_type_id: 71 }];
export const INTERACTION_TYPES = [{ id: 71, name: 'Telefone' }];

/** A saved task as the API answers it. */
export function taskAnswer(body: Record<string, unknown>) {
  return {
    id: 90,
    name: null,
    user_id: SELF_ID,
    user: { id: SELF_ID, name: 'Ana Souza' },
    parent_id: body.parent_id,
    parent_type: 'Opportunity',
    opportunity: { id: body.parent_id, name: 'Maria - Inglês', sales_stage_id: 3, state_type: 'Open' },
    contact: null,
    task_type_id: body.task_type_id,
    task_type: null,
    interaction_type_id: body.interaction_type_id,
    interaction_type: null,
    description: null,
    start_timestamp: '2025-03-02 10:00',
    is_registry: true,
    ended_scheduled: false,
    status: 'Completed',
    is_delayed: false,
    ended_at: null,
    created_at: '2025-03-02T13:00:00.000Z',
    updated_at: '2025-03-02T13:00:00.000Z',
  };
}

/** The routes the task form needs. */
export const TASK_ROUTES: Record<string, StubHandler> = {
  [`GET ${BASE}/task-types`]: () => page(TASK_TYPES),
  [`GET ${BASE}/interaction-types`]: () => page(INTERACTION_TYPES),
  [`GET ${BASE}/users/${SELF_ID}`]: () => ({
    body: { ...MEMBERS[0], voip_username: null, voip_password: null },
  }),
  [`POST ${BASE}/tasks`]: (_url, init) => ({ body: taskAnswer(JSON.parse(String(init.body))) }),
};
