import { notifications } from '@mantine/notifications';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Member } from '@vendaval/core/schemas/users';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { opportunitiesKey, tasksKey } from '../../lib/opportunity-keys.ts';
import { useOpportunityModalRequest } from '../../lib/opportunity-modal.ts';
import { type StubHandler, stubFetch } from '../../testing/fetch-stub.ts';
import { TaskFormModal, type TaskFormModalProps } from './task-form-modal.tsx';
import { nowInAppTime } from './task-form-values.ts';
import {
  bodyOf,
  choose,
  page,
  renderWidget,
  SELF_ID,
  signInAs,
  taskFixture,
  workspaceApi,
} from './testing/render-widget.tsx';

const member = (id: number, name: string): Member => ({
  id,
  name,
  email: `${id}@example.com`,
  username: `u${id}`,
  role: 'salesRep',
  operational_status: 'Working',
  joined_at: '2024-01-10T12:00:00.000Z',
  last_login_at: null,
  manager_id: null,
});

const taskTypes = [
  { id: 1, name: 'Ligação', default_interaction_type_id: 10 },
  { id: 2, name: 'Visita', default_interaction_type_id: 11 },
  { id: 3, name: 'Outro', default_interaction_type_id: null },
];
const interactionTypes = [
  { id: 10, name: 'Telefone' },
  { id: 11, name: 'Presencial' },
  { id: 12, name: 'WhatsApp' },
];

function api(routes: Record<string, StubHandler> = {}) {
  return workspaceApi({
    'GET /users-in-hierarchy': () => page([member(SELF_ID, 'Ana Souza'), member(8, 'Bruno Barros')]),
    'GET /task-types': () => page(taskTypes),
    'GET /interaction-types': () => page(interactionTypes),
    [`GET /users/${SELF_ID}`]: () => ({ body: { ...member(SELF_ID, 'Ana Souza'), voip_username: null } }),
    'POST /tasks': (_url, init) => ({ body: taskFixture({ id: 90, ...(bodyOf(init) as object) }) }),
    ...routes,
  });
}

const card = { id: 12, name: 'Maria Silva' };

