import { MantineProvider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import type { LeadImport } from '@vendaval/core/schemas/lead-import';
import type { Platform } from '@vendaval/core/schemas/platform';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PlatformContext } from '../../../lib/platform.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { type StubHandler, stubFetch } from '../../../testing/fetch-stub.ts';
import { platformFixture, tokenResponseFixture } from '../../../testing/fixtures.ts';
import { LeadImportModal } from './lead-import-modal.tsx';

const BASE = '/api/v1/workspaces/1';

const stage = (id: number, name: string, type: SalesStage['type']): SalesStage => ({
  id,
  name,
  type,
  color: '228be6',
  display_order: id,
});
const STAGES = [
  stage(1, 'Novo lead', 'First'),
  stage(3, 'Em atendimento', 'InProgress'),
  stage(5, 'Ganho', 'Won'),
  stage(6, 'Perdido', 'Lost'),
];
const page = <T,>(data: T[]) => ({
  body: { data, pagination: { total_count: data.length, limit: 500, offset: 0 } },
});
const member = (id: number, name: string) => ({
  id,
  name,
  email: `${id}@example.com`,
  username: `u${id}`,
  role: 'salesRep',
  operational_status: 'Working',
  joined_at: '2024-01-10T12:00:00.000Z',
  last_login_at: null,
});

function progress(overrides: Partial<LeadImport>): { body: LeadImport } {
  return {
    body: {
      id: 42,
      status: 'running',
      total_rows: 4,
      processed_rows: 0,
      created: 0,
      merged: 0,
      failed: 0,
      errors: [],
      ignored_columns: [],
      created_at: '2025-03-10T12:00:00.000Z',
      finished_at: null,
      ...overrides,
    },
  };
}

function api(routes: Record<string, StubHandler>): StubHandler {
  return (url, init) => {
    const key = `${init.method ?? 'GET'} ${url.pathname.replace(BASE, '')}`;
    const lookups: Record<string, ReturnType<typeof page>> = {
      'GET /sales-stages': page(STAGES),
      'GET /users': page([member(8, 'Bruno Barros'), member(9, 'Carla Campos')]),
      'GET /medias': page([{ id: 20, name: 'Instagram', type: 'SocialMedia' }]),
      'GET /campaigns': page([{ id: 30, name: 'Volta às Aulas' }]),
      'GET /products': page([{ id: 40, name: 'Curso de Inglês', price: 300 }]),
    };
    const handler = routes[key];
    if (handler) return handler(url, init);
    return lookups[key] ?? { status: 404, body: { status: 404, message: 'Recurso não encontrado.' } };
  };
}

function renderModal(platform: Platform = platformFixture()) {
  const queryClient = createQueryClient();
  const onClose = vi.fn();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider>
        <PlatformContext value={platform}>
          <LeadImportModal opened onClose={onClose} />
        </PlatformContext>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, onClose };
}

const csvFile = () => new File(['Nome;Telefone\nAna;(11) 98765-4321\n'], 'leads.csv', { type: 'text/csv' });

