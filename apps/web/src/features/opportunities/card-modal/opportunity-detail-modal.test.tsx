import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOAST_MS } from '@vendaval/core/constants';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardChatContext, type CardChatSlots } from '../../../lib/card-chat.ts';
import { onPhoneRequest, type PhoneRequest, setPhoneLine } from '../../../lib/phone.ts';
import type { StubHandler } from '../../../testing/fetch-stub.ts';
import { type DetailMode, OpportunityDetailModal } from './opportunity-detail-modal.tsx';
import {
  BASE,
  cardApi,
  contactFixture,
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

function api(card: Opportunity = opportunityFixture(), routes: Record<string, StubHandler> = {}) {
  return cardApi({ routes: { [`GET ${CARD}`]: () => ({ body: card }), ...TASK_ROUTES, ...routes } });
}

async function openCard(
  request: Parameters<typeof OpportunityDetailModal>[0]['request'] = { id: 501 },
  mode: DetailMode = 'default',
  path = '/',
) {
  const view = renderInApp(<OpportunityDetailModal request={request} onClose={onClose} mode={mode} />, path);
  const modal = await dialog('Maria - Inglês');
  return { ...view, modal: within(modal) };
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  onClose.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('card modal', () => {
  it('OPP-033 OPP-038 has the six icon tabs, opens on the edit tab and can open a task form', async () => {
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard();
    const tabs = within(modal.getByRole('tablist', { name: 'Seções da oportunidade' }))
      .getAllByRole('tab')
      .map((t) => t.getAttribute('aria-label'));
    expect(tabs).toEqual([
      'Encerrar oportunidade',
      'Chat',
      'Editar dados',
      'Realizar Ligação',
      'Histórico do contato',
      'Observações',
    ]);
    expect(modal.getByRole('tab', { name: 'Editar dados' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(modal.getByRole('button', { name: 'Adicionar Tarefa' }));
    expect(await dialog('Criar Tarefa')).toBeTruthy();
  });

  it('OPP-034 OPP-035 OPP-036 OPP-054 in omnichannel mode only the chat and notes tabs show, chat first', async () => {
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard({ id: 501 }, 'omnichannel');
    expect(modal.getAllByRole('tab').map((t) => t.getAttribute('aria-label'))).toEqual([
      'Chat',
      'Observações',
    ]);
    expect(modal.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
    expect(modal.getByText('Chat da oportunidade')).toBeTruthy();
    expect(modal.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(modal.queryByRole('tab', { name: 'Encerrar oportunidade' })).toBeNull();
  });

  it('OPP-037 OPP-039 a request can open the chat or the contact history tab', async () => {
    const fetchMock = stubFetch(
      api(undefined, {
        [`GET ${BASE}/contacts/40/logs`]: () => ({
          body: { data: [], pagination: { total_count: 0, limit: 100, offset: 0 } },
        }),
      }),
    );
    signIn('manager');
    const { modal } = await openCard({ id: 501, tab: 'history' });
    expect(modal.getByRole('tab', { name: 'Histórico do contato' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    expect(await modal.findByText('Nenhum histórico encontrado!')).toBeTruthy();
    expect(requests(fetchMock, 'GET', `${BASE}/contacts/40/logs`)[0]?.query.get('limit')).toBe('100');
    fireEvent.click(modal.getByRole('tab', { name: 'Chat' }));
    expect(await modal.findByText(/As conversas deste card/)).toBeTruthy();
  });

  it('OPP-036 on a phone the card opens on the chat tab, which shows the chat the app composes in', async () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...original(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    const slots: CardChatSlots = {
      Chat: ({ opportunity }) => <p>Chat do card #{opportunity.id}</p>,
      RoomStatus: ({ opportunity }) => <p>Salas: {opportunity.dialogs.length}</p>,
    };
    stubFetch(api());
    signIn('manager');
    try {
      renderInApp(
        <CardChatContext value={slots}>
          <OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />
        </CardChatContext>,
      );
      const modal = within(await dialog('Maria - Inglês'));
      expect(modal.getByRole('tab', { name: 'Chat' }).getAttribute('aria-selected')).toBe('true');
      expect(modal.getByText('Chat do card #501')).toBeTruthy();
      expect(modal.getByText('Salas: 0')).toBeTruthy();
    } finally {
      window.matchMedia = original;
    }
  });

  it('OPP-041 closes when the card cannot be fetched', async () => {
    stubFetch(
      api(undefined, {
        [`GET ${CARD}`]: () => ({ status: 404, body: { status: 404, message: 'Recurso não encontrado.' } }),
      }),
    );
    signIn('manager');
    renderInApp(<OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    await expectToast('Recurso não encontrado', 'Recurso não encontrado.');
  });

  it('OPP-042 OPP-043 the phone tab places the call through the dial bar, and offers the number to copy', async () => {
    stubFetch(api());
    signIn('manager');
    const requested: PhoneRequest[] = [];
    const stop = onPhoneRequest((request) => requested.push(request));
    const { modal } = await openCard({ id: 501, tab: 'phone' });
    expect(modal.getByRole('heading', { name: 'Realizar Ligação' })).toBeTruthy();
    fireEvent.click(modal.getByRole('button', { name: 'Ligar para oportunidade' }));
    expect(requested).toEqual([
      { kind: 'single', opportunityId: 501, phoneNumber: expect.stringMatching(/11987654321$/) },
    ]);
    expect(modal.getByRole('button', { name: 'Copiar número' })).toBeTruthy();
    stop();
  });

  it('PLAT-156 opened after a call, a click on the backdrop does not close it; otherwise it does', async () => {
    stubFetch(api());
    signIn('manager');
    const afterCall = await openCard({ id: 501, tab: 'edit', afterCall: true });
    const overlay = () => document.querySelector('.mantine-Modal-overlay') as HTMLElement;
    fireEvent.click(overlay());
    expect(onClose).not.toHaveBeenCalled();
    afterCall.unmount();
    await openCard({ id: 501, tab: 'edit' });
    fireEvent.click(overlay());
    expect(onClose).toHaveBeenCalled();
  });

  it('OPP-051 while the card is on the phone, the edit form shows Em atendimento with Finalizar', async () => {
    stubFetch(api());
    signIn('manager');
    setPhoneLine({ active: true, onCallOpportunityId: 501 });
    const { modal } = await openCard({ id: 501, tab: 'edit' });
    expect(modal.getByText('Em atendimento')).toBeTruthy();
    expect(modal.getByRole('button', { name: 'Finalizar' })).toBeTruthy();
    setPhoneLine({ active: false, onCallOpportunityId: null });
    await waitFor(() => expect(modal.queryByText('Em atendimento')).toBeNull());
  });

  it('OPP-044 without a phone the phone tab says so', async () => {
    stubFetch(api(opportunityFixture({ contact: contactFixture({ phone_number: null }) })));
    signIn('manager');
    const { modal } = await openCard({ id: 501, tab: 'phone' });
    expect(
      modal.getByText('Atualmente essa oportunidade não possui número de telefone integrado.'),
    ).toBeTruthy();
    expect(modal.queryByRole('link', { name: 'Ligar para oportunidade' })).toBeNull();
  });

  it('OPP-045 OPP-046 OPP-047 OPP-048 OPP-049 notes: Deletar and Salvar only while focused; they send id and description', async () => {
    const fetchMock = stubFetch(
      api(undefined, {
        [`PUT ${CARD}`]: (_url, init) => ({
          body: { ...opportunityFixture(), ...JSON.parse(String(init.body)) },
        }),
      }),
    );
    signIn('manager');
    const { modal } = await openCard({ id: 501, tab: 'notes' });
    const box = modal.getByRole('textbox', { name: 'Escreva uma observação' }) as HTMLTextAreaElement;
    expect(box.value).toBe('Quer aulas à noite.');
    expect(modal.queryByRole('button', { name: 'Salvar' })).toBeNull();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'Prefere sábado.' } });
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await expectToast('Sucesso', 'Descrição salva com sucesso!');
    expect(requests(fetchMock, 'PUT', CARD)[0]?.body).toEqual({ id: 501, description: 'Prefere sábado.' });
    await waitFor(() => expect(modal.queryByRole('button', { name: 'Deletar' })).toBeNull());

    fireEvent.focus(box);
    fireEvent.click(modal.getByRole('button', { name: 'Deletar' }));
    await expectToast('Sucesso', 'Descrição deletada com sucesso!');
    expect(requests(fetchMock, 'PUT', CARD)[1]?.body).toEqual({ id: 501, description: '' });
  });

  it('OPP-124 OPP-134 the header shows the initial, #id, media and workspace; no media reads Sem mídia', async () => {
    stubFetch(api(opportunityFixture({ media: null, media_id: null })));
    signIn('manager');
    const { modal } = await openCard();
    expect(modal.getByText('M', { selector: '.mantine-Avatar-placeholder' })).toBeTruthy();
    expect(modal.getByText('#501')).toBeTruthy();
    expect(modal.getByText(/Sem mídia/)).toBeTruthy();
    expect(modal.getByRole('button', { name: 'Transferir para outra área de trabalho' }).textContent).toBe(
      'Escola Centro',
    );
  });

  it('OPP-135 a card with a chat shows the bot, the room and its status', async () => {
    stubFetch(
      api(
        opportunityFixture({
          dialogs: [
            { id: 77, bot_name: 'Bella', user_id: 7, closed_at: null },
            { id: 70, bot_name: 'Bella', user_id: 7, closed_at: '2025-01-01T00:00:00Z' },
          ],
        }),
      ),
    );
    signIn('manager');
    const { modal } = await openCard();
    expect(modal.getByText('Bella · Sala: #77 | Status: Aberta')).toBeTruthy();
  });

  it('OPP-126 OPP-127 clicking the id copies it and says Copiado com sucesso! for 2 s', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Copiar código #501' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('501'));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Sucesso',
          message: 'Copiado com sucesso!',
          autoClose: TOAST_MS.copied,
        }),
      ),
    );
  });

  it('OPP-128 without the clipboard API the copy falls back to a selection copy', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    const execCommand = vi.fn(() => true);
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Copiar código #501' }));
    await waitFor(() => expect(execCommand).toHaveBeenCalledWith('copy'));
    await expectToast('Sucesso', 'Copiado com sucesso!');
  });

  it('OPP-129 OPP-131 OPP-132 OPP-133 the contact menu opens WhatsApp, a call and an e-mail, and copies the number', async () => {
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ações do contato' }));
    const whatsapp =
      (await screen.findByRole('menuitem', { name: 'Abrir WhatsApp', hidden: true })).getAttribute('href') ??
      '';
    const url = new URL(whatsapp);
    expect(url.origin + url.pathname).toBe('https://wa.me/5511987654321');
    const text = url.searchParams.get('text') ?? '';
    expect(text).toContain('Ana');
    expect(text).not.toContain('Souza');
    expect(text).toContain('Maria - Inglês');
    expect(text).toContain('Escola Centro');
    expect(screen.getByRole('menuitem', { name: 'Ligar', hidden: true }).getAttribute('href')).toBe(
      'tel:11987654321',
    );
    expect(screen.getByRole('menuitem', { name: 'Enviar e-mail', hidden: true }).getAttribute('href')).toBe(
      'mailto:maria@example.com',
    );
    expect(screen.getByRole('menuitem', { name: 'Copiar número', hidden: true })).toBeTruthy();
  });

  it('OPP-131 without an e-mail there is no Enviar e-mail', async () => {
    stubFetch(api(opportunityFixture({ contact: contactFixture({ email: null }) })));
    signIn('manager');
    const { modal } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ações do contato' }));
    await screen.findByRole('menuitem', { name: 'Abrir WhatsApp', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Enviar e-mail', hidden: true })).toBeNull();
  });

  it('OPP-002 the linked contact opens /contacts with the contact id and closes the card', async () => {
    stubFetch(api());
    signIn('manager');
    const { modal, router } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ações do contato' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ver contato', hidden: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(router.state.location.search).toBe('?contact_id=40');
    expect(onClose).toHaveBeenCalled();
  });

  it('OPP-003 on /contacts the linked-contact entry is not offered', async () => {
    stubFetch(api());
    signIn('manager');
    const { modal } = await openCard({ id: 501 }, 'default', '/contacts');
    fireEvent.click(modal.getByRole('button', { name: 'Ações do contato' }));
    await screen.findByRole('menuitem', { name: 'Abrir WhatsApp', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Ver contato', hidden: true })).toBeNull();
  });

  it('OPP-152 OPP-153 OPP-154 the contract card shows the enrollment status', async () => {
    for (const [status, label] of [
      ['Pending', 'Matrícula Pendente'],
      ['Succeeded', 'Matrícula Efetivada'],
      ['Canceled', 'Matrícula Cancelada'],
    ] as const) {
      stubFetch(
        api(
          opportunityFixture({
            contract: {
              id: 5,
              created_at: '2025-03-01T12:00:00Z',
              payment_status: status,
              enrollment_fee: 150,
              payment_due_date: '2025-03-10',
            },
          }),
        ),
      );
      signIn('manager');
      const { modal, unmount } = await openCard();
      const badge = modal.getByText(label);
      expect(badge.closest('[data-status]')?.getAttribute('data-status')).toBe(status);
      expect(modal.getByText('Taxa: R$ 150,00')).toBeTruthy();
      unmount();
    }
  });

  it('OPP-156 OPP-157 OPP-159 OPP-160 an answered card shows Atendido em X, in alert style above 600 s', async () => {
    stubFetch(api(opportunityFixture({ tma: 3900 })));
    signIn('manager');
    const { modal, unmount } = await openCard();
    const line = modal.getByText('Atendido em 1 hora e 5 minutos');
    expect(line.closest('[data-alert]')?.getAttribute('data-alert')).toBe('true');
    unmount();
    stubFetch(api(opportunityFixture({ tma: 300 })));
    const again = await openCard();
    expect(
      again.modal.getByText('Atendido em 5 minutos').closest('[data-alert]')?.getAttribute('data-alert'),
    ).toBe('false');
  });

  it('OPP-158 OPP-159 an unanswered card counts the time without interaction from its recreation', async () => {
    const now = Date.now();
    stubFetch(
      api(
        opportunityFixture({
          tma: null,
          created_at: new Date(now - 5 * 86_400_000).toISOString(),
          recreated_at: new Date(now - 20 * 60_000 - 5_000).toISOString(),
        }),
      ),
    );
    signIn('manager');
    const { modal } = await openCard();
    const line = modal.getByText('20 minutos e 5 segundos sem interação');
    expect(line.closest('[data-level]')?.getAttribute('data-level')).toBe('attention');
  });

  it('OPP-001 the Won and Lost buttons use the tenant terms', async () => {
    const { platformFixture } = await import('../../../testing/fixtures.ts');
    stubFetch(
      cardApi({
        platform: {
          terms: { ...platformFixture().terms, won_term: 'Contratado', lost_term: 'Não Contratado' },
        },
        routes: { [`GET ${CARD}`]: () => ({ body: opportunityFixture() }), ...TASK_ROUTES },
      }),
    );
    signIn('manager');
    const { modal } = await openCard();
    expect(modal.getByRole('button', { name: 'Contratado' })).toBeTruthy();
    expect(modal.getByRole('button', { name: 'Não Contratado' })).toBeTruthy();
    expect(toasts()).toEqual([]);
  });
  it('OPP-129 OPP-130 a member with VoIP credentials gets the VoIP call, except on iOS', async () => {
    const voip = {
      [`GET ${BASE}/users/7`]: () => ({ body: { id: 7, name: 'Ana Souza', voip_username: '2001' } }),
    };
    stubFetch(api(undefined, voip));
    signIn('manager');
    const { modal, unmount } = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Ações do contato' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ligação VoIP', hidden: true }));
    await waitFor(() =>
      expect(modal.getByRole('tab', { name: 'Realizar Ligação' }).getAttribute('aria-selected')).toBe('true'),
    );
    unmount();

    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
    );
    const again = await openCard();
    fireEvent.click(again.modal.getByRole('button', { name: 'Ações do contato' }));
    await screen.findByRole('menuitem', { name: 'Abrir WhatsApp', hidden: true });
    expect(screen.queryByRole('menuitem', { name: 'Ligação VoIP', hidden: true })).toBeNull();
  });
});