function renderForm(props: Partial<TaskFormModalProps> = {}) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const view = renderWidget(<TaskFormModal opened onClose={onClose} onSaved={onSaved} {...props} />);
  return { ...view, onClose, onSaved };
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' }) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name });
const toasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);
const lastRequest = (fetchMock: ReturnType<typeof stubFetch>, method: string, path: string) => {
  const call = fetchMock.mock.calls
    .filter(
      ([url, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(url), 'http://x').pathname.endsWith(path),
    )
    .at(-1);
  if (!call) throw new Error(`no ${method} ${path}`);
  return { url: new URL(String(call[0]), 'http://x'), body: call[1]?.body ? bodyOf(call[1]) : undefined };
};

async function fillSchedule() {
  await waitFor(() => expect(field('Ação').hasAttribute('disabled')).toBe(false));
  await choose(field('Ação'), 'Visita');
  fireEvent.change(field('Data'), { target: { value: '20/03/2025' } });
  fireEvent.blur(field('Data'));
  fireEvent.change(field('Horário'), { target: { value: '09:15' } });
}

function ModalRequestProbe() {
  const request = useOpportunityModalRequest();
  return <output aria-label="Card aberto">{request ? JSON.stringify(request) : ''}</output>;
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  signInAs('manager');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('TaskFormModal', () => {
  it("OPP-161 OPP-168 OPP-167 a new task reads 'Criar Tarefa' with 'Cancelar' and 'Criar', and no complete or delete", async () => {
    stubFetch(api());
    const { onClose } = renderForm({ opportunity: card });
    expect(await screen.findByRole('dialog', { name: 'Criar Tarefa' })).toBeTruthy();
    expect(button('Criar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Completar Tarefa' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deletar Tarefa' })).toBeNull();
    fireEvent.click(button('Cancelar'));
    expect(onClose).toHaveBeenCalled();
  });

  it('OPP-162 the fields appear in the spec order, the opportunity is shown as #id name', async () => {
    stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const order = [
      field('Responsável'),
      field('Nome'),
      field('Ação'),
      field('Forma de Atendimento'),
      screen.getByRole('checkbox', { name: 'Esta tarefa é um registro' }),
      field('Data'),
      field('Horário'),
      button('Criar videoconferência'),
      field('Observação'),
    ];
    for (let i = 1; i < order.length; i++) {
      const before = order[i - 1] as HTMLElement;
      expect(
        before.compareDocumentPosition(order[i] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect((field('Oportunidade') as HTMLInputElement).value).toBe('#12 Maria Silva');
  });

  it("OPP-161 OPP-163 OPP-165 OPP-166 OPP-170 OPP-187 an open task reads 'Editar Tarefa', its date DD/MM/YYYY and time HH:mm", async () => {
    stubFetch(api());
    renderForm({ task: taskFixture() });
    expect(await screen.findByRole('dialog', { name: 'Editar Tarefa' })).toBeTruthy();
    expect((field('Data') as HTMLInputElement).value).toBe('10/03/2025');
    expect((field('Horário') as HTMLInputElement).value).toBe('14:30');
    expect((field('Nome') as HTMLInputElement).value).toBe('Ligar para a mãe');
    expect((field('Oportunidade') as HTMLInputElement).value).toBe('#12 Maria Silva');
    expect(screen.getByText('Aberto')).toBeTruthy();
    expect(button('Completar Tarefa')).toBeTruthy();
    expect(button('Deletar Tarefa')).toBeTruthy();
    expect(button('Atualizar')).toBeTruthy();
  });

  it("PLAT-040 a calendar slot opens 'Criar Tarefa' on that slot's date and time", async () => {
    stubFetch(api());
    renderForm({ start: { date: '2031-07-04', time: '15:30' } });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    expect(field('Data').value).toBe('04/07/2031');
    expect(field('Horário').value).toBe('15:30');
    expect(button('Criar')).toBeTruthy();
  });

  it('PLAT-016 a new task from the calendar offers only the workspace’s calendar actions; an existing one keeps all', async () => {
    stubFetch(api());
    const offered = async () => {
      const input = field('Ação');
      fireEvent.click(input);
      const listbox = await waitFor(() => {
        const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
        if (!list || within(list).queryAllByRole('option', { hidden: true }).length === 0)
          throw new Error('closed');
        return list;
      });
      return within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((o) => o.textContent);
    };
    const view = renderForm({ start: { date: '2031-07-04', time: '15:30' }, actionIds: [2, 3] });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    expect(await offered()).toEqual(['Visita', 'Outro']);
    view.unmount();
    renderForm({ task: taskFixture({ id: 5, task_type_id: 1 }), actionIds: [2, 3] });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    expect(await offered()).toEqual(['Ligação', 'Visita', 'Outro']);
  });

  it('a registry is stamped now, whatever slot the form was opened on', async () => {
    stubFetch(api());
    renderForm({ start: { date: '2031-07-04', time: '15:30' }, registerOnly: true, opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const now = nowInAppTime();
    expect(field('Data').value).toBe(now.date.split('-').reverse().join('/'));
  });

  it("OPP-169 OPP-165 OPP-187 a completed schedule reads 'Reabrir' and cannot be completed again", async () => {
    stubFetch(api());
    renderForm({ task: taskFixture({ status: 'Completed', ended_at: '2025-03-10T18:00:00.000Z' }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    expect(button('Reabrir')).toBeTruthy();
    expect(screen.getByText('Completo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Completar Tarefa' })).toBeNull();
    expect(button('Deletar Tarefa')).toBeTruthy();
  });

  it("OPP-170 OPP-165 OPP-187 a registry reads 'Atualizar' and has no 'Completar Tarefa'; an ongoing one shows 'Em progresso'", async () => {
    stubFetch(api());
    const { unmount } = renderForm({ task: taskFixture({ is_registry: true, status: 'Completed' }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    expect(button('Atualizar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Completar Tarefa' })).toBeNull();
    unmount();
    renderForm({ task: taskFixture({ status: 'InProgress' }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    expect(screen.getByText('Em progresso')).toBeTruthy();
    expect(button('Completar Tarefa')).toBeTruthy();
  });

  it('OPP-171 OPP-173 an empty form names every missing required field and the opportunity', async () => {
    const fetchMock = stubFetch(api());
    renderForm();
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    fireEvent.change(field('Data'), { target: { value: '' } });
    fireEvent.blur(field('Data'));
    fireEvent.click(button('Criar'));
    expect(await screen.findByText('O campo "Ação" é obrigatório.')).toBeTruthy();
    expect(screen.getByText('O campo "Forma de Atendimento" é obrigatório.')).toBeTruthy();
    expect(screen.getByText('O campo "Horário" é obrigatório.')).toBeTruthy();
    expect(screen.getByText('O campo "Data" é obrigatório.')).toBeTruthy();
    expect(screen.getByText('Defina uma Oportunidade!')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('OPP-163 Horário takes HH:mm only: the digits are laid out as HH:mm and an impossible time is refused', async () => {
    stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    fireEvent.change(field('Horário'), { target: { value: '0915' } });
    expect(field('Horário').value).toBe('09:15');
    fireEvent.change(field('Horário'), { target: { value: '25:70' } });
    fireEvent.click(button('Criar'));
    expect(await screen.findByText('Formato inválido')).toBeTruthy();
  });

  it('OPP-173 the responsible is required too', async () => {
    stubFetch(api());
    signInAs('manager');
    renderForm({ task: taskFixture({ user_id: null, user: null }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.click(button('Atualizar'));
    expect(await screen.findByText('O campo "Responsável" é obrigatório.')).toBeTruthy();
  });

  it("OPP-174 picking the action fills 'Forma de Atendimento' with its default", async () => {
    stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await waitFor(() => expect(field('Ação').hasAttribute('disabled')).toBe(false));
    await choose(field('Ação'), 'Visita');
    await waitFor(() => expect((field('Forma de Atendimento') as HTMLInputElement).value).toBe('Presencial'));
    await choose(field('Ação'), 'Ligação');
    await waitFor(() => expect((field('Forma de Atendimento') as HTMLInputElement).value).toBe('Telefone'));
    // An action without a default leaves the choice as it is.
    await choose(field('Ação'), 'Outro');
    expect((field('Forma de Atendimento') as HTMLInputElement).value).toBe('Telefone');
  });

  it('OPP-179 OPP-188 OPP-189 OPP-190 OPP-194 OPP-198 a new schedule is posted with its opportunity and YYYY-MM-DD HH:mm', async () => {
    const fetchMock = stubFetch(api());
    const { queryClient, onSaved, onClose } = renderForm({ opportunity: card });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await fillSchedule();
    fireEvent.change(field('Nome'), { target: { value: 'Visita à escola' } });
    fireEvent.change(field('Observação'), { target: { value: 'Levar material' } });
    fireEvent.click(button('Criar'));

    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ message: 'Agendamento criado com sucesso!', autoClose: 1500 }),
      ),
    );
    expect(lastRequest(fetchMock, 'POST', '/workspaces/1/tasks').body).toEqual({
      name: 'Visita à escola',
      user_id: SELF_ID,
      parent_id: 12,
      parent_type: 'Opportunity',
      task_type_id: 2,
      interaction_type_id: 11,
      description: 'Levar material',
      is_registry: false,
      start_timestamp: '2025-03-20 09:15',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: tasksKey(1) });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opportunitiesKey(1) });
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('OPP-199 the form closes 2000 ms after the success toast', async () => {
    stubFetch(api());
    const { onClose, onSaved } = renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await fillSchedule();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fireEvent.click(button('Criar'));
    await waitFor(() => expect(toasts().length).toBeGreaterThan(0));
    expect(button('Criar').hasAttribute('disabled')).toBe(true); // no second submit meanwhile
    act(() => vi.advanceTimersByTime(1900));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(150));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 90 }));
  });

  it('OPP-180 OPP-193 a registry has no scheduling: date and time are now and locked, and it is posted as a registry', async () => {
    const fetchMock = stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await waitFor(() => expect(field('Ação').hasAttribute('disabled')).toBe(false));
    await choose(field('Ação'), 'Ligação');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Esta tarefa é um registro' }));
    const now = nowInAppTime();
    const [year, month, day] = now.date.split('-');
    await waitFor(() => expect((field('Data') as HTMLInputElement).value).toBe(`${day}/${month}/${year}`));
    expect((field('Horário') as HTMLInputElement).value).toBe(now.time);
    expect(field('Data').hasAttribute('disabled')).toBe(true);
    expect(field('Horário').hasAttribute('disabled')).toBe(true);
    fireEvent.click(button('Criar'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Registro criado com sucesso!' })),
    );
    const { body } = lastRequest(fetchMock, 'POST', '/workspaces/1/tasks');
    expect(body).toMatchObject({
      is_registry: true,
      parent_id: 12,
      task_type_id: 1,
      interaction_type_id: 10,
    });
    expect(body).not.toHaveProperty('start_timestamp');
  });

  it('OPP-180 unchecking the registry gives the schedule its date and time back', async () => {
    stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    fireEvent.change(field('Data'), { target: { value: '20/03/2025' } });
    fireEvent.blur(field('Data'));
    fireEvent.change(field('Horário'), { target: { value: '09:15' } });
    const registry = screen.getByRole('checkbox', { name: 'Esta tarefa é um registro' });
    fireEvent.click(registry);
    await waitFor(() => expect(field('Horário').value).toBe(nowInAppTime().time));
    fireEvent.click(registry);
    await waitFor(() => expect(field('Horário').value).toBe('09:15'));
    expect(field('Data').value).toBe('20/03/2025');
    expect(field('Horário').disabled).toBe(false);
  });

  it('OPP-181 OPP-197 register-only mode: the registry flag is checked and locked; saving says "Tarefa salva!" and hands the task over at once', async () => {
    stubFetch(api());
    const { onSaved, onClose } = renderForm({ opportunity: card, registerOnly: true });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const registry = screen.getByRole('checkbox', { name: 'Esta tarefa é um registro' }) as HTMLInputElement;
    expect(registry.checked).toBe(true);
    expect(registry.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Selecionar oportunidade' })).toBeNull();
    await waitFor(() => expect(field('Ação').hasAttribute('disabled')).toBe(false));
    await choose(field('Ação'), 'Ligação');
    fireEvent.click(button('Criar'));
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 90, is_registry: true })),
    );
    expect(onClose).not.toHaveBeenCalled();
    expect(toasts()).toContainEqual(
      expect.objectContaining({
        title: 'Tarefa salva!',
        message: 'Tarefa salva com sucesso',
        autoClose: 1500,
      }),
    );
  });

  it('OPP-181 the registry flag cannot be toggled when editing', async () => {
    stubFetch(api());
    renderForm({ task: taskFixture() });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    const registry = screen.getByRole('checkbox', { name: 'Esta tarefa é um registro' }) as HTMLInputElement;
    expect(registry.checked).toBe(false);
    expect(registry.disabled).toBe(true);
  });

  it('OPP-184 OPP-190 OPP-194 updating a schedule puts the task by id and says it was updated', async () => {
    const fetchMock = stubFetch(
      api({ 'PUT /tasks/55': (_url, init) => ({ body: taskFixture(bodyOf(init) as object) }) }),
    );
    renderForm({ task: taskFixture({ status: 'Completed' }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.change(field('Horário'), { target: { value: '16:00' } });
    fireEvent.click(button('Reabrir'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ message: 'Agendamento atualizado com sucesso!' }),
      ),
    );
    expect(lastRequest(fetchMock, 'PUT', '/tasks/55').body).toEqual({
      id: 55,
      name: 'Ligar para a mãe',
      user_id: SELF_ID,
      parent_id: 12,
      parent_type: 'Opportunity',
      task_type_id: 1,
      interaction_type_id: 10,
      description: 'Confirmar a visita',
      is_registry: false,
      start_timestamp: '2025-03-10 16:00',
    });
  });

  it('OPP-193 updating a registry keeps its time and says the registry was updated', async () => {
    const fetchMock = stubFetch(
      api({ 'PUT /tasks/55': (_url, init) => ({ body: taskFixture(bodyOf(init) as object) }) }),
    );
    renderForm({ task: taskFixture({ is_registry: true, status: 'Completed' }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.click(button('Atualizar'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.objectContaining({ message: 'Registro atualizado com sucesso!' }),
      ),
    );
    const { body } = lastRequest(fetchMock, 'PUT', '/tasks/55');
    expect(body).toMatchObject({ id: 55, is_registry: true });
    expect(body).not.toHaveProperty('start_timestamp');
  });

  it('OPP-182 OPP-183 OPP-195 completing sends id, status Completed, ended_at now and the interaction type', async () => {
    const fetchMock = stubFetch(
      api({ 'PUT /tasks/55/end': () => ({ body: taskFixture({ status: 'Completed' }) }) }),
    );
    renderForm({ task: taskFixture() });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    const before = Date.now();
    fireEvent.click(button('Completar Tarefa'));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Tarefa concluída com sucesso!' })),
    );
    const { body } = lastRequest(fetchMock, 'PUT', '/tasks/55/end') as { body: Record<string, unknown> };
    expect(body).toMatchObject({ id: 55, status: 'Completed', interaction_type_id: 10 });
    const endedAt = Date.parse(String(body.ended_at));
    expect(endedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(endedAt).toBeLessThanOrEqual(Date.now());
  });

  it('OPP-182 completing a task without an interaction type asks for it first', async () => {
    const fetchMock = stubFetch(
      api({ 'PUT /tasks/55/end': () => ({ body: taskFixture({ status: 'Completed' }) }) }),
    );
    renderForm({ task: taskFixture({ interaction_type_id: null, interaction_type: null }) });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.click(button('Completar Tarefa'));
    const ask = await screen.findByRole('dialog', { name: 'Completar Tarefa' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Concluir' }));
    expect(await within(ask).findByText('O campo "Forma de Atendimento" é obrigatório.')).toBeTruthy();
    await choose(within(ask).getByLabelText('Forma de Atendimento'), 'WhatsApp');
    fireEvent.click(within(ask).getByRole('button', { name: 'Concluir' }));
    await waitFor(() =>
      expect(lastRequest(fetchMock, 'PUT', '/tasks/55/end').body).toMatchObject({ interaction_type_id: 12 }),
    );
  });

  it("OPP-185 OPP-196 deleting asks 'Tem certeza disso?' and deletes the task by id", async () => {
    const fetchMock = stubFetch(
      api({ 'DELETE /tasks/55': () => ({ body: { message: 'Tarefa deletada com sucesso!' } }) }),
    );
    const { queryClient } = renderForm({ task: taskFixture() });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.click(button('Deletar Tarefa'));
    const confirm = await screen.findByRole('dialog', { name: 'Tem certeza disso?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Deletar' }));
    await waitFor(() =>
      expect(toasts()).toContainEqual(expect.objectContaining({ message: 'Tarefa deletada com sucesso!' })),
    );
    expect(lastRequest(fetchMock, 'DELETE', '/tasks/55').url.pathname).toBe('/api/v1/workspaces/1/tasks/55');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: opportunitiesKey(1) });
  });

  it('OPP-175 OPP-176 OPP-177 the videoconference needs a time, a date and an opportunity', async () => {
    stubFetch(api());
    renderForm();
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const warnings = () => toasts().map((t) => t.message);
    fireEvent.click(button('Criar videoconferência'));
    expect(warnings()).toEqual(['Defina um horário!']);
    fireEvent.change(field('Horário'), { target: { value: '10:00' } });
    fireEvent.change(field('Data'), { target: { value: '' } });
    fireEvent.blur(field('Data'));
    fireEvent.click(button('Criar videoconferência'));
    expect(warnings()).toEqual(['Defina um horário!', 'Defina uma data!']);
    fireEvent.change(field('Data'), { target: { value: '20/03/2025' } });
    fireEvent.blur(field('Data'));
    fireEvent.click(button('Criar videoconferência'));
    expect(warnings()).toEqual(['Defina um horário!', 'Defina uma data!', 'Defina uma Oportunidade!']);
  });

  it('OPP-178 OPP-164 the videoconference appends a 1-hour Jitsi link to Observação and downloads its .ics', async () => {
    stubFetch(api());
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          files.push(blob);
          return 'blob:ics';
        },
      }),
    );
    URL.revokeObjectURL = () => {};
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    fireEvent.change(field('Observação'), { target: { value: 'Apresentar a escola.' } });
    fireEvent.change(field('Data'), { target: { value: '20/03/2025' } });
    fireEvent.blur(field('Data'));
    fireEvent.change(field('Horário'), { target: { value: '10:00' } });
    fireEvent.click(button('Criar videoconferência'));

    const observation = field('Observação');
    await waitFor(() =>
      expect(observation.value).toMatch(
        /^Apresentar a escola\.\nVideoconferência: https:\/\/meet\.jit\.si\/Reuniao-\w+-[a-z2-9]{8} \(20\/03\/2025, 10:00 às 11:00\)$/,
      ),
    );
    expect(observation.getAttribute('maxlength')).toBe('1000');
    expect(screen.getByText(`${observation.value.length}/1000`)).toBeTruthy();
    expect(clicked).toHaveBeenCalled();
    const ics = await (files[0] as Blob).text();
    expect(ics).toContain('DTSTART;TZID=America/Sao_Paulo:20250320T100000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Sao_Paulo:20250320T110000\r\n');
  });

  it('OPP-164 an observation over 1000 characters is refused with a message', async () => {
    const fetchMock = stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await fillSchedule();
    fireEvent.change(field('Observação'), { target: { value: 'x'.repeat(1001) } });
    fireEvent.click(button('Criar'));
    expect(await screen.findByText('A observação deve ter no máximo 1000 caracteres.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('OPP-191 OPP-192 the action and interaction types come with limit 500, the people at work with limit 500', async () => {
    const fetchMock = stubFetch(api());
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    await waitFor(() => expect(field('Ação').hasAttribute('disabled')).toBe(false));
    await choose(field('Responsável'), 'Bruno Barros');
    const query = (path: string) => lastRequest(fetchMock, 'GET', path).url.searchParams;
    expect(query('/task-types').get('limit')).toBe('500');
    expect(query('/interaction-types').get('limit')).toBe('500');
    const users = query('/workspaces/1/users-in-hierarchy');
    expect(users.get('limit')).toBe('500');
    expect(users.get('operational_status')).toBe('Working');
    expect(users.get('hide_parent_users')).toBe('false');
  });

  it('PLAT-235 OPP-192 the Responsável list is the hierarchy the caller may assign to, not every member', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /users': () =>
          page([member(SELF_ID, 'Ana Souza'), member(8, 'Bruno Barros'), member(9, 'Carla Chefe')]),
        'GET /users-in-hierarchy': () => page([member(SELF_ID, 'Ana Souza'), member(8, 'Bruno Barros')]),
      }),
    );
    signInAs('manager');
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const input = field('Responsável');
    fireEvent.click(input);
    const names = await waitFor(() => {
      const list = document.getElementById(input.getAttribute('aria-controls') ?? '');
      const options = list ? within(list).queryAllByRole('option', { hidden: true }) : [];
      if (options.length < 2) throw new Error('the list is not loaded');
      return options.map((o) => o.textContent);
    });
    expect(names).toEqual(['Ana Souza', 'Bruno Barros']);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/workspaces/1/users?'))).toBe(false);
  });

  it('OPP-192 a salesRep is the only responsible they can pick', async () => {
    stubFetch(api());
    signInAs('salesRep');
    renderForm({ opportunity: card });
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    const responsible = field('Responsável') as HTMLInputElement;
    await waitFor(() => expect(responsible.value).toBe('Ana Souza'));
    expect(responsible.disabled).toBe(true);
  });

  it('OPP-172 OPP-203 the chosen opportunity offers open opportunity, send message, VoIP call and call', async () => {
    stubFetch(api({ [`GET /users/${SELF_ID}`]: () => ({ body: { id: SELF_ID, voip_username: '1001' } }) }));
    renderWidget(
      <>
        <TaskFormModal opened onClose={() => {}} task={taskFixture()} />
        <ModalRequestProbe />
      </>,
    );
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    const probe = screen.getByLabelText('Card aberto', { selector: 'output' });
    const pick = async (item: string) => {
      fireEvent.click(button('Ações da oportunidade'));
      // jsdom never runs the exit transition, so a reopened menu counts as hidden.
      fireEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    };
    await pick('Ver oportunidade');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({ id: 12 });
    await pick('Enviar mensagem');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({ id: 12, tab: 'chat' });
    await pick('Ligação VoIP');
    expect(JSON.parse(probe.textContent ?? '')).toEqual({ id: 12, tab: 'phone' });
  });

  it('OPP-172 the VoIP call is hidden from a member without VoIP credentials', async () => {
    const fetchMock = stubFetch(api());
    renderForm({ task: taskFixture() });
    await screen.findByRole('dialog', { name: 'Editar Tarefa' });
    fireEvent.click(button('Ações da oportunidade'));
    expect(await screen.findByRole('menuitem', { name: 'Ligar' })).toBeTruthy();
    await waitFor(() => expect(() => lastRequest(fetchMock, 'GET', `/users/${SELF_ID}`)).not.toThrow());
    expect(screen.queryByRole('menuitem', { name: 'Ligação VoIP' })).toBeNull();
  });

  it('OPP-171 OPP-200 the opportunity is chosen in the selector and sent as parent_id', async () => {
    const fetchMock = stubFetch(
      api({
        'GET /opportunities': () =>
          page([
            {
              id: 31,
              name: 'João Pereira',
              workspace_id: 1,
              contact: { id: 5, name: 'João Pereira', phone_number: null },
            },
          ]),
      }),
    );
    renderForm();
    await screen.findByRole('dialog', { name: 'Criar Tarefa' });
    fireEvent.click(button('Selecionar oportunidade'));
    const selector = await screen.findByRole('dialog', { name: 'Selecionar Oportunidade' });
    fireEvent.click(await within(selector).findByRole('button', { name: /João Pereira/ }));
    await waitFor(() => expect((field('Oportunidade') as HTMLInputElement).value).toBe('#31 João Pereira'));
    await fillSchedule();
    fireEvent.click(button('Criar'));
    await waitFor(() =>
      expect(lastRequest(fetchMock, 'POST', '/tasks').body).toMatchObject({ parent_id: 31 }),
    );
  });
});
