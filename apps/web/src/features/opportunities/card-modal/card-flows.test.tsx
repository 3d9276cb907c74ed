import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../testing/fetch-stub.ts';
import { OpportunityDetailModal } from './opportunity-detail-modal.tsx';
import {
  BASE,
  cardApi,
  choose,
  dialog,
  expectToast,
  opportunityFixture,
  renderInApp,
  requests,
  signIn,
  stubFetch,
  TASK_ROUTES,
  toasts,
} from './test-support.tsx';

const onClose = vi.fn();
const CARD = `${BASE}/opportunities/501`;
const ok =
  (card: Opportunity = opportunityFixture()) =>
  () => ({ body: card });

function api(card: Opportunity = opportunityFixture(), routes: Record<string, StubHandler> = {}) {
  return cardApi({
    routes: {
      [`GET ${CARD}`]: () => ({ body: card }),
      [`PUT ${CARD}`]: ok(card),
      [`PUT ${CARD}/close`]: ok(card),
      [`PUT ${CARD}/reopen`]: ok(card),
      [`PUT ${CARD}/recreate`]: ok(card),
      [`PUT ${CARD}/move-to`]: ok(card),
      ...TASK_ROUTES,
      ...routes,
    },
  });
}

async function openCard(request: Parameters<typeof OpportunityDetailModal>[0]['request'] = { id: 501 }) {
  renderInApp(<OpportunityDetailModal request={request} onClose={onClose} />);
  const modal = within(await dialog('Maria - Inglês'));
  await modal.findByRole('button', { name: 'Etapa Em atendimento' });
  return modal;
}

/** Path and method of every write, in order. */
function writes(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') !== 'GET')
    .map(([url, init]) => `${init?.method} ${new URL(String(url), 'http://x').pathname.replace(BASE, '')}`);
}

