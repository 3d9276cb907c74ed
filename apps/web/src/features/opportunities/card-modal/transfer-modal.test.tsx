import { notifications } from '@mantine/notifications';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../testing/fetch-stub.ts';
import { OpportunityDetailModal } from './opportunity-detail-modal.tsx';
import {
  BASE,
  cardApi,
  choose,
  dialog,
  expectToast,
  member,
  opportunityFixture,
  optionsOf,
  renderInApp,
  requests,
  STAGES,
  signIn,
  stubFetch,
  TASK_ROUTES,
  toasts,
} from './test-support.tsx';

const onClose = vi.fn();
const CARD = `${BASE}/opportunities/501`;
const OTHER = '/api/v1/workspaces/2';

const workspace = (id: number, name: string) => ({
  id,
  name,
  role: 'manager',
  settings: { require_task_for_stage_change: true },
  created_at: '2024-01-01T00:00:00.000Z',
});
const list = (data: unknown[]) => ({
  body: { data, pagination: { total_count: data.length, limit: 10, offset: 0 } },
});

function api(routes: Record<string, StubHandler> = {}) {
  return cardApi({
    routes: {
      [`GET ${CARD}`]: () => ({ body: opportunityFixture() }),
      'GET /api/v1/users/self/workspaces': () =>
        list([workspace(1, 'Escola Centro'), workspace(2, 'Escola Zona Norte'), workspace(3, 'Escola Sul')]),
      [`GET ${OTHER}/sales-stages`]: () =>
        list(STAGES.map((s) => ({ ...s, id: s.id + 100, name: `${s.name} ZN` }))),
      [`GET ${OTHER}/users`]: () => list([member(20, 'Zeca Norte'), member(21, 'Zilda Norte')]),
      [`PUT ${CARD}/transfer`]: () => ({ body: opportunityFixture({ workspace_id: 2 }) }),
      ...TASK_ROUTES,
      ...routes,
    },
  });
}

