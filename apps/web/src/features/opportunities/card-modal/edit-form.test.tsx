import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubHandler } from '../../../testing/fetch-stub.ts';
import { platformFixture } from '../../../testing/fixtures.ts';
import { OpportunityDetailModal } from './opportunity-detail-modal.tsx';
import {
  BASE,
  cardApi,
  dialog,
  expectToast,
  opportunityFixture,
  optionsOf,
  renderInApp,
  requests,
  signIn,
  stubFetch,
  TASK_ROUTES,
} from './test-support.tsx';

const onClose = vi.fn();
const CARD = `${BASE}/opportunities/501`;

const saved = (init: RequestInit) => {
  const body = JSON.parse(String(init.body)) as Partial<Opportunity>;
  return {
    body: {
      ...opportunityFixture(),
      name: body.name ?? 'Maria - Inglês',
      updated_at: '2025-03-03T12:00:00.000Z',
    },
  };
};

/** A tenant that offers 'Não é aluno?' (the responsibleCheck setting). */
const RESPONSIBLE_CHECK = { flags: { ...platformFixture().flags, responsibleCheck: true } };

function api(
  card: Opportunity = opportunityFixture(),
  routes: Record<string, StubHandler> = {},
  platform = RESPONSIBLE_CHECK,
) {
  return cardApi({
    platform,
    routes: {
      [`GET ${CARD}`]: () => ({ body: card }),
      [`PUT ${CARD}`]: (_url, init) => saved(init),
      ...TASK_ROUTES,
      ...routes,
    },
  });
}

