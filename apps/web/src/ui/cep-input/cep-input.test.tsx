import { notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@vendaval/core/messages';
import type { CepLookup } from '@vendaval/core/schemas/cep';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '../../features/contacts/components/contact-form.tsx';
import {
  BASE,
  cardApi,
  contactFixture,
  dialog,
  renderInApp,
  requests,
  signIn,
  stubFetch,
  toasts,
} from '../../features/opportunities/card-modal/test-support.tsx';
import { CreateCardModal } from '../../features/opportunities/create-card/create-card-modal.tsx';
import type { StubResponse } from '../../testing/fetch-stub.ts';
import { platformFixture } from '../../testing/fixtures.ts';

const PAULISTA: CepLookup = {
  status: 'found',
  address: {
    postal_code: '01310-100',
    address_line1: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    city_name: 'São Paulo',
    state_code: 'SP',
  },
};

/** The API of the card forms, with the CEP look-up answering `answer` on a profile with or without the flag. */
function api(answer: () => StubResponse, hasStreetGeneration = true) {
  const flags = { ...platformFixture().flags, has_street_generation: hasStreetGeneration };
  return stubFetch(cardApi({ platform: { flags }, routes: { [`GET ${BASE}/cep/01310100`]: answer } }));
}

async function openCreateCard() {
  signIn('manager');
  renderInApp(<CreateCardModal opened onClose={() => {}} onCreated={() => {}} />);
  const modal = within(await dialog('Criar Card'));
  await modal.findByRole('button', { name: 'Etapa Novo lead' });
  return modal;
}

const input = (view: ReturnType<typeof within>, label: string) =>
  view.getByLabelText(label, { exact: true }) as HTMLInputElement;
const type = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
const address = (view: ReturnType<typeof within>) =>
  ['Endereço', 'Bairro', 'Cidade', 'Estado'].map((label) => input(view, label).value);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('id');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('12. CEP fills the address', () => {
  it('12. a complete CEP fills street, neighbourhood, city and state of the card form', async () => {
    const fetchMock = api(() => ({ body: PAULISTA }));
    const view = await openCreateCard();
    type(input(view, 'CEP'), '01310');
    type(input(view, 'CEP'), '01310100');
    expect(input(view, 'CEP').value).toBe('01310-100');
    await waitFor(() =>
      expect(address(view)).toEqual(['Avenida Paulista', 'Bela Vista', 'São Paulo', 'São Paulo (SP)']),
    );
    expect(requests(fetchMock, 'GET', `${BASE}/cep/01310100`)).toHaveLength(1);
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/cep/'))).toHaveLength(1);
  });

  it('12. an unknown CEP leaves a discreet hint and the fields as typed, with no error toast', async () => {
    api(() => ({ body: { status: 'not_found' } }));
    const view = await openCreateCard();
    type(input(view, 'Endereço'), 'Rua que eu sei');
    type(input(view, 'CEP'), '01310-100');
    expect(await view.findByText(MESSAGES.cepNotFound)).toBeTruthy();
    expect(address(view)).toEqual(['Rua que eu sei', '', '', '']);
    expect(toasts()).toEqual([]);
  });

  it('12. a service out of reach, or a failed request, fails quietly: a hint, no toast, the user types', async () => {
    for (const answer of [
      () => ({ body: { status: 'unavailable' } }),
      () => ({ status: 502, raw: '<html>Bad Gateway</html>' }),
    ]) {
      api(answer);
      const view = await openCreateCard();
      type(input(view, 'CEP'), '01310-100');
      expect(await view.findByText(MESSAGES.cepUnavailable)).toBeTruthy();
      expect(address(view)).toEqual(['', '', '', '']);
      // Typing the address goes on as usual; changing the CEP takes the hint away.
      type(input(view, 'Endereço'), 'Avenida Paulista');
      type(input(view, 'CEP'), '01310-10');
      expect(view.queryByText(MESSAGES.cepUnavailable)).toBeNull();
      cleanup();
    }
    expect(toasts()).toEqual([]);
  });

  it('12. on a profile without has_street_generation the CEP is only a field', async () => {
    const fetchMock = api(() => ({ body: PAULISTA }), false);
    const view = await openCreateCard();
    type(input(view, 'CEP'), '01310-100');
    await view.findByDisplayValue('01310-100');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/cep/'))).toHaveLength(0);
    expect(address(view)).toEqual(['', '', '', '']);
  });

  it('12. the contact form fills the address too, and saves what was filled', async () => {
    const contact = contactFixture({
      postal_code: null,
      address_line1: null,
      state_code: null,
      city_name: null,
      neighborhood: null,
    });
    const fetchMock = stubFetch(
      cardApi({
        platform: { flags: { ...platformFixture().flags, has_street_generation: true } },
        routes: {
          [`GET ${BASE}/cep/01310100`]: () => ({ body: PAULISTA }),
          [`PUT ${BASE}/contacts/${contact.id}`]: () => ({ body: contact }),
        },
      }),
    );
    signIn('manager');
    renderInApp(<ContactForm contact={contact} onCancel={() => {}} />);
    const view = within(document.body);
    type(await screen.findByLabelText('CEP', { exact: true }), '01310-100');
    await waitFor(() => expect(input(view, 'Cidade').value).toBe('São Paulo'));
    expect(input(view, 'Endereço').value).toBe('Avenida Paulista');
    expect(input(view, 'Bairro').value).toBe('Bela Vista');
    expect((view.getByRole('textbox', { name: 'Estado' }) as HTMLInputElement).value).toBe('SP – São Paulo');

    fireEvent.click(view.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(requests(fetchMock, 'PUT', `${BASE}/contacts/${contact.id}`)).toHaveLength(1));
    expect(requests(fetchMock, 'PUT', `${BASE}/contacts/${contact.id}`)[0]?.body).toMatchObject({
      postal_code: '01310-100',
      address_line1: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city_name: 'São Paulo',
      state_code: 'SP',
    });
  });
});