async function openTransfer() {
  renderInApp(<OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />);
  const card = within(await dialog('Maria - Inglês'));
  fireEvent.click(card.getByRole('button', { name: 'Transferir para outra área de trabalho' }));
  return within(await dialog('Transferir para outra área de trabalho'));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  onClose.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Transferir para outra área de trabalho', () => {
  it('OPP-112 OPP-116 OPP-117 OPP-120 OPP-121 transfers to an open stage of another workspace, distributed as it is configured', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const transfer = await openTransfer();
    const query = requests(fetchMock, 'GET', '/api/v1/users/self/workspaces')[0]?.query;
    expect(query?.get('limit')).toBe('10');
    const other = await transfer.findByRole('radio', { name: 'Escola Zona Norte' });
    expect(transfer.queryByRole('radio', { name: 'Escola Centro' })).toBeNull(); // the current one
    expect(
      (
        transfer.getByRole('radio', {
          name: 'Conforme a configuração da área de trabalho',
        }) as HTMLInputElement
      ).checked,
    ).toBe(true);
    fireEvent.click(other);
    const stage = transfer.getByRole('textbox', { name: /Etapa/ });
    await waitFor(() => expect(stage.hasAttribute('disabled')).toBe(false));
    const offered = (await optionsOf(stage)).map((o) => o.textContent);
    expect(offered).toEqual(['Novo lead ZN', 'Pré-atendimento ZN', 'Em atendimento ZN', 'Negociação ZN']);
    await choose(stage, 'Negociação ZN');
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/transfer`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/transfer`)[0]?.body).toEqual({
      workspace_id: 2,
      sales_stage_id: 104,
      user_id: null,
      keep_user_id: false,
      distribution: 'WorkspaceConfiguration',
      opportunity_id: 501,
    });
    await expectToast('Sucesso', MESSAGES.opportunityTransferred);
    expect(onClose).toHaveBeenCalled();
  });

  it('no false error after a successful transfer: the card is not read again in the old workspace', async () => {
    let moved = false;
    const fetchMock = stubFetch(
      api({
        [`GET ${CARD}`]: () =>
          moved
            ? { status: 404, body: { status: 404, message: MESSAGES.notFound } }
            : { body: opportunityFixture() },
        [`PUT ${CARD}/transfer`]: () => {
          moved = true;
          return { body: opportunityFixture({ workspace_id: 2 }) };
        },
      }),
    );
    signIn('manager');
    const transfer = await openTransfer();
    fireEvent.click(await transfer.findByRole('radio', { name: 'Escola Zona Norte' }));
    const stage = transfer.getByRole('textbox', { name: /Etapa/ });
    await waitFor(() => expect(stage.hasAttribute('disabled')).toBe(false));
    await choose(stage, 'Negociação ZN');
    const readsBefore = requests(fetchMock, 'GET', CARD).length;
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await expectToast('Sucesso', MESSAGES.opportunityTransferred);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests(fetchMock, 'GET', CARD)).toHaveLength(readsBefore);
    expect(toasts().filter((t) => t.startsWith('Recurso não encontrado'))).toEqual([]);
  });

  it('OPP-113 OPP-114 OPP-115 OPP-122 names what is missing: workspace, stage, responsible of a specific user', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const transfer = await openTransfer();
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await expectToast('Atenção', MESSAGES.transferWorkspaceRequired);
    fireEvent.click(await transfer.findByRole('radio', { name: 'Escola Zona Norte' }));
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await expectToast('Atenção', 'Você deve escolher uma etapa!');
    const stage = transfer.getByRole('textbox', { name: /Etapa/ });
    await waitFor(() => expect(stage.hasAttribute('disabled')).toBe(false));
    await choose(stage, 'Novo lead ZN');
    fireEvent.click(transfer.getByRole('radio', { name: 'Usuário específico' }));
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await expectToast('Atenção', 'Você deve escolher algum responsável!');
    expect(requests(fetchMock, 'PUT', `${CARD}/transfer`)).toHaveLength(0);

    const people = requests(fetchMock, 'GET', `${OTHER}/users`)[0]?.query;
    expect(people?.get('operational_status')).toBe('Working');
    expect(people?.get('limit')).toBe('100');
    await choose(transfer.getByRole('textbox', { name: /Responsável/ }), 'Zilda Norte');
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/transfer`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/transfer`)[0]?.body).toMatchObject({
      workspace_id: 2,
      sales_stage_id: 101,
      user_id: 21,
      distribution: 'SpecificUser',
    });
  });

  it('OPP-118 OPP-119 a card closed in the meantime: the server refusal warns Oportunidade Fechada', async () => {
    stubFetch(
      api({
        [`PUT ${CARD}/transfer`]: () => ({
          status: 400,
          body: { status: 400, message: MESSAGES.opportunityAlreadyClosed },
        }),
      }),
    );
    signIn('manager');
    const transfer = await openTransfer();
    fireEvent.click(await transfer.findByRole('radio', { name: 'Escola Zona Norte' }));
    const stage = transfer.getByRole('textbox', { name: /Etapa/ });
    await waitFor(() => expect(stage.hasAttribute('disabled')).toBe(false));
    await choose(stage, 'Novo lead ZN');
    fireEvent.click(transfer.getByRole('switch', { name: 'Manter o responsável atual' }));
    fireEvent.click(transfer.getByRole('button', { name: 'Transferir' }));
    await expectToast(TOASTS.opportunityClosed.title, TOASTS.opportunityClosed.message);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('OPP-120 the workspace list searches once typing pauses', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const transfer = await openTransfer();
    await transfer.findByRole('radio', { name: 'Escola Zona Norte' });
    fireEvent.change(transfer.getByRole('textbox', { name: 'Buscar área de trabalho' }), {
      target: { value: 'Sul' },
    });
    await waitFor(
      () =>
        expect(
          requests(fetchMock, 'GET', '/api/v1/users/self/workspaces').some(
            (r) => r.query.get('search') === 'Sul',
          ),
        ).toBe(true),
      { timeout: 3000 },
    );
    await waitFor(() => expect(transfer.queryByRole('radio', { name: 'Escola Zona Norte' })).toBeNull());
    expect(transfer.getByRole('radio', { name: 'Escola Sul' })).toBeTruthy();
  });
});