async function openCard(name = 'Maria - Inglês') {
  renderInApp(<OpportunityDetailModal request={{ id: 501 }} onClose={onClose} />);
  return within(await dialog(name));
}

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  onClose.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('card edit form', () => {
  it('OPP-050 OPP-052 shows tags, response time, qualification, Won/Lost, stepper and Adicionar Tarefa, then the Dados sections', async () => {
    stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    await modal.findByRole('button', { name: 'Etapa Em atendimento' });
    const inOrder = [
      modal.getByRole('heading', { name: 'Maria - Inglês' }),
      modal.getByRole('textbox', { name: /Etiquetas/ }),
      modal.getByText(/sem interação/),
      modal.getByRole('radiogroup', { name: 'Qualificação' }),
      modal.getByRole('button', { name: 'Ganho' }),
      modal.getByRole('button', { name: 'Perdido' }),
      modal.getByRole('group', { name: 'Etapa do Funil' }),
      modal.getByRole('button', { name: 'Adicionar Tarefa' }),
      modal.getByRole('tab', { name: 'Dados' }),
    ];
    for (let i = 1; i < inOrder.length; i++) {
      expect(
        (inOrder[i - 1] as Node).compareDocumentPosition(inOrder[i] as Node) &
          Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    for (const section of [
      'Informações',
      'Informações Complementares',
      'Endereço',
      'Redes Sociais',
      'Black List',
      'Dependentes',
    ]) {
      expect(modal.getByRole('group', { name: section })).toBeTruthy();
    }
    expect(modal.getByRole('button', { name: 'Etapa Em atendimento' }).getAttribute('aria-current')).toBe(
      'step',
    );
    expect(modal.getByRole('radio', { name: 'Morno' }).getAttribute('aria-checked')).toBe('true');
  });

  it('OPP-053 the Origem/Mídia tab has origin, media, site, campaign and the read-only external form id', async () => {
    stubFetch(api(opportunityFixture({ form_id: 'form-abc' })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('tab', { name: 'Origem/Mídia' }));
    const origin = within(await modal.findByRole('group', { name: 'Origem/Mídia' }));
    expect((origin.getByRole('textbox', { name: /Origem/ }) as HTMLInputElement).value).toBe('Offline');
    await waitFor(() =>
      expect((origin.getByRole('textbox', { name: /Mídia/ }) as HTMLInputElement).value).toBe('Indicação'),
    );
    expect(origin.getByRole('textbox', { name: 'Site' })).toBeTruthy();
    expect(origin.getByRole('textbox', { name: 'Campanha' })).toBeTruthy();
    const formId = origin.getByRole('textbox', { name: 'ID do formulário externo' }) as HTMLInputElement;
    expect(formId.value).toBe('form-abc');
    expect(formId.readOnly).toBe(true);
  });

  it('OPP-055 OPP-056 OPP-061 OPP-062 OPP-063 Enter saves the whole card with its contact, without the contact bookkeeping', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    const email = modal.getByRole('textbox', { name: 'E-mail' });
    type(email, 'maria.o@example.com');
    fireEvent.keyDown(email, { key: 'Enter' });
    await waitFor(() => expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(1));
    const body = requests(fetchMock, 'PUT', CARD)[0]?.body ?? {};
    expect(Object.keys(body).sort()).toEqual(
      [
        'id',
        'name',
        'opportunity_type_id',
        'source_type',
        'media_id',
        'workspace_id',
        'is_responsible',
        'student_name',
        'student_document',
        'description',
        'campaign_id',
        'campaign_url',
        'probability',
        'user_id',
        'product_id',
        'price',
        'contact_id',
        'tags',
        'contact',
      ].sort(),
    );
    expect(body).toMatchObject({
      id: 501,
      workspace_id: 1,
      contact_id: 40,
      tags: [31],
      price: 349.5,
      product_id: 11,
    });
    const contact = body.contact as Record<string, unknown>;
    expect(Object.keys(contact).sort()).toEqual(
      [
        'id',
        'name',
        'phone_number',
        'country_code',
        'email',
        'birthdate',
        'document',
        'id_number',
        'postal_code',
        'address_line1',
        'address_line2',
        'state_code',
        'city_name',
        'neighborhood',
        'instagram',
        'facebook',
        'linkedin',
        'is_blacklisted',
        'blacklist_reason',
      ].sort(),
    );
    expect(contact).toMatchObject({
      id: 40,
      email: 'maria.o@example.com',
      birthdate: '1990-05-20',
      phone_number: '5511987654321',
    });
    await expectToast('Sucesso', MESSAGES.opportunitySaved);
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(2));
  });

  it('OPP-057 leaving with changes asks Salvar atualizações: SAIR SEM SALVAR leaves, SALVAR saves then leaves', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalledTimes(1); // nothing changed yet
    onClose.mockReset();

    type(modal.getByRole('textbox', { name: 'Cidade' }), 'Campinas');
    fireEvent.click(modal.getByRole('button', { name: 'Cancelar' }));
    let ask = within(await dialog('Salvar atualizações'));
    fireEvent.click(ask.getByRole('button', { name: 'SAIR SEM SALVAR' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(0);

    onClose.mockReset();
    fireEvent.click(modal.getByRole('button', { name: 'Fechar' }));
    ask = within(await dialog('Salvar atualizações'));
    fireEvent.click(ask.getByRole('button', { name: 'SALVAR' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const contact = requests(fetchMock, 'PUT', CARD)[0]?.body?.contact as Record<string, unknown> | undefined;
    expect(contact?.city_name).toBe('Campinas');
  });

  it('OPP-059 OPP-060 a salesRep can neither transfer the card nor change its responsible', async () => {
    stubFetch(api());
    signIn('salesRep');
    const modal = await openCard();
    expect(modal.queryByRole('button', { name: 'Transferir para outra área de trabalho' })).toBeNull();
    expect(modal.getByText(/Escola Centro/)).toBeTruthy();
    expect((modal.getByRole('button', { name: /Responsável/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('OPP-123 another role hands the card to someone else with assign', async () => {
    const fetchMock = stubFetch(
      api(undefined, { [`PUT ${CARD}/assign`]: () => ({ body: opportunityFixture() }) }),
    );
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: /Responsável/ }));
    const picker = within(await dialog('Selecionar Colaborador'));
    fireEvent.click(await picker.findByRole('button', { name: 'Carla Dias' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${CARD}/assign`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${CARD}/assign`)[0]?.body).toEqual({
      user_id: 9,
      opportunity_id: 501,
    });
    await expectToast('Sucesso', MESSAGES.responsibleChanged);
    expect(modal.getByRole('button', { name: /Responsável/ }).textContent).toContain('Carla Dias');
    fireEvent.click(modal.getByRole('button', { name: 'Fechar' }));
    expect(onClose).toHaveBeenCalled(); // the new responsible is no unsaved change
  });

  it('OPP-125 the name is edited in place and saved with the card', async () => {
    const fetchMock = stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Editar nome' }));
    const input = modal.getByRole('textbox', { name: 'Nome da oportunidade' });
    type(input, 'Maria - Inglês noturno');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(modal.getByRole('heading', { name: 'Maria - Inglês noturno' })).toBeTruthy();
    expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(0);
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(requests(fetchMock, 'PUT', CARD)[0]?.body?.name).toBe('Maria - Inglês noturno'),
    );
  });

  it('OPP-075 at most 5 tags', async () => {
    const tags = Array.from({ length: 6 }, (_, i) => ({
      id: 31 + i,
      name: `Etiqueta ${i + 1}`,
      color: '228be6',
    }));
    stubFetch(
      cardApi({
        routes: {
          [`GET ${CARD}`]: () => ({ body: opportunityFixture({ tags: [31, 32, 33, 34, 35] }) }),
          [`GET ${BASE}/tags`]: () => ({
            body: { data: tags, pagination: { total_count: 6, limit: 500, offset: 0 } },
          }),
          ...TASK_ROUTES,
        },
      }),
    );
    signIn('manager');
    const modal = await openCard();
    const input = modal.getByRole('textbox', { name: /Etiquetas/ });
    await waitFor(() => expect(modal.getByText('Etiqueta 5')).toBeTruthy());
    const options = await optionsOf(input);
    const sixth = options.find((o) => o.textContent?.includes('Etiqueta 6'));
    if (!sixth) throw new Error('the sixth tag is not listed');
    fireEvent.click(sixth);
    expect(modal.getByText('Etiqueta 5', { selector: '.mantine-Pill-label' })).toBeTruthy();
    expect(modal.queryByText('Etiqueta 6', { selector: '.mantine-Pill-label' })).toBeNull();
  });

  it('OPP-076 OPP-078 an URA card keeps its origin: clicking it says Campo Bloqueado and the save leaves it out', async () => {
    const fetchMock = stubFetch(api(opportunityFixture({ source_type: 'URA' })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('tab', { name: 'Origem/Mídia' }));
    const source = (await modal.findByRole('textbox', { name: /Origem/ })) as HTMLInputElement;
    expect(source.readOnly).toBe(true);
    expect(source.value).toBe('URA');
    fireEvent.click(source);
    await expectToast(TOASTS.fieldLocked.title, TOASTS.fieldLocked.message);
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(1));
    const body = requests(fetchMock, 'PUT', CARD)[0]?.body ?? {};
    expect(body).not.toHaveProperty('source_type');
    expect(body).not.toHaveProperty('media_id');
  });

  it('OPP-079 OPP-080 a failed save warns and jumps to the tab holding the error', async () => {
    const fetchMock = stubFetch(api(opportunityFixture({ media: null, media_id: null })));
    signIn('manager');
    const modal = await openCard();
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await expectToast('Atenção', 'Por favor, preencha todos os campos obrigatórios');
    await waitFor(() =>
      expect(modal.getByRole('tab', { name: 'Origem/Mídia' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await modal.findByText(MESSAGES.mediaRequired)).toBeTruthy();
    expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(0);

    fireEvent.click(modal.getByRole('tab', { name: 'Dados' }));
    type(await modal.findByRole('textbox', { name: /Nome do Contato/ }), '');
    fireEvent.click(modal.getByRole('tab', { name: 'Origem/Mídia' }));
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(modal.getByRole('tab', { name: 'Dados' }).getAttribute('aria-selected')).toBe('true'),
    );
    expect(await modal.findByText(MESSAGES.contactNameRequired)).toBeTruthy();
  });

  it('OPP-064 OPP-065 OPP-070 the edit form needs the contact name and a phone with area code', async () => {
    stubFetch(api());
    signIn('manager');
    const modal = await openCard();
    type(modal.getByRole('textbox', { name: /Celular/ }), '98765432');
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    expect(await modal.findByText('O número precisa conter algum DDD')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Salvar atualizações' })).toBeNull();
  });
  it('OPP-018 OPP-052 a card whose contact is not the student shows Não é aluno? checked with the student', async () => {
    const fetchMock = stubFetch(
      api(
        opportunityFixture({
          is_responsible: true,
          student_name: 'Pedro Oliveira',
          student_document: '98765432100',
        }),
      ),
    );
    signIn('manager');
    const modal = await openCard();
    const dependents = within(modal.getByRole('group', { name: 'Dependentes' }));
    expect((dependents.getByRole('checkbox', { name: 'Não é aluno?' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((dependents.getByRole('textbox', { name: /Nome/ }) as HTMLInputElement).value).toBe(
      'Pedro Oliveira',
    );
    expect((dependents.getByRole('textbox', { name: /CPF/ }) as HTMLInputElement).value).toBe(
      '987.654.321-00',
    );
    fireEvent.click(dependents.getByRole('checkbox', { name: 'Não é aluno?' }));
    fireEvent.click(modal.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', CARD)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', CARD)[0]?.body).toMatchObject({
      is_responsible: false,
      student_name: null,
      student_document: null,
    });
  });

  it("defect 6 OPP-017 like the create form, the edit form offers 'Não é aluno?' only with responsibleCheck", async () => {
    stubFetch(api(opportunityFixture(), {}, { flags: platformFixture().flags }));
    signIn('manager');
    const modal = await openCard();
    await modal.findByRole('group', { name: 'Black List' });
    expect(modal.queryByRole('checkbox', { name: 'Não é aluno?' })).toBeNull();
    expect(modal.queryByRole('group', { name: 'Dependentes' })).toBeNull();
  });
});