/** Registers the task the register-task modal asks for. */
async function registerTask() {
  const form = within(await dialog('Criar Tarefa'));
  const action = await form.findByRole('textbox', { name: /Ação/ });
  await waitFor(() => expect(action.hasAttribute('disabled')).toBe(false));
  await choose(action, 'Ligação');
  fireEvent.click(form.getByRole('button', { name: 'Criar' }));
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  onClose.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Answers 'Reabrir' in the confirmation a reopening asks for. */
async function confirmReopen() {
  const ask = within(await dialog(MESSAGES.reopenConfirmTitle));
  fireEvent.click(ask.getByRole('button', { name: 'Reabrir' }));
}

/** A lost card's modal, opened by a manager. */
async function openLostCard() {
  const lost = opportunityFixture({
    state_type: 'Lost',
    sales_stage_id: 6,
    sales_stage: { id: 6, name: 'Perdido', color: 'e03131', type: 'Lost' },
    closed_at: '2025-03-02T12:00:00.000Z',
  });
  const fetchMock = stubFetch(api(lost));
  signIn('manager');
  renderInApp(<OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />);
  return { fetchMock, modal: within(await dialog('Maria - Inglês')) };
}

describe('closing, moving and reopening a card', () => {
  it('OPP-093 OPP-101 OPP-104 Won closes the card and congratulates', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    expect(await dialog('Parabéns pela oportunidade ganha!')).toBeTruthy();
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)[0]?.body).toEqual({
      id: 501,
      workspace_id: 1,
      data: { state_type: 'Won' },
    });
  });

  it('OPP-097 Won needs product and price', async () => {
    const fetchMock = stubFetch(api(opportunityFixture({ product: null, product_id: null, price: 0 })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    await expectToast(TOASTS.wonWithoutProductAndPrice.title, TOASTS.wonWithoutProductAndPrice.message);
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)).toHaveLength(0);
  });

  it('OPP-098 OPP-099 OPP-100 Lost asks for the reason (required) and an optional description', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Perdido' }));
    const lost = within(await dialog('Oportunidade perdida'));
    fireEvent.click(lost.getByRole('button', { name: 'Confirmar' }));
    expect(await lost.findByText(MESSAGES.lostRequiresReason)).toBeTruthy();
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)).toHaveLength(0);
    await choose(lost.getByRole('textbox', { name: /Motivo da perda/ }), 'Preço alto');
    fireEvent.click(lost.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/close`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)[0]?.body?.data).toEqual({
      state_type: 'Lost',
      closed_type: 21,
      closed_description: null,
    });
    await expectToast('Sucesso', MESSAGES.opportunityClosedAsLost);
  });

  it('OPP-106 the lost reasons are fetched once, not every time the modal opens', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    for (let i = 0; i < 2; i++) {
      fireEvent.click(modal.getByRole('button', { name: 'Perdido' }));
      const lost = within(await dialog('Oportunidade perdida'));
      await lost.findByRole('textbox', { name: /Motivo da perda/ });
      await waitFor(() => expect(requests(fetchMock, 'GET', `${BASE}/objections`)).toHaveLength(1));
      fireEvent.click(lost.getByRole('button', { name: 'Cancelar' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Oportunidade perdida' })).toBeNull());
    }
    expect(requests(fetchMock, 'GET', `${BASE}/objections`)).toHaveLength(1);
  });

  it('OPP-090 OPP-095 OPP-096 OPP-197 closing without a task registers one first, then the close goes on', async () => {
    const fetchMock = stubFetch(api(opportunityFixture({ task: { count: 0 } })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Perdido' }));
    await expectToast(TOASTS.noTask.title, TOASTS.noTask.message);
    expect(screen.queryByRole('dialog', { name: 'Oportunidade perdida' })).toBeNull();
    await registerTask();
    await expectToast(TOASTS.taskSaved.title, TOASTS.taskSaved.message);
    expect(requests(fetchMock, 'POST', `${BASE}/tasks`)[0]?.body).toMatchObject({
      parent_id: 501,
      is_registry: true,
    });
    expect(await dialog('Oportunidade perdida')).toBeTruthy();
    expect(vi.mocked(notifications.show)).toHaveBeenCalledWith(
      expect.objectContaining({ title: TOASTS.noTask.title, autoClose: 2500 }),
    );
  });

  it('OPP-102 unsaved edits are saved before the close', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.change(modal.getByRole('textbox', { name: 'Cidade' }), { target: { value: 'Campinas' } });
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    await dialog('Parabéns pela oportunidade ganha!');
    expect(writes(fetchMock)).toEqual(['PUT /opportunities/501', 'PUT /opportunities/501/close']);
  });

  it('OPP-094 choosing the Won or Lost stage starts the close', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Perdido' }));
    expect(await dialog('Oportunidade perdida')).toBeTruthy();
    fireEvent.click(within(await dialog('Oportunidade perdida')).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Ganho' }));
    expect(await dialog('Parabéns pela oportunidade ganha!')).toBeTruthy();
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)[0]?.body?.data).toEqual({ state_type: 'Won' });
  });

  it('OPP-085 OPP-086 OPP-087 another stage saves the edits, then moves the card to the top; the current one does nothing', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Em atendimento' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(writes(fetchMock)).toEqual([]);
    fireEvent.change(modal.getByRole('textbox', { name: 'Bairro' }), { target: { value: 'Centro' } });
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Negociação' }));
    await waitFor(() =>
      expect(writes(fetchMock)).toEqual(['PUT /opportunities/501', 'PUT /opportunities/501/move-to']),
    );
    expect(requests(fetchMock, 'PUT', `${CARD}/move-to`)[0]?.body).toEqual({
      data: { sales_stage_id: 4, display_order: 'top' },
    });
  });

  it('OPP-088 OPP-089 a move refused for want of a task asks for one, then moves', async () => {
    let refused = false;
    const fetchMock = stubFetch(
      api(undefined, {
        [`PUT ${CARD}/move-to`]: () => {
          if (refused) return { body: opportunityFixture() };
          refused = true;
          return { status: 400, body: { status: 400, message: MESSAGES.noTaskForStageChange } };
        },
      }),
    );
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Negociação' }));
    await expectToast(TOASTS.noTask.title, TOASTS.noTask.message);
    expect(toasts().some((t) => t.startsWith('Informações falharam'))).toBe(false);
    await registerTask();
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/move-to`)).toHaveLength(2));
  });

  it('OPP-088 with the rule on and no task, the move waits for the task before asking the server', async () => {
    const fetchMock = stubFetch(api(opportunityFixture({ task: { count: 0 } })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Negociação' }));
    await expectToast(TOASTS.noTask.title, TOASTS.noTask.message);
    expect(requests(fetchMock, 'PUT', `${CARD}/move-to`)).toHaveLength(0);
    await registerTask();
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/move-to`)).toHaveLength(1));
  });

  it('OPP-107 OPP-108 OPP-109 OPP-110 a closed card reopens by its own state button or by an open stage', async () => {
    const won = opportunityFixture({
      state_type: 'Won',
      sales_stage_id: 5,
      sales_stage: { id: 5, name: 'Ganho', color: '2f9e44', type: 'Won' },
      closed_at: '2025-03-02T12:00:00.000Z',
    });
    const fetchMock = stubFetch(api(won));
    signIn('manager');
    renderInApp(<OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />);
    const modal = within(await dialog('Maria - Inglês'));
    const wonButton = await modal.findByRole('button', { name: 'Ganho' });
    expect(wonButton.getAttribute('aria-pressed')).toBe('true');
    expect((modal.getByRole('button', { name: 'Perdido' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(wonButton);
    await confirmReopen();
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)[0]?.body).toEqual({});
    await expectToast('Sucesso', MESSAGES.opportunityReopened);
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Pré-atendimento' }));
    await confirmReopen();
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)).toHaveLength(2));
    expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)[1]?.body).toEqual({ sales_stage_id: 2 });
  });

  it('reopening is not one click: the highlighted state button asks first, and Cancelar keeps the card closed', async () => {
    const { fetchMock, modal } = await openLostCard();
    fireEvent.click(await modal.findByRole('button', { name: 'Perdido' }));
    const ask = within(await dialog(MESSAGES.reopenConfirmTitle));
    expect(ask.getByText(MESSAGES.reopenConfirm('Perdido', null))).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: MESSAGES.reopenConfirmTitle })).toBeNull(),
    );
    expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)).toHaveLength(0);
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Negociação' }));
    const again = within(await dialog(MESSAGES.reopenConfirmTitle));
    expect(again.getByText(MESSAGES.reopenConfirm('Perdido', 'Negociação'))).toBeTruthy();
    fireEvent.click(again.getByRole('button', { name: 'Reabrir' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/reopen`)).toHaveLength(1));
  });

  it('PLAT-004 a lost card is recreated from the header after a confirmation; Cancelar sends nothing', async () => {
    const { fetchMock, modal } = await openLostCard();
    fireEvent.click(await modal.findByRole('button', { name: 'Recriar' }));
    const ask = within(await dialog(MESSAGES.recreateConfirmTitle));
    expect(ask.getByText(MESSAGES.recreateConfirm('Perdido'))).toBeTruthy();
    fireEvent.click(ask.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: MESSAGES.recreateConfirmTitle })).toBeNull(),
    );
    expect(requests(fetchMock, 'PUT', `${CARD}/recreate`)).toHaveLength(0);
    fireEvent.click(modal.getByRole('button', { name: 'Recriar' }));
    fireEvent.click(
      within(await dialog(MESSAGES.recreateConfirmTitle)).getByRole('button', { name: 'Recriar' }),
    );
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/recreate`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/recreate`)[0]?.body).toEqual({});
    await expectToast('Sucesso', MESSAGES.opportunityRecreated);
  });

  it('PLAT-004 Recriar is offered only on a won or lost card, and not to a salesRep', async () => {
    const lost = opportunityFixture({ state_type: 'Lost', closed_at: '2025-03-02T12:00:00.000Z' });
    stubFetch(api(lost));
    signIn('salesRep');
    const repView = await openCard();
    expect(repView.getByRole('button', { name: 'Perdido' }).getAttribute('aria-pressed')).toBe('true');
    expect(repView.queryByRole('button', { name: 'Recriar' })).toBeNull();
  });

  it('PLAT-004 an open card has no Recriar button', async () => {
    stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    expect(modal.queryByRole('button', { name: 'Recriar' })).toBeNull();
  });

  it('OPP-111 a missing opening stage comes back as an error toast', async () => {
    const closed = opportunityFixture({ state_type: 'Lost', closed_at: '2025-03-02T12:00:00.000Z' });
    stubFetch(
      api(closed, {
        [`PUT ${CARD}/reopen`]: () => ({
          status: 409,
          body: { status: 409, message: MESSAGES.openingStageMissing },
        }),
      }),
    );
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Perdido' }));
    await confirmReopen();
    await expectToast('Conflito com o servidor', 'Etapa de abertura não encontrada!');
  });

  it('OPP-105 a missing completion stage comes back as an error toast', async () => {
    stubFetch(
      api(undefined, {
        [`PUT ${CARD}/close`]: () => ({
          status: 409,
          body: { status: 409, message: MESSAGES.completionStageMissing },
        }),
      }),
    );
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    await expectToast('Conflito com o servidor', 'Etapa de conclusão não encontrada');
    expect(screen.queryByRole('dialog', { name: 'Parabéns pela oportunidade ganha!' })).toBeNull();
  });

  it('OPP-103 a request to lose the card (a drag into the Lost column) opens the lost reasons on load', async () => {
    stubFetch(api());
    signIn('manager');
    renderInApp(<OpportunityDetailModal request={{ id: 501, action: 'lost' }} onClose={onClose} />);
    expect(await dialog('Oportunidade perdida')).toBeTruthy();
  });

  it('OPP-040 OPP-093 the close panel, opened on request, offers the same Won and Lost', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    renderInApp(<OpportunityDetailModal request={{ id: 501, tab: 'close' }} onClose={onClose} />);
    const modal = within(await dialog('Maria - Inglês'));
    expect(modal.getByText(/está aberta na etapa/)).toBeTruthy();
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    await dialog('Parabéns pela oportunidade ganha!');
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)).toHaveLength(1);
  });
  it('OPP-121 the workspace, fetched by id, can turn the task rule off: then a card without tasks moves at once', async () => {
    const fetchMock = stubFetch(
      api(opportunityFixture({ task: { count: 0 } }), {
        [`GET ${BASE}`]: () => ({
          body: {
            id: 1,
            name: 'Escola Centro',
            role: 'manager',
            settings: { require_task_for_stage_change: false },
            created_at: '2024-01-01T00:00:00.000Z',
          },
        }),
      }),
    );
    signIn('manager');
    const modal = await openCard();
    await waitFor(() => expect(requests(fetchMock, 'GET', BASE)).toHaveLength(1));
    fireEvent.click(modal.getByRole('button', { name: 'Etapa Negociação' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/move-to`)).toHaveLength(1));
    expect(toasts()).not.toContain(`${TOASTS.noTask.title}|${TOASTS.noTask.message}`);
  });
  it('OPP-095 a close the server refuses for want of a task asks for one, then closes', async () => {
    let refused = false;
    const fetchMock = stubFetch(
      api(undefined, {
        [`PUT ${CARD}/close`]: () => {
          if (refused) return { body: opportunityFixture({ state_type: 'Won' }) };
          refused = true;
          return { status: 400, body: { status: 400, message: MESSAGES.noTaskForStageChange } };
        },
      }),
    );
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ganho' }));
    await expectToast(TOASTS.noTask.title, TOASTS.noTask.message);
    expect(toasts().some((t) => t.startsWith('Informações falharam'))).toBe(false);
    await registerTask();
    expect(await dialog('Parabéns pela oportunidade ganha!')).toBeTruthy();
    expect(requests(fetchMock, 'PUT', `${CARD}/close`)).toHaveLength(2);
  });
});
