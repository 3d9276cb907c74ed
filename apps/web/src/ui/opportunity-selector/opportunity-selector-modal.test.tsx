import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../testing/fetch-stub.ts';
import { page, renderWidget, SELF_ID, signInAs, workspaceApi } from '../task-form/testing/render-widget.tsx';
import {
  OpportunitySelectorModal,
  type OpportunitySelectorModalProps,
} from './opportunity-selector-modal.tsx';

const card = (id: number, name: string) =>
  ({ id, name, workspace_id: 1, contact: { id: id + 100, name, phone_number: null } }) as OpportunityListItem;
const cards = [card(12, 'Maria Silva'), card(31, 'João Pereira')];

function api() {
  return workspaceApi({
    'GET /opportunities': (url) => {
      const search = url.searchParams.get('search')?.toLowerCase();
      return page(cards.filter((c) => !search || c.name.toLowerCase().includes(search)));
    },
  });
}

function renderSelector(props: Partial<OpportunitySelectorModalProps> = {}) {
  const handlers = { onClose: vi.fn(), onSelect: vi.fn(), onCreateNew: vi.fn() };
  const view = renderWidget(<OpportunitySelectorModal opened {...handlers} {...props} />);
  return { ...view, ...handlers };
}

const listRequests = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), 'http://x'))
    .filter((url) => url.pathname === '/api/v1/workspaces/1/opportunities')
    .map((url) => url.searchParams);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('OpportunitySelectorModal', () => {
  it("OPP-200 OPP-201 OPP-202 'Selecionar Oportunidade' lists name, #id and workspace, with 'Cancelar' and 'Criar Nova'", async () => {
    stubFetch(api());
    signInAs('manager');
    const { onClose, onCreateNew } = renderSelector();
    const dialog = within(await screen.findByRole('dialog', { name: 'Selecionar Oportunidade' }));
    expect(dialog.getByRole('searchbox', { name: 'Buscar' })).toBeTruthy();
    const maria = within(await dialog.findByRole('button', { name: /Maria Silva/ }));
    expect(maria.getByText('#12')).toBeTruthy();
    expect(maria.getByText('Escola Centro')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Criar Nova' }));
    expect(onCreateNew).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('OPP-201 choosing an opportunity hands it over and closes', async () => {
    stubFetch(api());
    signInAs('manager');
    const { onSelect, onClose } = renderSelector();
    fireEvent.click(await screen.findByRole('button', { name: /João Pereira/ }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 31, name: 'João Pereira' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('OPP-205 asks 15 opportunities, and searches 500 ms after typing stops', async () => {
    const fetchMock = stubFetch(api());
    signInAs('manager');
    renderSelector();
    await screen.findByRole('button', { name: /João Pereira/ });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const search = screen.getByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'ma' } });
    fireEvent.change(search, { target: { value: 'mari' } });
    act(() => vi.advanceTimersByTime(450));
    expect(listRequests(fetchMock)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(100));
    await waitFor(() => expect(screen.queryByRole('button', { name: /João Pereira/ })).toBeNull());
    const requests = listRequests(fetchMock);
    expect(requests.map((q) => q.get('search'))).toEqual([null, 'mari']);
    for (const query of requests) expect(query.get('limit')).toBe('15');
    expect(requests[0]?.get('user_id')).toBeNull();
  });

  it('OPP-204 a salesRep asks only for their own opportunities', async () => {
    const fetchMock = stubFetch(api());
    signInAs('salesRep');
    renderSelector();
    await screen.findByRole('button', { name: /Maria Silva/ });
    expect(listRequests(fetchMock)[0]?.get('user_id')).toBe(String(SELF_ID));
  });

  it("OPP-202 without a create action there is no 'Criar Nova'", async () => {
    stubFetch(api());
    signInAs('manager');
    renderSelector({ onCreateNew: undefined });
    await screen.findByRole('button', { name: /Maria Silva/ });
    expect(screen.queryByRole('button', { name: 'Criar Nova' })).toBeNull();
  });
});
