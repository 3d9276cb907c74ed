import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@vendaval/core/schemas/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { platformFixture } from '../../testing/fixtures.ts';
import { page, renderWidget, signInAs, workspaceApi } from '../task-form/testing/render-widget.tsx';
import { UserPickerModal } from './user-picker-modal.tsx';

const person = (id: number, name: string, role: string): Member => ({
  id,
  name,
  email: `${id}@example.com`,
  username: `u${id}`,
  role,
  operational_status: 'Working',
  joined_at: '2024-01-10T12:00:00.000Z',
  last_login_at: null,
  manager_id: null,
});

const people = [
  person(1, 'Ana Atendente', 'salesRep'),
  person(5, 'Bia Atendente', 'salesRep'),
  person(2, 'Gil Gerente', 'manager'),
  person(3, 'Adão Admin', 'admin'),
  person(4, 'Rui Robô', 'uraApi'),
];

function usersCalls(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((u) => u.pathname.endsWith('/users'))
    .map((u) => Object.fromEntries(u.searchParams));
}

function api() {
  return workspaceApi({
    'GET /users': (url) => {
      const role = url.searchParams.get('role');
      const search = url.searchParams.get('search')?.toLowerCase();
      return page(
        people.filter(
          (p) => (!role || p.role === role) && (!search || p.name.toLowerCase().includes(search)),
        ),
      );
    },
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Selecionar Colaborador', () => {
  it('CHAT-073 CHAT-074 CHAT-078 CHAT-079 CHAT-081 CHAT-084 CHAT-085 CHAT-086 the tabs list the sales reps (tenant term) and the other collaborators at work, 100 at a time', async () => {
    const fetchMock = stubFetch(api());
    signInAs('manager');
    const onPick = vi.fn();
    renderWidget(
      <UserPickerModal opened onClose={() => {}} onPick={onPick} />,
      platformFixture({ terms: { ...platformFixture().terms, sales_rep_term: 'Consultor' } }),
    );
    const modal = within(await screen.findByRole('dialog', { name: 'Selecionar Colaborador' }));
    expect(modal.getByRole('tab', { name: 'Consultor' }).getAttribute('aria-selected')).toBe('true');
    expect(await modal.findByRole('button', { name: 'Ana Atendente' })).toBeTruthy();
    expect(modal.queryByRole('button', { name: 'Gil Gerente' })).toBeNull();
    expect(usersCalls(fetchMock)[0]).toEqual({
      limit: '100',
      operational_status: 'Working',
      role: 'salesRep',
    });

    fireEvent.click(modal.getByRole('tab', { name: 'Colaboradores' }));
    expect(await modal.findByRole('button', { name: 'Gil Gerente' })).toBeTruthy();
    // A manager may not pick an admin; API users are never offered.
    expect(modal.queryByRole('button', { name: 'Adão Admin' })).toBeNull();
    expect(modal.queryByRole('button', { name: 'Rui Robô' })).toBeNull();
    expect(modal.queryByRole('button', { name: 'Ana Atendente' })).toBeNull();
    fireEvent.click(modal.getByRole('button', { name: 'Gil Gerente' }));
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });

  it('CHAT-080 an admin may pick another admin', async () => {
    stubFetch(api());
    signInAs('admin');
    renderWidget(<UserPickerModal opened onClose={() => {}} onPick={() => {}} />);
    const modal = within(await screen.findByRole('dialog', { name: 'Selecionar Colaborador' }));
    fireEvent.click(modal.getByRole('tab', { name: 'Colaboradores' }));
    expect(await modal.findByRole('button', { name: 'Adão Admin' })).toBeTruthy();
  });

  it('CHAT-082 CHAT-083 the search waits 1 s and needs 3 letters; emptied, it lists everyone again', async () => {
    const fetchMock = stubFetch(api());
    signInAs('manager');
    renderWidget(<UserPickerModal opened onClose={() => {}} onPick={() => {}} />);
    const modal = within(await screen.findByRole('dialog', { name: 'Selecionar Colaborador' }));
    await modal.findByRole('button', { name: 'Ana Atendente' });
    const search = modal.getByRole('textbox', { name: /Buscar/ });
    fireEvent.change(search, { target: { value: 'An' } });
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(usersCalls(fetchMock)).toHaveLength(1);
    fireEvent.change(search, { target: { value: 'Ana' } });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(usersCalls(fetchMock)).toHaveLength(1);
    await waitFor(() => expect(usersCalls(fetchMock).at(-1)?.search).toBe('Ana'), { timeout: 2000 });
    await waitFor(() => expect(modal.queryByRole('button', { name: 'Bia Atendente' })).toBeNull());
    fireEvent.change(search, { target: { value: '' } });
    expect(await modal.findByRole('button', { name: 'Bia Atendente' }, { timeout: 3000 })).toBeTruthy();
  });

  it('CHAT-075 CHAT-076 CHAT-077 Buscar, the empty states of a tab and of a search, and Cancelar', async () => {
    stubFetch(workspaceApi({ 'GET /users': () => page([]) }));
    signInAs('manager');
    const onClose = vi.fn();
    renderWidget(
      <UserPickerModal opened onClose={onClose} onPick={() => {}} />,
      platformFixture({ terms: { ...platformFixture().terms, sales_rep_term: 'Consultor' } }),
    );
    const modal = within(await screen.findByRole('dialog', { name: 'Selecionar Colaborador' }));
    expect(await modal.findByText('Nenhum Consultor ativo nesse Workspace.')).toBeTruthy();
    expect(modal.getByText(/primeiro acesso/)).toBeTruthy();
    fireEvent.click(modal.getByRole('tab', { name: 'Colaboradores' }));
    expect(await modal.findByText('Nenhum colaborador ativo nesse Workspace.')).toBeTruthy();
    fireEvent.change(modal.getByRole('textbox', { name: /Buscar/ }), { target: { value: 'Zeca' } });
    expect(
      await modal.findByText('Nenhum colaborador encontrado para essa busca.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    fireEvent.click(modal.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalled();
  });
});
