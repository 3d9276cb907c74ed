import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { DEFAULT_WORKSPACE_SETTINGS } from '@vendaval/core/schemas/workspaces';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BASE,
  cardApi,
  choose,
  contactFixture,
  dialog,
  expectToast,
  optionsOf,
  renderInApp,
  requests,
  SELF_ID,
  signIn,
  stubFetch,
  toasts,
} from '../card-modal/test-support.tsx';
import { CreateCardModal } from './create-card-modal.tsx';

const onClose = vi.fn();
const onCreated = vi.fn();

async function openForm() {
  renderInApp(<CreateCardModal opened onClose={onClose} onCreated={onCreated} />);
  const modal = await dialog('Criar Card');
  // The stages arrive: the First one is chosen.
  await within(modal).findByRole('button', { name: 'Etapa Novo lead' });
  return within(modal);
}

const field = (view: ReturnType<typeof within>, label: string) => view.getByLabelText(label, { exact: true });
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });

async function fillRequired(view: ReturnType<typeof within>) {
  type(view.getByRole('textbox', { name: /Nome do Contato/ }), 'João Pereira');
  type(view.getByRole('textbox', { name: /Celular/ }), '11912345678');
  const media = view.getByRole('textbox', { name: /Mídia/ }) as HTMLInputElement;
  if (!media.value) await choose(media, 'Indicação');
}

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
  onClose.mockReset();
  onCreated.mockReset();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Criar Card', () => {
  it('OPP-004 OPP-005 OPP-013 OPP-014 OPP-016 OPP-019 OPP-020 shows every field in the spec order, with Cancelar and Criar', async () => {
    stubFetch(
      cardApi({
        platform: {
          flags: {
            ...(await import('../../../testing/fixtures.ts')).platformFixture().flags,
            responsibleCheck: true,
          },
        },
        opportunityTypes: [
          { id: 1, name: 'Matrícula', is_default: true },
          { id: 2, name: 'Rematrícula', is_default: false },
        ],
      }),
    );
    signIn('manager');
    const view = await openForm();
    await view.findByRole('textbox', { name: 'Tipo de card' });
    const inOrder = [
      view.getByRole('radiogroup', { name: 'Qualificação' }),
      view.getByRole('group', { name: 'Etapa do Funil' }),
      field(view, 'Nome do card'),
      view.getByRole('textbox', { name: /Nome do Contato/ }),
      view.getByRole('textbox', { name: /Celular/ }),
      field(view, 'E-mail'),
      view.getByRole('button', { name: /Responsável/ }),
      view.getByRole('button', { name: /^Produto/ }),
      field(view, 'Valor de venda'),
      view.getByRole('textbox', { name: /Origem/ }),
      view.getByRole('textbox', { name: /Mídia/ }),
      field(view, 'Site'),
      field(view, 'Campanha'),
      field(view, 'Tipo de card'),
      field(view, 'Data de nascimento'),
      field(view, 'CPF'),
      field(view, 'RG'),
      field(view, 'CEP'),
      field(view, 'Endereço'),
      field(view, 'Complemento'),
      field(view, 'Estado'),
      field(view, 'Cidade'),
      field(view, 'Bairro'),
      field(view, 'Instagram'),
      field(view, 'Facebook'),
      field(view, 'LinkedIn'),
      view.getByRole('checkbox', { name: 'Ignorar contato em automações e disparos' }),
      view.getByRole('checkbox', { name: 'Não é aluno?' }),
      field(view, 'Observação'),
      view.getByRole('button', { name: 'Cancelar' }),
      view.getByRole('button', { name: 'Criar' }),
    ];
    for (let i = 1; i < inOrder.length; i++) {
      const [before, after] = [inOrder[i - 1], inOrder[i]];
      if (!before || !after) throw new Error('missing field');
      expect(before.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(view.getByRole('group', { name: 'Black List' })).toBeTruthy();
    expect(view.getByRole('group', { name: 'Endereço' })).toBeTruthy();
    expect(view.getByRole('group', { name: 'Redes Sociais' })).toBeTruthy();
  });

  it('OPP-006 OPP-082 OPP-083 OPP-084 qualification starts at 40 (Frio), 5 stars of 20 points with a help modal', async () => {
    const fetchMock = stubFetch(
      cardApi({ routes: { [`POST ${BASE}/opportunities`]: () => ({ body: { id: 900 } }) } }),
    );
    signIn('manager');
    const view = await openForm();
    const stars = view.getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Não tem interesse',
      'Frio',
      'Morno',
      'Quente',
      'Quero contratar',
    ]);
    expect(view.getByRole('radio', { name: 'Frio' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(view.getByRole('radio', { name: 'Quente' }));
    expect(view.getByText('Quente')).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Como usar o Metodo de Qualificação' }));
    const help = await dialog('Como usar o Metodo de Qualificação');
    expect(within(help).getByText(/Cada estrela vale 20 pontos/)).toBeTruthy();
    fireEvent.click(within(help).getByRole('button', { name: 'Fechar' }));

    await fillRequired(view);
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1));
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)[0]?.body?.probability).toBe(80);
  });

  it('OPP-007 OPP-008 OPP-091 the stepper offers only the First and PreSale stages, First chosen', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    const stepper = view.getByRole('group', { name: 'Etapa do Funil' });
    const steps = within(stepper).getAllByRole('button');
    expect(steps.map((s) => s.getAttribute('aria-label'))).toEqual([
      'Etapa Novo lead',
      'Etapa Pré-atendimento',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');
    fireEvent.click(view.getByRole('button', { name: 'Etapa Pré-atendimento' }));
    expect(view.getByRole('button', { name: 'Etapa Pré-atendimento' }).getAttribute('aria-current')).toBe(
      'step',
    );
  });

  it('OPP-009 OPP-010 OPP-021 OPP-022 the contact type-ahead searches 25 after 850 ms; a chosen contact locks its phone, clearing resets it', async () => {
    const maria = contactFixture();
    const fetchMock = stubFetch(
      cardApi({
        routes: {
          [`GET ${BASE}/contacts`]: () => ({
            body: { data: [maria], pagination: { total_count: 1, limit: 25, offset: 0 } },
          }),
        },
      }),
    );
    signIn('manager');
    const view = await openForm();
    const name = view.getByRole('textbox', { name: /Nome do Contato/ });
    fireEvent.focus(name);
    type(name, 'M');
    type(name, 'Ma');
    type(name, 'Mar');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(requests(fetchMock, 'GET', `${BASE}/contacts`)).toHaveLength(0);
    const option = await screen.findByRole('option', { name: /Maria Oliveira/, hidden: true });
    const searches = requests(fetchMock, 'GET', `${BASE}/contacts`);
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query.get('search')).toBe('Mar');
    expect(searches[0]?.query.get('limit')).toBe('25');

    fireEvent.click(option);
    const phone = view.getByRole('textbox', { name: /Celular/ }) as HTMLInputElement;
    await waitFor(() => expect(phone.disabled).toBe(true));
    expect(phone.value).toBe('(11) 98765-4321');
    expect((field(view, 'E-mail') as HTMLInputElement).value).toBe('maria@example.com');
    expect((field(view, 'CPF') as HTMLInputElement).value).toBe('529.982.247-25');

    fireEvent.click(view.getByRole('button', { name: 'Limpar contato' }));
    expect(phone.disabled).toBe(false);
    expect(phone.value).toBe('');
    expect((name as HTMLInputElement).value).toBe('');
    expect((field(view, 'E-mail') as HTMLInputElement).value).toBe('');
  });

  it('OPP-011 a failed contact search shows no options and no error', async () => {
    const fetchMock = stubFetch(
      cardApi({
        routes: {
          [`GET ${BASE}/contacts`]: () => ({ status: 500, body: { status: 500, message: 'falhou' } }),
        },
      }),
    );
    signIn('manager');
    const view = await openForm();
    const name = view.getByRole('textbox', { name: /Nome do Contato/ });
    fireEvent.focus(name);
    type(name, 'Maria');
    await waitFor(() => expect(requests(fetchMock, 'GET', `${BASE}/contacts`).length).toBeGreaterThan(0), {
      timeout: 3000,
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const found = screen
      .queryAllByRole('option', { hidden: true })
      .filter((o) => o.textContent?.includes('Maria Oliveira'));
    expect(found).toEqual([]);
    expect(toasts()).toEqual([]);
  });

  it('OPP-012 OPP-070 the phone has a country selector set to Brazil and asks for the area code', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    expect((view.getByRole('textbox', { name: 'País' }) as HTMLInputElement).value).toBe('BR +55');
    const phone = view.getByRole('textbox', { name: /Celular/ });
    type(phone, '987654321');
    fireEvent.blur(phone);
    expect(await view.findByText('O número precisa conter algum DDD')).toBeTruthy();
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    type(phone, '11987654321');
    expect(view.queryByText('O número precisa conter algum DDD')).toBeNull();
    expect((phone as HTMLInputElement).value).toBe('(11) 98765-4321');
  });

  it('OPP-023 OPP-024 a salesRep is the responsible and cannot open the selector', async () => {
    stubFetch(cardApi());
    signIn('salesRep');
    const view = await openForm();
    const responsible = view.getByRole('button', { name: /Responsável/ }) as HTMLButtonElement;
    expect(responsible.disabled).toBe(true);
    expect(responsible.textContent).toContain('Ana Souza');
    fireEvent.click(responsible);
    expect(screen.queryByRole('dialog', { name: 'Selecionar Colaborador' })).toBeNull();
  });

  it('OPP-025 other roles choose the responsible in Selecionar Colaborador', async () => {
    const fetchMock = stubFetch(
      cardApi({ routes: { [`POST ${BASE}/opportunities`]: () => ({ body: { id: 900 } }) } }),
    );
    signIn('manager');
    const view = await openForm();
    expect(view.getByRole('button', { name: /Responsável/ }).textContent).toContain('Ana Souza');
    fireEvent.click(view.getByRole('button', { name: /Responsável/ }));
    const picker = within(await dialog('Selecionar Colaborador'));
    fireEvent.click(await picker.findByRole('button', { name: 'Bruno Barros' }));
    await waitFor(() =>
      expect(view.getByRole('button', { name: /Responsável/ }).textContent).toContain('Bruno Barros'),
    );
    await fillRequired(view);
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1));
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)[0]?.body?.user_id).toBe(8);
  });

  it('OPP-026 OPP-027 OPP-077 automatic sources are not offered; the tenant presets choose source and media', async () => {
    stubFetch(cardApi({ platform: { preset_values: { source_type: 'Offline', media_id: 4 } } }));
    signIn('manager');
    const view = await openForm();
    const source = view.getByRole('textbox', { name: /Origem/ }) as HTMLInputElement;
    expect(source.value).toBe('Offline');
    await waitFor(() =>
      expect((view.getByRole('textbox', { name: /Mídia/ }) as HTMLInputElement).value).toBe('Indicação'),
    );
    const offered = (await optionsOf(source)).map((o) => o.textContent);
    expect(offered).toContain('WhatsApp Escola');
    for (const hidden of ['URA', 'Bella', 'Formulário do Site', 'Importação'])
      expect(offered).not.toContain(hidden);
  });

  it('OPP-028 OPP-030 OPP-031 OPP-032 sends the create payload, named after the contact when the name is empty', async () => {
    const fetchMock = stubFetch(
      cardApi({
        platform: { preset_values: { source_type: 'Offline', media_id: 4 } },
        routes: { [`POST ${BASE}/opportunities`]: () => ({ body: { id: 900, name: 'João Pereira' } }) },
      }),
    );
    signIn('manager');
    const view = await openForm();
    await fillRequired(view);
    type(field(view, 'E-mail'), 'joao@example.com');
    type(field(view, 'CPF'), '98765432100');
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1));
    const body = requests(fetchMock, 'POST', `${BASE}/opportunities`)[0]?.body ?? {};
    expect(Object.keys(body).sort()).toEqual(
      [
        'name',
        'state_type',
        'opportunity_type_id',
        'source_type',
        'media_id',
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
        'sales_stage_id',
        'contact',
      ].sort(),
    );
    expect(body).toMatchObject({
      name: 'João Pereira',
      state_type: 'Open',
      price: 0,
      probability: 40,
      sales_stage_id: 1,
      source_type: 'Offline',
      media_id: 4,
      user_id: SELF_ID,
      opportunity_type_id: 1,
      contact_id: null,
      is_responsible: false,
      student_name: null,
      contact: {
        name: 'João Pereira',
        phone_number: '5511912345678',
        country_code: '55',
        email: 'joao@example.com',
        document: '98765432100',
      },
    });
    await expectToast('Sucesso', MESSAGES.cardCreated);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 900 }));
    expect(onClose).toHaveBeenCalled();
  });

  it('OPP-029 a second Criar while saving sends nothing more', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = stubFetch(
      cardApi({
        platform: { preset_values: { source_type: 'Offline', media_id: 4 } },
        routes: { [`POST ${BASE}/opportunities`]: () => new Promise((resolve) => (answer = resolve)) },
      }),
    );
    signIn('manager');
    const view = await openForm();
    await fillRequired(view);
    const create = view.getByRole('button', { name: 'Criar' });
    fireEvent.click(create);
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1));
    fireEvent.click(create);
    fireEvent.submit(create.closest('form') as HTMLFormElement);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1);
    answer({ body: { id: 900 } });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('OPP-064 OPP-065 OPP-066 OPP-067 OPP-068 OPP-079 OPP-137 an incomplete form warns and names the missing fields below them', async () => {
    const fetchMock = stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    await expectToast('Atenção', 'Por favor, preencha todos os campos obrigatórios');
    const nameError = await view.findByText(MESSAGES.contactNameRequired);
    const nameInput = view.getByRole('textbox', { name: /Nome do Contato/ });
    expect(nameInput.compareDocumentPosition(nameError) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(nameInput.getAttribute('aria-invalid')).toBe('true');
    expect(
      view.getByText('Nome do Contato').querySelector('.mantine-InputWrapper-required')?.textContent,
    ).toContain('*');
    expect(view.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    expect(view.getByText(MESSAGES.mediaRequired)).toBeTruthy();
    expect(view.getByRole('textbox', { name: 'Campanha' }).getAttribute('aria-invalid')).not.toBe('true');
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(0);
  });

  it('OPP-071 OPP-072 PLAT-196 the price reads as R$ and is clamped on blur', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    const price = field(view, 'Valor de venda') as HTMLInputElement;
    expect(price.value).toBe('R$ 0,00');
    type(price, '123456');
    expect(price.value).toBe('R$ 1.234,56');
    type(price, '-R$ 5,00');
    expect(price.value).toBe('-R$ 5,00');
    fireEvent.blur(price);
    expect(price.value).toBe('R$ 0,00');
    type(price, '9999999999999');
    fireEvent.blur(price);
    expect(price.value).toBe('R$ 9.999.999,99');
  });

  it('OPP-073 OPP-074 a description over 10.000 characters is cut on blur with a warning', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    const notes = field(view, 'Observação') as HTMLTextAreaElement;
    type(notes, 'a'.repeat(10_050));
    fireEvent.blur(notes);
    await waitFor(() => expect(notes.value).toHaveLength(10_000));
    await expectToast(TOASTS.descriptionLimit.title, TOASTS.descriptionLimit.message);
  });

  it('OPP-017 OPP-018 OPP-069 OPP-081 Não é aluno? only with responsibleCheck; it asks for the student name and a CPF with right check digits', async () => {
    const { platformFixture } = await import('../../../testing/fixtures.ts');
    const fetchMock = stubFetch(
      cardApi({
        platform: { flags: { ...platformFixture().flags, responsibleCheck: true } },
        routes: { [`POST ${BASE}/opportunities`]: () => ({ body: { id: 900 } }) },
      }),
    );
    signIn('manager');
    const view = await openForm();
    const dependents = within(view.getByRole('group', { name: 'Dependentes' }));
    fireEvent.click(dependents.getByRole('checkbox', { name: 'Não é aluno?' }));
    const cpf = dependents.getByRole('textbox', { name: /CPF/ }) as HTMLInputElement;
    expect(dependents.getByRole('textbox', { name: /Nome/ })).toBeTruthy();
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    expect(await view.findByText(MESSAGES.studentNameRequired)).toBeTruthy();
    expect(view.getByText(MESSAGES.studentDocumentRequired)).toBeTruthy();
    type(dependents.getByRole('textbox', { name: /Nome/ }), 'Pedro Oliveira');
    await fillRequired(view);
    // Eleven digits whose check digits are wrong are no CPF (decisions §21).
    type(cpf, '52998224726');
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    expect(await view.findByText(MESSAGES.invalidCpf)).toBeTruthy();
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(0);
    type(cpf, '52998224725');
    expect(cpf.value).toBe('529.982.247-25');
    fireEvent.click(view.getByRole('button', { name: 'Criar' }));
    await waitFor(() => expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)).toHaveLength(1));
    // Not the student: the card's contact is not the one responsible for themself.
    expect(requests(fetchMock, 'POST', `${BASE}/opportunities`)[0]?.body).toMatchObject({
      is_responsible: true,
      student_name: 'Pedro Oliveira',
      student_document: '52998224725',
    });
  });

  it('OPP-017 without responsibleCheck there is no Não é aluno?', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    expect(view.queryByRole('checkbox', { name: 'Não é aluno?' })).toBeNull();
  });

  it('OPP-017 the workspace’s choice overrides the platform’s responsibleCheck, either way', async () => {
    const { platformFixture } = await import('../../../testing/fixtures.ts');
    const workspaceWith = (responsibleCheck: boolean) => () => ({
      body: {
        id: 1,
        name: 'Escola Centro',
        role: 'manager',
        settings: { ...DEFAULT_WORKSPACE_SETTINGS, responsible_check: responsibleCheck },
        created_at: '2024-01-01T00:00:00.000Z',
      },
    });
    stubFetch(cardApi({ routes: { [`GET ${BASE}`]: workspaceWith(true) } }));
    signIn('manager');
    const shown = await openForm();
    expect(await shown.findByRole('checkbox', { name: 'Não é aluno?' })).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    stubFetch(
      cardApi({
        platform: { flags: { ...platformFixture().flags, responsibleCheck: true } },
        routes: { [`GET ${BASE}`]: workspaceWith(false) },
      }),
    );
    const hidden = await openForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hidden.queryByRole('checkbox', { name: 'Não é aluno?' })).toBeNull();
  });

  it('OPP-015 the card type shows only when the workspace has more than one', async () => {
    stubFetch(cardApi());
    signIn('manager');
    const view = await openForm();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(view.queryByRole('textbox', { name: 'Tipo de card' })).toBeNull();
  });

  it('OPP-001 OPP-147 OPP-148 OPP-150 the product (tenant term) comes from Seleção de Produtos and fills the price', async () => {
    const fetchMock = stubFetch(
      cardApi({
        platform: {
          terms: {
            ...(await import('../../../testing/fixtures.ts')).platformFixture().terms,
            product_term: 'o cargo',
            price_term: 'Remuneração',
          },
        },
      }),
    );
    signIn('manager');
    const view = await openForm();
    fireEvent.click(view.getByRole('button', { name: /^Cargo/ }));
    const picker = within(await dialog('Seleção de Produtos'));
    fireEvent.click(await picker.findByRole('radio', { name: /Curso de Inglês/ }));
    expect(requests(fetchMock, 'GET', `${BASE}/products`)[0]?.query.get('limit')).toBe('100');
    expect(requests(fetchMock, 'GET', `${BASE}/products`)[0]?.query.get('offset')).toBe('0');
    type(picker.getByRole('textbox', { name: 'Buscar' }), 'Ingl');
    await waitFor(
      () =>
        expect(
          requests(fetchMock, 'GET', `${BASE}/products`).some((r) => r.query.get('search') === 'Ingl'),
        ).toBe(true),
      { timeout: 3000 },
    );
    fireEvent.click(picker.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(view.getByRole('button', { name: /^Cargo/ }).textContent).toContain('Curso de Inglês'),
    );
    expect((field(view, 'Remuneração') as HTMLInputElement).value).toBe('R$ 349,50');
  });
});