function chooseFile(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

/** Opens a Mantine select and picks an option (jsdom sees the dropdown as hidden: its transition never runs). */
async function choose(label: string, option: string) {
  const input = screen.getByRole('textbox', { name: label });
  fireEvent.click(input);
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

const uploads = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith('/opportunities/upload') && init?.method === 'POST',
  );

beforeEach(() => {
  startSession(tokenResponseFixture([{ id: 1, name: 'Escola Centro', role: 'admin' }]));
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LeadImportModal', () => {
  it("PLAT-244 'Importar leads' explains the columns and starts on the First stage, round-robin and source Importação", async () => {
    stubFetch(api({}));
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Importar leads' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeTruthy();
    expect(screen.getByText(/Nome/, { selector: 'b' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Colunas aceitas' }));
    expect(
      screen.getByRole('cell', {
        name: 'telefone, celular, whatsapp, phone, fone, tel, telefone celular, mobile',
        hidden: true, // the panel's opening transition never ends in jsdom
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Etapa' }) as HTMLInputElement).value).toBe('Novo lead'),
    );
    expect((screen.getByRole('textbox', { name: 'Responsável' }) as HTMLInputElement).value).toBe(
      'Distribuição automática (rodízio)',
    );
    expect((screen.getByRole('textbox', { name: 'Origem' }) as HTMLInputElement).value).toBe('Importação');
    expect(document.querySelector('input[type="file"]')?.getAttribute('accept')).toContain('.csv,.xlsx');
  });

  it('PLAT-244 only open stages are offered; the tenant names the product field', async () => {
    stubFetch(api({}));
    renderModal(platformFixture({ terms: { ...platformFixture().terms, product_term: 'o cargo' } }));
    const stageInput = await screen.findByRole('textbox', { name: 'Etapa' });
    await waitFor(() => expect((stageInput as HTMLInputElement).value).toBe('Novo lead'));
    fireEvent.click(stageInput);
    const list = await waitFor(() => {
      const found = document.getElementById(stageInput.getAttribute('aria-controls') ?? '');
      if (!found) throw new Error('closed');
      return found;
    });
    const names = within(list)
      .getAllByRole('option', { hidden: true })
      .map((o) => o.textContent);
    expect(names).toEqual(['Novo lead', 'Em atendimento']);
    expect(screen.getByRole('textbox', { name: 'Cargo' })).toBeTruthy();
  });

  it('PLAT-244 refuses to send without a file or with one over 10 MB', async () => {
    const fetchMock = stubFetch(api({}));
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    expect(await screen.findByText('Escolha a planilha a importar.')).toBeTruthy();
    chooseFile(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'grande.csv', { type: 'text/csv' }));
    expect(await screen.findByText(MESSAGES.leadImportFileTooLarge)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));
    expect(uploads(fetchMock)).toHaveLength(0);
  });

  it('PLAT-244 uploads the file with the choices as multipart, then follows the progress every second until done and refreshes the cards', async () => {
    let polls = 0;
    const fetchMock = stubFetch(
      api({
        'POST /opportunities/upload': () => ({ body: { id: 42, status: 'queued', total_rows: 4 } }),
        'GET /opportunities/upload/42': () => {
          polls++;
          if (polls === 1) return progress({ processed_rows: 2, created: 1, merged: 1 });
          return progress({
            status: 'done',
            processed_rows: 4,
            created: 2,
            merged: 1,
            failed: 1,
            errors: [
              { row: 5, message: MESSAGES.phoneWithoutAreaCode },
              {
                row: 3,
                message: 'Produto "<b>Robótica</b>" não encontrado: o card foi importado sem produto.',
              },
            ],
            ignored_columns: ['Observação interna'],
            finished_at: '2025-03-10T12:00:05.000Z',
          });
        },
      }),
    );
    const { queryClient, onClose } = renderModal();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Etapa' }) as HTMLInputElement).value).toBe('Novo lead'),
    );
    chooseFile(csvFile());
    await choose('Etapa', 'Em atendimento');
    await choose('Responsável', 'Carla Campos');
    await choose('Origem', 'Offline');
    await choose('Mídia', 'Instagram');
    await choose('Produto', 'Curso de Inglês');
    fireEvent.click(screen.getByRole('button', { name: 'Importar' }));

    expect(await screen.findByRole('progressbar', { name: 'Progresso da importação' })).toBeTruthy();
    const [call] = uploads(fetchMock);
    const body = call?.[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('leads.csv');
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      sales_stage_id: '3',
      user_id: '9',
      source_type: 'Offline',
      media_id: '20',
      product_id: '40',
    });
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer token-abc');

    expect(await screen.findByText('2 de 4 linhas')).toBeTruthy();
    expect(screen.getByLabelText('Criados: 1')).toBeTruthy();
    expect(await screen.findByText('Concluída', {}, { timeout: 4000 })).toBeTruthy();
    expect(screen.getByText('4 de 4 linhas')).toBeTruthy();
    expect(screen.getByLabelText('Criados: 2')).toBeTruthy();
    expect(screen.getByLabelText('Mesclados: 1')).toBeTruthy();
    expect(screen.getByLabelText('Com erro: 1')).toBeTruthy();
    expect(screen.getByText('Colunas ignoradas: Observação interna')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Linhas com erro ou aviso' });
    expect(within(table).getByText(MESSAGES.phoneWithoutAreaCode)).toBeTruthy();
    // User text is shown as text, never as markup.
    expect(within(table).getByText(/<b>Robótica<\/b>/)).toBeTruthy();
    expect(table.querySelector('b')).toBeNull();
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: [1, 'opportunities'] }));

    const pollsWhenDone = polls;
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(polls).toBe(pollsWhenDone);
    fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('PLAT-244 a refused upload shows the server message in the error toast and keeps the form', async () => {
    stubFetch(
      api({
        'POST /opportunities/upload': () => ({
          status: 400,
          body: {
            status: 400,
            message: MESSAGES.leadImportColumnsMissing,
            errors: [{ field: 'file', description: MESSAGES.leadImportColumnsMissing }],
          },
        }),
      }),
    );
    renderModal();
    chooseFile(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ message: MESSAGES.leadImportColumnsMissing, color: 'red' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Importar' })).toBeTruthy();
  });

  it('PLAT-244 a failed import says so', async () => {
    stubFetch(
      api({
        'POST /opportunities/upload': () => ({ body: { id: 42, status: 'queued', total_rows: 4 } }),
        'GET /opportunities/upload/42': () => progress({ status: 'failed', processed_rows: 2 }),
      }),
    );
    renderModal();
    chooseFile(csvFile());
    fireEvent.click(await screen.findByRole('button', { name: 'Importar' }));
    expect(await screen.findByText(MESSAGES.leadImportFailed)).toBeTruthy();
    expect(screen.getByText('Falhou')).toBeTruthy();
  });
});
