import { notifications } from '@mantine/notifications';
import { waitFor } from '@testing-library/react';
import type { Bot } from '@vendaval/core/schemas/bots';
import type { ChatMessage, Dialog } from '@vendaval/core/schemas/chat';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { expect, vi } from 'vitest';
import type { stubFetch } from '../../testing/fetch-stub.ts';
import { SELF_ID, WORKSPACE } from '../../ui/task-form/testing/render-widget.tsx';

export { templateFixture } from '../../ui/template-send/template-fixtures.ts';

// Fixtures and helpers of the chat's component tests.

export const BASE = `/api/v1/workspaces/${WORKSPACE.id}`;

export function dialogFixture(overrides: Partial<Dialog> = {}): Dialog {
  return {
    id: 31,
    closed_at: null,
    user_id: SELF_ID,
    user_name: 'Ana Souza',
    bot_id: 3,
    bot_name: 'IMBOT',
    media_type: 'WhatsappQrcode',
    keep_bot_on_dialog: false,
    opportunity: { id: 501, name: 'Maria - Inglês' },
    phone_number: '5511987654321',
    last_message_at: null,
    unread_count: 0,
    created_at: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

let nextId = 1000;

export function messageFixture(overrides: Partial<ChatMessage> = {}): ChatMessage {
  nextId += 1;
  return {
    id: nextId,
    remote_id: `wamid.${nextId}`,
    dialog_id: 31,
    sent_at: new Date().toISOString(),
    message: 'Olá!',
    header: null,
    footer: null,
    file: null,
    sender: 'contact',
    user_id: null,
    user: null,
    bot_name: null,
    status: 'sent',
    is_deleted: false,
    error_message: null,
    dialog: { id: 31, bot_name: 'IMBOT', media_type: 'WhatsappQrcode', closed_at: null, opportunity_id: 501 },
    parent: null,
    ...overrides,
  };
}

export function cardFixture(overrides: Partial<Opportunity> = {}): Opportunity {
  return {
    id: 501,
    name: 'Maria - Inglês',
    state_type: 'Open',
    workspace_id: WORKSPACE.id,
    workspace: WORKSPACE,
    sales_stage_id: 3,
    sales_stage: { id: 3, name: 'Em atendimento', color: '12b886', type: 'InProgress' },
    display_order: 0,
    user_id: SELF_ID,
    user: { id: SELF_ID, name: 'Ana Souza' },
    contact_id: 40,
    contact: {
      id: 40,
      name: 'Maria Oliveira',
      phone_number: '5511987654321',
      country_code: '55',
      email: null,
      birthdate: null,
      document: null,
      id_number: null,
      postal_code: null,
      address_line1: null,
      address_line2: null,
      state_code: 'SP',
      city_name: 'São Paulo',
      neighborhood: null,
      instagram: null,
      facebook: null,
      linkedin: null,
      is_blacklisted: false,
      blacklist_reason: null,
      workspace_id: WORKSPACE.id,
      created_at: '2025-01-01T10:00:00.000Z',
      updated_at: '2025-01-01T10:00:00.000Z',
    },
    product_id: 11,
    product: { id: 11, name: 'Curso de Inglês', price: 349.5 },
    price: 349.5,
    probability: 60,
    source_type: 'Offline',
    media_id: null,
    media: null,
    campaign_id: null,
    campaign: null,
    campaign_url: null,
    opportunity_type_id: 1,
    description: null,
    is_responsible: false,
    student_name: null,
    student_document: null,
    visit_generator: null,
    form_id: null,
    tags: [],
    tma: null,
    has_open_room: true,
    closed_at: null,
    closed_type: null,
    closed_description: null,
    remote_id: null,
    task: { count: 1 },
    dialogs: [{ id: 31, bot_name: 'IMBOT', user_id: SELF_ID, closed_at: null }],
    contract: null,
    created_at: '2025-03-01T12:00:00.000Z',
    recreated_at: null,
    updated_at: '2025-03-02T12:00:00.000Z',
    ...overrides,
  };
}

export const botFixture = (overrides: Partial<Bot> = {}): Bot => ({
  id: 3,
  name: 'IMBOT',
  channel: 'sandbox',
  media_type: 'WhatsappQrcode',
  is_whatsapp_business_connected: false,
  is_whatsapp_qr_code_connected: true,
  keep_bot_on_dialog: false,
  ...overrides,
});

export const messagesPage = (data: ChatMessage[], total = data.length, offset = 0) => ({
  body: { data, pagination: { total_count: total, limit: 20, offset } },
});

/** Every request made to `path` (below the workspace), with its query and JSON body. */
export function calls(fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init: init ?? {} }))
    .filter(({ url, init }) => url.pathname === `${BASE}${path}` && (init.method ?? 'GET') === method)
    .map(({ url, init }) => ({
      query: Object.fromEntries(url.searchParams),
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
